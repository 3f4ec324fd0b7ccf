import TatamiServices

extension LanguageServer {
    /// `textDocument/codeLens`: "Preview <viewport>" above `body:` for each viewport, running
    /// `tatami.preview` with `[uri, viewport]`.
    func codeLenses(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        return .array(EditorServices.codeLenses(analysis(doc)).map { lens in
            .object([
                ("range", encoding.range(lens.range, in: doc.lineTable)),
                ("command", .object([
                    ("title", .string(lens.title)),
                    ("command", .string("tatami.preview")),
                    ("arguments", .array([.string(doc.uri), .string(lens.viewport)])),
                ])),
            ])
        })
    }
}
