import TatamiServices

extension LanguageServer {
    /// `textDocument/semanticTokens/full`: kinds, modifiers, keys, component names, `$params`
    /// and the parts of expressions, relative-encoded in the negotiated position encoding.
    func semanticTokens(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let table = doc.lineTable
        var data: [JSON] = []
        var lastLine = 0, lastColumn = 0
        for t in EditorServices.semanticTokens(analysis(doc)) {
            let start = encoding == .utf8 ? table.utf8Position(ofByte: t.range.start) : table.utf16Position(ofByte: t.range.start)
            let end = encoding == .utf8 ? table.utf8Position(ofByte: t.range.end) : table.utf16Position(ofByte: t.range.end)
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
