import TatamiBase

/// Maps a quoted scalar's value bytes back to source bytes, so that errors inside a value (an
/// expression, say) can point at the exact characters.
enum ScalarOffsetMap {
    /// For a single-line quoted scalar: one source offset per value byte plus one for the end.
    /// Empty when the scalar spans lines or the mapping cannot be rebuilt exactly.
    static func quoted(bytes: [UInt8], inner: SourceRange, value: UnsafeBufferPointer<UInt8>, double: Bool) -> OffsetMap {
        let start = inner.start, end = min(inner.end, bytes.count)
        guard start <= end else { return .none }
        // Without escapes the value is the source between the quotes.
        if end - start == value.count && bytes[start..<end].elementsEqual(value) {
            return .identity(start: start, count: end - start)
        }
        var map: [Int] = []
        map.reserveCapacity(value.count + 1)
        var i = start
        while i < end {
            let b = bytes[i]
            // Multi-line (any break libyaml counts): folding makes offsets inexact.
            if YAMLLineBreaks.length(bytes, at: i) > 0 { return .none }
            if !double && b == UInt8(ascii: "'") && i + 1 < end && bytes[i + 1] == UInt8(ascii: "'") {
                map.append(i)
                i += 2
                continue
            }
            if double && b == UInt8(ascii: "\\") && i + 1 < end {
                let (length, produced) = escape(bytes, at: i, end: end)
                for _ in 0..<produced { map.append(i) }
                i += length
                continue
            }
            map.append(i)
            i += 1
        }
        map.append(end)
        return map.count == value.count + 1 ? .table(map) : .none
    }

    /// Length in source bytes of the escape at `i`, and how many UTF-8 bytes it produces.
    private static func escape(_ bytes: [UInt8], at i: Int, end: Int) -> (Int, Int) {
        let c = bytes[i + 1]
        func hexValue(_ n: Int) -> UInt32? {
            guard i + 2 + n <= end else { return nil }
            var v: UInt32 = 0
            for k in 0..<n {
                let h = bytes[i + 2 + k]
                let d: UInt32
                switch h {
                case 0x30...0x39: d = UInt32(h - 0x30)
                case 0x41...0x46: d = UInt32(h - 0x41 + 10)
                case 0x61...0x66: d = UInt32(h - 0x61 + 10)
                default: return nil
                }
                v = v * 16 + d
            }
            return v
        }
        func utf8Length(_ v: UInt32) -> Int { v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4 }
        switch c {
        case UInt8(ascii: "x"): return (4, utf8Length(hexValue(2) ?? 0))
        case UInt8(ascii: "u"): return (6, utf8Length(hexValue(4) ?? 0))
        case UInt8(ascii: "U"): return (10, utf8Length(hexValue(8) ?? 0))
        case UInt8(ascii: "N"): return (2, 2)  // U+0085
        case UInt8(ascii: "_"): return (2, 2)  // U+00A0
        case UInt8(ascii: "L"), UInt8(ascii: "P"): return (2, 3)  // U+2028, U+2029
        default: return (2, 1)
        }
    }
}

