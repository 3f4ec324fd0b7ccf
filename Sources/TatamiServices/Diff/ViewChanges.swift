import TatamiBase
import TatamiLayout
import TatamiModel

/// One view's change in one viewport as the comparison finds it: entries of the two outlines and
/// numbers, no strings. A shared component's change moves hundreds of thousands of views; the
/// text format writes each one's line straight from this (`DiffFormatter.text`), and only the
/// other formats spell them out as `DiffViewChange`s (`ChangeSpelling`).
struct ViewChange {
    /// The view's entry in the new outline, or the old one for a removed view.
    var entry: Int32
    /// A changed view's entry in the old outline; -1 otherwise.
    var other: Int32
    var change: DiffViewChange.Change
    var moved = false, resized = false
    /// The view only goes along with the view holding it (`DiffViewChange.followsParent`).
    var followsParent = false
    /// How many views inside follow this one, transitively.
    var following: Int32 = 0
    /// The change's cause, as an index into `ChangeSpelling.causes`.
    var cause: Int32 = 0
    /// The change of the view holding this one, as an index into the viewport's changes as
    /// `found` lists them; -1: none (the view holding it did not change, or there is none).
    var parent: Int32 = -1
    var dx = 0.0, dy = 0.0, dw = 0.0, dh = 0.0
    /// The old frame (changed and removed views) and the new one (changed and added views).
    var oldFrame = Rect.zero, newFrame = Rect.zero

    /// How many views an viewport's changes move, resize, add and remove.
    struct Tally {
        var moved = 0, resized = 0, added = 0, removed = 0
    }

    /// What changed in one viewport: in the new revision's drawing order, then the removed
    /// views in the old one's; each marked when it only follows its parent's change, and
    /// counting those that follow it. The frames' slots are taken over to mark the changes
    /// (`listed`), so each side's frames are read here for the last time.
    static func found(_ before: LayoutComparison.Frames, _ after: LayoutComparison.Frames, oldOutline: ViewOutline,
                      newOutline: ViewOutline, matching: ViewMatching, tolerance tol: Double, tally: inout Tally) -> [ViewChange] {
        var inOrder = true
        // At most one change per shown view, written in place (no append checks its room).
        var changes = [ViewChange](unsafeUninitializedCapacity: after.count + before.count) { out, count in
            count = listed(before, after, oldOutline.entries, newOutline.entries, matching: matching, tolerance: tol, into: out,
                           tally: &tally, inOrder: &inOrder)
        }
        let oldEntries = oldOutline.entries, newEntries = newOutline.entries
        let changeOfOld = before.slots, changeOfNew = after.slots
        changes.withUnsafeMutableBufferPointer { list in
            // A parent's change listed after its child's (which drawing order never does): which
            // changes only follow their parent's is then worked out again, once all are listed.
            if !inOrder {
                for i in list.indices {
                    let removed = list[i].change == .removed
                    let p = Int(removed ? oldEntries[Int(list[i].entry)].parent : newEntries[Int(list[i].entry)].parent)
                    if p >= 0 { follow(&list[i], removed ? changeOfOld[p] : changeOfNew[p], in: UnsafeBufferPointer(list)) }
                }
            }
            // How many follow each: a parent's change comes before its children's.
            for i in list.indices.reversed() where list[i].followsParent {
                list[Int(list[i].parent)].following += 1 + list[i].following
            }
        }
        return changes
    }

    /// Marks `c` with the change of the view holding it, when that has one (`mark`, its entry's
    /// mark: `listed`), and whether it only follows that one; false when the mark is still a
    /// frame's place (the holding view's change not listed yet).
    @discardableResult
    private static func follow(_ c: inout ViewChange, _ mark: Int32, in list: UnsafeBufferPointer<ViewChange>) -> Bool {
        guard mark <= -3 else { return mark < 0 }
        let pc = -3 - mark, parent = list[Int(pc)]
        c.parent = pc
        switch c.change {
        case .added, .removed: c.followsParent = parent.change == c.change
        case .changed:
            c.followsParent = parent.change == .changed && c.moved && !c.resized
                && abs(parent.dx - c.dx) < 1e-9 && abs(parent.dy - c.dy) < 1e-9
        }
        return true
    }

    /// The changes of the shown views, in order, written to `out` from its start; how many.
    /// Each side's slots become the changes' marks: a shown entry's change `c` as -3 - c, -2
    /// for a new view shown unchanged, -1 for an old one kept, and -1 where nothing is shown.
    /// Each change is marked with its parent's as it is listed (the parent's comes first in
    /// drawing order); `inOrder` false when one did not.
    private static func listed(_ before: LayoutComparison.Frames, _ after: LayoutComparison.Frames, _ oldEntries: [ViewOutline.Entry],
                               _ newEntries: [ViewOutline.Entry], matching: ViewMatching, tolerance tol: Double,
                               into out: UnsafeMutableBufferPointer<ViewChange>, tally: inout Tally, inOrder: inout Bool) -> Int {
        let least = tol - 1e-9
        func significant(_ d: Double) -> Bool { abs(d) > 1e-9 && abs(d) >= least }
        var count = 0
        func add(_ c: ViewChange, holder: Int32, marks: UnsafeMutableBufferPointer<Int32>) {
            precondition(count < out.count, "more changes than shown views")
            var c = c
            if holder >= 0 && !follow(&c, marks[Int(holder)], in: UnsafeBufferPointer(rebasing: out[..<count])) { inOrder = false }
            out.baseAddress!.advanced(by: count).initialize(to: c)
            count &+= 1
        }
        let (oldToNew, newToOld) = matching.pairs, paired = matching.pairsAlike
        let newOrder = after.order, newRects = after.rects, oldOrder = before.order, oldRects = before.rects
        let oldSlots = before.slots, newSlots = after.slots
        // Every entry paired with itself and shown in the same order on both sides (`Frames`
        // copied): each new frame's old one is at the same place, and no old view is removed.
        let inStep = paired && after.copies(before)
        for k in newOrder.indices {
            let entry = newOrder[k], e = Int(entry), b = newRects[k]
            let m = paired ? e : newToOld[e], slot = inStep ? Int32(truncatingIfNeeded: k) : m >= 0 ? oldSlots[m] : -1
            if slot >= 0 {
                let a = oldRects[Int(slot)]
                let dx = b.minX - a.minX, dy = b.minY - a.minY, dw = b.width - a.width, dh = b.height - a.height
                let moved = significant(dx) || significant(dy), resized = significant(dw) || significant(dh)
                guard moved || resized else {
                    newSlots[e] = -2
                    continue
                }
                if moved { tally.moved &+= 1 }
                if resized { tally.resized &+= 1 }
                newSlots[e] = -3 - Int32(truncatingIfNeeded: count)
                add(ViewChange(entry: entry, other: Int32(truncatingIfNeeded: m), change: .changed, moved: moved,
                               resized: resized, dx: dx, dy: dy, dw: dw, dh: dh, oldFrame: a, newFrame: b),
                    holder: newEntries[e].parent, marks: newSlots)
            } else {
                tally.added &+= 1
                newSlots[e] = -3 - Int32(truncatingIfNeeded: count)
                add(ViewChange(entry: entry, other: -1, change: .added, newFrame: b), holder: newEntries[e].parent, marks: newSlots)
            }
        }
        if !inStep {
            for k in oldOrder.indices {
                let entry = oldOrder[k], e = Int(entry), m = paired ? e : oldToNew[e]
                if m >= 0 && newSlots[m] != -1 {
                    oldSlots[e] = -1
                    continue
                }
                tally.removed &+= 1
                oldSlots[e] = -3 - Int32(truncatingIfNeeded: count)
                add(ViewChange(entry: entry, other: -1, change: .removed, oldFrame: oldRects[k]), holder: oldEntries[e].parent, marks: oldSlots)
            }
        }
        return count
    }
}

/// One viewport's changes, kept as found, with what names them.
struct ViewChanges: Sendable {
    let spelling: ChangeSpelling
    let list: [ViewChange]

    /// Every change spelled out, in order.
    func spelled() -> [DiffViewChange] { list.map(spelling.spell) }
}

/// What a file's changes need to be named: both outlines' places, both texts' line tables, and
/// the causes found.
final class ChangeSpelling: Sendable {
    let old: OutlinePlaces, new: OutlinePlaces
    let oldLines: LineTable?, newLines: LineTable?
    let causes: [String?]

    init(old: OutlinePlaces, new: OutlinePlaces, oldLines: LineTable?, newLines: LineTable?, causes: [String?]) {
        self.old = old
        self.new = new
        self.oldLines = oldLines
        self.newLines = newLines
        self.causes = causes
    }

    /// A change as other formats read it: with its kind, paths, lines and cause as strings.
    func spell(_ c: ViewChange) -> DiffViewChange {
        let e = Int(c.entry)
        var out: DiffViewChange
        switch c.change {
        case .changed:
            let o = Int(c.other)
            out = DiffViewChange(change: .changed, kind: new.kind(e), id: new.id(e),
                                 old: DiffViewSide(path: old.path(o), line: old.line(o, oldLines), frame: c.oldFrame),
                                 new: DiffViewSide(path: new.path(e), line: new.line(e, newLines), frame: c.newFrame))
            out.dx = c.dx; out.dy = c.dy; out.dw = c.dw; out.dh = c.dh
            out.moved = c.moved
            out.resized = c.resized
            out.component = new.component(e)
        case .added:
            out = DiffViewChange(change: .added, kind: new.kind(e), id: new.id(e), old: nil,
                                 new: DiffViewSide(path: new.path(e), line: new.line(e, newLines), frame: c.newFrame))
            out.component = new.component(e)
        case .removed:
            out = DiffViewChange(change: .removed, kind: old.kind(e), id: old.id(e),
                                 old: DiffViewSide(path: old.path(e), line: old.line(e, oldLines), frame: c.oldFrame), new: nil)
            out.component = old.component(e)
        }
        out.cause = causes[Int(c.cause)]
        out.followsParent = c.followsParent
        out.following = Int(c.following)
        return out
    }
}

extension LayoutComparison {
    /// One viewport's shown frames, by outline entry, and the entries in drawing order, in room
    /// lent by the viewport's comparison for its time (`Comparer.changesFound`).
    struct Frames {
        /// How much room one side takes: a slot per outline entry, and a place in `order` and
        /// `rects` per frame of its tree; and that room, carved out of what is lent.
        struct Room {
            var entries: Int, frames: Int
            var slots = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
            var order = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
            var rects = UnsafeMutableBufferPointer<Rect>(start: nil, count: 0)

            init(entries: Int, frames: Int) {
                self.entries = entries
                self.frames = frames
            }

            /// The room from the start of `ints` (slots, then order) and of `rects`.
            func carved(_ ints: UnsafeMutableBufferPointer<Int32>, _ rects: UnsafeMutableBufferPointer<Rect>) -> Room {
                var room = self
                room.slots = UnsafeMutableBufferPointer(rebasing: ints[..<entries])
                room.order = UnsafeMutableBufferPointer(rebasing: ints[entries..<(entries + frames)])
                room.rects = UnsafeMutableBufferPointer(rebasing: rects[..<frames])
                return room
            }
        }

        /// Per outline entry, its frame's place in `order` and `rects`; -1: not shown
        /// (`ViewChange.found` marks its changes in them).
        let slots: UnsafeMutableBufferPointer<Int32>
        private let room: Room
        /// How many entries are shown.
        private(set) var count = 0
        /// Where the order was copied from (`init(copying:room:)`).
        private var copied: UnsafeMutablePointer<Int32>?

        /// Whether these frames' entries and order were copied from `other`'s.
        func copies(_ other: Frames) -> Bool { copied != nil && copied == other.room.order.baseAddress }

        /// The shown entries in drawing order, and their frames.
        var order: UnsafeMutableBufferPointer<Int32> { UnsafeMutableBufferPointer(rebasing: room.order[..<count]) }
        var rects: UnsafeMutableBufferPointer<Rect> { UnsafeMutableBufferPointer(rebasing: room.rects[..<count]) }

        /// Another tree read in the same walk (`FrameNode.preorderFrames`).
        typealias Alongside = (node: FrameNode, store: ViewStore?, frames: UnsafeMutableBufferPointer<Rect>)?

        /// Each laid-out view found by its view's index; nil when a view is in two places, in
        /// another store or found twice (then by path). `alike`: whether the tree `alongside`
        /// was arranged as this one, its frames read.
        init?(byView root: FrameNode?, _ outline: ViewOutline, room: Room, alongside: Alongside = nil, alike: inout Bool) {
            slots = room.slots
            self.room = room
            slots.initialize(repeating: -1)
            guard let root else { return }
            guard !outline.sharesViews else { return nil }
            // The walk gives each shown frame's view index, in drawing order; each is turned into
            // its entry in place.
            let placed = room.order, slot = slots
            let shown: Int
            (shown, alike) = root.preorderFrames(in: outline.store, views: placed, frames: room.rects, alongside: alongside)
            let found = outline.withEntriesOfViews { entryOf in
                for k in 0..<shown {
                    let v = Int(placed[k])
                    guard v >= 0, v < entryOf.count, case let e = Int(entryOf[v]), e >= 0, slot[e] < 0 else { return false }
                    slot[e] = Int32(truncatingIfNeeded: k)
                    placed[k] = Int32(truncatingIfNeeded: e)
                }
                return true
            }
            if !found { return nil }
            count = shown
        }

        /// The frames of a tree arranged as `other`'s (`alongside` its walk): the same entries
        /// shown in the same order, the frames already in `room`.
        init(copying other: Frames, room: Room) {
            slots = room.slots
            self.room = room
            copied = other.room.order.baseAddress
            count = other.count
            if slots.count > 0 { slots.baseAddress!.update(from: other.slots.baseAddress!, count: slots.count) }
            if count > 0 { room.order.baseAddress!.update(from: other.room.order.baseAddress!, count: count) }
        }

        /// Each laid-out view found by its path.
        init(byPath root: FrameNode?, _ outline: ViewOutline, _ paths: [String: Int], room: Room) {
            slots = room.slots
            self.room = room
            slots.initialize(repeating: -1)
            root?.preorder { node in
                guard !node.hidden, let e = paths[node.path], slots[e] < 0 else { return }
                add(e, node.frame)
            }
        }

        private mutating func add(_ e: Int, _ frame: Rect) {
            precondition(count < room.order.count, "more shown entries than frames")
            slots[e] = Int32(count)
            room.order[count] = Int32(e)
            room.rects[count] = frame
            count += 1
        }
    }
}

extension Array where Element == Int32 {
    /// `count` copies of `value`: room reserved, then filled. (`init(repeating:count:)` looks
    /// the array's storage type up at run time on every call, which costs more than the filling
    /// here; reserving finds it once, where it is compiled. The comparison makes thousands.)
    init(filled value: Int32, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
