import TatamiBase
import TatamiModel
import TatamiText

/// Measures, wraps and truncates text set in a font file (docs/format.md §5.1, "Fonts given by
/// files"), as Chromium sets `white-space: pre-wrap; overflow-wrap: break-word` text.
///
/// A text is read once into grapheme clusters, each with its advance and whether a line may
/// break before it (`ShapedTextMeasurer.Cluster`): the text is cut into words at its break
/// opportunities (UAX #14 with Chromium's departures, `LineBreaker`), each word is shaped with
/// HarfBuzz in the font's chain (`FontChain.shape(word:)`, cached per chain), and each HarfBuzz
/// cluster's advance goes to the grapheme cluster its first byte is in. Everything after that
/// works on that array, as the cell model works on cells:
/// - A line's width is its clusters' advances summed in single precision, as Chromium sums them,
///   then rounded up to 1/64 point (Chromium's `LayoutUnit`). A line fits a width W when that
///   rounded width is at most W rounded down to 1/64.
/// - Lines are filled greedily: a line ends at the last opportunity before the first cluster that
///   does not fit; spaces hang (they never make a line wrap, and where a line wraps, the spaces
///   at the wrap point are dropped); a word wider than the whole line is cut between grapheme
///   clusters (`overflow-wrap: break-word`), a cluster wider than the line going alone on it.
/// - Truncation rebuilds the last kept line around `…`, shaped in the font (its advance is the
///   chain's for U+2026), from the text that starts at that line, exactly as the cell model does
///   with advances in place of cells.
/// - Line height is the font's (`FontMetrics.height`: `lineHeight`, or `normal` from the face);
///   the first baseline sits the face's ascent plus half the leading below the line's top.
public enum ShapedTextMeasurer {
    /// One grapheme cluster, as plain values.
    struct Cluster {
        enum Kind: UInt8 { case other, space, newline }
        /// Its first byte in the text's UTF-8 and its byte count.
        let start: UInt32
        let length: UInt32
        /// Its advance in points.
        var advance: Float
        let kind: Kind
        /// A line may break before it (a UAX #14 opportunity, mandatory ones being newlines).
        let breakBefore: Bool
    }

    /// A text read for measuring: its clusters, the advance of `…` in its font, and whether
    /// every character had a glyph in some face of the chain.
    struct Prepared {
        let clusters: [Cluster]
        let ellipsis: Float
        let covered: Bool
    }

    /// Reads a text into clusters (see the type's comment).
    static func prepare(_ text: String, chain: FontChain) -> Prepared {
        let utf8 = text.utf8
        let opportunities = breakOpportunities(text)
        var clusters: [Cluster] = []
        clusters.reserveCapacity(utf8.count)
        var offset = 0
        var nextBreak = 0  // index into opportunities
        for c in text {
            let length = c.utf8.count
            while nextBreak < opportunities.count && opportunities[nextBreak] < offset { nextBreak += 1 }
            let breakBefore = offset > 0 && nextBreak < opportunities.count && opportunities[nextBreak] == offset
            let kind: Cluster.Kind = c.isNewline ? .newline : (c == " " ? .space : .other)
            clusters.append(Cluster(start: UInt32(offset), length: UInt32(length), advance: 0, kind: kind, breakBefore: breakBefore))
            offset += length
        }
        // Words: runs of clusters between opportunities (a newline is a word of its own, with no
        // advance). Each is shaped once per chain.
        var covered = true
        var i = 0
        while i < clusters.count {
            var j = i + 1
            while j < clusters.count && !clusters[j].breakBefore && clusters[j].kind != .newline && clusters[j - 1].kind != .newline {
                j += 1
            }
            if clusters[i].kind == .newline {
                i = j
                continue
            }
            let from = Int(clusters[i].start), to = Int(clusters[j - 1].start + clusters[j - 1].length)
            let word = utf8[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)]
            var k = i
            for shaped in chain.shape(word: Substring(word).utf8) {
                covered = covered && shaped.covered
                let at = UInt32(from + shaped.offset)
                while k + 1 < j && clusters[k + 1].start <= at { k += 1 }
                clusters[k].advance += shaped.advance
            }
            i = j
        }
        let ellipsis = chain.measure("…"[...].utf8).width
        return Prepared(clusters: clusters, ellipsis: ellipsis, covered: covered)
    }

    // MARK: - Measuring

    /// A width in points rounded up to 1/64 (Chromium's `LayoutUnit` of a text's width).
    static func ceil64(_ w: Float) -> Double { (Double(w) * 64).rounded(.up) / 64 }
    /// A proposed width rounded down to 1/64: the room a line has.
    static func floor64(_ w: Double) -> Double { (w * 64 + 1e-6).rounded(.down) / 64 }

    /// The lines that may be shown for a proposal: the smaller of the line limit and the lines
    /// that fit the height (nil: no limit).
    static func maxLines(_ proposal: ProposedSize, lineLimit: Int?, lineHeight: Double) -> Int? {
        var maxLines = lineLimit.map { min(max(1, $0), Int.max - 1) }
        if let byHeight = TextMeasurer.unitCount(proposal.height, unit: lineHeight) {
            maxLines = min(maxLines ?? byHeight, byHeight)
        }
        return maxLines
    }

    /// The room a line has for a proposal, nil when unbounded (unspecified or infinite).
    static func capacity(_ proposal: ProposedSize) -> Double? {
        guard var w = proposal.width else { return nil }
        if w.isNaN || w < 0 { w = 0 }
        if w.isInfinite || w >= 1e15 { return nil }
        return floor64(w)
    }

    /// A line: clusters `start..<end` and their advances' sum.
    struct Span: Equatable {
        var start: Int
        var end: Int
        var width: Float
    }

    static func metrics(_ text: String, prepared: Prepared, font: FontMetrics, ascent: Double, descent: Double,
                        lineLimit: Int?, truncation: Truncation, proposal: ProposedSize, scratch spans: inout [Span]) -> TextMetrics {
        let lineHeight = TextMeasurer.sanitizedMetric(font.height)
        if text.isEmpty { return TextMetrics(size: .zero, truncated: false, firstBaseline: 0, lastBaseline: 0) }
        let b = breakText(prepared, lineLimit: lineLimit, proposal: proposal, lineHeight: lineHeight, into: &spans)
        var widest = 0.0
        for s in spans[0..<b.fullLines] { widest = max(widest, ceil64(s.width)) }
        if b.truncated {
            let last = spans[b.lineCount - 1]
            widest = max(widest, truncatedWidth(prepared, last: last, capacity: b.capacity, mode: truncation))
        }
        return finish(widest: widest, lineCount: b.lineCount, truncated: b.truncated, lineHeight: lineHeight,
                      ascent: ascent, descent: descent)
    }

    /// A text's lines for a proposal (what renderers and services read).
    static func layout(_ text: String, prepared: Prepared, font: FontMetrics, ascent: Double, descent: Double,
                       lineLimit: Int?, truncation: Truncation, proposal: ProposedSize) -> TextLayoutResult {
        let lineHeight = TextMeasurer.sanitizedMetric(font.height)
        if text.isEmpty {
            return TextLayoutResult(lines: [], size: .zero, truncated: false, firstBaseline: 0, lastBaseline: 0)
        }
        var spans: [Span] = []
        let b = breakText(prepared, lineLimit: lineLimit, proposal: proposal, lineHeight: lineHeight, into: &spans)
        let c = prepared.clusters
        var lines: [TextLine] = []
        for s in spans[0..<b.fullLines] {
            lines.append(TextLine(text: string(text, c, s.start..<s.end), width: ceil64(s.width)))
        }
        if b.truncated {
            let last = spans[b.lineCount - 1]
            if let capacity = b.capacity {
                let p = truncationParts(prepared, from: last.start, capacity: capacity, mode: truncation)
                var s = p.prefixEnd.map { string(text, c, last.start..<$0, newlinesAsSpaces: true) } ?? ""
                s.append(TextMeasurer.ellipsis)
                if let start = p.suffixStart { s += string(text, c, start..<c.count, newlinesAsSpaces: true) }
                lines.append(TextLine(text: s, width: ceil64(p.width)))
            } else {
                var s = string(text, c, last.start..<last.end)
                s.append(TextMeasurer.ellipsis)
                lines.append(TextLine(text: s, width: ceil64(last.width + prepared.ellipsis)))
            }
        }
        let m = finish(widest: lines.reduce(0) { max($0, $1.width) }, lineCount: lines.count, truncated: b.truncated,
                       lineHeight: lineHeight, ascent: ascent, descent: descent)
        return TextLayoutResult(lines: lines, size: m.size, truncated: m.truncated, firstBaseline: m.firstBaseline,
                                lastBaseline: m.lastBaseline)
    }

    private struct BrokenText {
        let capacity: Double?
        let lineCount: Int
        let truncated: Bool
        var fullLines: Int { truncated ? lineCount - 1 : lineCount }
    }

    private static func breakText(_ prepared: Prepared, lineLimit: Int?, proposal: ProposedSize, lineHeight: Double,
                                  into spans: inout [Span]) -> BrokenText {
        let capacity = capacity(proposal)
        let limit = maxLines(proposal, lineLimit: lineLimit, lineHeight: lineHeight)
        breakLines(prepared.clusters, capacity: capacity, stopAfter: limit.map { $0 + 1 }, into: &spans)
        if let limit, spans.count > limit {
            return BrokenText(capacity: capacity, lineCount: limit, truncated: true)
        }
        return BrokenText(capacity: capacity, lineCount: spans.count, truncated: false)
    }

    /// Size and baselines of `lineCount` lines, the widest `widest` points.
    private static func finish(widest: Double, lineCount: Int, truncated: Bool, lineHeight: Double,
                               ascent: Double, descent: Double) -> TextMetrics {
        let count = Double(lineCount)
        let first = baseline(lineHeight: lineHeight, ascent: ascent, descent: descent)
        return TextMetrics(size: Size(width: widest, height: count * lineHeight), truncated: truncated,
                           firstBaseline: first, lastBaseline: (count - 1) * lineHeight + first)
    }

    /// A line's baseline below its top: the ascent plus half the leading (line height less
    /// ascent and descent), the half rounded down to 1/64 as Blink splits it.
    static func baseline(lineHeight: Double, ascent: Double, descent: Double) -> Double {
        let halfLeading = ((lineHeight - ascent - descent) / 2 * 64).rounded(.down) / 64
        return ascent + halfLeading
    }

    // MARK: - Lines

    /// Whether advances summing to `w` fit in `capacity`.
    @inline(__always) static func fits(_ w: Float, _ capacity: Double) -> Bool { ceil64(w) <= capacity }

    /// Greedy wrapping of every natural line into `spans` (replaced); stops once `stopAfter`
    /// lines exist.
    static func breakLines(_ clusters: [Cluster], capacity: Double?, stopAfter: Int?, into spans: inout [Span]) {
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
                var w: Float = 0
                for i in lineStart..<lineEnd { w += clusters[i].advance }
                spans.append(Span(start: lineStart, end: lineEnd, width: w))
            }
            if lineEnd >= n { break }
            lineStart = lineEnd + 1
        }
    }

    /// Greedy wrapping of one natural line at `capacity` points.
    static func wrap(_ clusters: [Cluster], _ range: Range<Int>, capacity: Double, into spans: inout [Span], limit: Int) {
        let end = range.upperBound
        var start = range.lowerBound
        var pos = start
        var width: Float = 0  // advances of start..<pos, spaces included
        var lastBreak = -1
        var widthAtBreak: Float = 0

        func emit(_ from: Int, _ to: Int) {
            var to = to
            while to > from && clusters[to - 1].kind == .space { to -= 1 }
            guard to > from else { return }
            var w: Float = 0
            for i in from..<to { w += clusters[i].advance }
            spans.append(Span(start: from, end: to, width: w))
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
            if pos > start && c.breakBefore && c.kind != .space {
                lastBreak = pos
                widthAtBreak = width
            }
            if c.kind != .space && !fits(width + c.advance, capacity) {
                if lastBreak > start {
                    emit(start, lastBreak)
                    restart(at: lastBreak)
                } else if pos == start {
                    emit(pos, pos + 1)
                    restart(at: pos + 1)
                } else {
                    emit(start, pos)
                    restart(at: pos)
                }
                if spans.count >= limit { return }
                continue
            }
            width += c.advance
            pos += 1
        }
        _ = widthAtBreak
        if start == end && start > range.lowerBound { return }
        // End of the natural line: trailing spaces stay as far as they fit.
        var to = end
        while !fits(width, capacity) && to > start && clusters[to - 1].kind == .space {
            to -= 1
            width -= clusters[to].advance
        }
        var w: Float = 0
        for i in start..<to { w += clusters[i].advance }
        spans.append(Span(start: start, end: to, width: w))
    }

    // MARK: - Truncation

    struct TruncationParts {
        var prefixEnd: Int?
        var suffixStart: Int?
        /// Advances of the kept clusters and `…`, summed.
        var width: Float
    }

    /// The width of the last kept line, cut with `…`.
    static func truncatedWidth(_ prepared: Prepared, last: Span, capacity: Double?, mode: Truncation) -> Double {
        guard let capacity else { return ceil64(last.width + prepared.ellipsis) }
        return ceil64(truncationParts(prepared, from: last.start, capacity: capacity, mode: mode).width)
    }

    /// What the last kept line holds (the cell model's rule, docs/format.md §5.1, with advances
    /// in place of cells: the kept text and `…` fit the capacity; a line break reads as a space).
    static func truncationParts(_ prepared: Prepared, from: Int, capacity: Double, mode: Truncation) -> TruncationParts {
        let clusters = prepared.clusters
        let n = clusters.count
        let space = clusters.first { $0.kind == .space }?.advance ?? 0
        func isBlank(_ i: Int) -> Bool { clusters[i].kind != .other }
        func advance(_ i: Int) -> Float { clusters[i].kind == .newline ? space : clusters[i].advance }
        let budget = Double(capacity)

        func prefix(_ limit: Double) -> (end: Int, untrimmedEnd: Int, width: Float) {
            var i = from
            var used: Float = 0
            while i < n && ceil64(used + advance(i)) <= limit {
                used += advance(i)
                i += 1
            }
            let untrimmed = i
            while i > from && isBlank(i - 1) {
                i -= 1
                used -= advance(i)
            }
            return (i, untrimmed, used)
        }
        func suffix(_ limit: Double, notBefore lower: Int) -> (start: Int, width: Float) {
            var j = n
            var used: Float = 0
            while j > lower && ceil64(used + advance(j - 1)) <= limit {
                used += advance(j - 1)
                j -= 1
            }
            while j < n && isBlank(j) {
                used -= advance(j)
                j += 1
            }
            return (j, used)
        }
        let room = max(0, budget - ceil64(prepared.ellipsis))
        switch mode {
        case .tail:
            let p = prefix(room)
            return TruncationParts(prefixEnd: p.end, suffixStart: nil, width: p.width + prepared.ellipsis)
        case .head:
            let s = suffix(room, notBefore: from)
            return TruncationParts(prefixEnd: nil, suffixStart: s.start, width: prepared.ellipsis + s.width)
        case .middle:
            // Half the room in front (rounded up to 1/64), the rest behind; room one side
            // cannot use is not given to the other.
            let front = (room * 32).rounded(.up) / 64
            let p = prefix(front)
            let s = suffix(room - front, notBefore: p.untrimmedEnd)
            return TruncationParts(prefixEnd: p.end, suffixStart: s.start, width: p.width + prepared.ellipsis + s.width)
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

    /// Where a line may break, as UTF-8 offsets (before that byte), in increasing order.
    /// Placeholder until the UAX #14 breaker lands: after a run of spaces, and around wide characters.
    static func breakOpportunities(_ text: String) -> [Int] {
        var result: [Int] = []
        var offset = 0
        var previous: Character? = nil
        for c in text {
            if let p = previous, (p == " " && c != " ") || CellWidth.of(c) == 2 || CellWidth.of(p) == 2 { result.append(offset) }
            previous = c
            offset += c.utf8.count
        }
        return result
    }

    /// The characters of `text` no face of the chain has, for a diagnostic: "a glyph for `…`" or
    /// "glyphs for `…`, `…`" (the first few, each once).
    static func missingCharacters(_ text: String, chain: FontChain) -> String {
        var missing: [Character] = []
        for c in text where !missing.contains(c) && !c.isWhitespace {
            let shaped = chain.shape(String(c)[...].utf8)
            if shaped.contains(where: { !$0.covered }) { missing.append(c) }
            if missing.count == 4 { break }
        }
        let names = missing.map { c in "`\(c)` (" + c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ") + ")" }
        return names.count == 1 ? "a glyph for \(names[0])" : "glyphs for " + names.joined(separator: ", ")
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
