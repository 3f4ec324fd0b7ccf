import TatamiYAML

/// How the formatter writes a scalar (docs/format.md §15, "Quoting").
enum FormatScalars {
    /// Words some YAML readers (YAML 1.1) take for booleans or null, and the spellings the
    /// validator reads as numbers when plain: a quoted string spelt so stays quoted.
    private static let specialWords: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
        "on", "On", "ON", "off", "Off", "OFF", "~",
        "infinity", "+infinity", "-infinity", "Infinity", "INFINITY",
    ]

    /// Whether `value` can be written as a plain scalar, in block or flow context, and read back
    /// as the same string. Conservative: anything doubtful keeps its quotes.
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
        if hasHiddenBreak(value) { return false }
        if case .string = ScalarResolver.resolve(value, style: .plain) { return true }
        return false
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

    static func containsFlowIndicator(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
            || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }
}
