import TatamiServices

/// Why a message body is not JSON.
struct JSONParseError: Error, Equatable {
    var message: String
    var offset: Int
}

extension JSON {
    /// Nesting deeper than this is refused: no LSP message comes near it, and the parser
    /// recurses once per level.
    static let maximumDepth = 256

    /// Parses one JSON text (RFC 8259): strict, whole input, nesting bounded.
    static func parse(_ bytes: [UInt8]) throws -> JSON {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    static func parse(_ text: String) throws -> JSON { try parse(Array(text.utf8)) }
}

private struct JSONParser {
    /// Objects with more keys than this find repeated keys through a dictionary.
    static let searchedKeys = 16

    let bytes: [UInt8]
    var i = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws -> JSON {
        skipWhitespace()
        let v = try parseValue()
        skipWhitespace()
        guard i == bytes.count else { throw fail("unexpected text after the JSON value") }
        return v
    }

    func fail(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: i) }

    mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func parseValue() throws -> JSON {
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count else { throw fail("unexpected end of input") }
        for k in 0..<w.count where bytes[i + k] != w[k] { throw fail("invalid literal") }
        i += w.count
    }

    mutating func enter() throws {
        depth += 1
        if depth > JSON.maximumDepth { throw fail("nesting deeper than \(JSON.maximumDepth) levels") }
    }

    mutating func parseObject() throws -> JSON {
        try enter()
        defer { depth -= 1 }
        i += 1
        var pairs: [(String, JSON)] = []
        // Each key's position in `pairs`, once there are enough keys for a search to cost more
        // than hashing (LSP objects have a handful; a hostile one may have 100,000).
        var positions: [String: Int]?
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            skipWhitespace()
            let value = try parseValue()
            // A repeated key (compared as Swift strings compare): the last value wins, kept at the
            // first one's place, as in most parsers.
            if positions == nil && pairs.count == Self.searchedKeys {
                positions = Dictionary(pairs.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first })
            }
            if positions != nil {
                if let k = positions![key] {
                    pairs[k].1 = value
                } else {
                    positions![key] = pairs.count
                    pairs.append((key, value))
                }
            } else if let k = pairs.firstIndex(where: { $0.0 == key }) {
                pairs[k].1 = value
            } else {
                pairs.append((key, value))
            }
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            throw fail("expected ',' or '}'")
        }
    }

    mutating func parseArray() throws -> JSON {
        try enter()
        defer { depth -= 1 }
        i += 1
        var items: [JSON] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func parseNumber() throws -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw fail("invalid number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { while i < bytes.count, isDigit(bytes[i]) { i += 1 } }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("invalid number") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("invalid number") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text) else { throw fail("invalid number") }
        return v
    }

    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    mutating func parseString() throws -> String {
        i += 1  // opening quote
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw fail("control character in string") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw fail("unterminated string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by `\uDC00`…`\uDFFF`; a lone one is
                    // replaced by U+FFFD rather than refused (editors do send them).
                    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        let save = i
                        i += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            i = save
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00..<0xE000).contains(scalar) {
                    scalar = 0xFFFD
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
            default:
                throw fail("invalid escape")
            }
        }
        // Invalid UTF-8 in the body is repaired (U+FFFD), never trusted.
        return String(decoding: out, as: UTF8.self)
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("invalid \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("invalid \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}

// MARK: Reading values

extension JSON {
    subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    subscript(index: Int) -> JSON? {
        guard case .array(let items) = self, index >= 0, index < items.count else { return nil }
        return items[index]
    }

    var string: String? { if case .string(let s) = self { return s }; return nil }
    var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    var number: Double? { if case .number(let n) = self { return n }; return nil }
    var array: [JSON]? { if case .array(let a) = self { return a }; return nil }
    var isNull: Bool { if case .null = self { return true }; return false }
    var isObject: Bool { if case .object = self { return true }; return false }

    /// A whole number in Int's range (LSP's `integer`/`uinteger`).
    var int: Int? {
        guard case .number(let n) = self, n.isFinite, n == n.rounded(), abs(n) < 9e15 else { return nil }
        return Int(n)
    }
}
