import TatamiBase
import TatamiModel

/// The views of one revision's model, flattened in pre-order, each with its place: a
/// container's child by its declared index, an instance's body as its child 0, decorations as
/// `…/background`, `…/background2`, `…/overlay` in modifier order, innermost first: the paths
/// `tatami frames` gives them (docs/format.md §12.3), spelled out only when asked for.
///
/// A diff of a shared component outlines every view of thousands of files twice, so an entry is
/// plain numbers: the view's index in the store, not a handle; its kind as a tag and, for an
/// instance, an index into the outline's names (which hold each component name and `id` once);
/// its children and decorations as a run of one shared link array. Building, reading and
/// dropping an outline then counts no references and allocates a handful of arrays. Immutable
/// once made; what a report needs to name the views (`places`) outlives the comparison without
/// the model.
final class ViewOutline: Sendable {
    struct Entry {
        /// The view, in `store`.
        var view: ViewIndex
        /// Where the view starts in its file (its whole range's start).
        var start: Int
        var parent: Int32
        /// ≥ 0: a child's index; -1, -3, …: the 1st, 2nd, … background; -2, -4, …: overlays.
        var step: Int32
        var tag: ViewKindTag
        /// An instance's component name, as an index into `names`; -1 for other kinds.
        var component: Int32
        /// The view's `id`, as an index into `names`; -1 when it has none.
        var id: Int32
        /// The nearest enclosing component instance (itself included), as an entry index; -1.
        var instance: Int32
        /// Children (declared order), then backgrounds, then overlays (modifier order), as entry
        /// indexes: `links[linkStart ..< linkStart + childCount + backgroundCount + overlayCount]`.
        var linkStart: Int32
        var childCount: Int32
        var backgroundCount: Int32
        var overlayCount: Int32
        /// One past the last entry of the view's subtree (entries are in pre-order).
        var end: Int32
    }

    static let tokenLimit = 48

    /// Made once, in `init`, and only read afterwards (constants: no exclusivity checks on reads).
    let entries: [Entry]
    let links: [Int32]
    /// Component names and ids, each once, and each one's index there.
    let names: [String]
    let nameIndex: [String: Int32]
    /// Each name's UTF-8 (`OutlinePlaces.nameBytes`).
    let nameBytes: [[UInt8]]
    /// The store the document's views live in, and each view's entry there (-1: none).
    let store: ViewStore?
    private let entryOfView: [Int32]
    /// A view reached twice (a YAML alias read in two places): views are then found by path.
    let sharesViews: Bool

    /// What names the entries in a report: kinds, ids, paths (the same arrays, made once).
    let places: OutlinePlaces

    init(_ document: TatamiDocument?) {
        guard let body = document?.body else {
            store = nil
            entries = []
            links = []
            names = []
            nameIndex = [:]
            nameBytes = []
            entryOfView = []
            sharesViews = false
            places = OutlinePlaces(entries: [], names: [], nameBytes: [])
            return
        }
        let store = body.store
        self.store = store
        var build = Builder(store: store)
        build.walk(from: body.index)
        build.ends()
        entries = build.entries
        links = build.links
        names = build.names
        nameIndex = build.nameIndex
        nameBytes = build.names.map { Array($0.utf8) }
        entryOfView = build.entryOfView
        sharesViews = build.sharesViews
        places = OutlinePlaces(entries: entries, names: names, nameBytes: nameBytes)
    }

    /// The outline as it is made: the walk, then the shapes bottom-up.
    private struct Builder {
        let store: ViewStore
        var entries: [Entry] = []
        var links: [Int32] = []
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        var entryOfView: [Int32]
        var sharesViews = false

        init(store: ViewStore) {
            self.store = store
            entryOfView = [Int32](repeating: -1, count: store.count)
            entries.reserveCapacity(store.count)
            links.reserveCapacity(store.count)
        }

        /// The name asked last and its index: an outline names the same component many times
        /// in a row (every row of a list), and a string compared costs less than one hashed.
        var lastName: (String, Int32)?

        mutating func name(_ s: String) -> Int32 {
            if let (last, index) = lastName, last == s { return index }
            let found = lookUp(s)
            lastName = (s, found)
            return found
        }

        private mutating func lookUp(_ s: String) -> Int32 {
            if let hit = nameIndex[s] { return hit }
            let index = Int32(names.count)
            names.append(s)
            nameIndex[s] = index
            return index
        }

        /// Pre-order from the body: children in declared order, then decorations in modifier
        /// order; each entry's links reserved when it is reached and filled as its children are.
        mutating func walk(from body: ViewIndex) {
            // (view, parent entry, step, slot in `links` to fill with the entry's index)
            var stack: [(ViewIndex, Int32, Int32, Int32)] = [(body, -1, 0, -1)]
            stack.reserveCapacity(64)
            while let (view, parent, step, slot) = stack.popLast() {
                let index = Int32(entries.count)
                if slot >= 0 { links[Int(slot)] = index }
                let v = Int(view.rawValue)
                if entryOfView[v] >= 0 { sharesViews = true } else { entryOfView[v] = index }
                let tag = store.kindTag(at: view), node = store[view], offset = node.range.start
                var component: Int32 = -1
                if tag == .component, case .component(let n) = node.content { component = name(n) }
                // Most views write no attribute, `id` among them: not asked then.
                let id = store.hasAttributes(at: view) ? node.id.map { name($0) } ?? -1 : -1
                let instance = tag == .component ? index : parent >= 0 ? entries[Int(parent)].instance : -1
                let children = store.childCount(at: view), modifiers = store.modifierCount(at: view)
                var backgrounds: Int32 = 0, overlays: Int32 = 0
                for k in 0..<modifiers {
                    guard let d = store.decoration(k, of: view) else { continue }
                    if d.isBackground { backgrounds += 1 } else { overlays += 1 }
                }
                let start = Int32(links.count)
                for _ in 0..<(children + Int(backgrounds + overlays)) { links.append(-1) }
                entries.append(Entry(view: view, start: offset, parent: parent, step: step, tag: tag, component: component, id: id,
                                     instance: instance, linkStart: start, childCount: Int32(children),
                                     backgroundCount: backgrounds, overlayCount: overlays, end: 0))
                // Pushed in reverse, so that they are reached in order (most views have no
                // decoration: their modifiers are not gone through again).
                var b = backgrounds, o = overlays
                for k in stride(from: backgrounds + overlays > 0 ? modifiers - 1 : -1, through: 0, by: -1) {
                    guard let d = store.decoration(k, of: view) else { continue }
                    if d.isBackground {
                        b -= 1
                        stack.append((d.view, index, -(2 * b + 1), start + Int32(children) + b))
                    } else {
                        o -= 1
                        stack.append((d.view, index, -(2 * o + 2), start + Int32(children) + backgrounds + o))
                    }
                }
                for k in stride(from: children - 1, through: 0, by: -1) {
                    stack.append((store.child(k, of: view), index, Int32(k), start + Int32(k)))
                }
            }
        }

        /// Subtree ends bottom-up: every entry comes after its parent.
        mutating func ends() {
            for i in entries.indices.reversed() {
                let e = entries[i]
                var end = Int32(i + 1)
                let count = Int(e.childCount + e.backgroundCount + e.overlayCount)
                for k in 0..<count { end = max(end, entries[Int(links[Int(e.linkStart) + k])].end) }
                entries[i].end = end
            }
        }
    }

    /// Each entry's shape: equal for views whose kinds, ids, contents and subtrees are equal
    /// (modifiers aside), worked out bottom-up when a matching first needs them (`ViewMatching`:
    /// two outlines alike view for view are paired without them).
    func shapes() -> [Int] {
        var shapes = [Int](repeating: 0, count: entries.count)
        for i in entries.indices.reversed() {
            let e = entries[i]
            var hasher = Hasher()
            hasher.combine(e.id < 0 ? nil : names[Int(e.id)])
            ViewOutline.combine(store![e.view].content, into: &hasher)
            let count = Int(e.childCount + e.backgroundCount + e.overlayCount)
            for k in 0..<count { hasher.combine(shapes[Int(links[Int(e.linkStart) + k])]) }
            shapes[i] = hasher.finalize()
        }
        return shapes
    }

    func kind(_ i: Int) -> String { places.kind(i) }
    func path(_ i: Int) -> String { places.path(i) }

    /// The entry's children (declared order), backgrounds and overlays, as entry indexes.
    func children(_ i: Int) -> [Int] { linked(i, 0, Int(entries[i].childCount)) }
    func backgrounds(_ i: Int) -> [Int] { linked(i, Int(entries[i].childCount), Int(entries[i].backgroundCount)) }
    func overlays(_ i: Int) -> [Int] {
        linked(i, Int(entries[i].childCount + entries[i].backgroundCount), Int(entries[i].overlayCount))
    }

    private func linked(_ i: Int, _ offset: Int, _ count: Int) -> [Int] {
        let start = Int(entries[i].linkStart) + offset
        return (start..<(start + count)).map { Int(links[$0]) }
    }

    /// The entry of a laid-out view, by its index in `store`; nil when the view is not in the
    /// outline. Only while `sharesViews` is false: a view is then in one place.
    func entry(ofIndex view: ViewIndex) -> Int? {
        let e = entryOfView[Int(view.rawValue)]
        return e >= 0 ? Int(e) : nil
    }

    /// `entry(ofIndex:)` for every view at once: each view's entry (-1: none), by index in
    /// `store`.
    func withEntriesOfViews<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        entryOfView.withUnsafeBufferPointer(body)
    }

    /// The entry of a laid-out view (`FrameNode.view`); nil when the view is not in the outline.
    func entry(of view: ViewNode) -> Int? {
        guard let store, view.store === store else { return nil }
        return entry(ofIndex: view.index)
    }

    /// Every entry by its path (`tatami frames`' spelling).
    func pathIndex() -> [String: Int] {
        var index: [String: Int] = [:]
        for i in entries.indices { index[path(i)] = i }
        return index
    }

    /// The entry at a path; each call spells every path (`pathIndex` for many).
    func entry(atPath path: String) -> Int? { pathIndex()[path] }

    /// What the view shows: its leaves' kinds and contents hashed, the first `tokenLimit` in
    /// pre-order (children, then backgrounds, then overlays), sorted.
    func tokens(_ i: Int) -> [Int] {
        var out: [Int] = []
        var stack = [i]
        while let j = stack.popLast(), out.count < Self.tokenLimit {
            let e = entries[j]
            if e.childCount == 0 {
                var leaf = Hasher()
                Self.combine(store![e.view].content, into: &leaf)
                out.append(leaf.finalize())
            }
            let start = Int(e.linkStart), count = Int(e.childCount + e.backgroundCount + e.overlayCount)
            for k in stride(from: start + count - 1, through: start, by: -1) { stack.append(Int(links[k])) }
        }
        out.sort()
        return out
    }

    /// Whether two views show the same thing as `combine` tells it: exactly what it hashes is
    /// compared, so contents the same here always hash the same.
    static func sameContent(_ a: ViewContent, _ b: ViewContent) -> Bool {
        switch (a, b) {
        case let (.text(x, _), .text(y, _)): return x == y
        case let (.image(x, _, _), .image(y, _, _)): return x == y
        case let (.color(x, f), .color(y, g)): return x == y && f == g
        case let (.component(x), .component(y)): return x == y
        default: return a.tag == b.tag
        }
    }

    /// What a view is and shows (its kind and parameters), hashed: kinds and component names
    /// are told apart as the kind key tells them.
    static func combine(_ content: ViewContent, into h: inout Hasher) {
        switch content {
        case .text(let s, _): h.combine(0); h.combine(s)
        case .image(let name, _, _): h.combine(1); h.combine(name)
        case .color(let c, let fill): h.combine(2); h.combine(c); h.combine(fill.map(String.init))
        case .spacer: h.combine(3)
        case .divider: h.combine(4)
        case .component(let name): h.combine(5); h.combine(name)
        case .hstack: h.combine(7)
        case .vstack: h.combine(8)
        case .zstack: h.combine(9)
        case .flow: h.combine(10)
        case .grid: h.combine(11)
        case .bricks: h.combine(12)
        case .canvas: h.combine(13)
        }
    }
}

/// The part of an outline a report reads to name views (kinds, ids, paths, where each starts),
/// kept with the changes found; plain values, without the model. An object, so that each line
/// the text format writes reads it without copying (and counting references to) its arrays.
final class OutlinePlaces: Sendable {
    let entries: [ViewOutline.Entry]
    let names: [String]
    /// Each name's UTF-8, which the text format copies into its lines.
    let nameBytes: [[UInt8]]

    init(entries: [ViewOutline.Entry], names: [String], nameBytes: [[UInt8]]) {
        self.entries = entries
        self.names = names
        self.nameBytes = nameBytes
    }

    /// `ViewKindTag.name` as a literal, copied without a string.
    static func tagName(_ tag: ViewKindTag) -> StaticString {
        switch tag {
        case .text: return "text"
        case .image: return "image"
        case .color: return "color"
        case .spacer: return "spacer"
        case .divider: return "divider"
        case .hstack: return "hstack"
        case .vstack: return "vstack"
        case .zstack: return "zstack"
        case .flow: return "flow"
        case .grid: return "grid"
        case .bricks: return "bricks"
        case .canvas: return "canvas"
        case .component: return "component"
        }
    }

    /// The kind key, or the component's name for an instance.
    func kind(_ i: Int) -> String {
        let e = entries[i]
        return e.component >= 0 ? names[Int(e.component)] : e.tag.name
    }

    func id(_ i: Int) -> String? {
        let id = entries[i].id
        return id < 0 ? nil : names[Int(id)]
    }

    /// The component whose body the view belongs to: its nearest enclosing instance's, an
    /// instance's own frame belonging to the file using it.
    func component(_ i: Int) -> String? {
        var k = Int(entries[i].instance)
        if k == i {
            let p = Int(entries[i].parent)
            k = p >= 0 ? Int(entries[p].instance) : -1
        }
        return k >= 0 ? kind(k) : nil
    }

    /// `/`, `/0/2`, `/0/background2`.
    func path(_ i: Int) -> String {
        var bytes: [UInt8] = []
        writePath(i, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `path(i)`'s UTF-8 bytes, appended to `out`, without a string or an array: the steps are
    /// read up the parent links into room on the stack, then written from the top.
    func writePath<S: ByteSink>(_ i: Int, into out: inout S) {
        guard entries[i].parent >= 0 else { return out.append(0x2F) }
        var depth = 0, j = i
        while entries[j].parent >= 0 {
            depth += 1
            j = Int(entries[j].parent)
        }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: depth) { steps in
            var k = depth, j = i
            while k > 0 {
                k -= 1
                steps[k] = entries[j].step
                j = Int(entries[j].parent)
            }
            for step in steps { Self.writeStep(step, into: &out) }
        }
    }

    /// `out[start...]` turned round in place.
    static func reverse<S: ByteSink>(_ out: inout S, from start: Int) {
        var a = start, b = out.count - 1
        while a < b {
            out.swapAt(a, b)
            a += 1
            b -= 1
        }
    }

    /// `/2`, `/background`, `/overlay3`.
    static func writeStep<S: ByteSink>(_ step: Int32, into out: inout S) {
        out.append(0x2F)
        if step >= 0 { return DiffFormatter.integer(Int64(step), into: &out) }
        let n = -step
        if n % 2 == 1 { out.appendLiteral("background") } else { out.appendLiteral("overlay") }
        let count = (n - 1) / 2
        if count > 0 { DiffFormatter.integer(Int64(count + 1), into: &out) }
    }

    /// Whether entry `i` here and entry `j` of `other` have the same path.
    func samePath(_ i: Int, as j: Int, in other: OutlinePlaces) -> Bool {
        var a = i, b = j
        while entries[a].parent >= 0 && other.entries[b].parent >= 0 {
            guard entries[a].step == other.entries[b].step else { return false }
            a = Int(entries[a].parent)
            b = Int(other.entries[b].parent)
        }
        return entries[a].parent < 0 && other.entries[b].parent < 0
    }

    /// The 1-based line the view starts on; nil without a table or past its end.
    func line(_ i: Int, _ table: LineTable?) -> Int? {
        let start = entries[i].start
        return table.flatMap { t in start <= t.bytes.count ? t.line(ofByte: start) + 1 : nil }
    }
}
