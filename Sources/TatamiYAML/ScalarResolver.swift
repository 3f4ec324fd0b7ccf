/// Resolves plain scalars by the YAML 1.2 core schema (null, bool, int, float, string).
public enum ScalarResolver {
    public static func resolve(_ text: String, style: ScalarStyle) -> ScalarValue {
        guard style == .plain else { return .string(text) }
        // Read the bytes in place (a small string is copied to the stack, no allocation): a big
        // file has a million scalars, and comparing each with twenty words as strings showed up
        // in profiles.
        var copy = text
        return copy.withUTF8 { resolve(bytes: $0) } ?? .string(text)
    }

    /// A plain scalar's value from its bytes; nil when it is a string (the caller has the text).
    static func resolve(bytes b: UnsafeBufferPointer<UInt8>) -> ScalarValue? {
        guard let first = b.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return number(b)
        case UInt8(ascii: "~"):
            return b.count == 1 ? .null : nil
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return isWord(b, "null", "Null", "NULL") ? .null : nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return isWord(b, "true", "True", "TRUE") ? .bool(true) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return isWord(b, "false", "False", "FALSE") ? .bool(false) : nil
        default:
            return nil
        }
    }

    /// Whether the bytes spell one of three spellings of a word (all of one length).
    private static func isWord(_ b: UnsafeBufferPointer<UInt8>, _ lower: StaticString, _ title: StaticString, _ upper: StaticString) -> Bool {
        guard b.count == lower.utf8CodeUnitCount else { return false }
        return same(b, lower) || same(b, title) || same(b, upper)
    }

    private static func same(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let p = word.utf8Start
        for i in 0..<b.count where b[i] != p[i] { return false }
        return true
    }

    /// Scalars starting with a digit, a sign or a dot: integers, floats, `.inf`, `.nan`.
    private static func number(_ b: UnsafeBufferPointer<UInt8>) -> ScalarValue? {
        func text() -> String { String(decoding: b, as: UTF8.self) }
        // `.inf` and `.nan` spellings, signed or not: a dot first or second, at most 6 bytes.
        if b.count <= 6, b[0] == UInt8(ascii: ".") || (b.count > 1 && b[1] == UInt8(ascii: ".")) {
            switch text() {
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
            case ".nan", ".NaN", ".NAN": return .float(.nan)
            default: break
            }
        }
        if let isInteger = decimalInteger(b) {
            if let i = isInteger { return .int(i) }
            // Digits past Int64: the nearest Double.
            if let d = Double(text()) { return .float(d) }
        }
        if b.count > 2, b[0] == UInt8(ascii: "0") {
            let digits = String(decoding: UnsafeBufferPointer(rebasing: b[2...]), as: UTF8.self)
            if b[1] == UInt8(ascii: "x"), let i = Int64(digits, radix: 16) { return .int(i) }
            if b[1] == UInt8(ascii: "o"), let i = Int64(digits, radix: 8) { return .int(i) }
        }
        if isFloat(b), let d = Double(text()) { return .float(d) }
        return nil
    }

    /// `[-+]?[0-9]+`: nil when the bytes are not that; `.some(nil)` when they are but the value
    /// does not fit in Int64.
    private static func decimalInteger(_ b: UnsafeBufferPointer<UInt8>) -> Int64?? {
        var i = 0
        var negative = false
        if b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") {
            negative = b[0] == UInt8(ascii: "-")
            i = 1
        }
        guard i < b.count else { return nil }
        // Accumulated as a negative number, so that Int64.min fits.
        var value: Int64 = 0
        var fits = true
        while i < b.count {
            let c = b[i]
            guard c >= 0x30 && c <= 0x39 else { return nil }
            if fits {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.subtractingReportingOverflow(Int64(c - 0x30))
                if o1 || o2 { fits = false } else { value = s }
            }
            i += 1
        }
        guard fits else { return .some(nil) }
        if negative { return .some(value) }
        return value == .min ? .some(nil) : .some(-value)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
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
