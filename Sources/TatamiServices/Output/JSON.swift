import TatamiBase

/// A minimal JSON value with ordered object keys, for stable, diff-friendly output (lint's
/// json and sarif formats, frames, the language server's messages).
public enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func optional(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }

    /// Compact (one line) or indented text.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(&out, pretty: pretty, indent: 0)
        return out
    }

    private func write(_ out: inout String, pretty: Bool, indent: Int) {
        let nl = pretty ? "\n" : ""
        let pad = { (n: Int) in pretty ? String(repeating: "  ", count: n) : "" }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += v.isFinite ? formatNumber(v) : "null"
        case .string(let s): JSON.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + nl
            for (i, item) in items.enumerated() {
                out += pad(indent + 1)
                item.write(&out, pretty: pretty, indent: indent + 1)
                out += (i < items.count - 1 ? "," : "") + nl
            }
            out += pad(indent) + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{" + nl
            for (i, (k, v)) in pairs.enumerated() {
                out += pad(indent + 1)
                JSON.escape(k, into: &out)
                out += pretty ? ": " : ":"
                v.write(&out, pretty: pretty, indent: indent + 1)
                out += (i < pairs.count - 1 ? "," : "") + nl
            }
            out += pad(indent) + "}"
        }
    }

    public static func escape(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
