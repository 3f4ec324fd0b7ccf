extension Schema {
    /// Whether a view key names a component instance rather than a kind: it starts with a
    /// capital letter (docs/format.md §4).
    public static func isComponentKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        if first.isASCII { return first.value >= 0x41 && first.value <= 0x5A }
        return first.properties.isUppercase
    }

    /// Whether `name` can name a component: a capital letter, then letters, digits and `_`
    /// (see docs/decisions.md, Components).
    public static func isValidComponentName(_ name: String) -> Bool {
        guard isComponentKey(name) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType == .decimal }
    }

    /// Whether `name` can name a component parameter: ASCII letters, digits and `_`, not
    /// starting with a digit, so that `$name` and `${name}` can be found in any text.
    public static func isValidParameterName(_ name: String) -> Bool {
        let b = Array(name.utf8)
        guard let first = b.first, isIdentifierStart(first) else { return false }
        return b.allSatisfy(isIdentifierByte)
    }

    /// A byte that can start a parameter name: an ASCII letter or `_`.
    @inline(__always)
    public static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
    }

    /// A byte that can continue a parameter name: an ASCII letter, digit or `_`.
    @inline(__always)
    public static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }
}
