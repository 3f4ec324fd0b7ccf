import TatamiBase
import TatamiServices

extension LanguageServer {
    /// The token types and modifiers the tokens' numbers index (`semanticTokensProvider.legend`).
    static let semanticTokensLegend: JSON = .object([
        ("tokenTypes", .array(EditorServices.semanticTokenTypes.map(JSON.string))),
        ("tokenModifiers", .array(EditorServices.semanticTokenModifiers.map(JSON.string))),
    ])

    /// `textDocument/semanticTokens/full`: kinds, modifiers, keys, component names, `$params`
    /// and the parts of expressions, relative-encoded in the negotiated position encoding.
    /// From the newest analysis (after a syntax error, the last good one past it), mapped onto
    /// the current text; tokens whose text was edited since are left out.
    func semanticTokens(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        return try encodedTokens(try currentTokens(doc)[...], doc.lineTable)
    }

    /// `textDocument/semanticTokens/range`: the tokens that overlap the range (an editor asks
    /// for what it shows), encoded as `full` encodes them: the first token relative to the
    /// document's start.
    func semanticTokensRange(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        guard let range = encoding.range(of: params["range"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("range is missing or not a range")
        }
        let tokens = try currentTokens(doc)
        // Sorted and never overlapping, so their ends are sorted too: the first token ending
        // after the range's start, up to the first one starting at or after its end.
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].range.end <= range.start { lo = mid + 1 } else { hi = mid }
        }
        var last = lo
        while last < tokens.count, tokens[last].range.start < range.end || (range.isEmpty && tokens[last].range.start == range.start) {
            last += 1
        }
        return try encodedTokens(tokens[lo..<last], doc.lineTable)
    }

    /// The tokens of the newest analysis (and of the last good one past a syntax error), their
    /// ranges in the current text, in order.
    private func currentTokens(_ doc: OpenDocument) throws -> [SemanticTokenInfo] {
        let view = try tolerantSnapshot(doc)
        let latest = view.latest.analyzed.semanticTokens
        if view.good == nil && view.latest.map.isIdentity { return latest }
        let joined = view.joined(latest, view.good?.analyzed.semanticTokens ?? []) { $0.range }
        return joined.map { t, r in
            var moved = t
            moved.range = r
            return moved
        }
    }

    /// LSP's relative encoding: five integers per token (line delta, start delta, length, type,
    /// modifier bits), positions in the negotiated encoding.
    private func encodedTokens(_ tokens: ArraySlice<SemanticTokenInfo>, _ table: LineTable) throws -> JSON {
        var data: [JSON] = []
        data.reserveCapacity(tokens.count * 5)
        var lastLine = 0, lastColumn = 0
        for (k, t) in tokens.enumerated() {
            if k & 1023 == 1023 { try checkCancelled() }
            let start = encoding.lineAndColumn(ofByte: t.range.start, in: table)
            let end = encoding.lineAndColumn(ofByte: t.range.end, in: table)
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
