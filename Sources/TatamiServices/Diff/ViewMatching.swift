import TatamiBase
import TatamiModel

/// The views of one revision's model, flattened in pre-order, each with its place: a
/// container's child by its declared index, an instance's body as its child 0, decorations as
/// `…/background`, `…/background2`, `…/overlay` in modifier order, innermost first: the paths
/// `tatami frames` gives them (docs/format.md §12.3), spelled out only when asked for.
final class ViewOutline {
    struct Entry {
        let node: ViewNode
        let parent: Int
        /// ≥ 0: a child's index; -1, -3, …: the 1st, 2nd, … background; -2, -4, …: overlays.
        let step: Int32
        /// The kind key, or the component's name for an instance.
        let kind: String
        let id: String?
        /// Children (declared order), backgrounds and overlays: entry indexes.
        var children: [Int] = []
        var backgrounds: [Int] = []
        var overlays: [Int] = []
        /// The nearest enclosing component instance (itself included), as an entry index; -1.
        var instance: Int = -1
        /// Equal for views whose kinds, ids, contents and subtrees are equal (modifiers aside).
        var shape: Int = 0
    }

    static let tokenLimit = 48

    /// Made once, in `init`, and only read afterwards (constants: no exclusivity checks on reads).
    let entries: [Entry]
    /// The store the document's views live in, and each view's entry there (-1: none).
    private let store: ViewStore?
    private let entryOfView: [Int32]
    /// A view reached twice (a YAML alias read in two places): views are then found by path.
    let sharesViews: Bool
    private var pathIndex: [String: Int]?
    private var tokenCache: [[Int]?] = []
    private var pathCache: [String?] = []

    init(_ document: TatamiDocument?) {
        guard let body = document?.body else {
            store = nil
            entries = []
            entryOfView = []
            sharesViews = false
            return
        }
        store = body.store
        var entries: [Entry] = []
        var entryOfView = [Int32](repeating: -1, count: body.store.count)
        var sharesViews = false
        var stack: [(ViewNode, Int, Int32)] = [(body, -1, 0)]
        var pushed: [(ViewNode, Int, Int32)] = []
        while let (node, parent, step) = stack.popLast() {
            let index = entries.count
            var entry = Entry(node: node, parent: parent, step: step, kind: node.kindName, id: node.id)
            if node.kindTag == .component { entry.instance = index } else if parent >= 0 { entry.instance = entries[parent].instance }
            entries.append(entry)
            if node.store === body.store {
                let v = Int(node.index.rawValue)
                if entryOfView[v] >= 0 { sharesViews = true } else { entryOfView[v] = Int32(index) }
            } else {
                sharesViews = true
            }
            if parent >= 0 {
                if step >= 0 {
                    entries[parent].children.append(index)
                } else if step % 2 != 0 {
                    entries[parent].backgrounds.append(index)
                } else {
                    entries[parent].overlays.append(index)
                }
            }
            pushed.removeAll(keepingCapacity: true)
            for (i, child) in node.children.enumerated() { pushed.append((child, index, Int32(i))) }
            var backgrounds: Int32 = 0, overlays: Int32 = 0
            for modifier in node.modifiers {
                switch modifier {
                case .background(let d, _):
                    pushed.append((d, index, -(2 * backgrounds + 1)))
                    backgrounds += 1
                case .overlay(let d, _):
                    pushed.append((d, index, -(2 * overlays + 2)))
                    overlays += 1
                default: break
                }
            }
            stack.append(contentsOf: pushed.reversed())
        }
        // Shapes bottom-up: every entry comes after its parent.
        for i in entries.indices.reversed() {
            var hasher = Hasher()
            hasher.combine(entries[i].kind)
            hasher.combine(entries[i].id)
            hasher.combine(Self.contentHash(entries[i].node.content))
            for c in entries[i].children { hasher.combine(entries[c].shape) }
            for c in entries[i].backgrounds { hasher.combine(entries[c].shape) }
            for c in entries[i].overlays { hasher.combine(entries[c].shape) }
            entries[i].shape = hasher.finalize()
        }
        self.entries = entries
        self.entryOfView = entryOfView
        self.sharesViews = sharesViews
        tokenCache = [[Int]?](repeating: nil, count: entries.count)
    }

    /// The entry of a laid-out view (`FrameNode.view`); nil when the view is not in the outline.
    /// Only while `sharesViews` is false: a view is then in one place.
    func entry(of view: ViewNode) -> Int? {
        guard let store, view.store === store else { return nil }
        let e = entryOfView[Int(view.index.rawValue)]
        return e >= 0 ? Int(e) : nil
    }

    /// The entry at a path (`tatami frames`' spelling).
    func entry(atPath path: String) -> Int? {
        if pathIndex == nil {
            var index: [String: Int] = [:]
            for i in entries.indices { index[self.path(i)] = i }
            pathIndex = index
        }
        return pathIndex![path]
    }

    /// `/`, `/0/2`, `/0/background2`; each entry's spelled once, from its parent's.
    func path(_ i: Int) -> String {
        if pathCache.isEmpty { pathCache = [String?](repeating: nil, count: entries.count) }
        if let hit = pathCache[i] { return hit }
        let parentIndex = entries[i].parent, step = entries[i].step
        let made: String
        if parentIndex < 0 {
            made = "/"
        } else {
            let parent = path(parentIndex)
            var name: String
            if step >= 0 {
                name = String(step)
            } else {
                let n = -step
                name = n % 2 == 1 ? "background" : "overlay"
                let count = (n - 1) / 2
                if count > 0 { name += String(count + 1) }
            }
            made = parent == "/" ? "/" + name : parent + "/" + name
        }
        pathCache[i] = made
        return made
    }

    /// What the view shows: its leaves' kinds and contents hashed, the first `tokenLimit` in
    /// pre-order, sorted. Worked out when an alignment first compares the view.
    func tokens(_ i: Int) -> [Int] {
        if let hit = tokenCache[i] { return hit }
        var out: [Int] = []
        var stack = [i]
        while let j = stack.popLast(), out.count < Self.tokenLimit {
            if entries[j].children.isEmpty {
                var leaf = Hasher()
                leaf.combine(entries[j].kind)
                leaf.combine(Self.contentHash(entries[j].node.content))
                out.append(leaf.finalize())
            }
            stack.append(contentsOf: (entries[j].children + entries[j].backgrounds + entries[j].overlays).reversed())
        }
        out.sort()
        tokenCache[i] = out
        return out
    }

    /// A hash of what a kind shows (its parameters).
    static func contentHash(_ content: ViewContent) -> Int {
        var h = Hasher()
        switch content {
        case .text(let s, _): h.combine(0); h.combine(s)
        case .image(let name, _, _): h.combine(1); h.combine(name)
        case .color(let c, let fill): h.combine(2); h.combine(c); h.combine(fill.map(String.init))
        case .spacer: h.combine(3)
        case .divider: h.combine(4)
        case .component(let name): h.combine(5); h.combine(name)
        default: h.combine(6); h.combine(content.tag.rawValue)
        }
        return h.finalize()
    }
}

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
    /// old entry → new entry, and back (-1: unmatched).
    private(set) var oldToNew: [Int] = []
    private(set) var newToOld: [Int] = []

    static let reorderedSimilarity = 0.8
    /// Children lists past this many pairs (n × m) are aligned by trimming equal ends and
    /// pairing the rest in order, kind by kind, instead of the quadratic alignment.
    static let alignmentBudget = 250_000

    init(old: ViewOutline, new: ViewOutline) {
        oldToNew = [Int](repeating: -1, count: old.entries.count)
        newToOld = [Int](repeating: -1, count: new.entries.count)
        guard !old.entries.isEmpty, !new.entries.isEmpty else { return }
        var queue: [(Int, Int)] = [(0, 0)]
        pair(0, 0)
        func descend(_ queue: inout [(Int, Int)]) {
            while let (a, b) = queue.popLast() {
                for (o, n) in zip(old.entries[a].backgrounds, new.entries[b].backgrounds) where oldToNew[o] < 0 && newToOld[n] < 0 {
                    pair(o, n)
                    queue.append((o, n))
                }
                for (o, n) in zip(old.entries[a].overlays, new.entries[b].overlays) where oldToNew[o] < 0 && newToOld[n] < 0 {
                    pair(o, n)
                    queue.append((o, n))
                }
                let os = old.entries[a].children.filter { oldToNew[$0] < 0 }, ns = new.entries[b].children.filter { newToOld[$0] < 0 }
                for (o, n) in align(os, ns, old: old, new: new) {
                    pair(o, n)
                    queue.append((o, n))
                }
            }
        }
        descend(&queue)
        // Views that left their container: unique ids first, then unique contents.
        var oldIDs: [String: [Int]] = [:], newIDs: [String: [Int]] = [:]
        for i in old.entries.indices { if let id = old.entries[i].id { oldIDs[id, default: []].append(i) } }
        for i in new.entries.indices { if let id = new.entries[i].id { newIDs[id, default: []].append(i) } }
        for (id, os) in oldIDs.sorted(by: { $0.key < $1.key }) {
            guard os.count == 1, let ns = newIDs[id], ns.count == 1 else { continue }
            let o = os[0], n = ns[0]
            guard oldToNew[o] < 0, newToOld[n] < 0, old.entries[o].kind == new.entries[n].kind else { continue }
            pair(o, n)
            queue.append((o, n))
            descend(&queue)
        }
        var oldShapes: [Int: [Int]] = [:], newShapes: [Int: [Int]] = [:]
        for i in old.entries.indices where oldToNew[i] < 0 { oldShapes[old.entries[i].shape, default: []].append(i) }
        for i in new.entries.indices where newToOld[i] < 0 { newShapes[new.entries[i].shape, default: []].append(i) }
        for i in old.entries.indices where oldToNew[i] < 0 {
            let e = (parent: old.entries[i].parent, shape: old.entries[i].shape, isLeaf: old.entries[i].children.isEmpty)
            // Only the top of an unpaired subtree, and only containers or instances (a lone text
            // "OK" found elsewhere is as likely another view).
            guard e.parent < 0 || oldToNew[e.parent] >= 0, !e.isLeaf else { continue }
            guard let os = oldShapes[e.shape], os.count == 1, let ns = newShapes[e.shape], ns.count == 1,
                  newToOld[ns[0]] < 0 else { continue }
            pair(i, ns[0])
            queue.append((i, ns[0]))
            descend(&queue)
        }
    }

    private mutating func pair(_ o: Int, _ n: Int) {
        oldToNew[o] = n
        newToOld[n] = o
    }

    /// How alike two views' contents are, 0 to 1.
    static func similarity(_ o: Int, _ n: Int, old: ViewOutline, new: ViewOutline) -> Double {
        if old.entries[o].shape == new.entries[n].shape { return 1 }
        let x = old.tokens(o), y = new.tokens(n)
        guard !x.isEmpty || !y.isEmpty else { return 1 }
        var i = 0, j = 0, common = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { common += 1; i += 1; j += 1 } else if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return 2 * Double(common) / Double(x.count + y.count)
    }

    /// The weight of pairing two children; nil when they may not be paired.
    static func weight(_ o: Int, _ n: Int, old: ViewOutline, new: ViewOutline) -> Double? {
        guard old.entries[o].kind == new.entries[n].kind else { return nil }
        if let x = old.entries[o].id, let y = new.entries[n].id { return x == y ? 3 : nil }
        return 1 + similarity(o, n, old: old, new: new)
    }

    /// The pairs of one children list: equal ends, the heaviest common subsequence of the
    /// middle, then leftovers alike enough (reordered).
    func align(_ os: [Int], _ ns: [Int], old: ViewOutline, new: ViewOutline) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        func same(_ o: Int, _ n: Int) -> Bool {
            old.entries[o].shape == new.entries[n].shape && old.entries[o].kind == new.entries[n].kind && old.entries[o].id == new.entries[n].id
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
                    while k < mn.count && Self.weight(o, mn[k], old: old, new: new) == nil { k += 1 }
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
                        guard let w = Self.weight(o, n, old: old, new: new), w >= 1 + Self.reorderedSimilarity else { continue }
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
            for j in 0..<m { weights[i * m + j] = Self.weight(os[i], ns[j], old: old, new: new) ?? -1 }
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
