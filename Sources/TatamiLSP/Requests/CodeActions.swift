import TatamiServices

extension LanguageServer {
    /// The largest text (bytes) whose preferred fixes are checked by analysing their result.
    static let largestCheckedFix = 1 << 20

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
        var actions = EditorServices.codeActions(a, in: range, workspace: workspace(for: doc))
        // Preferred only if `lint --fix` would keep it: its result analysed again has its finding
        // gone and no new one. A text too large to analyse again here is not checked, and then
        // nothing is marked preferred.
        for i in actions.indices where actions[i].isPreferred {
            let kept = doc.text.count <= Self.largestCheckedFix
                && Fixer.keeps(actions[i], analysis: a) { self.makeJob(doc, bytes: $0).run() }
            if !kept { actions[i].applicability = .manual }
        }
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
