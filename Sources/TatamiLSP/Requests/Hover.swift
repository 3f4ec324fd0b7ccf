import TatamiServices

extension LanguageServer {
    /// `textDocument/hover`: a view's frames in every viewport, a key's documentation, a
    /// component's parameters, an expression's value per viewport.
    func hover(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        guard let info = EditorServices.hover(analysis(doc), at: offset) else { return .null }
        let contents: JSON = client.markdownHover
            ? .object([("kind", .string("markdown")), ("value", .string(info.markdown))])
            : .object([("kind", .string("plaintext")), ("value", .string(info.plainText))])
        return .object([
            ("contents", contents),
            ("range", encoding.range(info.range, in: doc.lineTable)),
        ])
    }
}
