import TatamiBase
import TatamiModel

/// Which view of the old revision is which view of the new one: by `id` where both have it,
/// otherwise by aligning each matched container's children (docs/format.md §12.7).
///
/// Children are aligned as a heaviest common subsequence: two children may be paired when their
/// kinds (component names for instances) are the same and their ids do not differ, weighing 1
/// plus how alike their contents are (the Dice coefficient of their leaves' kinds and contents).
/// Inserting one card into a list therefore pairs every other card with itself, and the cards
/// after it are reported as moved, not changed. Children left over on both sides whose contents
/// are the same (or alike, at least `reorderedSimilarity`) are paired afterwards, in order,
/// which catches reordered lists; then views left over anywhere whose `id`s, or whose
/// contents, are the same and unique on both sides (a view moved to another container).
struct ViewMatching {
    /// old entry → new entry, and back (-1: unmatched); spelled out on each read when every
    /// entry is paired with its counterpart (`pairsAlike`), and `pairs` then empty.
    var oldToNew: [Int] { pairsAlike ? Array(0..<alikeCount) : pairs.oldToNew }
    var newToOld: [Int] { pairsAlike ? Array(0..<alikeCount) : pairs.newToOld }
    private(set) var pairs: (oldToNew: [Int], newToOld: [Int]) = ([], [])
    /// Every entry paired with its counterpart (the outlines alike view for view), and how many.
    private(set) var pairsAlike = false
    private var alikeCount = 0
    /// Each of the old outline's names as an index into the new one's (-1: not there), so that
    /// kinds and ids compare as numbers.
    private var names: [Int32] = []
    /// Each side's `ViewOutline.tokens`, worked out when an alignment first compares the view
    /// (made only for the matching that may align children).
    private var tokens: TokenMemo?
    /// Each side's `ViewOutline.shapes()`, by entry; empty when the outlines are alike view for
    /// view (`alike`), which pairs them without shapes.
    private var oldShapes: [Int] = [], newShapes: [Int] = []

    static let reorderedSimilarity = 0.8
    /// Children lists past this many pairs (n × m) are aligned by trimming equal ends and
    /// pairing the rest in order, kind by kind, instead of the quadratic alignment.
    static let alignmentBudget = 250_000

    /// `pairsAlikeWhole` false: outlines alike view for view go through the general matching too
    /// (tests: both ways give the same pairs).
    init(old: ViewOutline, new: ViewOutline, pairsAlikeWhole: Bool = true) {
        // An outline that took over the other's arrays is alike when what its views show is.
        let taken = new.sameViews === old && !old.entries.isEmpty
        if pairsAlikeWhole && taken && new.sameContents {
            (pairsAlike, alikeCount) = (true, old.entries.count)
            return
        }
        pairs = ([Int](repeating: -1, count: old.entries.count), [Int](repeating: -1, count: new.entries.count))
        names = old.names.map { new.index(ofName: $0) ?? -1 }
        guard !old.entries.isEmpty, !new.entries.isEmpty else { return }
        if pairsAlikeWhole && !taken && alike(old, new) {
            for k in old.entries.indices { pair(k, k) }
            return
        }
        tokens = TokenMemo()
        oldShapes = old.shapes()
        newShapes = new.shapes()
        var queue: [(Int, Int)] = [(0, 0)]
        pair(0, 0)
        descend(&queue, old: old, new: new)
        pairByID(&queue, old: old, new: new)
        pairByShape(&queue, old: old, new: new)
    }

    /// The pairs below each pair of `queue`, and below those.
    private mutating func descend(_ queue: inout [(Int, Int)], old: ViewOutline, new: ViewOutline) {
        while let (a, b) = queue.popLast() {
            if pairsWhole(a, b, old: old, new: new) { continue }
            for (o, n) in zip(old.backgrounds(a), new.backgrounds(b)) where pairs.oldToNew[o] < 0 && pairs.newToOld[n] < 0 {
                pair(o, n)
                queue.append((o, n))
            }
            for (o, n) in zip(old.overlays(a), new.overlays(b)) where pairs.oldToNew[o] < 0 && pairs.newToOld[n] < 0 {
                pair(o, n)
                queue.append((o, n))
            }
            let os = old.children(a).filter { pairs.oldToNew[$0] < 0 }, ns = new.children(b).filter { pairs.newToOld[$0] < 0 }
            for (o, n) in align(os, ns, old: old, new: new) {
                pair(o, n)
                queue.append((o, n))
            }
        }
    }

    /// Whether the two outlines are the same view for view: the same number of entries, each
    /// with the same place (parent and step), kind, id, content as shapes tell it, and numbers
    /// of children, backgrounds and overlays. Their shapes are then equal entry by entry, and
    /// matching pairs each entry with its counterpart (`pairsWhole` of the bodies, with nothing
    /// left for ids and shapes): a file whose change reaches it through a shared component
    /// usually has the same views in both revisions, found so without hashing every view.
    private func alike(_ old: ViewOutline, _ new: ViewOutline) -> Bool {
        guard old.entries.count == new.entries.count, let a = old.store, let b = new.store else { return false }
        for k in old.entries.indices {
            let o = old.entries[k], n = new.entries[k]
            guard o.parent == n.parent, o.step == n.step, o.childCount == n.childCount, o.backgroundCount == n.backgroundCount,
                  o.overlayCount == n.overlayCount, sameKind(o, n), sameID(o, n) else { return false }
            // The kind (and an instance's component) told the rest apart already; these kinds'
            // contents are hashed beyond their kind.
            guard o.tag == .text || o.tag == .image || o.tag == .color else { continue }
            guard ViewOutline.sameContent(a[o.view].content, b[n.view].content) else { return false }
        }
        return true
    }

    /// Pairs two subtrees view for view, when that is what descending would do: the same shape,
    /// laid out alike (each view's step and parent at the same offsets), every view the same
    /// kind, id and shape as its counterpart, and none paired yet. Descending pairs such views
    /// in order at every level (their backgrounds and overlays by position, their children as
    /// equal ends), so this gives its pairs without its lists, one comparison per view. Nearly
    /// every view of a file whose change lies elsewhere (a shared component's padding) goes
    /// this way.
    private mutating func pairsWhole(_ a: Int, _ b: Int, old: ViewOutline, new: ViewOutline) -> Bool {
        let x = old.entries[a], y = new.entries[b]
        let size = Int(x.end) - a
        // A view with nothing inside has nothing to pair below it.
        if size == 1 || Int(y.end) - b == 1 { return true }
        guard oldShapes[a] == newShapes[b], Int(y.end) - b == size else { return false }
        for k in 1..<size {
            let o = old.entries[a + k], n = new.entries[b + k]
            guard oldShapes[a + k] == newShapes[b + k], o.step == n.step, Int(o.parent) - a == Int(n.parent) - b, sameKind(o, n),
                  sameID(o, n), pairs.oldToNew[a + k] < 0, pairs.newToOld[b + k] < 0 else { return false }
        }
        for k in 1..<size { pair(a + k, b + k) }
        return true
    }

    /// Views that left their container: unique ids.
    private mutating func pairByID(_ queue: inout [(Int, Int)], old: ViewOutline, new: ViewOutline) {
        func counted(_ outline: ViewOutline) -> (counts: [Int], last: [Int]) {
            var counts = [Int](repeating: 0, count: outline.names.count), last = counts
            for i in outline.entries.indices where outline.entries[i].id >= 0 {
                counts[Int(outline.entries[i].id)] += 1
                last[Int(outline.entries[i].id)] = i
            }
            return (counts, last)
        }
        let (oldCounts, oldLast) = counted(old), (newCounts, newLast) = counted(new)
        let ids = old.names.indices.filter { oldCounts[$0] > 0 }.sorted { old.names[$0] < old.names[$1] }
        for k in ids {
            let m = Int(names[k])
            guard oldCounts[k] == 1, m >= 0, newCounts[m] == 1 else { continue }
            let o = oldLast[k], n = newLast[m]
            guard pairs.oldToNew[o] < 0, pairs.newToOld[n] < 0, sameKind(old.entries[o], new.entries[n]) else { continue }
            pair(o, n)
            queue.append((o, n))
            descend(&queue, old: old, new: new)
        }
    }

    /// Views that left their container: unique contents.
    private mutating func pairByShape(_ queue: inout [(Int, Int)], old: ViewOutline, new: ViewOutline) {
        guard pairs.oldToNew.contains(-1), pairs.newToOld.contains(-1) else { return }
        var byOldShape: [Int: [Int]] = [:], byNewShape: [Int: [Int]] = [:]
        for i in old.entries.indices where pairs.oldToNew[i] < 0 { byOldShape[oldShapes[i], default: []].append(i) }
        for i in new.entries.indices where pairs.newToOld[i] < 0 { byNewShape[newShapes[i], default: []].append(i) }
        for i in old.entries.indices where pairs.oldToNew[i] < 0 {
            let e = old.entries[i]
            // Only the top of an unpaired subtree, and only containers or instances (a lone text
            // "OK" found elsewhere is as likely another view).
            guard e.parent < 0 || pairs.oldToNew[Int(e.parent)] >= 0, e.childCount > 0 else { continue }
            guard let os = byOldShape[oldShapes[i]], os.count == 1, let ns = byNewShape[oldShapes[i]], ns.count == 1,
                  pairs.newToOld[ns[0]] < 0 else { continue }
            pair(i, ns[0])
            queue.append((i, ns[0]))
            descend(&queue, old: old, new: new)
        }
    }

    private mutating func pair(_ o: Int, _ n: Int) {
        pairs.oldToNew[o] = n
        pairs.newToOld[n] = o
    }

    /// The same kind key (the same component, for instances).
    private func sameKind(_ o: ViewOutline.Entry, _ n: ViewOutline.Entry) -> Bool {
        o.tag == n.tag && (o.component < 0 ? n.component < 0 : names[Int(o.component)] == n.component)
    }

    /// The same `id`, or none on both.
    private func sameID(_ o: ViewOutline.Entry, _ n: ViewOutline.Entry) -> Bool {
        o.id < 0 ? n.id < 0 : names[Int(o.id)] == n.id
    }

    /// How alike two views' contents are, 0 to 1.
    func similarity(_ o: Int, _ n: Int, old: ViewOutline, new: ViewOutline) -> Double {
        if oldShapes[o] == newShapes[n] { return 1 }
        let x = tokens!.tokens(o, of: old, old: true), y = tokens!.tokens(n, of: new, old: false)
        guard !x.isEmpty || !y.isEmpty else { return 1 }
        var i = 0, j = 0, common = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { common += 1; i += 1; j += 1 } else if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return 2 * Double(common) / Double(x.count + y.count)
    }

    /// The weight of pairing two children; nil when they may not be paired.
    func weight(_ o: Int, _ n: Int, old: ViewOutline, new: ViewOutline) -> Double? {
        let x = old.entries[o], y = new.entries[n]
        guard sameKind(x, y) else { return nil }
        if x.id >= 0 && y.id >= 0 { return names[Int(x.id)] == y.id ? 3 : nil }
        return 1 + similarity(o, n, old: old, new: new)
    }

    /// The pairs of one children list: equal ends, the heaviest common subsequence of the
    /// middle, then leftovers alike enough (reordered).
    func align(_ os: [Int], _ ns: [Int], old: ViewOutline, new: ViewOutline) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        func same(_ o: Int, _ n: Int) -> Bool {
            let x = old.entries[o], y = new.entries[n]
            return oldShapes[o] == newShapes[n] && sameKind(x, y) && sameID(x, y)
        }
        var lo = 0
        while lo < os.count && lo < ns.count && same(os[lo], ns[lo]) { pairs.append((os[lo], ns[lo])); lo += 1 }
        var hiO = os.count, hiN = ns.count
        var tail: [(Int, Int)] = []
        while hiO > lo && hiN > lo && same(os[hiO - 1], ns[hiN - 1]) {
            hiO -= 1; hiN -= 1
            tail.append((os[hiO], ns[hiN]))
        }
        let mo = Array(os[lo..<hiO]), mn = Array(ns[lo..<hiN])
        var middle: [(Int, Int)] = []
        if !mo.isEmpty && !mn.isEmpty {
            if mo.count * mn.count <= Self.alignmentBudget {
                middle = heaviest(mo, mn, old: old, new: new)
            } else {
                // In order, kind by kind.
                var j = 0
                for o in mo {
                    var k = j
                    while k < mn.count && weight(o, mn[k], old: old, new: new) == nil { k += 1 }
                    if k < mn.count { middle.append((o, mn[k])); j = k + 1 }
                }
            }
            // Reordered: leftovers whose contents are alike, best first.
            let usedO = Set(middle.map(\.0)), usedN = Set(middle.map(\.1))
            var leftO = mo.filter { !usedO.contains($0) }, leftN = mn.filter { !usedN.contains($0) }
            if !leftO.isEmpty && !leftN.isEmpty && leftO.count * leftN.count <= Self.alignmentBudget {
                var candidates: [(Double, Int, Int)] = []
                for o in leftO {
                    for n in leftN {
                        guard let w = weight(o, n, old: old, new: new), w >= 1 + Self.reorderedSimilarity else { continue }
                        candidates.append((w, o, n))
                    }
                }
                candidates.sort { $0.0 != $1.0 ? $0.0 > $1.0 : ($0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2) }
                var takenO = Set<Int>(), takenN = Set<Int>()
                for (_, o, n) in candidates where !takenO.contains(o) && !takenN.contains(n) {
                    takenO.insert(o); takenN.insert(n)
                    middle.append((o, n))
                }
                leftO.removeAll { takenO.contains($0) }
                leftN.removeAll { takenN.contains($0) }
            }
        }
        return pairs + middle + tail
    }

    /// The heaviest common subsequence of two lists (dynamic programming, n × m).
    private func heaviest(_ os: [Int], _ ns: [Int], old: ViewOutline, new: ViewOutline) -> [(Int, Int)] {
        let n = os.count, m = ns.count
        var score = [Double](repeating: 0, count: (n + 1) * (m + 1))
        var weights = [Double](repeating: -1, count: n * m)
        for i in 0..<n {
            for j in 0..<m { weights[i * m + j] = weight(os[i], ns[j], old: old, new: new) ?? -1 }
        }
        let w1 = m + 1
        for i in 1...n {
            for j in 1...m {
                var best = max(score[(i - 1) * w1 + j], score[i * w1 + j - 1])
                let w = weights[(i - 1) * m + j - 1]
                if w >= 0 { best = max(best, score[(i - 1) * w1 + j - 1] + w) }
                score[i * w1 + j] = best
            }
        }
        var out: [(Int, Int)] = []
        var i = n, j = m
        while i > 0 && j > 0 {
            let w = weights[(i - 1) * m + j - 1]
            if w >= 0 && score[i * w1 + j] == score[(i - 1) * w1 + j - 1] + w {
                out.append((os[i - 1], ns[j - 1]))
                i -= 1; j -= 1
            } else if score[i * w1 + j] == score[(i - 1) * w1 + j] {
                i -= 1
            } else {
                j -= 1
            }
        }
        return out.reversed()
    }
}

/// The tokens of the views an alignment compared, per side.
private final class TokenMemo {
    private var old: [[Int]?] = [], new: [[Int]?] = []

    func tokens(_ i: Int, of outline: ViewOutline, old isOld: Bool) -> [Int] {
        if isOld {
            if old.isEmpty { old = [[Int]?](repeating: nil, count: outline.entries.count) }
            if let hit = old[i] { return hit }
        } else {
            if new.isEmpty { new = [[Int]?](repeating: nil, count: outline.entries.count) }
            if let hit = new[i] { return hit }
        }
        let made = outline.tokens(i)
        if isOld { old[i] = made } else { new[i] = made }
        return made
    }
}
