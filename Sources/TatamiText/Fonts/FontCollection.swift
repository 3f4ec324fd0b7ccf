/// Font collections (`.ttc`, `.otc`): one face taken out as a font file of its own.
public enum FontCollection {
    /// Face `index` of a collection as a standalone sfnt (its table directory and tables copied,
    /// offsets rewritten); nil when `bytes` is not a collection or is malformed. A browser's
    /// `@font-face` reads only the first face of a collection, so a render embeds this instead.
    public static func standaloneFace(_ bytes: [UInt8], index: Int) -> [UInt8]? {
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        guard bytes.count >= 12, bytes[0..<4] == [0x74, 0x74, 0x63, 0x66],  // "ttcf"
              let count = u32(8), index >= 0, index < count, let start = u32(12 + 4 * index),
              let tables = u16(start + 4), tables < 1_000,
              // The face's directory (12 bytes) and table records (16 each) are all there.
              start + 12 + 16 * tables <= bytes.count else { return nil }
        var entries: [(tag: [UInt8], checksum: [UInt8], offset: Int, length: Int)] = []
        for t in 0..<tables {
            let record = start + 12 + 16 * t
            guard let offset = u32(record + 8), let length = u32(record + 12), offset + length <= bytes.count else { return nil }
            entries.append((Array(bytes[record..<record + 4]), Array(bytes[record + 4..<record + 8]), offset, length))
        }
        var out = Array(bytes[start..<start + 12])
        func put32(_ v: Int) { out += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var offset = 12 + 16 * tables
        var placed: [Int] = []
        for e in entries {
            placed.append(offset)
            out += e.tag + e.checksum
            put32(offset)
            put32(e.length)
            offset += (e.length + 3) & ~3
        }
        for e in entries {
            out += bytes[e.offset..<e.offset + e.length]
            out += [UInt8](repeating: 0, count: ((e.length + 3) & ~3) - e.length)
        }
        return out
    }
}
