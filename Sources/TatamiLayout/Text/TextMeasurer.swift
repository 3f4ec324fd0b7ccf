import TatamiBase
import TatamiModel

/// Measures, wraps and truncates text with the monospace model (docs/format.md §5.1).
///
/// The text is turned once into an array of clusters (Swift `Character`s with their cell widths),
/// and everything after that works on indices into it, so a layout is O(n) in the text length.
///
/// Choices where docs/format.md §5.1 leaves room:
/// - Natural lines end at `"\n"` and at `"\r\n"` (one `Character` in Swift). A lone `"\r"` and other
///   controls are ordinary 1-cell clusters.
/// - Only U+0020 SPACE is a space for wrapping; other spaces (no-break, ideographic, …) are ordinary
///   clusters. There are no other break opportunities (a zero-width space is not one).
/// - With a finite capacity, spaces "hang": they never force a wrap. At a wrap point every space
///   before it (and, defensively, after it) is dropped. At the end of a natural line trailing spaces
///   are kept as far as they fit the capacity, so proposing the ideal width reproduces the ideal
///   lines.
/// - A wrapped line that would hold only spaces (an indentation wider than the line) is dropped.
/// - A cluster wider than the line (a 2-cell cluster on a 1-cell line) goes alone on its line,
///   which is then 2 cells wide.
/// - `lineLimit < 1` counts as 1. Negative proposed lengths count as 0 (a `ProposedSize` cannot hold NaN: it reads as unspecified); an infinite width
///   does not wrap and an infinite height does not cap. Cell and line counts are
///   `floor(length / unit + 1e-9)`, so rounding noise just below a whole cell still counts it.
/// - A non-finite or non-positive font width means no wrapping (and a 0-point advance); likewise
///   a bad line height means no height cap (and 0-point lines).
/// - Truncation with a finite capacity C rewrites the last kept line from the text that starts at
///   it (each line break read as one space), within C − 1 cells:
///   - tail: the longest prefix that fits, trailing spaces dropped, then `…`;
///   - head: `…`, then the longest suffix that fits, leading spaces dropped;
///   - middle: the longest prefix within ceil((C − 1) / 2) cells (trailing spaces dropped), `…`,
///     then the longest suffix within floor((C − 1) / 2) cells that does not overlap the prefix
///     (leading spaces dropped). Cells one side cannot use are not given to the other.
///   Zero-width clusters are taken while the budget allows (they cost nothing).
/// - With an unbounded capacity (unspecified or infinite width) `…` is appended to the last kept
///   natural line for every truncation mode, with the line unchanged (spaces kept).
/// - Empty text: no lines, 0×0, both baselines 0.
/// - `TextLine.cells` is summed over the original clusters. `TextLine.text` is those clusters
///   joined (line breaks as spaces in a rebuilt line), so Swift may re-segment it: a lone
///   combining mark placed after `…` or after a line break read as a space joins that cluster.
/// - A non-empty text is at least one cell wide, even when its lines are all empty (`"\n"`).
public enum TextMeasurer {
    /// The truncation mark, one cell wide.
    public static let ellipsis: Character = "…"

    /// A text's lines for a proposal. Layout measures with `metrics` and builds lines only when
    /// a frame's drawing is read, once per text, so the clusters are found here each time.
    public static func layout(
        _ text: String, font: FontMetrics, lineLimit: Int?, truncation: Truncation, proposal: ProposedSize
    ) -> TextLayoutResult {
        let advance = sanitizedMetric(font.width)
        let lineHeight = sanitizedMetric(font.height)
        if text.isEmpty {
            return TextLayoutResult(lines: [], size: .zero, truncated: false, firstBaseline: 0, lastBaseline: 0)
        }
        var spans: [Span] = []
        let b = breakText(text, clusters: nil, lineLimit: lineLimit, proposal: proposal, advance: advance, lineHeight: lineHeight,
                          into: &spans)
        var lines: [TextLine] = []
        lines.reserveCapacity(b.lineCount)
        for span in spans[0..<b.fullLines] {
            lines.append(TextLine(text: string(text, b.clusters, span.start..<span.end), cells: span.cells,
                                  width: Double(span.cells) * advance))
        }
        if b.truncated {
            let last = spans[b.lineCount - 1]
            if let capacity = b.capacity {
                lines.append(truncatedLine(text, b.clusters, from: last.start, capacity: capacity, mode: truncation, advance: advance))
            } else {
                var s = string(text, b.clusters, last.start..<last.end)
                s.append(ellipsis)
                lines.append(TextLine(text: s, cells: last.cells + 1, width: Double(last.cells + 1) * advance))
            }
        }
        let m = finish(widest: lines.reduce(0) { max($0, $1.cells) }, lineCount: lines.count, truncated: b.truncated,
                       advance: advance, lineHeight: lineHeight)
        return TextLayoutResult(lines: lines, size: m.size, truncated: m.truncated, firstBaseline: m.firstBaseline,
                                lastBaseline: m.lastBaseline)
    }

    /// The cells a line may take (nil: no limit) and the lines that may be shown (nil: no
    /// limit) for a proposal: the smaller of the line limit and the lines that fit the height.
    /// The measurement cache's key for texts relies on this (`LayoutTree.cacheKey`).
    static func bounds(_ proposal: ProposedSize, lineLimit: Int?, advance: Double, lineHeight: Double) -> (capacity: Int?, maxLines: Int?) {
        let capacity = unitCount(proposal.width, unit: advance)
        var maxLines = lineLimit.map { min(max(1, $0), Int.max - 1) }
        if let byHeight = unitCount(proposal.height, unit: lineHeight) {
            maxLines = min(maxLines ?? byHeight, byHeight)
        }
        return (capacity, maxLines)
    }

    /// The size, truncation and baselines `layout` would give, without building any line's
    /// text: what measuring needs (lines are built only when a frame's drawing is read).
    ///
    /// Lines are broken into `scratch` (its contents replaced): a caller measuring many texts
    /// keeps one array for all of them.
    static func metrics(
        _ text: String, clusters: [Cluster], font: FontMetrics, lineLimit: Int?, truncation: Truncation,
        proposal: ProposedSize, scratch spans: inout [Span]
    ) -> TextMetrics {
        let advance = sanitizedMetric(font.width)
        let lineHeight = sanitizedMetric(font.height)
        if text.isEmpty {
            return TextMetrics(size: .zero, truncated: false, firstBaseline: 0, lastBaseline: 0)
        }
        let b = breakText(text, clusters: clusters, lineLimit: lineLimit, proposal: proposal, advance: advance, lineHeight: lineHeight,
                          into: &spans)
        var widest = spans[0..<b.fullLines].reduce(0) { max($0, $1.cells) }
        if b.truncated {
            let last = spans[b.lineCount - 1]
            if let capacity = b.capacity {
                widest = max(widest, truncationParts(b.clusters, from: last.start, capacity: capacity, mode: truncation).cells)
            } else {
                widest = max(widest, last.cells + 1)
            }
        }
        return finish(widest: widest, lineCount: b.lineCount, truncated: b.truncated, advance: advance, lineHeight: lineHeight)
    }

    /// A text broken into lines for a proposal (the lines themselves in the caller's array):
    /// what `layout` and `metrics` share.
    private struct BrokenText {
        let clusters: [Cluster]
        let capacity: Int?
        /// The lines shown; when `truncated`, the last of them is cut with `…`.
        let lineCount: Int
        let truncated: Bool
        /// The lines shown whole.
        var fullLines: Int { truncated ? lineCount - 1 : lineCount }
    }

    private static func breakText(
        _ text: String, clusters known: [Cluster]?, lineLimit: Int?, proposal: ProposedSize, advance: Double, lineHeight: Double,
        into spans: inout [Span]
    ) -> BrokenText {
        let (capacity, maxLines) = bounds(proposal, lineLimit: lineLimit, advance: advance, lineHeight: lineHeight)
        let clusters = known ?? makeClusters(text)
        // One line more than the limit is enough to know that the text is cut.
        breakLines(clusters, capacity: capacity, stopAfter: maxLines.map { $0 + 1 }, into: &spans)
        if let limit = maxLines, spans.count > limit {
            return BrokenText(clusters: clusters, capacity: capacity, lineCount: limit, truncated: true)
        }
        return BrokenText(clusters: clusters, capacity: capacity, lineCount: spans.count, truncated: false)
    }

    /// Size and baselines of `lineCount` lines, the widest `widest` cells (at least one).
    private static func finish(widest: Int, lineCount: Int, truncated: Bool, advance: Double, lineHeight: Double) -> TextMetrics {
        let count = Double(lineCount)
        return TextMetrics(
            size: Size(width: Double(max(1, widest)) * advance, height: count * lineHeight),
            truncated: truncated,
            firstBaseline: 0.75 * lineHeight,
            lastBaseline: (count - 1) * lineHeight + 0.75 * lineHeight
        )
    }

    // MARK: - Clusters

    /// One grapheme cluster of a text, as plain values (no reference to count): where its bytes
    /// are in the text's UTF-8, its cells, and how it wraps.
    struct Cluster {
        enum Kind: UInt8 { case other, space, newline }
        /// The cluster's first byte in the text's UTF-8, and its byte count.
        let start: UInt32
        let length: UInt32
        private let cellCount: UInt8
        let kind: Kind
        /// The cluster's byte when it is one ASCII byte (not `"\r\n"`); 0 otherwise.
        let ascii: UInt8

        init(start: Int, length: Int, cells: Int, kind: Kind, ascii: UInt8) {
            self.start = UInt32(truncatingIfNeeded: start)
            self.length = UInt32(truncatingIfNeeded: length)
            self.cellCount = UInt8(truncatingIfNeeded: cells)
            self.kind = kind
            self.ascii = ascii
        }

        var cells: Int { Int(cellCount) }
    }

    /// The text's clusters. Texts longer than 4 GiB cannot reach here (files are far smaller).
    static func makeClusters(_ text: String) -> [Cluster] {
        var result: [Cluster] = []
        result.reserveCapacity(text.utf8.count)
        // Most texts are ASCII: then every byte is a cluster (but `"\r\n"`, one cluster), and
        // Unicode's grapheme breaking, the costly part, is not needed.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var previousCR = false
            var offset = 0
            for b in text.utf8 {
                defer { offset += 1 }
                if b == 0x0A && previousCR {
                    result[result.count - 1] = Cluster(start: offset - 1, length: 2, cells: 1, kind: .newline, ascii: 0)
                    previousCR = false
                    continue
                }
                previousCR = b == 0x0D
                let kind: Cluster.Kind = b == 0x20 ? .space : b == 0x0A ? .newline : .other
                result.append(Cluster(start: offset, length: 1, cells: 1, kind: kind, ascii: b))
            }
            return result
        }
        var offset = 0
        for c in text {
            let length = c.utf8.count
            if let ascii = c.asciiValue {  // "\r\n" reports 0x0A
                let kind: Cluster.Kind = ascii == 0x20 ? .space : ascii == 0x0A ? .newline : .other
                result.append(Cluster(start: offset, length: length, cells: 1, kind: kind, ascii: length == 1 ? ascii : 0))
            } else {
                result.append(Cluster(start: offset, length: length, cells: CellWidth.of(c), kind: .other, ascii: 0))
            }
            offset += length
        }
        return result
    }

    /// The text of clusters `range` (line breaks as spaces when asked), from the text's bytes.
    static func string(_ text: String, _ clusters: [Cluster], _ range: Range<Int>, newlinesAsSpaces: Bool = false) -> String {
        // ASCII lines are built from their bytes in one go.
        if clusters[range].allSatisfy({ $0.ascii != 0 || (newlinesAsSpaces && $0.kind == .newline) }) {
            return String(unsafeUninitializedCapacity: range.count) { buffer in
                var k = 0
                for i in range {
                    let c = clusters[i]
                    buffer[k] = c.ascii != 0 && !(newlinesAsSpaces && c.kind == .newline) ? c.ascii : 0x20
                    k += 1
                }
                return k
            }
        }
        var bytes: [UInt8] = []
        var source = text
        source.withUTF8 { utf8 in
            for i in range {
                let c = clusters[i]
                if newlinesAsSpaces && c.kind == .newline {
                    bytes.append(0x20)
                } else {
                    bytes.append(contentsOf: utf8[Int(c.start)..<Int(c.start) + Int(c.length)])
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Line breaking

    /// A laid-out line: clusters `start..<end`, `cells` wide.
    struct Span: Equatable {
        var start: Int
        var end: Int
        var cells: Int
    }

    /// Greedy wrapping of every natural line into `spans` (its contents replaced); stops once
    /// `stopAfter` lines exist.
    static func breakLines(_ clusters: [Cluster], capacity: Int?, stopAfter: Int?, into spans: inout [Span]) {
        spans.removeAll(keepingCapacity: true)
        let limit = stopAfter ?? Int.max
        let n = clusters.count
        var lineStart = 0
        while spans.count < limit {
            var lineEnd = lineStart
            while lineEnd < n && clusters[lineEnd].kind != .newline { lineEnd += 1 }
            if let capacity {
                wrap(clusters, lineStart..<lineEnd, capacity: capacity, into: &spans, limit: limit)
            } else {
                var cells = 0
                for i in lineStart..<lineEnd { cells += clusters[i].cells }
                spans.append(Span(start: lineStart, end: lineEnd, cells: cells))
            }
            if lineEnd >= n { break }
            lineStart = lineEnd + 1  // past the line break; a final "\n" leaves an empty last line
        }
    }

    /// Greedy wrapping of one natural line (no line breaks inside `range`) at `capacity` cells.
    ///
    /// Break opportunities are before a non-space that follows a space, and before and after any
    /// 2-cell cluster. Each cluster is scanned at most twice: after a wrap at the last opportunity,
    /// the rescanned clusters hold no opportunity and fit on the new line.
    static func wrap(_ clusters: [Cluster], _ range: Range<Int>, capacity: Int, into spans: inout [Span], limit: Int) {
        let end = range.upperBound
        var start = range.lowerBound
        var pos = start
        var width = 0  // cells of start..<pos, spaces included
        var lastBreak = -1  // latest opportunity in (start, pos]
        var widthAtBreak = 0  // cells of start..<lastBreak

        // A line ending at a wrap point, its trailing spaces dropped. A line of spaces only (an
        // indentation too wide for the line) is dropped with them.
        func emit(_ from: Int, _ to: Int, _ cells: Int) {
            var to = to
            var cells = cells
            while to > from && clusters[to - 1].kind == .space {
                to -= 1
                cells -= 1
            }
            if to > from { spans.append(Span(start: from, end: to, cells: cells)) }
        }
        func restart(at index: Int) {
            start = index
            while start < end && clusters[start].kind == .space { start += 1 }
            pos = start
            width = 0
            lastBreak = -1
            widthAtBreak = 0
        }

        while pos < end {
            let c = clusters[pos]
            if pos > start {
                let previous = clusters[pos - 1]
                if (previous.kind == .space && c.kind != .space) || c.cells == 2 || previous.cells == 2 {
                    lastBreak = pos
                    widthAtBreak = width
                }
            }
            if c.kind != .space && width + c.cells > capacity {
                if lastBreak > start {
                    emit(start, lastBreak, widthAtBreak)
                    restart(at: lastBreak)
                } else if pos == start {
                    // A cluster wider than the whole line goes alone on it.
                    emit(pos, pos + 1, c.cells)
                    restart(at: pos + 1)
                } else {
                    // No opportunity: break the word between clusters.
                    emit(start, pos, width)
                    restart(at: pos)
                }
                if spans.count >= limit { return }
                continue
            }
            width += c.cells
            pos += 1
        }
        // Nothing left after a wrap (only dropped spaces): no extra line.
        if start == end && start > range.lowerBound { return }
        // End of the natural line: trailing spaces stay as far as they fit.
        var to = end
        while width > capacity && to > start && clusters[to - 1].kind == .space {
            to -= 1
            width -= 1
        }
        spans.append(Span(start: start, end: to, cells: width))
    }

    // MARK: - Truncation

    /// The last kept line, rebuilt from the text starting at `from` (line breaks read as spaces).
    static func truncatedLine(_ source: String, _ clusters: [Cluster], from: Int, capacity: Int, mode: Truncation,
                              advance: Double) -> TextLine {
        let parts = truncationParts(clusters, from: from, capacity: capacity, mode: mode)
        var text = ""
        if let end = parts.prefixEnd { text = string(source, clusters, from..<end, newlinesAsSpaces: true) }
        text.append(ellipsis)
        if let start = parts.suffixStart { text += string(source, clusters, start..<clusters.count, newlinesAsSpaces: true) }
        return TextLine(text: text, cells: parts.cells, width: Double(parts.cells) * advance)
    }

    /// What the last kept line holds: clusters `from..<prefixEnd` (if any), `…`, then clusters
    /// `suffixStart..<n` (if any), `cells` wide in all.
    struct TruncationParts {
        var prefixEnd: Int?
        var suffixStart: Int?
        var cells: Int
    }

    static func truncationParts(_ clusters: [Cluster], from: Int, capacity: Int, mode: Truncation) -> TruncationParts {
        let budget = max(0, capacity - 1)
        let n = clusters.count
        func isBlank(_ i: Int) -> Bool { clusters[i].kind != .other }
        func cells(_ i: Int) -> Int { clusters[i].kind == .other ? clusters[i].cells : 1 }

        // The longest prefix of from..<n within `cells` cells, trailing blanks dropped.
        func prefix(_ limit: Int) -> (end: Int, untrimmedEnd: Int, cells: Int) {
            var i = from
            var used = 0
            while i < n && used + cells(i) <= limit {
                used += cells(i)
                i += 1
            }
            let untrimmed = i
            while i > from && isBlank(i - 1) {
                i -= 1
                used -= 1
            }
            return (i, untrimmed, used)
        }
        // The longest suffix of lowerLimit..<n within `limit` cells, leading blanks dropped.
        func suffix(_ limit: Int, notBefore lowerLimit: Int) -> (start: Int, cells: Int) {
            var j = n
            var used = 0
            while j > lowerLimit && used + cells(j - 1) <= limit {
                used += cells(j - 1)
                j -= 1
            }
            while j < n && isBlank(j) {
                j += 1
                used -= 1
            }
            return (j, used)
        }

        switch mode {
        case .tail:
            let p = prefix(budget)
            return TruncationParts(prefixEnd: p.end, suffixStart: nil, cells: 1 + p.cells)
        case .head:
            let s = suffix(budget, notBefore: from)
            return TruncationParts(prefixEnd: nil, suffixStart: s.start, cells: 1 + s.cells)
        case .middle:
            let p = prefix((budget + 1) / 2)
            let s = suffix(budget / 2, notBefore: p.untrimmedEnd)
            return TruncationParts(prefixEnd: p.end, suffixStart: s.start, cells: 1 + p.cells + s.cells)
        }
    }

    // MARK: - Proposals

    /// A font metric usable as a unit: finite and positive, else 0.
    static func sanitizedMetric(_ v: Double) -> Double {
        v.isFinite && v > 0 ? v : 0
    }

    /// How many whole units fit in a proposed length, at least 1; nil when unbounded (unspecified,
    /// infinite, or a unit of 0).
    static func unitCount(_ length: Double?, unit: Double) -> Int? {
        guard var length, unit > 0 else { return nil }
        if length.isNaN || length < 0 { length = 0 }
        if length.isInfinite { return nil }
        // Not negative, so truncating is flooring (and needs no call into libm); 1e15 is
        // whole, so comparing before flooring gives the same answer as after.
        let count = length / unit + 1e-9
        if count >= 1e15 { return nil }
        return max(1, Int(count))
    }
}
