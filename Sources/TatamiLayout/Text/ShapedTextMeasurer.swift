import TatamiBase
import TatamiModel
import TatamiText

/// Measures, wraps and truncates text set in a font file (docs/format.md §5.1, "Fonts given by
/// files") as Chromium sets `white-space: pre-wrap; overflow-wrap: break-word` text
/// (docs/text-reference.md).
///
/// A text is read once into grapheme clusters (`prepare`), each with its advance, its face and
/// whether a line may break before it: the text is cut into words at its break opportunities
/// (UAX #14 with Chromium's departures, `LineBreaker`), each word is shaped by the font's chain
/// (`FontChain.shape(word:)`, cached per chain). Everything after that works on that array:
/// - Advances are HarfBuzz's 16.16 pixels, summed as integers; a width is such a sum rounded up to
///   1/64 point (`ceil64`, Chromium's `LayoutUnit` of a run).
/// - A line fits a width W when its sum rounded to the nearest 1/64 is at most W rounded down
///   to 1/64. Lines are filled greedily; spaces hang (they never make a line wrap, and where a line
///   wraps, the spaces at the wrap point are dropped); a word wider than the whole line is cut
///   after the last grapheme cluster that fits, at least one (`overflow-wrap: break-word`).
/// - A line's height and baseline come from the faces it uses and the primary face (the strut):
///   the largest part above the baseline plus the largest part below (`LineMetrics`).
/// - Truncation rebuilds the last kept line around `…` (the chain's U+2026) from the text that
///   starts at that line, line breaks read as spaces: the longest prefix of grapheme clusters
///   whose width and the ellipsis's fit the room, at least one (`text-overflow: ellipsis`);
///   `head` and `middle` mirror it (docs/format.md §5.1).
/// A text set in a font file, read once for every proposal, and shared (immutable) by every
/// layout of it (`FontChains.shaped`): one reference to count where a text's node is copied.
final class ShapedText: Sendable {
    let prepared: ShapedTextMeasurer.Prepared
    let lines: ShapedTextMeasurer.LineMetrics
    /// `…` in the chain, 16.16 points.
    let ellipsis: Int64

    init(prepared: ShapedTextMeasurer.Prepared, lines: ShapedTextMeasurer.LineMetrics, ellipsis: Int64) {
        self.prepared = prepared
        self.lines = lines
        self.ellipsis = ellipsis
    }

    convenience init(_ text: String, chain: FontChain, lineHeight: Double?) {
        self.init(prepared: ShapedTextMeasurer.prepare(text, chain: chain),
                  lines: ShapedTextMeasurer.LineMetrics(chain: chain, lineHeight: lineHeight), ellipsis: chain.ellipsisAdvance)
    }
}

public enum ShapedTextMeasurer {
    /// One grapheme cluster, as plain values.
    struct Cluster: Sendable {
        enum Kind: UInt8 { case other, space, newline }
        /// Its first byte in the text's UTF-8 and its byte count.
        let start: UInt32
        let length: UInt32
        /// Its advance in 16.16 points.
        var advance: Int64
        let kind: Kind
        /// The face of the chain that draws it.
        var face: UInt8
        /// A line may break before it (a UAX #14 opportunity; mandatory ones are newlines).
        let breakBefore: Bool
        /// Shaped apart at its start, the text would not keep its advances
        /// (`ShapedGrapheme.unsafeBefore`).
        var unsafeBefore = false
    }

    /// A text read for measuring: its clusters, and whether every character had a glyph in
    /// some face of the chain.
    struct Prepared: Sendable {
        let clusters: [Cluster]
        let covered: Bool
        let text: String
        let chain: FontChain

        /// The advances of a line of clusters `from..<to`, as the line would measure shaped on
        /// its own: the clusters' advances (from the shaping of their whole natural line) unless a
        /// kern or ligature reaches across either end (HarfBuzz's unsafe-to-break), then the
        /// line's text shaped again.
        func lineSum(_ from: Int, _ to: Int) -> Int64 {
            var sum: Int64 = 0
            for i in from..<to { sum += clusters[i].advance }
            let cutBefore = from > 0 && clusters[from].unsafeBefore && clusters[from - 1].kind != .newline
            let cutAfter = to < clusters.count && clusters[to].unsafeBefore && clusters[to].kind != .newline
            guard (cutBefore || cutAfter) && to > from else { return sum }
            let utf8 = text.utf8
            let a = utf8.index(utf8.startIndex, offsetBy: Int(clusters[from].start))
            let b = utf8.index(utf8.startIndex, offsetBy: Int(clusters[to - 1].start + clusters[to - 1].length))
            return chain.shape(word: text[a..<b]).reduce(0) { $0 + $1.advance }
        }
    }

    /// What sets a line's height: per face of the chain, the part of a line above the baseline
    /// and the part below, for the font's line height (docs/text-reference.md 1b).
    struct LineMetrics: Sendable {
        /// Per face: (above, below) in points.
        let parts: [(above: Double, below: Double)]

        init(chain: FontChain, lineHeight: Double?) {
            parts = chain.fonts.map { f in
                if let written = lineHeight {
                    let l = floor64(written)  // a CSS length, as a LayoutUnit
                    // An explicit line height: each face's leading split, the half above floored
                    // to a whole point.
                    let above = f.ascent + ((l - f.ascent - f.descent) / 2).rounded(.down)
                    return (above, l - above)
                }
                let above = f.ascent + (f.lineGap / 2).rounded(.down)
                return (above, f.descent + f.lineGap - (f.lineGap / 2).rounded(.down))
            }
        }

        /// The height and baseline of a line whose clusters use `faces` (a bit per face; the
        /// primary face always counts).
        func line(faces: UInt64) -> (height: Double, baseline: Double) {
            var above = parts[0].above, below = parts[0].below
            var rest = faces & ~1
            while rest != 0 {
                let i = rest.trailingZeroBitCount
                rest &= rest - 1
                if i < parts.count {
                    above = max(above, parts[i].above)
                    below = max(below, parts[i].below)
                }
            }
            return (above + below, above)
        }
    }

    /// Reads a text into clusters (see the type's comment).
    static func prepare(_ text: String, chain: FontChain) -> Prepared {
        let opportunities = LineBreaker(options: .chromium).opportunities(in: text)
        var clusters: [Cluster] = []
        clusters.reserveCapacity(text.utf8.count)
        var offset = 0
        var next = 0  // index into opportunities
        for c in text {
            let length = c.utf8.count
            while next < opportunities.count && opportunities[next].offset < offset { next += 1 }
            let breakBefore = offset > 0 && next < opportunities.count && opportunities[next].offset == offset
            let kind: Cluster.Kind = c.isNewline ? .newline : (c == " " ? .space : .other)
            clusters.append(Cluster(start: UInt32(offset), length: UInt32(length), advance: 0, kind: kind, face: 0,
                                    breakBefore: breakBefore))
            offset += length
        }
        // Natural lines (between newlines), each shaped whole once per chain, as Chromium shapes a
        // paragraph; a newline has no advance.
        var covered = true
        let utf8 = text.utf8
        var i = 0
        while i < clusters.count {
            if clusters[i].kind == .newline {
                i += 1
                continue
            }
            var j = i + 1
            while j < clusters.count && clusters[j].kind != .newline { j += 1 }
            let from = utf8.index(utf8.startIndex, offsetBy: Int(clusters[i].start))
            let to = utf8.index(utf8.startIndex, offsetBy: Int(clusters[j - 1].start + clusters[j - 1].length))
            let shaped = chain.shape(word: text[from..<to])
            // One shaped grapheme per cluster: both are Swift's grapheme clusters of the same bytes.
            for (k, g) in zip(i..<j, shaped) {
                clusters[k].advance = g.advance
                clusters[k].face = g.face
                clusters[k].unsafeBefore = g.unsafeBefore
                covered = covered && g.covered
            }
            i = j
        }
        return Prepared(clusters: clusters, covered: covered, text: text, chain: chain)
    }

    // MARK: - Widths

    /// A 16.16 sum rounded up to 1/64 point (the width Chromium gives a run).
    static func ceil64(_ sum: Int64) -> Double { Double((sum + 1023) >> 10) / 64 }
    /// A 16.16 sum rounded to the nearest 1/64 point (what a line's fit is judged by).
    static func nearest64(_ sum: Int64) -> Double { Double((sum + 512) >> 10) / 64 }
    /// A length rounded down to 1/64 point (a proposal as a `LayoutUnit`).
    static func floor64(_ w: Double) -> Double { (w * 64 + 1e-6).rounded(.down) / 64 }

    /// The room a line has for a proposal, nil when unbounded (unspecified or infinite).
    static func capacity(_ proposal: ProposedSize) -> Double? {
        guard var w = proposal.width else { return nil }
        if w.isNaN || w < 0 { w = 0 }
        if w.isInfinite || w >= 1e15 { return nil }
        return floor64(w)
    }

    @inline(__always) static func fits(_ sum: Int64, _ capacity: Double) -> Bool { nearest64(sum) <= capacity }

    // MARK: - Measuring

    /// A line: clusters `start..<end`, their advances' sum, and the faces they use (a bit each).
    struct Span: Equatable {
        var start: Int
        var end: Int
        var sum: Int64
        var faces: UInt64
    }

    static func metrics(shaped: ShapedText, lineLimit: Int?, truncation: Truncation,
                        proposal: ProposedSize, scratch spans: inout [Span]) -> TextMetrics {
        let prepared = shaped.prepared, lines = shaped.lines
        if prepared.clusters.isEmpty { return TextMetrics(size: .zero, truncated: false, firstBaseline: 0, lastBaseline: 0) }
        let b = breakText(prepared, lines: lines, lineLimit: lineLimit, proposal: proposal, into: &spans)
        var widest = 0.0
        for s in spans[0..<b.fullLines] { widest = max(widest, ceil64(s.sum)) }
        if b.truncated {
            let last = spans[b.lineCount - 1]
            widest = max(widest, truncationParts(prepared, from: last.start, end: last.end, capacity: b.capacity,
                                                 mode: truncation, ellipsis: shaped.ellipsis).width)
        }
        return finish(spans[0..<b.lineCount], widest: widest, truncated: b.truncated, lines: lines, prepared: prepared,
                      truncatedFrom: b.truncated ? spans[b.lineCount - 1].start : nil)
    }

    /// A text's lines for a proposal (what renderers and services read).
    static func layout(_ text: String, shaped: ShapedText, lineLimit: Int?, truncation: Truncation,
                       proposal: ProposedSize) -> TextLayoutResult {
        let prepared = shaped.prepared, metrics = shaped.lines, ellipsis = shaped.ellipsis
        if text.isEmpty {
            return TextLayoutResult(lines: [], size: .zero, truncated: false, firstBaseline: 0, lastBaseline: 0)
        }
        var spans: [Span] = []
        let b = breakText(prepared, lines: metrics, lineLimit: lineLimit, proposal: proposal, into: &spans)
        let c = prepared.clusters
        var lines: [TextLine] = []
        for s in spans[0..<b.fullLines] {
            lines.append(TextLine(text: string(text, c, s.start..<s.end), width: ceil64(s.sum)))
        }
        if b.truncated {
            let last = spans[b.lineCount - 1]
            let p = truncationParts(prepared, from: last.start, end: last.end, capacity: b.capacity, mode: truncation,
                                    ellipsis: ellipsis)
            var s = p.prefixEnd.map { string(text, c, last.start..<$0, newlinesAsSpaces: true) } ?? ""
            s.append(TextMeasurer.ellipsis)
            if let start = p.suffixStart { s += string(text, c, start..<c.count, newlinesAsSpaces: true) }
            lines.append(TextLine(text: s, width: p.width))
        }
        let m = finish(spans[0..<b.lineCount], widest: lines.reduce(0) { max($0, $1.width) }, truncated: b.truncated,
                       lines: metrics, prepared: prepared, truncatedFrom: b.truncated ? spans[b.lineCount - 1].start : nil)
        return TextLayoutResult(lines: lines, size: m.size, truncated: m.truncated, firstBaseline: m.firstBaseline,
                                lastBaseline: m.lastBaseline)
    }

    private struct BrokenText {
        let capacity: Double?
        let lineCount: Int
        let truncated: Bool
        var fullLines: Int { truncated ? lineCount - 1 : lineCount }
    }

    /// Lines for a proposal: broken at its width, as many kept as the line limit and the height
    /// allow (at least one).
    private static func breakText(_ prepared: Prepared, lines: LineMetrics, lineLimit: Int?, proposal: ProposedSize,
                                  into spans: inout [Span]) -> BrokenText {
        let capacity = capacity(proposal)
        let limit = lineLimit.map { min(max(1, $0), Int.max - 1) }
        breakLines(prepared, capacity: capacity, stopAfter: limit.map { $0 + 1 }, into: &spans)
        var kept = min(spans.count, limit ?? Int.max)
        if var height = proposal.height, !height.isInfinite {
            if height.isNaN || height < 0 { height = 0 }
            var used = 0.0, n = 0
            while n < kept {
                let h = lines.line(faces: spans[n].faces).height
                if n > 0 && used + h > height + 1e-9 { break }
                used += h
                n += 1
            }
            kept = max(1, n)
        }
        return BrokenText(capacity: capacity, lineCount: kept, truncated: kept < spans.count)
    }

    /// Size and baselines of the kept lines, the widest `widest` points. The last line of a
    /// truncated text uses the faces of all the text it is rebuilt from.
    private static func finish(_ kept: ArraySlice<Span>, widest: Double, truncated: Bool, lines: LineMetrics,
                               prepared: Prepared, truncatedFrom: Int?) -> TextMetrics {
        var height = 0.0, first = 0.0, last = 0.0
        for (k, s) in kept.enumerated() {
            var faces = s.faces
            if k == kept.count - 1, let from = truncatedFrom {
                for i in from..<prepared.clusters.count { faces |= 1 << UInt64(min(63, prepared.clusters[i].face)) }
            }
            let m = lines.line(faces: faces)
            if k == 0 { first = m.baseline }
            last = height + m.baseline
            height += m.height
        }
        return TextMetrics(size: Size(width: widest, height: height), truncated: truncated, firstBaseline: first,
                           lastBaseline: last)
    }

    // MARK: - Lines

    /// Greedy wrapping of every natural line into `spans` (replaced); stops once `stopAfter`
    /// lines exist.
    static func breakLines(_ prepared: Prepared, capacity: Double?, stopAfter: Int?, into spans: inout [Span]) {
        spans.removeAll(keepingCapacity: true)
        let clusters = prepared.clusters
        let limit = stopAfter ?? Int.max
        let n = clusters.count
        var lineStart = 0
        while spans.count < limit {
            var lineEnd = lineStart
            while lineEnd < n && clusters[lineEnd].kind != .newline { lineEnd += 1 }
            if let capacity {
                wrap(prepared, lineStart..<lineEnd, capacity: capacity, into: &spans, limit: limit)
            } else {
                spans.append(span(prepared, lineStart, lineEnd))
            }
            if lineEnd >= n { break }
            lineStart = lineEnd + 1
        }
    }

    /// Clusters `from..<to` as a line, measured as shaped on its own (`Prepared.lineSum`).
    static func span(_ prepared: Prepared, _ from: Int, _ to: Int) -> Span {
        var faces: UInt64 = 0
        for i in from..<to { faces |= 1 << UInt64(min(63, prepared.clusters[i].face)) }
        return Span(start: from, end: to, sum: prepared.lineSum(from, to), faces: faces)
    }

    /// Greedy wrapping of one natural line at `capacity` points. A line fits when its clusters'
    /// advances, as shaped with the whole natural line, fit, and so does the line shaped on its
    /// own (`Prepared.lineSum`, which differs only where a kern or ligature reaches across a
    /// break): otherwise it ends at an earlier opportunity.
    static func wrap(_ prepared: Prepared, _ range: Range<Int>, capacity: Double, into spans: inout [Span], limit: Int) {
        let clusters = prepared.clusters
        let end = range.upperBound
        var start = range.lowerBound
        var pos = start
        var sum: Int64 = 0  // advances of start..<pos, spaces included
        var breaks: [Int] = []  // opportunities in (start, pos]

        /// The line start..<to without its trailing spaces, nil when only spaces.
        func trimmed(_ from: Int, _ to: Int) -> Int? {
            var to = to
            while to > from && clusters[to - 1].kind == .space { to -= 1 }
            return to > from ? to : nil
        }
        func restart(at index: Int) {
            start = index
            while start < end && clusters[start].kind == .space { start += 1 }
            pos = start
            sum = 0
            breaks.removeAll(keepingCapacity: true)
        }

        while pos < end {
            let c = clusters[pos]
            if pos > start && c.breakBefore && c.kind != .space { breaks.append(pos) }
            if c.kind != .space && !fits(sum + c.advance, capacity) {
                // The latest opportunity whose line, shaped on its own, fits too.
                var chosen: Span? = nil
                while let b = breaks.last, b > start {
                    if let to = trimmed(start, b) {
                        let line = span(prepared, start, to)
                        if fits(line.sum, capacity) || breaks.count == 1 {
                            chosen = line
                            break
                        }
                    }
                    breaks.removeLast()
                }
                if let line = chosen {
                    spans.append(line)
                    restart(at: breaks.last!)
                } else if pos == start {
                    // A cluster wider than the whole line goes alone on it.
                    spans.append(span(prepared, pos, pos + 1))
                    restart(at: pos + 1)
                } else {
                    // No opportunity: the word breaks after the last cluster that fits, shaped
                    // on its own too (at least one cluster).
                    var to = pos
                    while to > start + 1 && !fits(prepared.lineSum(start, to), capacity) { to -= 1 }
                    if let end = trimmed(start, to) { spans.append(span(prepared, start, end)) }
                    restart(at: to)
                }
                if spans.count >= limit { return }
                continue
            }
            sum += c.advance
            pos += 1
        }
        if start == end && start > range.lowerBound { return }
        // End of the natural line: trailing spaces stay as far as they fit.
        var to = end
        while !fits(sum, capacity) && to > start && clusters[to - 1].kind == .space {
            to -= 1
            sum -= clusters[to].advance
        }
        spans.append(span(prepared, start, to))
    }

    // MARK: - Truncation

    struct TruncationParts {
        var prefixEnd: Int?
        var suffixStart: Int?
        /// The line's width: the kept text before `…`, `…` and the kept text after it are runs of
        /// their own, each rounded up to 1/64 (as the room for them is reckoned), then added.
        var width: Double

        init(prefixEnd: Int?, suffixStart: Int?, prefix: Int64, ellipsis: Int64, suffix: Int64) {
            self.prefixEnd = prefixEnd
            self.suffixStart = suffixStart
            width = ShapedTextMeasurer.ceil64(prefix) + ShapedTextMeasurer.ceil64(ellipsis) + ShapedTextMeasurer.ceil64(suffix)
        }
    }

    /// What the last kept line holds: clusters `from..<prefixEnd`, `…`, clusters `suffixStart..<n`
    /// (a line break read as a space). Without a finite capacity, `…` follows the last kept
    /// natural line (`from..<end`) unchanged, as in the cell model.
    static func truncationParts(_ prepared: Prepared, from: Int, end: Int, capacity: Double?, mode: Truncation,
                                ellipsis: Int64) -> TruncationParts {
        let clusters = prepared.clusters
        guard let capacity else {
            var sum: Int64 = 0
            for i in from..<end { sum += clusters[i].advance }
            return TruncationParts(prefixEnd: end, suffixStart: nil, prefix: sum, ellipsis: ellipsis, suffix: 0)
        }
        let n = clusters.count
        let space = prepared.chain.spaceAdvance
        func advance(_ i: Int) -> Int64 { clusters[i].kind == .newline ? space : clusters[i].advance }
        let room = capacity - ceil64(ellipsis)

        // The longest prefix of from..<n whose width fits `limit`, at least one cluster.
        func prefix(_ limit: Double, atLeastOne: Bool) -> (end: Int, sum: Int64) {
            var i = from
            var used: Int64 = 0
            while i < n && (ceil64(used + advance(i)) <= limit || (atLeastOne && i == from)) {
                used += advance(i)
                i += 1
            }
            return (i, used)
        }
        func suffix(_ limit: Double, notBefore lower: Int, atLeastOne: Bool) -> (start: Int, sum: Int64) {
            var j = n
            var used: Int64 = 0
            while j > lower && (ceil64(used + advance(j - 1)) <= limit || (atLeastOne && j == n)) {
                used += advance(j - 1)
                j -= 1
            }
            return (j, used)
        }
        switch mode {
        case .tail:
            let p = prefix(room, atLeastOne: true)
            return TruncationParts(prefixEnd: p.end, suffixStart: nil, prefix: p.sum, ellipsis: ellipsis, suffix: 0)
        case .head:
            let s = suffix(room, notBefore: from, atLeastOne: true)
            return TruncationParts(prefixEnd: nil, suffixStart: s.start, prefix: 0, ellipsis: ellipsis, suffix: s.sum)
        case .middle:
            // Half the room in front (rounded up to 1/64), the rest behind; room one side cannot
            // use is not given to the other.
            let front = (room * 32).rounded(.up) / 64
            let p = prefix(front, atLeastOne: false)
            let s = suffix(room - front, notBefore: p.end, atLeastOne: false)
            return TruncationParts(prefixEnd: p.end, suffixStart: s.start, prefix: p.sum, ellipsis: ellipsis, suffix: s.sum)
        }
    }

    // MARK: - Text

    /// The text of clusters `range` (line breaks as spaces when asked).
    static func string(_ text: String, _ clusters: [Cluster], _ range: Range<Int>, newlinesAsSpaces: Bool = false) -> String {
        guard !range.isEmpty else { return "" }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        for i in range {
            let c = clusters[i]
            if newlinesAsSpaces && c.kind == .newline {
                bytes.append(0x20)
            } else {
                bytes.append(contentsOf: utf8[Int(c.start)..<Int(c.start + c.length)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The characters of `text` no face of the chain has, for a diagnostic: "a glyph for `…`" or
    /// "glyphs for `…`, `…`" (the first few, each once).
    static func missingCharacters(_ text: String, chain: FontChain) -> String {
        var missing: [Character] = []
        for c in text where !missing.contains(c) && !c.isWhitespace && !chain.fonts.contains(where: { $0.face.covers(c) }) {
            missing.append(c)
            if missing.count == 4 { break }
        }
        let names = missing.map { c in
            "`\(c)` (" + c.unicodeScalars.map { "U+" + hex4($0.value) }.joined(separator: " ") + ")"
        }
        return names.count == 1 ? "a glyph for \(names[0])" : "glyphs for " + names.joined(separator: ", ")
    }

    private static func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return s.count >= 4 ? s : String(repeating: "0", count: 4 - s.count) + s
    }
}

/// Tatami's measurement of a text in a file font, in the terms of the differential test against
/// Chromium (Tests/text-differential): what `tatami-text-check` answers for each case.
public struct TextProbe: Sendable {
    /// Where each line starts (UTF-8 offsets) when wrapped at the width, and its width in 1/64.
    public var lineStarts: [Int]
    public var lineWidths64: [Int]
    /// The text unwrapped: its widest natural line, spaces counted, in 1/64.
    public var width64: Int
    /// The wrapped text's height and first baseline, in 1/64.
    public var height64: Int
    public var baseline64: Int
    /// With a line limit the wrapped text exceeds: where the last kept line starts, and how many
    /// bytes of the text from there stand before `…` on it (the kept prefix).
    public var truncation: (lastLineStart: Int, kept: Int, ellipsis: Bool)?

    /// Measures `text` in `font` (which must be a file font) at `width`, as `tatami` lays it out.
    public static func measure(_ text: String, font: FontFile, width: Double, lineLimit: Int?) -> TextProbe? {
        guard let chain = FontChains.chain(font) else { return nil }
        let prepared = ShapedTextMeasurer.prepare(text, chain: chain)
        let shaped = ShapedText(prepared: prepared, lines: ShapedTextMeasurer.LineMetrics(chain: chain, lineHeight: font.lineHeight),
                                ellipsis: chain.ellipsisAdvance)
        let c = prepared.clusters
        var spans: [ShapedTextMeasurer.Span] = []
        ShapedTextMeasurer.breakLines(prepared, capacity: nil, stopAfter: nil, into: &spans)
        let widest = spans.map { ShapedTextMeasurer.ceil64($0.sum) }.max() ?? 0
        let proposal = ProposedSize(width: width, height: nil)
        let wrapped = ShapedTextMeasurer.metrics(shaped: shaped, lineLimit: nil, truncation: .tail, proposal: proposal,
                                                 scratch: &spans)
        let starts = spans.map { Int(c.indices.contains($0.start) ? c[$0.start].start : UInt32(text.utf8.count)) }
        // A line that starts after a newline starts at the byte after it, even when empty.
        // A line's width as the harness records it: without the spaces at its end.
        let widths = spans.map { s -> Int in
            var end = s.end
            while end > s.start && c[end - 1].kind == .space { end -= 1 }
            return Int(ShapedTextMeasurer.ceil64(ShapedTextMeasurer.span(prepared, s.start, end).sum) * 64)
        }
        var probe = TextProbe(lineStarts: starts, lineWidths64: widths,
                              width64: Int(widest * 64), height64: Int((wrapped.size.height * 64).rounded()),
                              baseline64: Int((wrapped.firstBaseline * 64).rounded()), truncation: nil)
        if let limit = lineLimit, spans.count > limit {
            let last = spans[limit - 1]
            let parts = ShapedTextMeasurer.truncationParts(prepared, from: last.start, end: last.end,
                                                            capacity: ShapedTextMeasurer.capacity(proposal), mode: .tail,
                                                            ellipsis: chain.ellipsisAdvance)
            let from = Int(c[last.start].start)
            // The harness's protocol: the rest of the text on one line of the width, cut only
            // when it does not fit.
            var rest: Int64 = 0
            let space = chain.spaceAdvance
            for i in last.start..<c.count { rest += c[i].kind == .newline ? space : c[i].advance }
            if ShapedTextMeasurer.ceil64(rest) <= ShapedTextMeasurer.floor64(width) {
                probe.truncation = (from, text.utf8.count - from, false)
            } else {
                let end = parts.prefixEnd.map { $0 < c.count ? Int(c[$0].start) : text.utf8.count } ?? from
                probe.truncation = (from, end - from, true)
            }
        }
        return probe
    }
}
