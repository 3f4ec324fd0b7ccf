import TatamiServices

extension LanguageServer {
    /// `textDocument/codeLens`: "Preview <viewport>" above `body:` for each viewport, running
    /// `tatami.preview` with `[uri, viewport]`.
    func codeLenses(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let snap = try snapshot(doc)
        return .array(EditorServices.codeLenses(snap.analysis).compactMap { lens in
            guard let range = snap.lspRange(lens.range) else { return nil }
            return .object([
                ("range", range),
                ("command", .object([
                    ("title", .string(lens.title)),
                    ("command", .string("tatami.preview")),
                    ("arguments", .array([.string(doc.uri), .string(lens.viewport)])),
                ])),
            ])
        })
    }
}
