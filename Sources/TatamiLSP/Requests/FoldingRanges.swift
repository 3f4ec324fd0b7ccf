import TatamiServices

extension LanguageServer {
    /// `textDocument/foldingRange`: every mapping or sequence spanning several lines.
    func foldingRanges(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        return .array(EditorServices.foldingRanges(analysis(doc)).map {
            .object([("startLine", .number(Double($0.startLine))), ("endLine", .number(Double($0.endLine)))])
        })
    }
}
