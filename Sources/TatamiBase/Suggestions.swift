/// "Did you mean" support: the closest candidate by edit distance.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo:
    /// distance ≤ max(1, word.count / 3), compared case-insensitively; ties go to the earlier candidate.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty else { return nil }
        let limit = max(1, w.count / 3)
        var best: (String, Int)? = nil
        for c in candidates {
            let cs = Array(c.lowercased().unicodeScalars)
            if abs(cs.count - w.count) > limit { continue }
            let d = distance(w, cs)
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    /// Every candidate at the smallest plausible-typo distance from `word` (as `closest`), in
    /// the candidates' order: one for a clear suggestion, several when the typo is as close to
    /// each (`stack` to `hstack`, `vstack` and `zstack`).
    public static func closestAll<S: Sequence>(to word: String, in candidates: S) -> [String] where S.Element == String {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty else { return [] }
        let limit = max(1, w.count / 3)
        var best = Int.max
        var found: [String] = []
        for c in candidates {
            let cs = Array(c.lowercased().unicodeScalars)
            if abs(cs.count - w.count) > limit { continue }
            let d = distance(w, cs)
            guard d <= limit else { continue }
            if d < best {
                best = d
                found = [c]
            } else if d == best, !found.contains(c) {
                found.append(c)
            }
        }
        return found
    }

    /// "`a`", "`a` or `b`", "`a`, `b` or `c`".
    public static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "`\($0)`" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// Damerau–Levenshtein distance (optimal string alignment variant): an adjacent swap costs 1.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    v = min(v, prev2[j - 2] + 1)
                }
                cur[j] = v
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }

    /// " (did you mean `x`?)" or "".
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }
}
