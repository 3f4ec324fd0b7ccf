import TatamiBase
import TatamiServices

extension LanguageServer {
    /// `textDocument/inlayHint`: each view's size (`196×20`) in the first viewport, or the
    /// configured default one, after its kind key.
    func inlayHints(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let range = encoding.range(of: params["range"], in: doc.lineTable)
            ?? SourceRange(start: 0, end: doc.lineTable.bytes.count)
        let hints = EditorServices.inlayHints(analysis(doc), in: range, viewport: defaultViewport)
        return .array(hints.map { h in
            .object([
                ("position", encoding.position(ofByte: h.offset, in: doc.lineTable)),
                ("label", .string(h.label)),
                ("paddingLeft", .bool(true)),
            ])
        })
    }
}
