/// Maps offsets in a value (a YAML scalar's text, an expression) back to byte offsets in the
/// source, so that a problem inside the value can point at its exact characters.
public enum OffsetMap: Sendable, Hashable {
    /// No exact mapping (multi-line or folded values): callers fall back to the whole range.
    case none
    /// The value's bytes are the source's bytes, starting at `start`, `count` long.
    case identity(start: Int, count: Int)
    /// One source offset per value byte, plus one for the end.
    case table([Int])

    public var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    /// The source range of value bytes `range`, or nil when there is no exact mapping.
    public func sourceRange(of range: Range<Int>) -> SourceRange? {
        switch self {
        case .none:
            return nil
        case .identity(let start, let count):
            let lo = max(0, min(range.lowerBound, count)), hi = max(lo, min(range.upperBound, count))
            return SourceRange(start: start + lo, end: start + hi)
        case .table(let map):
            guard !map.isEmpty else { return nil }
            let lo = max(0, min(range.lowerBound, map.count - 1))
            let hi = max(lo, min(range.upperBound, map.count - 1))
            return SourceRange(start: map[lo], end: map[hi])
        }
    }
}
