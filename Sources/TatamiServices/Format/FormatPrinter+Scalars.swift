import TatamiYAML

/// How the printer writes a scalar: as a range of the source where it is written as it stands
/// (most scalars), or as bytes made for it.
extension FormatPrinter {
    /// A scalar as written: bytes of the source, or bytes made for it.
    enum ScalarText {
        case source(Range<Int>)
        case made([UInt8])
    }

    /// A scalar as written: plain where that reads back the same (docs/format.md §15), else in
    /// its own quotes when it was on one line, else double-quoted. Nil for a block scalar, or
    /// in flow context for a plain scalar that cannot go there. Empty for a plain empty value.
    func scalarText(_ node: YAMLNode, inFlow: Bool) -> ScalarText? {
        guard let style = node.scalarStyle else { return nil }
        let r = node.range
        let source = bytes[r.start..<r.end]
        let singleLine = !FormatScalars.hasLineBreak(source)
        switch style {
        case .literal, .folded:
            return nil
        case .plain:
            if source.isEmpty { return inFlow ? nil : .made([]) }
            if singleLine {
                if inFlow && FormatScalars.containsFlowIndicator(source) { return nil }
                return .source(r.start..<r.end)
            }
            let text = node.keyText ?? ""
            return .made(FormatScalars.isPlainSafe(text) ? Array(text.utf8) : FormatScalars.doubleQuoted(text))
        case .singleQuoted, .doubleQuoted:
            let text = node.keyText ?? ""
            if FormatScalars.isPlainSafe(text) { return .made(Array(text.utf8)) }
            if singleLine { return .source(r.start..<r.end) }
            if style == .singleQuoted, let q = FormatScalars.singleQuoted(text) { return .made(q) }
            return .made(FormatScalars.doubleQuoted(text))
        }
    }

    func isEmpty(_ text: ScalarText) -> Bool { count(text) == 0 }

    func count(_ text: ScalarText) -> Int {
        switch text {
        case .source(let r): return r.count
        case .made(let b): return b.count
        }
    }

    func columns(_ text: ScalarText) -> Int {
        switch text {
        case .source(let r): return Self.columns(bytes[r])
        case .made(let b): return Self.columns(b[...])
        }
    }

    static func append(_ text: ScalarText, _ bytes: [UInt8], to buffer: inout [UInt8]) {
        switch text {
        case .source(let r): buffer += bytes[r]
        case .made(let b): buffer += b
        }
    }

    /// Columns a UTF-8 text takes, counting Unicode scalars.
    static func columns(_ text: ArraySlice<UInt8>) -> Int {
        var n = 0
        for b in text where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}
