import TatamiBase

/// One replacement in a text, in UTF-8 byte offsets of the text it was applied to:
/// `start..<oldEnd` became `newLength` bytes.
public struct TextReplacement: Sendable, Equatable {
    public var start: Int
    public var oldEnd: Int
    public var newLength: Int

    public init(start: Int, oldEnd: Int, newLength: Int) {
        self.start = start
        self.oldEnd = max(start, oldEnd)
        self.newLength = max(0, newLength)
    }

    var newEnd: Int { start + newLength }
    var delta: Int { newLength - (oldEnd - start) }
}

/// How offsets of an older text relate to a newer one, through the replacements made between
/// them (in the order they were made, each in the offsets of the text it was applied to).
///
/// The language server answers a request from the last analysis it has while a newer one is
/// still being computed: positions the client sends are mapped back to the analysed text, and
/// the ranges of the answer forward to the current one. A position inside replaced text has no
/// exact counterpart; it goes to the replacement's start or end (`Bias`), and a range whose
/// text was replaced in part is dropped or clamped by the caller's choice.
public struct EditMap: Sendable {
    public private(set) var replacements: [TextReplacement]

    public init(_ replacements: [TextReplacement] = []) {
        self.replacements = replacements
    }

    public static let identity = EditMap()

    /// True when no replacement lies between the two texts.
    public var isIdentity: Bool { replacements.isEmpty }

    public enum Bias: Sendable { case left, right }

    /// The offset in the newer text of `offset` in the older one. A position strictly inside
    /// replaced text goes to the start (`.left`) or end (`.right`) of what replaced it; so does
    /// a position where text was inserted.
    public func forward(_ offset: Int, bias: Bias = .left) -> Int {
        var o = offset
        for r in replacements {
            if o < r.start { continue }
            if r.start == r.oldEnd {
                // An insertion: at o itself, the bias decides.
                if o > r.start || bias == .right { o += r.newLength }
                continue
            }
            if o == r.start { continue }
            if o >= r.oldEnd { o += r.delta; continue }
            o = bias == .left ? r.start : r.newEnd
        }
        return o
    }

    /// The offset in the older text of `offset` in the newer one (the inverse of `forward`);
    /// a position inside inserted text goes to the start of what it replaced.
    public func backward(_ offset: Int) -> Int {
        var o = offset
        for r in replacements.reversed() {
            // A character where text was deleted is the one that followed the deletion.
            if o < r.start { continue }
            if o >= r.newEnd { o -= r.delta; continue }
            o = r.start
        }
        return o
    }

    /// The range in the newer text, or nil when an end of it was strictly inside replaced text
    /// (its text is no longer what the older analysis saw). Text inserted at the range's start
    /// moves it; at its end, leaves it; replaced text inside it resizes it.
    public func forward(exact range: SourceRange) -> SourceRange? {
        var s = range.start, e = max(range.start, range.end)
        for r in replacements {
            if (s > r.start && s < r.oldEnd) || (e > r.start && e < r.oldEnd) { return nil }
            let empty = s == e
            if s >= r.oldEnd { s += r.delta }
            if empty { e = s; continue }
            if e > r.start && e >= r.oldEnd { e += r.delta }
        }
        return SourceRange(start: s, end: e)
    }

    /// The range in the newer text, its ends moved out of replaced text (start to the left,
    /// end to the right): a range that held an edit grows with it.
    public func forward(enclosing range: SourceRange) -> SourceRange {
        let s = forward(range.start, bias: .left)
        let e = forward(range.end, bias: .right)
        return SourceRange(start: s, end: max(s, e))
    }

    /// The smallest offset in the newer text that any replacement touched; nil when none did.
    public var firstChange: Int? {
        var first: Int?
        // A later replacement moves nothing before its start, so the earliest start stays put.
        for r in replacements { first = min(first ?? r.start, r.start) }
        return first
    }

    public mutating func append(_ r: TextReplacement) {
        replacements.append(r)
    }
}
