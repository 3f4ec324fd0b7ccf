/// One token of an expression's text. Kept small: the parser holds one per nesting level on
/// the stack.
struct ExpressionToken {
    enum Kind: UInt8 {
        case number, name
        case plus, minus, star, slash, bang
        case less, lessEqual, greater, greaterEqual, equalEqual, bangEqual
        case andAnd, orOr
        case leftParen, rightParen, comma
        case end
        /// Characters that are not a token: `ExpressionLexer.Output.error`. The parser reports
        /// it when it reaches them, so that an earlier syntax error wins.
        case invalid

        var binaryOperator: BinaryOperator? {
            switch self {
            case .plus: .add
            case .minus: .subtract
            case .star: .multiply
            case .slash: .divide
            case .less: .less
            case .lessEqual: .lessEqual
            case .greater: .greater
            case .greaterEqual: .greaterEqual
            case .equalEqual: .equal
            case .bangEqual: .notEqual
            case .andAnd: .and
            case .orOr: .or
            default: nil
            }
        }
    }

    let kind: Kind
    /// UTF-8 byte offsets into the expression text.
    let range: Range<Int>
    /// A number's value; 0 for other tokens.
    var value: Double = 0
}

/// Splits an expression into tokens (docs/format.md §10).
///
/// - Numbers: `[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?` or `\.[0-9]+([eE][+-]?[0-9]+)?`. A number
///   running straight into letters, digits, `_` or `.` (`1e`, `2px`, `1.2.3`) is one invalid
///   token, rather than a number followed by something confusing.
/// - Names: `[A-Za-z_][A-Za-z0-9_]*`.
/// - Spaces, tabs and line breaks separate tokens and are otherwise ignored.
enum ExpressionLexer {
    struct Output {
        /// Ends with `.end`, or with an `.invalid` token if the text has characters that are
        /// not tokens (nothing after those matters: the parser stops there).
        var tokens: [ExpressionToken] = []
        /// What is wrong with the `.invalid` token.
        var error: ExpressionError?
    }

    static func tokenize(_ bytes: [UInt8]) -> Output {
        var output = Output()
        func fail(_ message: String, _ range: Range<Int>) -> Output {
            output.tokens.append(ExpressionToken(kind: .invalid, range: range))
            output.error = ExpressionError(kind: .syntax, message: message, range: range)
            return output
        }
        var i = 0
        let n = bytes.count

        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        func byte(_ j: Int) -> UInt8? { j < n ? bytes[j] : nil }

        while i < n {
            let c = bytes[i]
            if c == .space || c == .tab || c == .lineFeed || c == .carriageReturn {
                i += 1
                continue
            }
            let start = i

            if isDigit(c) || (c == .dot && byte(i + 1).map(isDigit) == true) {
                switch number(bytes, from: start, end: &i) {
                case .success(let value):
                    output.tokens.append(ExpressionToken(kind: .number, range: start..<i, value: value))
                case .failure(let invalid):
                    return fail(invalid.message, start..<i)
                }
                continue
            }
            if isNameStart(c) {
                i += 1
                while let d = byte(i), isNameContinue(d) { i += 1 }
                output.tokens.append(ExpressionToken(kind: .name, range: start..<i))
                continue
            }

            // Operators and punctuation: the two-character ones first.
            let next = byte(i + 1)
            let kind: ExpressionToken.Kind
            var length = 1
            switch c {
            case .plus: kind = .plus
            case .minus: kind = .minus
            case .star: kind = .star
            case .slash: kind = .slash
            case .leftParen: kind = .leftParen
            case .rightParen: kind = .rightParen
            case .comma: kind = .comma
            case .less: if next == .equals { kind = .lessEqual; length = 2 } else { kind = .less }
            case .greater: if next == .equals { kind = .greaterEqual; length = 2 } else { kind = .greater }
            case .bang: if next == .equals { kind = .bangEqual; length = 2 } else { kind = .bang }
            // A lone `=`, `&` or `|` is a likely typo of the two-character operator.
            case .equals:
                guard next == .equals else { return fail("unexpected `=`; did you mean `==`?", start..<start + 1) }
                kind = .equalEqual; length = 2
            case .ampersand:
                guard next == .ampersand else { return fail("unexpected `&`; did you mean `&&`?", start..<start + 1) }
                kind = .andAnd; length = 2
            case .pipe:
                guard next == .pipe else { return fail("unexpected `|`; did you mean `||`?", start..<start + 1) }
                kind = .orOr; length = 2
            default:
                let end = min(n, start + utf8Length(leadByte: c))
                return fail("unexpected character \(describe(text(start..<end)))", start..<end)
            }
            i += length
            output.tokens.append(ExpressionToken(kind: kind, range: start..<i))
        }
        output.tokens.append(ExpressionToken(kind: .end, range: n..<n))
        return output
    }

    struct InvalidNumber: Error { let message: String }

    /// Reads a number at `start`, leaving `i` after it (or after the invalid characters).
    private static func number(_ bytes: [UInt8], from start: Int, end i: inout Int) -> Result<Double, InvalidNumber> {
        let n = bytes.count
        func byte(_ j: Int) -> UInt8? { j < n ? bytes[j] : nil }

        var whole = ""
        while let d = byte(i), isDigit(d) { whole.unicodeScalars.append(Unicode.Scalar(d)); i += 1 }
        var fraction = ""
        if byte(i) == .dot {
            i += 1
            while let d = byte(i), isDigit(d) { fraction.unicodeScalars.append(Unicode.Scalar(d)); i += 1 }
        }
        var exponent = ""
        if let e = byte(i), e == .lowerE || e == .upperE {
            var j = i + 1
            var sign = ""
            if let s = byte(j), s == .plus || s == .minus { sign = s == .minus ? "-" : "+"; j += 1 }
            if let d = byte(j), isDigit(d) {
                exponent = "e" + sign
                while let d = byte(j), isDigit(d) { exponent.unicodeScalars.append(Unicode.Scalar(d)); j += 1 }
                i = j
            }
        }

        if let d = byte(i), isNameContinue(d) || d == .dot {
            while let d = byte(i), isNameContinue(d) || d == .dot { i += 1 }
            let written = String(decoding: bytes[start..<i], as: UTF8.self)
            return .failure(InvalidNumber(message: "invalid number `\(written)`"))
        }

        let written = String(decoding: bytes[start..<i], as: UTF8.self)
        // Rewritten in a form every `Double` parser accepts (`1.` and `.5` are not universal).
        let normalized = (whole.isEmpty ? "0" : whole) + "." + (fraction.isEmpty ? "0" : fraction) + exponent
        guard let value = Double(normalized), value.isFinite else {
            return .failure(InvalidNumber(message: "number `\(written)` is too large"))
        }
        return .success(value)
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= .zero && c <= .nine }
    private static func isNameStart(_ c: UInt8) -> Bool {
        (c >= .lowerA && c <= .lowerZ) || (c >= .upperA && c <= .upperZ) || c == .underscore
    }
    private static func isNameContinue(_ c: UInt8) -> Bool { isNameStart(c) || isDigit(c) }

    /// Bytes in the UTF-8 sequence that starts with `leadByte`.
    private static func utf8Length(leadByte c: UInt8) -> Int {
        switch c {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// A character for a message: in backticks, or as `U+XXXX` when it would not show.
    private static func describe(_ s: String) -> String {
        guard let scalar = s.unicodeScalars.first, s.unicodeScalars.count == 1 else { return "`\(s)`" }
        let v = scalar.value
        if v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v)
            || [.format, .nonspacingMark, .enclosingMark, .spacingMark].contains(scalar.properties.generalCategory)
            || scalar.properties.isWhitespace {
            let hex = String(v, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "`\(s)`"
    }
}

private extension UInt8 {
    static let tab = UInt8(ascii: "\t"), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " "), bang = UInt8(ascii: "!"), ampersand = UInt8(ascii: "&")
    static let leftParen = UInt8(ascii: "("), rightParen = UInt8(ascii: ")"), star = UInt8(ascii: "*")
    static let plus = UInt8(ascii: "+"), comma = UInt8(ascii: ","), minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/"), zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9"), less = UInt8(ascii: "<"), equals = UInt8(ascii: "=")
    static let greater = UInt8(ascii: ">"), upperA = UInt8(ascii: "A"), upperE = UInt8(ascii: "E")
    static let upperZ = UInt8(ascii: "Z"), underscore = UInt8(ascii: "_"), lowerA = UInt8(ascii: "a")
    static let lowerE = UInt8(ascii: "e"), lowerZ = UInt8(ascii: "z"), pipe = UInt8(ascii: "|")
}
