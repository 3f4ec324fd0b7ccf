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
    /// Component names and ids, each once, and each one's index there when there are more than
    /// `Builder.listedNames` (fewer are looked for in turn: `index(ofName:)`).
    let names: [String]
    private let nameIndex: [String: Int32]
    /// Each name's UTF-8 (`OutlinePlaces.nameBytes`).
    let nameBytes: [[UInt8]]
    /// The store the document's views live in, and each view's entry there (-1: none).
    let store: ViewStore?
    private let entryOfView: [Int32]
    /// A view reached twice (a YAML alias read in two places): views are then found by path.
    let sharesViews: Bool

    /// What names the entries in a report: kinds, ids, paths (the same arrays, made once).
    let places: OutlinePlaces

    /// The outline whose arrays this one took over, its views being the same view for view
    /// (`revisions`); and whether their texts, images and colours show the same too (the
    /// outlines are then alike as `ViewMatching` asks, without asking again).
    let sameViews: ViewOutline?
    let sameContents: Bool

    /// The outlines of a file's two revisions. `sameText`: the file's text is the same in both,
    /// and so usually are its views (what changed is elsewhere): the new revision's views are
    /// then read alongside the old one's as those are outlined, and when they are the same view
    /// for view (the same indexes in a store as large, kinds, names, ids, starts, decorations and
    /// children), the old outline's arrays, names and places hold for the new one too and are
    /// taken over instead of made again.
    static func revisions(old: TatamiDocument?, new: TatamiDocument?, sameText: Bool) -> (old: ViewOutline, new: ViewOutline) {
        var twin = sameText ? new?.body : nil
        if let t = twin, t.index != old?.body?.index || t.store.count != old?.body?.store.count { twin = nil }
        var contents: Bool?
        let first = ViewOutline(old, twin: twin?.store, contents: &contents)
        guard let twin, let contents else { return (first, ViewOutline(new)) }
        return (first, ViewOutline(taking: first, store: twin.store, contents: contents))
    }

    convenience init(_ document: TatamiDocument?) {
        var contents: Bool?
        self.init(document, twin: nil, contents: &contents)
    }

    /// `twin`: the other revision's store, its views compared with these as they are outlined;
    /// `contents` then set (when they all were the same) to whether what they show is.
    private init(_ document: TatamiDocument?, twin: ViewStore?, contents: inout Bool?) {
        sameViews = nil
        sameContents = false
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
        build.twin = twin
        // Room for every view of the store once: a view reached in two places takes more, and the
        // walk is then made again with twice the room.
        var capacity = store.count
        while !build.walk(from: body.index, capacity: capacity) {
            capacity *= 2
            (build.twin, build.twinContents) = (twin, true)
        }
        entries = build.entries
        links = build.links
        names = build.names
        nameIndex = build.nameIndex
        nameBytes = build.names.map { Array($0.utf8) }
        entryOfView = build.entryOfView
        sharesViews = build.sharesViews
        places = OutlinePlaces(entries: entries, names: names, nameBytes: nameBytes)
        if build.twin != nil { contents = build.twinContents }
    }

    /// An outline of `store`'s views, which are `other`'s view for view: its arrays taken over.
    private init(taking other: ViewOutline, store: ViewStore, contents: Bool) {
        self.store = store
        entries = other.entries
        links = other.links
        names = other.names
        nameIndex = other.nameIndex
        nameBytes = other.nameBytes
        entryOfView = other.entryOfView
        sharesViews = other.sharesViews
        places = other.places
        sameViews = other
        sameContents = contents
    }

    /// The outline as it is made: one walk, each subtree's end found as the walk leaves it.
    private struct Builder {
        let store: ViewStore
        var entries: [Entry] = []
        var links: [Int32] = []
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        var entryOfView: [Int32] = []
        var sharesViews = false
        /// The other revision's store, read alongside while its views have all been these ones
        /// (nil once one was not: `ViewOutline.revisions`); and whether their texts, images and
        /// colours show the same.
        var twin: ViewStore?
        var twinContents = true

        init(store: ViewStore) {
            self.store = store
        }

        /// The name asked last and its index: an outline names the same component many times
        /// in a row (every row of a list), and a string compared costs less than one hashed.
        var lastName: (String, Int32)?

        /// Up to this many names are looked for in turn, without a table: most outlines name a
        /// component or two and no `id`, and a table costs more to make than that.
        static let listedNames = 8

        mutating func name(_ s: String) -> Int32 {
            if let (last, index) = lastName, last == s { return index }
            let found = lookUp(s)
            lastName = (s, found)
            return found
        }

        private mutating func lookUp(_ s: String) -> Int32 {
            if names.count <= Self.listedNames {
                if let hit = names.firstIndex(of: s) { return Int32(hit) }
            } else if let hit = nameIndex[s] {
                return hit
            }
            let index = Int32(names.count)
            names.append(s)
            if names.count > Self.listedNames {
                if nameIndex.isEmpty {
                    for (k, name) in names.enumerated() { nameIndex[name] = Int32(k) }
                } else {
                    nameIndex[s] = index
                }
            }
            return index
        }

        /// A view to be reached: its parent entry, its step, and the slot in `links` to fill with
        /// its entry's index.
        private struct Pending {
            var view: ViewIndex
            var parent: Int32
            var step: Int32
            var slot: Int32
        }

        /// Pre-order from the body: children in declared order, then decorations in modifier
        /// order; each entry's links reserved when it is reached and filled as its children are.
        /// Written into room for `capacity` entries (and as many links and pending views), each
        /// view read through the store's accessors once: no array grows or is checked per view.
        /// False when the views need more room (nothing is kept then).
        mutating func walk(from body: ViewIndex, capacity: Int) -> Bool {
            var linked = [Int32](filled: -1, count: capacity), entryOf = [Int32](filled: -1, count: store.count)
            var count = 0, linkCount = 0, fits = true, shares = false
            let made = [Entry](unsafeUninitializedCapacity: capacity) { out, initialized in
                linked.withUnsafeMutableBufferPointer { links in
                    entryOf.withUnsafeMutableBufferPointer { entryOf in
                        withUnsafeTemporaryAllocation(of: Pending.self, capacity: capacity) { stack in
                            fits = walk(from: body, into: out, links: links, entryOf: entryOf, stack: stack, &count, &linkCount,
                                        shares: &shares)
                        }
                    }
                }
                initialized = count
            }
            guard fits else { return false }
            entries = made
            links = linked
            links.removeLast(capacity - linkCount)
            entryOfView = entryOf
            sharesViews = shares
            return true
        }

        /// The walk itself, into room for as many entries as `out` holds; false when the views
        /// need more. Each view of the twin store (if any) is compared with its own as it goes.
        private mutating func walk(from body: ViewIndex, into out: UnsafeMutableBufferPointer<Entry>,
                                   links: UnsafeMutableBufferPointer<Int32>, entryOf: UnsafeMutableBufferPointer<Int32>,
                                   stack: UnsafeMutableBufferPointer<Pending>, _ made: inout Int, _ linked: inout Int,
                                   shares: inout Bool) -> Bool {
            // Counts kept in locals, the store's accessors called first for each view.
            let store = self.store, capacity = out.count
            guard capacity > 0 else { return false }
            stack[0] = Pending(view: body, parent: -1, step: 0, slot: -1)
            var top = 1, count = 0, linkCount = 0, twin = self.twin, contents = twinContents
            // The entry made last: the entries from it up to the next one's parent (exclusive) end
            // where the next one starts (pre-order: that parent is the last one or around it).
            var last: Int32 = -1
            func close(upTo parent: Int32) {
                while last != parent && last >= 0 {
                    out[Int(last)].end = Int32(truncatingIfNeeded: count)
                    last = out[Int(last)].parent
                }
            }
            defer {
                made = count
                linked = linkCount
                (self.twin, twinContents) = (twin, contents)
            }
            while top > 0 {
                top &-= 1
                let p = stack[top], view = p.view
                let tag = store.kindTag(at: view), node = store[view], offset = node.range.start
                let children = store.childCount(at: view), modifiers = store.modifierCount(at: view)
                var component: Int32 = -1, id: Int32 = -1, componentName: String?, idName: String?
                if tag == .component, case .component(let n) = node.content {
                    component = name(n)
                    componentName = n
                }
                // Most views write no attribute, `id` among them: not asked then.
                if store.hasAttributes(at: view), let s = node.id {
                    id = name(s)
                    idName = s
                }
                if let t = twin, !Self.same(view, in: t, tag: tag, start: offset, children: children, modifiers: modifiers,
                                            component: componentName, id: idName, contents: &contents, as: node) {
                    twin = nil
                }
                var backgrounds = 0, overlays = 0
                for k in 0..<modifiers {
                    let d = store.decoration(k, of: view)
                    if let t = twin, case let e = t.decoration(k, of: view), e?.view != d?.view || e?.isBackground != d?.isBackground {
                        twin = nil
                    }
                    guard let d else { continue }
                    if d.isBackground { backgrounds &+= 1 } else { overlays &+= 1 }
                }
                let start = linkCount, linkedCount = children &+ backgrounds &+ overlays
                guard count < capacity, top &+ linkedCount <= capacity, start &+ linkedCount <= capacity else { return false }
                let index = Int32(truncatingIfNeeded: count)
                if p.slot >= 0 { links[Int(p.slot)] = index }
                let v = Int(view.rawValue)
                precondition(v >= 0 && v < entryOf.count, "a view outside its store")
                if entryOf[v] >= 0 { shares = true } else { entryOf[v] = index }
                let instance = tag == .component ? index : p.parent >= 0 ? out[Int(p.parent)].instance : -1
                close(upTo: p.parent)
                last = index
                linkCount &+= linkedCount
                out.baseAddress!.advanced(by: count).initialize(to: Entry(
                    view: view, start: offset, parent: p.parent, step: p.step, tag: tag, component: component, id: id,
                    instance: instance, linkStart: Int32(truncatingIfNeeded: start), childCount: Int32(truncatingIfNeeded: children),
                    backgroundCount: Int32(truncatingIfNeeded: backgrounds), overlayCount: Int32(truncatingIfNeeded: overlays), end: 0))
                count &+= 1
                // Pushed in reverse, so that they are reached in order (most views have no
                // decoration: their modifiers are not gone through again).
                if backgrounds &+ overlays > 0 {
                    var b = backgrounds, o = overlays
                    for k in stride(from: modifiers - 1, through: 0, by: -1) {
                        guard let d = store.decoration(k, of: view) else { continue }
                        let step: Int, slot: Int
                        if d.isBackground {
                            b &-= 1
                            (step, slot) = (-(2 * b + 1), start &+ children &+ b)
                        } else {
                            o &-= 1
                            (step, slot) = (-(2 * o + 2), start &+ children &+ backgrounds &+ o)
                        }
                        stack[top] = Pending(view: d.view, parent: index, step: Int32(step), slot: Int32(slot))
                        top &+= 1
                    }
                }
                var k = children
                while k > 0 {
                    k &-= 1
                    let child = store.child(k, of: view)
                    if let t = twin, t.child(k, of: view) != child { twin = nil }
                    stack[top] = Pending(view: child, parent: index, step: Int32(truncatingIfNeeded: k), slot: Int32(truncatingIfNeeded: start &+ k))
                    top &+= 1
                }
            }
            close(upTo: -1)
            return true
        }

        /// Whether the twin store's view at `view` is this store's `node` as far as the outline
        /// tells (kind, start, numbers of children and modifiers, component name, `id`), and, while
        /// `contents` holds, whether a text, image or colour shows the same (`ViewMatching.alike`).
        private static func same(_ view: ViewIndex, in twin: ViewStore, tag: ViewKindTag, start: Int, children: Int, modifiers: Int,
                                 component: String?, id: String?, contents: inout Bool, as node: ViewNode) -> Bool {
            guard twin.kindTag(at: view) == tag, twin.childCount(at: view) == children, twin.modifierCount(at: view) == modifiers
            else { return false }
            let other = twin[view]
            guard other.range.start == start else { return false }
            if tag == .component {
                guard case .component(let n) = other.content, n == component else { return false }
            }
            guard (twin.hasAttributes(at: view) ? other.id : nil) == id else { return false }
            if contents && (tag == .text || tag == .image || tag == .color) { contents = ViewOutline.sameContent(node.content, other.content) }
            return true
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

    /// The index of a component name or id in `names`; nil when the outline has no such name.
    func index(ofName name: String) -> Int32? {
        if names.count <= Builder.listedNames { return names.firstIndex(of: name).map { Int32($0) } }
        return nameIndex[name]
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
    /// (Each side read where it is, not copied into a pair first.)
    static func sameContent(_ a: ViewContent, _ b: ViewContent) -> Bool {
        switch a {
        case .text(let x, _):
            guard case .text(let y, _) = b else { return false }
            return x == y
        case .image(let x, _, _):
            guard case .image(let y, _, _) = b else { return false }
            return x == y
        case .color(let x, let f):
            guard case .color(let y, let g) = b else { return false }
            return x == y && f == g
        case .component(let x):
            guard case .component(let y) = b else { return false }
            return x == y
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
