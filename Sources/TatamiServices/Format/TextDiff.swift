import TatamiBase

/// The replacements of whole lines that turn one text into another, as few and as small as a
/// bounded amount of work finds: what an editor applies when it formats a buffer, so that the
/// lines formatting leaves alone (and the cursor, marks and folds on them) stay untouched.
///
/// The lines both texts begin and end with are set aside first (linear time); the lines between
/// are compared by Myers' O((N+M)·D) algorithm on line numbers (equal lines share a number),
/// stopped after `maxDifferences` differing lines or about `workBudget` steps, whichever comes
/// first. A middle that differs more than that is replaced as one block: a file where every
/// line changed (re-indented) gets one replacement, never a quadratic search.
///
/// Offsets are UTF-8 byte offsets, as everywhere below the language server. A line is its bytes
/// with its `\n`; replacements always start and end at line starts (or at the end of the
/// text), so they never cut a UTF-8 sequence or a `\r\n` in two.
public enum TextDiff {
    /// `range` of the old text is replaced by the bytes `newRange` of the new text.
    public struct Replacement: Sendable, Equatable {
        /// Whole lines of the old text (empty: an insertion before the line starting there).
        public var range: SourceRange
        /// The lines of the new text that take their place.
        public var newRange: Range<Int>

        public init(range: SourceRange, newRange: Range<Int>) {
            self.range = range
            self.newRange = newRange
        }
    }

    /// Differing lines Myers' search looks for before it gives up on the middle.
    public static let maxDifferences = 1_000
    /// Steps (roughly: lines compared) the search may take before it gives up on the middle.
    public static let workBudget = 20_000_000

    /// The replacements turning `old` into `new`, in order, none overlapping or touching: applied
    /// together (each in `old`'s offsets) they give `new` exactly. Empty when the texts are equal.
    public static func lineReplacements(from old: [UInt8], to new: [UInt8],
                                        maxDifferences: Int = maxDifferences,
                                        workBudget: Int = workBudget) -> [Replacement] {
        if old == new { return [] }
        let a = lineStarts(old), b = lineStarts(new)
        let n = a.count - 1, m = b.count - 1  // line i is a[i]..<a[i + 1]
        func equal(_ i: Int, _ j: Int) -> Bool {
            a[i + 1] - a[i] == b[j + 1] - b[j] && old[a[i]..<a[i + 1]].elementsEqual(new[b[j]..<b[j + 1]])
        }
        var prefix = 0
        while prefix < n && prefix < m && equal(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < n - prefix && suffix < m - prefix && equal(n - 1 - suffix, m - 1 - suffix) { suffix += 1 }
        let oldLines = prefix..<(n - suffix), newLines = prefix..<(m - suffix)

        // The middle's lines as numbers: equal lines, equal numbers.
        var ids: [ArraySlice<UInt8>: Int] = [:]
        ids.reserveCapacity(oldLines.count + newLines.count)
        func id(_ bytes: ArraySlice<UInt8>) -> Int {
            if let known = ids[bytes] { return known }
            let fresh = ids.count
            ids[bytes] = fresh
            return fresh
        }
        let x = oldLines.map { id(old[a[$0]..<a[$0 + 1]]) }
        let y = newLines.map { id(new[b[$0]..<b[$0 + 1]]) }

        let hunks = myers(x, y, maxDifferences: maxDifferences, workBudget: workBudget)
            ?? [Hunk(old: 0..<x.count, new: 0..<y.count)]
        return hunks.map { h in
            Replacement(range: SourceRange(start: a[prefix + h.old.lowerBound], end: a[prefix + h.old.upperBound]),
                        newRange: b[prefix + h.new.lowerBound]..<b[prefix + h.new.upperBound])
        }
    }

    /// The text `replacements` (in `old`'s offsets, in order, not overlapping) make of `old`,
    /// taking the replacing bytes from `new`.
    public static func apply(_ replacements: [Replacement], to old: [UInt8], from new: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(old.count)
        var at = 0
        for r in replacements {
            out += old[at..<r.range.start]
            out += new[r.newRange]
            at = r.range.end
        }
        out += old[at...]
        return out
    }

    /// The replacements that touch `range` of the old text: those whose replaced lines overlap
    /// it, and insertions before a line that starts inside it. An empty range (a cursor) picks
    /// the replacement of the line it is on.
    public static func replacements(_ replacements: [Replacement], touching range: SourceRange) -> [Replacement] {
        replacements.filter { r in
            if r.range.start == r.range.end {
                return range.start <= r.range.start && (r.range.start < range.end || r.range.start == range.start)
            }
            if range.start == range.end { return r.range.start <= range.start && range.start < r.range.end }
            return r.range.start < range.end && range.start < r.range.end
        }
    }

    // MARK: Lines

    /// Each line's first byte, then the end of the text: `count - 1` lines. A final `\n` ends the
    /// last line (no empty line after it); an empty text has no line.
    static func lineStarts(_ text: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(text.count / 16 + 2)
        text.withUnsafeBufferPointer { p in
            for i in 0..<p.count where p[i] == UInt8(ascii: "\n") { starts.append(i + 1) }
        }
        if starts.last != text.count { starts.append(text.count) }
        return starts
    }

    // MARK: Myers

    struct Hunk: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// The shortest edit script from `x` to `y` as hunks of replaced lines, or nil when it needs
    /// more than the limits allow. The search keeps, for each number of differences d, the
    /// furthest point reached on each diagonal (2d + 1 numbers), so memory grows as D².
    static func myers(_ x: [Int], _ y: [Int], maxDifferences: Int, workBudget: Int) -> [Hunk]? {
        let n = x.count, m = y.count
        if n == 0 || m == 0 { return n == 0 && m == 0 ? [] : [Hunk(old: 0..<n, new: 0..<m)] }
        let limit = min(n + m, maxDifferences, max(16, workBudget / (n + m)))
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds v[-d...d] as it was before step d + 1 (after step d).
        var trace: [Int] = []
        var traceStart: [Int] = []
        var found: Int?
        search: for d in 0...limit {
            var k = -d
            while k <= d {
                var i: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    i = v[offset + k + 1]      // down: a line of y inserted
                } else {
                    i = v[offset + k - 1] + 1  // right: a line of x deleted
                }
                var j = i - k
                while i < n && j < m && x[i] == y[j] { i += 1; j += 1 }
                v[offset + k] = i
                if i >= n && j >= m {
                    traceStart.append(trace.count)
                    trace += v[(offset - d)...(offset + d)]
                    found = d
                    break search
                }
                k += 2
            }
            traceStart.append(trace.count)
            trace += v[(offset - d)...(offset + d)]
        }
        guard let total = found else { return nil }

        // Walk back from (n, m): each step d came from step d - 1 by one insertion or deletion.
        var edits: [(x: Int, y: Int, deletion: Bool)] = []
        var i = n, j = m
        var d = total
        while d > 0 {
            let k = i - j
            func previous(_ k: Int) -> Int { trace[traceStart[d - 1] + (k + (d - 1))] }
            let down = k == -d || (k != d && previous(k - 1) < previous(k + 1))
            let prevK = down ? k + 1 : k - 1
            let prevI = previous(prevK), prevJ = prevI - prevK
            edits.append(down ? (prevI, prevJ, false) : (prevI, prevJ, true))
            i = prevI
            j = prevJ
            d -= 1
        }
        // Adjacent edits make one hunk.
        var hunks: [Hunk] = []
        for e in edits.reversed() {
            let endX = e.deletion ? e.x + 1 : e.x, endY = e.deletion ? e.y : e.y + 1
            if var last = hunks.last, last.old.upperBound == e.x, last.new.upperBound == e.y {
                last.old = last.old.lowerBound..<endX
                last.new = last.new.lowerBound..<endY
                hunks[hunks.count - 1] = last
            } else {
                hunks.append(Hunk(old: e.x..<endX, new: e.y..<endY))
            }
        }
        return hunks
    }
}
