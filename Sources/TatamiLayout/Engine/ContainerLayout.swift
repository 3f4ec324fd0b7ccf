import TatamiBase
import TatamiModel

/// Where a container puts its children for one proposal, and the size it reports.
struct Arrangement {
    init(size: Size, children: [ChildPlacement], overflow: Size = .zero, notes: [LayoutNote] = [], cells: [Rect] = []) {
        self.init(size: size, list: ChildList(children), overflow: overflow, notes: notes, cells: cells)
    }

    init(size: Size, list: ChildList, overflow: Size = .zero, notes: [LayoutNote] = [], cells: [Rect] = []) {
        self.size = size
        self.children = list
        self.overflow = overflow
        self.notes = notes
        self.cells = cells
    }

    var size: Size
    /// One entry per child shown, in the container's child order (a canvas leaves out the
    /// children none of whose placements applies).
    var children: ChildList
    /// How far the content exceeds what was offered, per axis (0 when it fits).
    var overflow: Size
    /// Problems with children (`no-position`, `out-of-bounds`), reported for the final placement.
    var notes: [LayoutNote]
    /// Cell containers: each child's rectangle, parallel to `children`.
    var cells: [Rect]
}

/// The protocol every container's algorithm implements, in the spirit of SwiftUI's `Layout`:
/// given a proposal and its children, report a size and place each child in the bounds of that
/// size (origins relative to the container's top-left corner).
///
/// An algorithm sees only its own children, as `NodeID`s it asks the context about
/// (`ctx.sizeThatFits`, `ctx.guideValue`, `ctx.view`: the context caches), and keeps no state of
/// its own: caching is the context's job, not the algorithm's.
///
/// Algorithms are immutable classes, not structs, so that a `NodeRole` holding one copies with a
/// retain: an existential struct payload made every copy of a role go through the payload's
/// value witnesses, a cost BENCHMARKS.md measures.
protocol ContainerLayout: AnyObject {
    func arrange(_ proposal: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement
    /// Whether `other` arranges the same children the same way: the same algorithm with the same
    /// parameters, reading nothing of its children's views beyond what their nodes hold (a
    /// layout kept across analyses re-measures a container for which this is false).
    func hasSameParameters(as other: any ContainerLayout) -> Bool
}

extension ContainerLayout {
    /// A child laid out in a cell: proposed the rectangle's size and centred in it. The rectangle
    /// goes in `cells`, parallel to the placements.
    func cell(_ child: NodeID, _ rect: Rect, _ ctx: inout LayoutContext, into cells: inout [Rect]) -> ChildPlacement {
        let p = ProposedSize(rect.size)
        let s = ctx.sizeThatFits(child, p)
        let origin = Point(x: position(rect.x, alignedOffset(rect.width, s.width, 0.5)),
                           y: position(rect.y, alignedOffset(rect.height, s.height, 0.5)))
        cells.append(rect)
        return ChildPlacement(node: child, origin: origin, proposal: p)
    }

    /// Places `size` inside `bounds` by a two-axis alignment.
    func aligned(_ size: Size, in bounds: Size, _ alignment: Alignment2D) -> Point {
        Point(x: alignedOffset(bounds.width, size.width, alignment.horizontal.fraction),
              y: alignedOffset(bounds.height, size.height, alignment.vertical.fraction))
    }
}

/// Where a length `child` sits in a parent `parent` long, placed by a fraction (0, ½ or 1) of the
/// free length (docs/format.md §3): inside an infinitely long parent at the parent's origin, and
/// at the origin too where the free length is not a number (an infinite child at fraction 0).
/// An infinite child centred in a finite parent starts at −∞.
func alignedOffset(_ parent: Double, _ child: Double, _ fraction: Double) -> Double {
    guard parent.isFinite else { return 0 }
    let v = (parent - child) * fraction
    return v.isNaN ? 0 : v
}

/// A position: an origin plus an offset from it (docs/format.md §3). An offset that is not a
/// number counts as 0; −∞ + ∞ is the offset's infinity: a view an infinite distance past an
/// origin at −∞ (after an infinitely long sibling, in a parent that starts at −∞) lies at +∞.
func position(_ origin: Double, _ offset: Double) -> Double {
    if offset.isNaN { return origin }
    let p = origin + offset
    return p.isNaN ? offset : p
}

/// `position` on both axes.
func position(_ origin: Point, _ offset: Point) -> Point {
    Point(x: position(origin.x, offset.x), y: position(origin.y, offset.y))
}
