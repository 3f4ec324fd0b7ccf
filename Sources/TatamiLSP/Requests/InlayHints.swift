import TatamiBase
import TatamiServices

extension LanguageServer {
    /// `textDocument/inlayHint`: each view's size (`196×20`) in the first viewport, or the
    /// configured default one, after its kind key. From the newest analysis (after a syntax
    /// error, the last good one past it), mapped onto the current text.
    func inlayHints(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let range = encoding.range(of: params["range"], in: doc.lineTable)
            ?? SourceRange(start: 0, end: doc.lineTable.bytes.count)
        let view = try tolerantSnapshot(doc)
        func hints(_ s: Snapshot) -> [InlayHintInfo] {
            let r = SourceRange(start: s.map.backward(range.start), end: s.map.backward(range.end))
            return EditorServices.inlayHints(s.analysis, in: r, viewport: defaultViewport)
        }
        let joined = view.joined(hints(view.latest), view.good.map(hints) ?? []) { SourceRange.at($0.offset) }
        return .array(joined.map { h, at in
            .object([
                ("position", encoding.position(ofByte: at.start, in: doc.lineTable)),
                ("label", .string(h.label)),
                ("paddingLeft", .bool(true)),
            ])
        })
    }
}
