import TatamiServices

extension LanguageServer {
    /// `textDocument/hover`: a view's frames in every viewport, a key's documentation, a
    /// component's parameters, an expression's value per viewport.
    func hover(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        guard let info = EditorServices.hover(analysis(doc), at: offset) else { return .null }
        return .object([
            ("contents", .object([("kind", .string(client.markdownHover ? "markdown" : "plaintext")), ("value", .string(info.markdown))])),
            ("range", encoding.range(info.range, in: doc.lineTable)),
        ])
    }
}
