import TatamiBase
import TatamiLayout

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
    var dx = 0.0, dy = 0.0, dw = 0.0, dh = 0.0
    /// The old frame (changed and removed views) and the new one (changed and added views).
    var oldFrame = Rect.zero, newFrame = Rect.zero

    /// What changed in one viewport: in the new revision's drawing order, then the removed
    /// views in the old one's; each marked when it only follows its parent's change, and
    /// counting those that follow it.
    static func found(_ before: LayoutComparison.Frames, _ after: LayoutComparison.Frames, oldOutline: ViewOutline,
                      newOutline: ViewOutline, matching: ViewMatching, tolerance tol: Double) -> [ViewChange] {
        func significant(_ d: Double) -> Bool { abs(d) > 1e-9 && abs(d) >= tol - 1e-9 }
        var changes: [ViewChange] = []
        changes.reserveCapacity(after.order.count)
        var changeOfNew = [Int32](repeating: -1, count: newOutline.entries.count)
        var changeOfOld = [Int32](repeating: -1, count: oldOutline.entries.count)
        for (k, entry) in after.order.enumerated() {
            let e = Int(entry), b = after.rects[k]
            let m = matching.newToOld[e]
            if m >= 0, let a = before.frame(m) {
                let dx = b.minX - a.minX, dy = b.minY - a.minY, dw = b.width - a.width, dh = b.height - a.height
                let moved = significant(dx) || significant(dy), resized = significant(dw) || significant(dh)
                guard moved || resized else { continue }
                changeOfNew[e] = Int32(changes.count)
                changes.append(ViewChange(entry: entry, other: Int32(m), change: .changed, moved: moved, resized: resized,
                                          dx: dx, dy: dy, dw: dw, dh: dh, oldFrame: a, newFrame: b))
            } else {
                changeOfNew[e] = Int32(changes.count)
                changes.append(ViewChange(entry: entry, other: -1, change: .added, newFrame: b))
            }
        }
        for (k, entry) in before.order.enumerated() {
            let e = Int(entry), m = matching.oldToNew[e]
            if m >= 0 && after.shows(m) { continue }
            changeOfOld[e] = Int32(changes.count)
            changes.append(ViewChange(entry: entry, other: -1, change: .removed, oldFrame: before.rects[k]))
        }
        // Which changes only follow their parent's, and how many follow each.
        var parents = [Int32](repeating: -1, count: changes.count)
        for i in changes.indices {
            let removed = changes[i].change == .removed
            let p = Int((removed ? oldOutline : newOutline).entries[Int(changes[i].entry)].parent)
            guard p >= 0 else { continue }
            let pc = removed ? changeOfOld[p] : changeOfNew[p]
            guard pc >= 0 else { continue }
            parents[i] = pc
            let c = changes[i], parent = changes[Int(pc)]
            switch c.change {
            case .added, .removed: changes[i].followsParent = parent.change == c.change
            case .changed:
                changes[i].followsParent = parent.change == .changed && c.moved && !c.resized
                    && abs(parent.dx - c.dx) < 1e-9 && abs(parent.dy - c.dy) < 1e-9
            }
        }
        for i in changes.indices.reversed() where changes[i].followsParent && parents[i] >= 0 {
            changes[Int(parents[i])].following += 1 + changes[i].following
        }
        return changes
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
