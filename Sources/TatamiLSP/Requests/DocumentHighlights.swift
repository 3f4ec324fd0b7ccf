import TatamiServices

extension LanguageServer {
    /// `textDocument/documentHighlight`: the places in this file naming what the name at the
    /// cursor names; the declaration is a write, the uses are reads.
    func documentHighlights(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        let found = EditorServices.documentHighlights(analysis(doc), at: offset, workspace: workspace(for: doc))
        return .array(found.map { h in
            // LSP's DocumentHighlightKind: 2 Read, 3 Write.
            .object([("range", encoding.range(h.range, in: doc.lineTable)), ("kind", .number(h.kind == .write ? 3 : 2))])
        })
    }
}
