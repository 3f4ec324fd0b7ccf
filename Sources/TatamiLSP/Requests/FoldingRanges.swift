import TatamiServices

extension LanguageServer {
    /// `textDocument/foldingRange`: every mapping or sequence spanning several lines. After a
    /// syntax error, the last good analysis's ranges, mapped onto the current text.
    func foldingRanges(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let view = try tolerantSnapshot(doc)
        let snap = view.good ?? view.latest
        let table = snap.analysis.lineTable
        var out: [JSON] = []
        for f in EditorServices.foldingRanges(snap.analysis) {
            var start = f.startLine, end = f.endLine
            if !snap.map.isIdentity {
                // Lines move with the text: map each line's start through the edits.
                let s = snap.map.forward(table.contentRange(ofLine: f.startLine).lowerBound, bias: .left)
                let e = snap.map.forward(table.contentRange(ofLine: f.endLine).lowerBound, bias: .right)
                start = encoding.line(ofByte: s, in: doc.lineTable)
                end = encoding.line(ofByte: e, in: doc.lineTable)
                guard end > start else { continue }
            }
            out.append(.object([("startLine", .number(Double(start))), ("endLine", .number(Double(end)))]))
        }
        return .array(out)
    }
}
