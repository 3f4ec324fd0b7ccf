import TatamiBase

/// Escaping and numbers for the SVG and HTML renders.
public enum Markup {
    /// Text for XML and HTML, in element content and in double-quoted attributes: `& < > " '`
    /// escaped, and every character XML 1.0 does not allow (C0 controls but tab, newline and
    /// carriage return; U+FFFE, U+FFFF) and every control character the text render shows as `?`
    /// (C0, DEL, C1) drawn as `?`, as the text render does.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A length as SVG and CSS take it: `formatNumber` (no exponent for the finite lengths layout
    /// reports, which stay within ±2e9), 0 for anything not finite.
    static func number(_ v: Double) -> String {
        v.isFinite ? formatNumber(v) : "0"
    }

    /// `x,y w×h`, as `tatami frames --format text` writes a rectangle.
    static func rect(_ r: Rect) -> String {
        "\(number(r.minX)),\(number(r.minY)) \(number(r.width))×\(number(r.height))"
    }
}
