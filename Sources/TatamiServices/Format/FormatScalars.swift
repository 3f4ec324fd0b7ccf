import TatamiYAML

/// How the formatter writes a scalar (docs/format.md §15, "Quoting").
enum FormatScalars {
    /// Spellings the validator reads as numbers when plain (`Schema`'s infinity), beside what
    /// YAML's resolvers take for something else.
    private static let specialWords: Set<String> = ["infinity", "+infinity", "-infinity", "Infinity", "INFINITY"]

    /// Whether `value` can be written as a plain scalar, in block or flow context, and read back
    /// as the same string by YAML 1.2's core schema (Tatami, ruamel.yaml) and by YAML 1.1's
    /// resolvers (PyYAML; `YAML11Resolver`), and seen as the text it is: docs/format.md §15.
    /// Conservative: anything doubtful keeps its quotes.
    static func isPlainSafe(_ value: String) -> Bool {
        let u = Array(value.utf8)
        guard let first = u.first, let last = u.last else { return false }
        if specialWords.contains(value) { return false }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: "&"),
             UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
             UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: " "),
             UInt8(ascii: "."):
            return false
        default: break
        }
        if last == UInt8(ascii: " ") || last == UInt8(ascii: ":") { return false }
        var previous: UInt8 = 0
        for c in u {
            switch c {
            case 0..<0x20, 0x7F: return false
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return false
            case UInt8(ascii: "#") where previous == UInt8(ascii: " "): return false
            case UInt8(ascii: " ") where previous == UInt8(ascii: ":"): return false
            default: break
            }
            previous = c
        }
        if hasHiddenBreak(value) || hasInvisibleCharacter(value) { return false }
        guard case .string = ScalarResolver.resolve(value, style: .plain) else { return false }
        return YAML11Resolver.kind(of: value) == .string
    }

    /// Whether a reader could not see the string for what it is without quotes: a character
    /// that shows nothing anywhere in it (a format character such as U+200B ZERO WIDTH SPACE,
    /// U+200E/U+200F and the other bidirectional controls, U+00AD SOFT HYPHEN, U+2060 WORD
    /// JOINER; a control, line or paragraph separator, private-use or unassigned code point;
    /// a Hangul filler, U+034F COMBINING GRAPHEME JOINER), at either end a space other than
    /// U+0020 (U+00A0 NO-BREAK SPACE, U+3000 IDEOGRAPHIC SPACE, U+2800 BRAILLE PATTERN BLANK…),
    /// or a combining mark first.
    static func hasInvisibleCharacter(_ value: String) -> Bool {
        if value.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        let scalars = value.unicodeScalars
        for s in scalars where s.value >= 0x80 {
            switch s.properties.generalCategory {
            case .format, .control, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
                return true
            default:
                if [0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0].contains(s.value) { return true }
            }
        }
        // A blank at either end; a combining mark first (it would combine with what precedes
        // the value: the space after `key:`). Last, it belongs to the letter before it.
        func blank(_ s: Unicode.Scalar) -> Bool {
            s.properties.generalCategory == .spaceSeparator || s.properties.isWhitespace || s.value == 0x2800
        }
        let head = scalars.first!
        switch head.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return blank(head) || blank(scalars.last!)
        }
    }

    /// `value` as a double-quoted scalar.
    static func doubleQuoted(_ value: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for s in value.unicodeScalars {
            switch s {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\t": out += Array("\\t".utf8)
            case "\r": out += Array("\\r".utf8)
            default:
                if s.value < 0x20 || s.value == 0x7F || s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029 || s.value == 0xFEFF {
                    let hex = String(s.value, radix: 16, uppercase: true)
                    out += Array(("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8)
                } else {
                    out += Array(String(s).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    /// `value` as a single-quoted scalar, or nil when it holds a character that must be escaped.
    static func singleQuoted(_ value: String) -> [UInt8]? {
        var out: [UInt8] = [UInt8(ascii: "'")]
        for c in value.utf8 {
            if c < 0x20 || c == 0x7F { return nil }
            if c == UInt8(ascii: "'") { out.append(c) }
            out.append(c)
        }
        if hasHiddenBreak(value) { return nil }
        out.append(UInt8(ascii: "'"))
        return out
    }

    /// NEL, LS, PS (line breaks to libyaml) or a byte-order mark: only a double-quoted scalar
    /// (escaped) writes them safely.
    private static func hasHiddenBreak(_ value: String) -> Bool {
        value.unicodeScalars.contains { [0x85, 0x2028, 0x2029, 0xFEFF].contains($0.value) }
    }

    /// Whether `bytes` hold a line break as libyaml reads one: LF, CR, NEL, U+2028 or U+2029.
    static func hasLineBreak(_ bytes: ArraySlice<UInt8>) -> Bool {
        lineBreak(in: bytes, separatorsOnly: false)
    }

    /// Whether `bytes` hold U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR: line breaks to
    /// libyaml that it keeps in a scalar's value as they are.
    static func hasSeparator(_ bytes: ArraySlice<UInt8>) -> Bool {
        lineBreak(in: bytes, separatorsOnly: true)
    }

    private static func lineBreak(in bytes: ArraySlice<UInt8>, separatorsOnly: Bool) -> Bool {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            switch bytes[i] {
            case 10, 13: if !separatorsOnly { return true }
            case 0xC2: if !separatorsOnly && i + 1 < bytes.endIndex && bytes[i + 1] == 0x85 { return true }
            case 0xE2:
                if i + 2 < bytes.endIndex && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) { return true }
            default: break
            }
            i += 1
        }
        return false
    }

    static func containsFlowIndicator(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
            || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }
}
