/// Resolves plain scalars by the YAML 1.2 core schema (null, bool, int, float, string).
public enum ScalarResolver {
    public static func resolve(_ text: String, style: ScalarStyle) -> ScalarValue {
        guard style == .plain else { return .string(text) }
        // Fast path: only these first characters can start a null, bool, int or float.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        // The null, bool and special-float words are at most 6 bytes long.
        if text.utf8.count <= 6 {
            switch text {
            case "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
            case ".nan", ".NaN", ".NAN": return .float(.nan)
            default: break
            }
        }
        switch text {
        case "": return .null
        default: break
        }
        let utf8 = Array(text.utf8)
        if isDecimalInteger(utf8) {
            if let i = Int64(text) { return .int(i) }
            if let d = Double(text) { return .float(d) }
        }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
            let digits = String(decoding: utf8[2...], as: UTF8.self)
            if utf8[1] == UInt8(ascii: "x"), let i = Int64(digits, radix: 16) { return .int(i) }
            if utf8[1] == UInt8(ascii: "o"), let i = Int64(digits, radix: 8) { return .int(i) }
        }
        if isFloat(utf8), let d = Double(text) { return .float(d) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`
    private static func isDecimalInteger(_ b: [UInt8]) -> Bool {
        var i = 0
        if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
        guard i < b.count else { return false }
        while i < b.count {
            guard b[i] >= 0x30 && b[i] <= 0x39 else { return false }
            i += 1
        }
        return true
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ b: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int {
            let s = i
            while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
            return i - s
        }
        if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
        let whole = digits()
        var frac = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            frac = digits()
        }
        guard whole > 0 || frac > 0 else { return false }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == b.count
    }
}
