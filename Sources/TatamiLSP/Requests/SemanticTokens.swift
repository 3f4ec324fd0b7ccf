import TatamiBase
import TatamiServices

extension LanguageServer {
    /// `textDocument/semanticTokens/full`: kinds, modifiers, keys, component names, `$params`
    /// and the parts of expressions, relative-encoded in the negotiated position encoding.
    /// From the newest analysis (after a syntax error, the last good one past it), mapped onto
    /// the current text; tokens whose text was edited since are left out.
    func semanticTokens(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let view = try tolerantSnapshot(doc)
        let joined = view.joined(
            EditorServices.semanticTokens(view.latest.analysis),
            view.good.map { EditorServices.semanticTokens($0.analysis) } ?? []
        ) { t, s in s.currentRange(t.range) }
        let table = doc.lineTable
        var data: [JSON] = []
        data.reserveCapacity(joined.count * 5)
        var lastLine = 0, lastColumn = 0
        for (k, (t, snap)) in joined.enumerated() {
            if k & 1023 == 1023 { try checkCancelled() }
            guard let range = snap.currentRange(t.range) else { continue }
            let start = encoding == .utf8 ? table.utf8Position(ofByte: range.start) : table.utf16Position(ofByte: range.start)
            let end = encoding == .utf8 ? table.utf8Position(ofByte: range.end) : table.utf16Position(ofByte: range.end)
            // Tokens never span lines; a zero-length one carries nothing.
            guard end.line == start.line, end.column > start.column else { continue }
            let deltaLine = start.line - lastLine
            let deltaColumn = deltaLine == 0 ? start.column - lastColumn : start.column
            guard deltaLine >= 0, deltaColumn >= 0 else { continue }
            for v in [deltaLine, deltaColumn, end.column - start.column, t.typeIndex, t.modifierBits] {
                data.append(.number(Double(v)))
            }
            lastLine = start.line
            lastColumn = start.column
        }
        return .object([("data", .array(data))])
    }
}
