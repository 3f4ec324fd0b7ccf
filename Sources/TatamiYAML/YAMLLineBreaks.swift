/// The line breaks libyaml counts (its scanner's `IS_BREAK`): LF, CR (CR LF is one break), NEL
/// (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029). A comment ends at any
/// of them, a block scalar's header too, and libyaml's marks count lines by them. A
/// `LineTable` breaks lines at LF only (the lines editors show); what parses YAML structure from
/// the bytes uses these.
enum YAMLLineBreaks {
    /// Length in bytes of the line break starting at `i` (2 for CR LF and NEL, 3 for U+2028 and
    /// U+2029, 1 for LF and a lone CR), 0 when none starts there.
    @inline(__always)
    static func length<C: RandomAccessCollection>(_ b: C, at i: Int) -> Int where C.Element == UInt8, C.Index == Int {
        let c = b[i]
        if c < 0x80 {
            if c == 0x0A { return 1 }
            if c == 0x0D { return i + 1 < b.endIndex && b[i + 1] == 0x0A ? 2 : 1 }
            return 0
        }
        if c == 0xC2 { return i + 1 < b.endIndex && b[i + 1] == 0x85 ? 2 : 0 }
        if c == 0xE2 {
            return i + 2 < b.endIndex && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9) ? 3 : 0
        }
        return 0
    }

    /// Whether a line break ends just before `i` (so a line starts at `i`); false between the CR
    /// and the LF of a CR LF.
    static func endsBefore<C: RandomAccessCollection>(_ b: C, _ i: Int) -> Bool where C.Element == UInt8, C.Index == Int {
        guard i > b.startIndex else { return false }
        switch b[i - 1] {
        case 0x0A: return true
        case 0x0D: return i >= b.endIndex || b[i] != 0x0A
        case 0x85: return i - 2 >= b.startIndex && b[i - 2] == 0xC2
        case 0xA8, 0xA9: return i - 3 >= b.startIndex && b[i - 3] == 0xE2 && b[i - 2] == 0x80
        default: return false
        }
    }

    /// Whether `bytes[range]` holds a line break that libyaml counts and a `LineTable` does not
    /// (a CR without an LF after it, NEL, U+2028, U+2029).
    static func hasOthers(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        for i in range where bytes[i] == 0x0D || bytes[i] == 0xC2 || bytes[i] == 0xE2 {
            let n = length(bytes, at: i)
            if n > 0 && !(n == 2 && bytes[i] == 0x0D) { return true }
        }
        return false
    }
}
