#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts between UTF-8 byte offsets and line/column positions.
///
/// Lines end at `\n`; a `\r` before it belongs to the line terminator and is not part of any
/// column count beyond the line's content. Columns are 0-based here; presentation layers add 1.
/// Three column units are supported: UTF-8 bytes, Unicode scalars (the CLI's and libyaml's unit)
/// and UTF-16 code units (the language server's default).
///
/// Every conversion takes the same time however long the line is: a text with non-ASCII bytes
/// gets a `ColumnIndex` (counts of UTF-8 continuation bytes and of 4-byte lead bytes before
/// every 128th byte, built in one pass), so a column is a difference of two prefix counts, each
/// a table entry plus at most 127 bytes counted eight at a time; the way back is a binary search
/// of the table and a scan of at most one block. In text that is not valid UTF-8 each byte
/// that is not a continuation byte (`10xxxxxx`) starts a character, and a byte from 0xF0 up
/// counts as two UTF-16 units.
public struct LineTable: Sendable {
    /// The source, as bytes.
    public let bytes: [UInt8]
    /// Byte offset where each line starts. Always non-empty; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// Prefix counts for columns; nil when every byte is ASCII (a column is then a byte count).
    private let columns: ColumnIndex?

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        // memchr: a 64 MiB file's lines are found in milliseconds, even in a debug build.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = UnsafeRawPointer(base)
            var p = start
            let end = start + buffer.count
            while p < end, let hit = memchr(p, 0x0A, end - p) {
                let newline = UnsafeRawPointer(hit)
                starts.append(newline - start + 1)
                p = newline + 1
            }
        }
        self.lineStarts = starts
        self.columns = ColumnIndex(bytes)
    }

    /// The table of `bytes`, the text `old` had once `replaced` (a range of its bytes) was
    /// replaced by `bytes[replaced.lowerBound..<replaced.lowerBound + insertedCount]`: the same as
    /// `LineTable(bytes:)`, made from `old`'s line starts (those before the edit kept, those after
    /// it moved) and a scan of the inserted bytes alone. An editor's keystroke in a long file.
    public init(editing old: LineTable, replacing replaced: Range<Int>, insertedCount: Int, bytes: [UInt8]) {
        precondition(replaced.lowerBound >= 0 && replaced.upperBound <= old.bytes.count
                     && bytes.count == old.bytes.count - replaced.count + insertedCount, "an edit of the old text")
        self.bytes = bytes
        let delta = insertedCount - replaced.count
        // A line start s follows the newline at s − 1: kept when that byte is before the edit,
        // gone when it was replaced, moved when it is after.
        let kept = old.line(ofByte: replaced.lowerBound)
        var starts = [Int]()
        starts.reserveCapacity(old.lineStarts.count + 16)
        starts.append(contentsOf: old.lineStarts[...kept])
        let inserted = replaced.lowerBound..<(replaced.lowerBound + insertedCount)
        for i in inserted where bytes[i] == 0x0A { starts.append(i + 1) }
        var next = kept + 1
        while next < old.lineStarts.count && old.lineStarts[next] <= replaced.upperBound { next += 1 }
        for k in next..<old.lineStarts.count { starts.append(old.lineStarts[k] + delta) }
        lineStarts = starts
        // Still all ASCII when it was and the inserted bytes are.
        columns = old.columns == nil && !LineTable.containsNonASCII(bytes, inserted) ? nil : ColumnIndex(bytes)
    }

    /// Whether every byte of the text is ASCII.
    public var isASCII: Bool { columns == nil }

    /// Whether `bytes[range]` holds a byte ≥ 0x80 (checked eight bytes at a time).
    public static func containsNonASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !range.isEmpty else { return false }
            return ColumnIndex.firstNonASCII(UnsafeRawPointer(base), range) != nil
        }
    }

    public var lineCount: Int { lineStarts.count }

    /// The 0-based line containing `offset` (clamped to the text).
    public func line(ofByte offset: Int) -> Int {
        lastLine(startingAtOrBefore: clampOffset(offset), in: 0, lineStarts.count - 1)
    }

    /// The last of the lines `lo...hi` that starts at or before `o` (line `lo` does).
    private func lastLine(startingAtOrBefore o: Int, in lo: Int, _ hi: Int) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `line(ofByte:)`, searched from `hint`, a line at or before the answer (offsets asked in
    /// order: a walk down a file): the lines after it are tried 1, 2, 4, … ahead, then the last
    /// step is searched, so a nearby answer costs a few probes instead of a search of every line.
    /// A `hint` past the answer is ignored.
    public func line(ofByte offset: Int, from hint: Int) -> Int {
        let o = clampOffset(offset)
        guard hint >= 0, hint < lineStarts.count, lineStarts[hint] <= o else { return line(ofByte: offset) }
        var lo = hint, step = 1
        var hi = lineStarts.count - 1
        while lo + step <= hi {
            if lineStarts[lo + step] <= o {
                lo += step
                step *= 2
            } else {
                hi = lo + step - 1
                break
            }
        }
        return lastLine(startingAtOrBefore: o, in: lo, hi)
    }

    /// Byte range of a line's content, without its `\n` (a trailing `\r` is excluded too).
    public func contentRange(ofLine line: Int) -> Range<Int> {
        let l = max(0, min(line, lineStarts.count - 1))
        let start = lineStarts[l]
        var end = l + 1 < lineStarts.count ? lineStarts[l + 1] - 1 : bytes.count
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    public func clampOffset(_ offset: Int) -> Int { max(0, min(offset, bytes.count)) }

    /// The column of offset `o` on `line`: characters (or UTF-16 units) that start between the
    /// line's start and `o`. A character `o` falls inside counts whole.
    private func column(_ line: Int, _ o: Int, utf16: Bool) -> Int {
        let start = lineStarts[line]
        guard let columns else { return o - start }
        return bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            return columns.units(before: o, base, utf16: utf16) - columns.units(before: start, base, utf16: utf16)
        }
    }

    /// The byte offset of `column` on `line`: the last character start (or the line's end) with
    /// at most `column` characters (or UTF-16 units) before it on the line.
    private func offset(line: Int, column: Int, utf16: Bool) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let range = contentRange(ofLine: line)
        let c = max(0, column)
        guard let columns else { return range.lowerBound + min(c, range.count) }
        return bytes.withUnsafeBufferPointer { buffer in
            columns.offset(in: range, column: c, UnsafeRawPointer(buffer.baseAddress!), utf16: utf16)
        }
    }

    // MARK: Scalar columns

    /// (line, Unicode-scalar column), both 0-based.
    public func scalarPosition(ofByte offset: Int) -> (line: Int, column: Int) {
        let o = clampOffset(offset)
        let line = line(ofByte: o)
        return (line, column(line, o, utf16: false))
    }

    /// Byte offset of (line, Unicode-scalar column); out-of-range values are clamped to the line.
    public func byteOffset(line: Int, scalarColumn: Int) -> Int {
        offset(line: line, column: scalarColumn, utf16: false)
    }

    /// The byte offset where the text's Unicode scalar number `index` starts, counted from 0 at
    /// the text's start whatever its lines (the text's length past the last scalar). The same
    /// time wherever it is: a binary search of the column index.
    public func byteOffset(scalarIndex index: Int) -> Int {
        let n = max(0, index)
        guard let columns, !bytes.isEmpty else { return min(n, bytes.count) }
        return bytes.withUnsafeBufferPointer { buffer in
            columns.offset(in: 0..<buffer.count, column: n, UnsafeRawPointer(buffer.baseAddress!), utf16: false)
        }
    }

    // MARK: UTF-16 columns

    /// (line, UTF-16 column), both 0-based.
    public func utf16Position(ofByte offset: Int) -> (line: Int, column: Int) {
        let o = clampOffset(offset)
        let line = line(ofByte: o)
        return (line, column(line, o, utf16: true))
    }

    /// Byte offset of (line, UTF-16 column); out-of-range values are clamped to the line, and a
    /// column in the middle of a surrogate pair is moved to the start of that character.
    public func byteOffset(line: Int, utf16Column: Int) -> Int {
        offset(line: line, column: utf16Column, utf16: true)
    }

    // MARK: UTF-8 columns

    public func utf8Position(ofByte offset: Int) -> (line: Int, column: Int) {
        let o = clampOffset(offset)
        let line = line(ofByte: o)
        return (line, o - lineStarts[line])
    }

    public func byteOffset(line: Int, utf8Column: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let range = contentRange(ofLine: line)
        var o = min(range.upperBound, range.lowerBound + max(0, utf8Column))
        // Never split a character.
        while o > range.lowerBound && o < bytes.count && (bytes[o] & 0xC0) == 0x80 { o -= 1 }
        return o
    }

    /// The text of a byte range (invalid UTF-8 is repaired).
    public func text(_ range: SourceRange) -> String {
        let s = clampOffset(range.start), e = clampOffset(range.end)
        return String(decoding: bytes[s..<max(s, e)], as: UTF8.self)
    }

    /// Length in bytes of the UTF-8 sequence introduced by `lead` (1 for stray continuation bytes).
    @inline(__always)
    public static func sequenceLength(_ lead: UInt8) -> Int {
        if lead < 0x80 { return 1 }
        if lead >= 0xF0 { return 4 }
        if lead >= 0xE0 { return 3 }
        if lead >= 0xC0 { return 2 }
        return 1
    }
}

/// Counts for columns in a text with non-ASCII bytes: for every block of `blockSize` bytes, how
/// many continuation bytes (`10xxxxxx`, which start no character) and how many bytes from 0xF0
/// up (characters of two UTF-16 units) come before the block. A class, so that a `LineTable`
/// stays three words to copy.
private final class ColumnIndex: Sendable {
    static let blockSize = 128
    /// `continuations[b]`, `longLeads[b]`: the counts over `bytes[0 ..< b * blockSize]`, for
    /// b from 0 to the text's length / `blockSize`.
    let continuations: [Int]
    let longLeads: [Int]

    /// nil when every byte is ASCII.
    init?(_ bytes: [UInt8]) {
        let built: ([Int], [Int])? = bytes.withUnsafeBufferPointer { buffer in
            guard let b = buffer.baseAddress, let first = Self.firstNonASCII(UnsafeRawPointer(b), 0..<buffer.count) else { return nil }
            let base = UnsafeRawPointer(b)
            let blocks = buffer.count / Self.blockSize + 1
            var continuations = [Int](repeating: 0, count: blocks)
            var longLeads = [Int](repeating: 0, count: blocks)
            // Blocks before the first non-ASCII byte count nothing.
            var block = first / Self.blockSize
            var c = 0, l = 0
            while block + 1 < blocks {
                let start = block * Self.blockSize
                let counted = Self.counts(base, start..<(start + Self.blockSize))
                c += counted.continuations
                l += counted.longLeads
                block += 1
                continuations[block] = c
                longLeads[block] = l
            }
            return (continuations, longLeads)
        }
        guard let built else { return nil }
        continuations = built.0
        longLeads = built.1
    }

    /// The first byte ≥ 0x80 in `range`, looked for eight bytes at a time.
    static func firstNonASCII(_ base: UnsafeRawPointer, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080
            if w != 0 { return i + w.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < range.upperBound {
            if base.load(fromByteOffset: i, as: UInt8.self) >= 0x80 { return i }
            i += 1
        }
        return nil
    }

    /// Continuation bytes and bytes ≥ 0xF0 in `range`, counted eight at a time.
    @inline(__always)
    static func counts(_ base: UnsafeRawPointer, _ range: Range<Int>) -> (continuations: Int, longLeads: Int) {
        let high: UInt64 = 0x8080_8080_8080_8080
        var c = 0, l = 0
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if w & high != 0 {
                // Each byte's top bit: set, with the next bit clear (10xxxxxx); set with the
                // next three bits set (1111xxxx). Shifts move a byte's lower bits into its top
                // bit; what crosses into the next byte lands below its top bit and is masked.
                c += (w & ~(w &<< 1) & high).nonzeroBitCount
                l += (w & (w &<< 1) & (w &<< 2) & (w &<< 3) & high).nonzeroBitCount
            }
            i += 8
        }
        while i < range.upperBound {
            let b = base.load(fromByteOffset: i, as: UInt8.self)
            if b & 0xC0 == 0x80 { c += 1 }
            if b >= 0xF0 { l += 1 }
            i += 1
        }
        return (c, l)
    }

    /// Scalars (or UTF-16 units) that start in `bytes[0 ..< o]`.
    @inline(__always)
    func units(before o: Int, _ base: UnsafeRawPointer, utf16: Bool) -> Int {
        let block = o / Self.blockSize
        let counted = Self.counts(base, (block * Self.blockSize)..<o)
        let c = continuations[block] + counted.continuations
        return utf16 ? o - c + longLeads[block] + counted.longLeads : o - c
    }

    /// Units before the start of block `b`.
    @inline(__always)
    private func units(atBlock b: Int, utf16: Bool) -> Int {
        let o = b * Self.blockSize
        return utf16 ? o - continuations[b] + longLeads[b] : o - continuations[b]
    }

    /// The last character start in `range` (or its end) with at most `column` units between
    /// `range`'s start and it.
    func offset(in range: Range<Int>, column: Int, _ base: UnsafeRawPointer, utf16: Bool) -> Int {
        let start = units(before: range.lowerBound, base, utf16: utf16)
        let target = start + min(column, range.count * 2)
        // Skip the whole blocks before the target: the last block start inside the range with
        // at most `target` units before it.
        var i = range.lowerBound
        var u = start
        var lo = range.lowerBound / Self.blockSize + 1, hi = range.upperBound / Self.blockSize
        if lo <= hi, units(atBlock: lo, utf16: utf16) <= target {
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if units(atBlock: mid, utf16: utf16) <= target { lo = mid } else { hi = mid - 1 }
            }
            i = lo * Self.blockSize
            u = units(atBlock: lo, utf16: utf16)
            // A block may start inside a character: go back to its start (at most three bytes
            // in UTF-8), whose units are those of the block's start minus its own.
            var back = 0
            while back < 3, i > range.lowerBound, base.load(fromByteOffset: i, as: UInt8.self) & 0xC0 == 0x80 {
                i -= 1
                back += 1
            }
            if back > 0 { u = units(before: i, base, utf16: utf16) }
        }
        // Walk the characters from there.
        var best = i
        while i < range.upperBound {
            let b = base.load(fromByteOffset: i, as: UInt8.self)
            let w = b & 0xC0 == 0x80 ? 0 : (utf16 && b >= 0xF0 ? 2 : 1)
            if w > 0 {
                // `i` starts a character with `u` units before it.
                if u > target { break }
                best = i
            }
            u += w
            i += 1
        }
        if i == range.upperBound && u <= target { best = i }
        return best
    }
}
