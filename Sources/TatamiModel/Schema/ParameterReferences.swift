/// The one lexer of component references in a value (docs/format.md §8.1, docs/decisions.md,
/// Components): a value that is exactly `$name`, or `${name}` anywhere inside it (spaces inside
/// the braces allowed), `$$` being a literal `$`. The validator substitutes what it finds, warns
/// about it outside a component's body, and the editor services name it; all read it here.
public enum ParameterReferences {
    public enum Kind: Sendable, Equatable {
        /// The whole value is `$name`.
        case whole
        /// `${name}` inside the value.
        case braced
        /// `$$`: a literal `$`.
        case dollar
    }

    public struct Reference: Sendable, Equatable {
        public let kind: Kind
        /// The reference's UTF-8 bytes in the value (`$name`, `${ name }`, `$$`).
        public let bytes: Range<Int>
        /// The name's bytes (without `$`, `{`, `}` and the spaces inside the braces); empty for `$$`.
        public let name: Range<Int>
    }

    /// The references in a value's UTF-8 bytes, in order.
    public static func scan(_ b: [UInt8]) -> [Reference] {
        let dollar = UInt8(ascii: "$")
        guard b.contains(dollar) else { return [] }
        if b.count >= 2, b[0] == dollar, Schema.isIdentifierStart(b[1]), b[2...].allSatisfy(Schema.isIdentifierByte) {
            return [Reference(kind: .whole, bytes: 0..<b.count, name: 1..<b.count)]
        }
        var found: [Reference] = []
        var i = 0
        while i + 1 < b.count {
            guard b[i] == dollar else { i += 1; continue }
            if b[i + 1] == dollar {
                found.append(Reference(kind: .dollar, bytes: i..<(i + 2), name: (i + 2)..<(i + 2)))
                i += 2
                continue
            }
            guard b[i + 1] == UInt8(ascii: "{"), let close = b[(i + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
                i += 1
                continue
            }
            var lo = i + 2, hi = close
            while lo < hi && b[lo] == 0x20 { lo += 1 }
            while hi > lo && b[hi - 1] == 0x20 { hi -= 1 }
            found.append(Reference(kind: .braced, bytes: i..<(close + 1), name: lo..<hi))
            i = close + 1
        }
        return found
    }
}
