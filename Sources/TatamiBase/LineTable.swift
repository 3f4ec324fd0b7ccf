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
public struct LineTable: Sendable {
    /// The source, as bytes.
    public let bytes: [UInt8]
    /// Byte offset where each line starts. Always non-empty; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

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
    }

    /// Whether `bytes[range]` holds a byte ≥ 0x80 (checked eight bytes at a time).
    public static func containsNonASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !range.isEmpty else { return false }
            let raw = UnsafeRawPointer(base)
            var i = range.lowerBound
            while i + 8 <= range.upperBound {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
                i += 8
            }
            while i < range.upperBound {
                if buffer[i] >= 0x80 { return true }
                i += 1
            }
            return false
        }
    }

    public var lineCount: Int { lineStarts.count }

    /// The column of offset `o` on `line` when the line is ASCII up to it (a column is then a
    /// byte count in every unit); nil otherwise. Checked eight bytes at a time, which matters on
    /// long lines: deeply nested block YAML is indented hundreds of columns.
    private func asciiColumn(_ line: Int, _ o: Int) -> Int? {
        LineTable.containsNonASCII(bytes, lineStarts[line]..<o) ? nil : o - lineStarts[line]
    }

    /// The 0-based line containing `offset` (clamped to the text).
    public func line(ofByte offset: Int) -> Int {
        let o = clampOffset(offset)
        // Binary search for the last line start <= o.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
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

    // MARK: Scalar columns

    /// (line, Unicode-scalar column), both 0-based.
    public func scalarPosition(ofByte offset: Int) -> (line: Int, column: Int) {
        let o = clampOffset(offset)
        let line = line(ofByte: o)
        if let column = asciiColumn(line, o) { return (line, column) }
        var column = 0
        var i = lineStarts[line]
        while i < o {
            i += LineTable.sequenceLength(bytes[i])
            column += 1
        }
        return (line, column)
    }

    /// Byte offset of (line, Unicode-scalar column); out-of-range values are clamped to the line.
    public func byteOffset(line: Int, scalarColumn: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let range = contentRange(ofLine: line)
        var i = range.lowerBound
        var column = 0
        while i < range.upperBound && column < scalarColumn {
            i = min(range.upperBound, i + LineTable.sequenceLength(bytes[i]))
            column += 1
        }
        return i
    }

    // MARK: UTF-16 columns

    /// (line, UTF-16 column), both 0-based.
    public func utf16Position(ofByte offset: Int) -> (line: Int, column: Int) {
        let o = clampOffset(offset)
        let line = line(ofByte: o)
        if let column = asciiColumn(line, o) { return (line, column) }
        var column = 0
        var i = lineStarts[line]
        while i < o {
            let n = LineTable.sequenceLength(bytes[i])
            column += n == 4 ? 2 : 1
            i += n
        }
        return (line, column)
    }

    /// Byte offset of (line, UTF-16 column); out-of-range values are clamped to the line, and a
    /// column in the middle of a surrogate pair is moved to the start of that character.
    public func byteOffset(line: Int, utf16Column: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let range = contentRange(ofLine: line)
        var i = range.lowerBound
        var column = 0
        while i < range.upperBound {
            let n = LineTable.sequenceLength(bytes[i])
            let width = n == 4 ? 2 : 1
            if column + width > utf16Column { break }
            column += width
            i = min(range.upperBound, i + n)
        }
        return i
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
