import TatamiServices

extension LanguageServer {
    /// `textDocument/documentHighlight`: the places in this file naming what the name at the
    /// cursor names; the declaration is a write, the uses are reads.
    func documentHighlights(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        let snap = try snapshot(doc)
        let found = EditorServices.documentHighlights(snap.analysis, at: snap.map.backward(offset), workspace: workspace(for: doc))
        return .array(found.compactMap { h in
            guard let range = snap.lspRange(h.range) else { return nil }
            // LSP's DocumentHighlightKind: 2 Read, 3 Write.
            return .object([("range", range), ("kind", .number(h.kind == .write ? 3 : 2))])
        })
    }
}
