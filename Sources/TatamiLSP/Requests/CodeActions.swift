import TatamiServices

extension LanguageServer {
    /// `textDocument/codeAction`: quick fixes for the diagnostics in the range ("did you mean",
    /// remove an unknown key, add a missing argument or required key).
    func codeActions(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        guard let range = encoding.range(of: params["range"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("range is missing or not a range")
        }
        if let only = params["context"]?["only"]?.array?.compactMap(\.string),
           !only.contains(where: { "quickfix".hasPrefix($0) || $0.hasPrefix("quickfix") }) {
            return .array([])
        }
        let a = try analysis(doc)
        let actions = EditorServices.codeActions(a, in: range, workspace: workspace(for: doc))
        var tables = TableCache(server: self)
        return .array(actions.map { a in
            var pairs: [(String, JSON)] = [
                ("title", .string(a.title)),
                ("kind", .string(a.kind.rawValue)),
                ("diagnostics", .array(a.diagnostics.map { lspDiagnostic($0, doc, &tables) })),
                ("edit", workspaceEdit(a.edits, from: doc, &tables)),
            ]
            if a.isPreferred { pairs.append(("isPreferred", .bool(true))) }
            return .object(pairs)
        })
    }
}
