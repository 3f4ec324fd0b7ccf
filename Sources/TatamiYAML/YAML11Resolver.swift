/// How a YAML 1.1 reader (PyYAML, ruamel.yaml reading `%YAML 1.1`, and readers after them) takes
/// a plain scalar: the implicit types of the YAML 1.1 type repository (yaml.org/type/: `bool`,
/// `null`, `int`, `float`, `timestamp`, `value`, `merge`), each written here as matching code
/// from the type's definition.
///
/// Tatami reads YAML 1.2's core schema (`ScalarResolver`), where `yes` or `1:20` is a string; the
/// formatter writes a string plain only when no reader takes it for something else, so it asks
/// this too (docs/format.md §15). Where readers are wider than the definitions, the matching is
/// too, so that it errs towards "not a string": underscores anywhere in a decimal's digits
/// (ruamel.yaml), an exponent's sign optional (YAML 1.2 readers), blanks before a timestamp's
/// time zone (PyYAML).
public enum YAML11Resolver {
    public enum Kind: Sendable, Hashable {
        case bool, null, int, float, timestamp, value, merge, string
    }

    /// The type a YAML 1.1 reader gives the plain scalar `text`.
    public static func kind(of text: String) -> Kind {
        let b = Array(text.utf8)
        if isNull(b) { return .null }
        if isBool(b) { return .bool }
        if isInt(b) { return .int }
        if isFloat(b) { return .float }
        if isTimestamp(b) { return .timestamp }
        if b == [UInt8(ascii: "=")] { return .value }
        if b == [UInt8(ascii: "<"), UInt8(ascii: "<")] { return .merge }
        return .string
    }

    /// yaml.org/type/null: `~`, `null`, `Null`, `NULL`, or nothing.
    static func isNull(_ b: [UInt8]) -> Bool {
        b.isEmpty || b == [UInt8(ascii: "~")] || ["null", "Null", "NULL"].contains { b.elementsEqual($0.utf8) }
    }

    /// yaml.org/type/bool: y, yes, true, on and n, no, false, off, each in lower case, with a
    /// capital first letter, or in capitals.
    static func isBool(_ b: [UInt8]) -> Bool {
        guard b.count <= 5 else { return false }
        for word in ["y", "yes", "true", "on", "n", "no", "false", "off"] {
            let lower = Array(word.utf8)
            guard b.count == lower.count else { continue }
            let upper = lower.map { $0 - 0x20 }
            let title = [upper[0]] + lower.dropFirst()
            if b == lower || b == upper || b == title { return true }
        }
        return false
    }

    // MARK: Numbers

    /// A cursor over the bytes, with the small matchers the definitions are made of.
    private struct Scanner {
        let b: [UInt8]
        var i = 0
        init(_ b: [UInt8]) { self.b = b }

        var atEnd: Bool { i == b.count }
        func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? b[i + k] : nil }

        mutating func take(_ c: Character) -> Bool {
            guard let p = peek(), p == c.asciiValue! else { return false }
            i += 1
            return true
        }

        mutating func takeSign() { if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") { i += 1 } }

        /// Bytes in `set`, at least `min`: how many.
        @discardableResult
        mutating func run(_ set: (UInt8) -> Bool, min: Int = 0, max: Int = Int.max) -> Int? {
            var n = 0
            while n < max, let p = peek(), set(p) { i += 1; n += 1 }
            return n >= min ? n : nil
        }
    }

    private static func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func digitOrUnderscore(_ c: UInt8) -> Bool { digit(c) || c == UInt8(ascii: "_") }

    /// `(:[0-5]?[0-9])+`, the sexagesimal part of an int or float: how many groups.
    private static func sexagesimalGroups(_ s: inout Scanner) -> Int {
        var groups = 0
        while s.peek() == UInt8(ascii: ":") {
            let save = s.i
            s.i += 1
            // One or two digits, the first of two at most 5.
            guard let d0 = s.peek(), digit(d0) else { s.i = save; break }
            if let d1 = s.peek(1), digit(d1), d0 <= UInt8(ascii: "5") { s.i += 2 } else { s.i += 1 }
            groups += 1
        }
        return groups
    }

    /// yaml.org/type/int, with its optional sign: binary `0b[0-1_]+`, octal `0[0-7_]+`, decimal
    /// `0` or `[1-9][0-9_]*`, hexadecimal `0x[0-9a-fA-F_]+`, sexagesimal `[1-9][0-9_]*(:[0-5]?[0-9])+`;
    /// and, as ruamel.yaml reads them, any run of digits and underscores starting with a digit
    /// or after a sign (`0_9`, `+_1`, `+_`), and YAML 1.2's octal `0o[0-7_]+`.
    static func isInt(_ b: [UInt8]) -> Bool {
        var s = Scanner(b)
        s.takeSign()
        let start = s.i
        guard let first = s.peek() else { return false }
        if first == UInt8(ascii: "0"), let second = s.peek(1) {
            if second == UInt8(ascii: "b") {
                s.i += 2
                return s.run({ $0 == 0x30 || $0 == 0x31 || $0 == UInt8(ascii: "_") }, min: 1) != nil && s.atEnd
            }
            if second == UInt8(ascii: "o") {
                // YAML 1.2's octal, which ruamel.yaml reads with underscores too.
                s.i += 2
                return s.run({ ($0 >= 0x30 && $0 <= 0x37) || $0 == UInt8(ascii: "_") }, min: 1) != nil && s.atEnd
            }
            if second == UInt8(ascii: "x") {
                s.i += 2
                let hex = { (c: UInt8) in digitOrUnderscore(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f")) }
                return s.run(hex, min: 1) != nil && s.atEnd
            }
        }
        // Octal, decimal and the wider decimal: digits and underscores, a digit first unless a
        // sign came before (ruamel.yaml takes `+_` for an int, and fails to read it).
        guard digit(first) || start > 0 else { return false }
        s.run(digitOrUnderscore)
        if s.atEnd { return true }
        // Sexagesimal: a decimal not starting with 0, then `:` groups.
        guard first >= UInt8(ascii: "1") && first <= UInt8(ascii: "9") else { return false }
        return sexagesimalGroups(&s) > 0 && s.atEnd
    }

    /// yaml.org/type/float, with its optional sign: base 10 `([0-9][0-9_]*)?\.[0-9.]*` with an
    /// exponent `[eE][-+][0-9]+` or none (read here with the sign optional and underscores after
    /// the point too, as readers take them), sexagesimal `[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*`,
    /// infinity `.inf`, `.Inf`, `.INF`, and not-a-number `.nan`, `.NaN`, `.NAN` (signed here too);
    /// and YAML 1.2's float without a point, `[0-9][0-9_]*[eE][-+]?[0-9]+`, as ruamel.yaml reads it.
    static func isFloat(_ b: [UInt8]) -> Bool {
        var s = Scanner(b)
        s.takeSign()
        let rest = b[s.i...]
        if [".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"].contains(where: { rest.elementsEqual($0.utf8) }) { return true }
        let whole = s.run(digitOrUnderscore) ?? 0
        if whole > 0 && !digit(b[s.i - whole]) { return false }  // `[0-9][0-9_]*`: a digit first
        if whole > 0 && s.peek() == UInt8(ascii: ":") {
            guard sexagesimalGroups(&s) > 0, s.take(".") else { return false }
            s.run(digitOrUnderscore)
            return s.atEnd
        }
        // Digits and an exponent without a point: YAML 1.2's float, underscores as ruamel.yaml reads them.
        let point = s.take(".")
        guard point || (whole > 0 && (s.peek() == UInt8(ascii: "e") || s.peek() == UInt8(ascii: "E"))) else { return false }
        if point { s.run { digitOrUnderscore($0) || $0 == UInt8(ascii: ".") } }
        if s.take("e") || s.take("E") {
            s.takeSign()
            guard s.run(digit, min: 1) != nil else { return false }
        }
        return s.atEnd
    }

    /// yaml.org/type/timestamp: a date `YYYY-MM-DD`, or a date with one- or two-digit month and
    /// day, `T`, `t` or blanks, a time `h:mm:ss` (one- or two-digit hour), an optional fraction
    /// `.[0-9]*` and an optional time zone, `Z` or `[-+]h` with an optional `:mm` (blanks before
    /// either allowed).
    static func isTimestamp(_ b: [UInt8]) -> Bool {
        var s = Scanner(b)
        guard s.run(digit, min: 4, max: 4) != nil, s.take("-") else { return false }
        let i = s.i
        if s.run(digit, min: 2, max: 2) != nil, s.take("-"), s.run(digit, min: 2, max: 2) != nil, s.atEnd { return true }
        s.i = i
        guard s.run(digit, min: 1, max: 2) != nil, s.take("-"), s.run(digit, min: 1, max: 2) != nil else { return false }
        let blank = { (c: UInt8) in c == 0x20 || c == 0x09 }
        if !(s.take("T") || s.take("t")) { guard s.run(blank, min: 1) != nil else { return false } }
        guard s.run(digit, min: 1, max: 2) != nil,
              s.take(":"), s.run(digit, min: 2, max: 2) != nil,
              s.take(":"), s.run(digit, min: 2, max: 2) != nil else { return false }
        if s.take(".") { s.run(digit) }
        if s.atEnd { return true }
        s.run(blank)
        if s.take("Z") { return s.atEnd }
        guard s.peek() == UInt8(ascii: "-") || s.peek() == UInt8(ascii: "+") else { return false }
        s.i += 1
        guard s.run(digit, min: 1, max: 2) != nil else { return false }
        if s.take(":") { guard s.run(digit, min: 2, max: 2) != nil else { return false } }
        return s.atEnd
    }
}
