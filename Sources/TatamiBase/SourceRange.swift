/// A half-open range of UTF-8 byte offsets into a source file.
///
/// Positions are stored one way only (byte offsets); `LineTable` converts them to
/// (line, Unicode-scalar column) for the CLI and to (line, UTF-16 column) for the server.
public struct SourceRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    public init(_ range: Range<Int>) {
        self.init(start: range.lowerBound, end: range.upperBound)
    }

    /// An empty range at `offset`.
    public static func at(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

    public var length: Int { end - start }
    public var isEmpty: Bool { start == end }

    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }

    /// Whether `offset` lies inside the range or exactly at its end (useful for cursors).
    public func touches(_ offset: Int) -> Bool { offset >= start && offset <= end }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }

    public var description: String { "\(start)..<\(end)" }
}

/// Moves the ranges that start inside `span` (its end included) by `delta` bytes and leaves the
/// others: what a run of text moved by an edit does to the positions found in it.
public struct SpanShift: Sendable {
    public let span: Range<Int>
    public let delta: Int

    public init(span: Range<Int>, delta: Int) {
        self.span = span
        self.delta = delta
    }

    @inlinable
    public func callAsFunction(_ r: SourceRange) -> SourceRange {
        guard delta != 0, r.start >= span.lowerBound, r.start <= span.upperBound else { return r }
        return SourceRange(start: r.start + delta, end: r.end + delta)
    }
}
