import TatamiBase
import TatamiModel

/// hstack and vstack (docs/format.md §7.1), written for the horizontal case; a vstack swaps the axes.
final class StackLayout: ContainerLayout {
    let axis: Axis
    let spacing: Double
    /// The cross-axis guide children line up on (vertical guides for an hstack).
    let alignment: GuideName

    init(axis: Axis, spacing: Double, alignment: GuideName) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
    }

    /// Length along the stack's axis.
    private func main(_ s: Size) -> Double { axis == .horizontal ? s.width : s.height }
    private func cross(_ s: Size) -> Double { axis == .horizontal ? s.height : s.width }
    private func proposal(main m: Double?, cross c: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: m, height: c) : ProposedSize(width: c, height: m)
    }

    func hasSameParameters(as other: any ContainerLayout) -> Bool {
        guard let o = other as? StackLayout else { return false }
        return axis == o.axis && spacing == o.spacing && alignment == o.alignment
    }

    func arrange(_ p: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement {
        let n = children.count
        guard n > 0 else { return Arrangement(size: .zero, children: []) }
        if n == 1 { return arrangeOne(p, children[0], &ctx) }
        // Scratch space on the stack: arrange runs for every proposal a stack receives.
        return withUnsafeTemporaryAllocation(of: Item.self, capacity: n) { items in
            items.initialize(repeating: Item())
            return arrange(p, children, &ctx, items)
        }
    }

    /// One child: §7.1 reduces to proposing the stack's own proposal (no spacing, the whole
    /// length as its share) and placing the child at the origin (its guide meets itself).
    private func arrangeOne(_ p: ProposedSize, _ child: NodeID, _ ctx: inout LayoutContext) -> Arrangement {
        let size = ctx.sizeThatFits(child, p)
        let along = axis == .horizontal ? p.width : p.height
        let across = axis == .horizontal ? p.height : p.width
        let mainOverflow = along.map { $0.isFinite ? max(0, main(size) - $0) : 0 } ?? 0
        let crossOverflow = across.map { $0.isFinite ? max(0, cross(size) - $0) : 0 } ?? 0
        let overflow = axis == .horizontal ? Size(width: mainOverflow, height: crossOverflow) : Size(width: crossOverflow, height: mainOverflow)
        return Arrangement(size: size, list: .one(ChildPlacement(node: child, origin: .zero, proposal: p)), overflow: overflow)
    }

    private func arrange(
        _ p: ProposedSize, _ children: Children, _ ctx: inout LayoutContext, _ items: UnsafeMutableBufferPointer<Item>
    ) -> Arrangement {
        let n = children.count
        let totalSpacing = spacing * Double(n - 1)
        let along = axis == .horizontal ? p.width : p.height
        let across = axis == .horizontal ? p.height : p.width

        if let available = along, available.isFinite {
            distribute(available - totalSpacing, across: across, children, &ctx, items)
        } else {
            // Unspecified: every child at its ideal length; infinite: every child at its maximum.
            let proposal = self.proposal(main: along, cross: across)
            for i in 0..<n {
                items[i].proposal = proposal
                items[i].size = ctx.sizeThatFits(children[i], proposal)
            }
        }

        // Across: each child's guide lines up with the largest guide value.
        var maxGuide = -Double.infinity
        for i in 0..<n {
            let g = ctx.guideValue(children[i], alignment, items[i].proposal)
            items[i].guide = g
            maxGuide = max(maxGuide, g)
        }
        var crossLength = 0.0
        var placements: [ChildPlacement] = []
        placements.reserveCapacity(n)
        var position = 0.0
        for i in 0..<n {
            // Guides meet at the largest value; a child whose distance from there is not finite
            // (∞ - g, ∞ - ∞: the stack is infinitely long across) sits at the stack's origin
            // (docs/format.md §3, §6.4), and the stack reports an infinite cross length.
            let difference = maxGuide - items[i].guide
            let c = difference.isFinite ? difference : 0
            let extent = c + cross(items[i].size)
            crossLength = extent.isNaN ? .infinity : max(crossLength, extent)
            let origin = axis == .horizontal ? Point(x: position, y: c) : Point(x: c, y: position)
            placements.append(ChildPlacement(node: children[i], origin: origin, proposal: items[i].proposal))
            position += main(items[i].size) + (i < n - 1 ? spacing : 0)
        }
        let mainLength = position

        let size = axis == .horizontal ? Size(width: mainLength, height: crossLength) : Size(width: crossLength, height: mainLength)
        let mainOverflow = along.map { $0.isFinite ? max(0, mainLength - $0) : 0 } ?? 0
        let crossOverflow = across.map { $0.isFinite ? max(0, crossLength - $0) : 0 } ?? 0
        let overflow = axis == .horizontal ? Size(width: mainOverflow, height: crossOverflow) : Size(width: crossOverflow, height: mainOverflow)
        return Arrangement(size: size, children: placements, overflow: overflow)
    }

    /// Per-child working values.
    private struct Item {
        var proposal = ProposedSize.unspecified
        var size = Size.zero
        var minimum = 0.0
        var flexibility = 0.0
        var guide = 0.0
        var priority = 0.0
        /// The index of the child's priority group, highest priority first.
        var group = 0
    }

    /// Step 3 of §7.1: shares a finite length among the children by priority and flexibility.
    ///
    /// Children are probed (at 0 and at infinity) only where the algorithm reads the numbers:
    /// a child's minimum matters when a higher-priority group is sized before its own, and its
    /// flexibility only to order a group of two or more. The result is the same as probing
    /// every child, and a chain of single-child stacks costs one measurement per level.
    private func distribute(
        _ available: Double, across: Double?, _ children: Children, _ ctx: inout LayoutContext,
        _ items: UnsafeMutableBufferPointer<Item>
    ) {
        let n = children.count
        // Group indices by priority, highest first; nearly always a single group.
        var groupCount = 1
        var uniform = true
        let first = ctx.tree.stackPriority(children[0])
        for i in 0..<n {
            items[i].priority = ctx.tree.stackPriority(children[i])
            if items[i].priority != first { uniform = false }
        }
        if !uniform {
            // The distinct priorities, highest first, kept sorted as they are found: a stack has
            // few (a spacer's and its siblings'), so a scan of a small buffer beats a set.
            groupCount = withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { distinct in
                var count = 0
                for i in 0..<n {
                    let p = items[i].priority
                    var at = 0
                    while at < count && distinct[at] > p { at += 1 }
                    guard at == count || distinct[at] != p else { continue }
                    var k = count
                    while k > at {
                        distinct[k] = distinct[k - 1]
                        k -= 1
                    }
                    distinct[at] = p
                    count += 1
                }
                for i in 0..<n {
                    var g = 0
                    while distinct[g] != items[i].priority { g += 1 }
                    items[i].group = g
                }
                return count
            }
        }

        withUnsafeTemporaryAllocation(of: Double.self, capacity: groupCount) { minimumBelow in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: groupCount) { groupSizes in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { order in
            minimumBelow.initialize(repeating: 0)
            groupSizes.initialize(repeating: 0)
            for i in 0..<n { groupSizes[items[i].group] += 1 }

            let zero = proposal(main: 0, cross: across), infinite = proposal(main: .infinity, cross: across)
            for i in 0..<n {
                let g = items[i].group
                guard g > 0 || groupSizes[g] > 1 else { continue }
                let lo = main(ctx.sizeThatFits(children[i], zero))
                items[i].minimum = lo
                if groupSizes[g] > 1 {
                    let hi = main(ctx.sizeThatFits(children[i], infinite))
                    items[i].flexibility = hi.isInfinite ? .infinity : hi - lo
                }
                // Counts for every higher group.
                for above in 0..<g { minimumBelow[above] += lo }
            }

            var chosen = 0.0
            for g in 0..<groupCount {
                var remaining = available - chosen - minimumBelow[g]
                var count = 0
                for i in 0..<n where items[i].group == g {
                    order[count] = i
                    count += 1
                }
                var members = UnsafeMutableBufferPointer(rebasing: order[0..<count])
                if count > 1 {
                    members.sort { a, b in
                        let fa = items[a].flexibility, fb = items[b].flexibility
                        if fa != fb { return fa < fb }
                        if fa.isInfinite && items[a].minimum != items[b].minimum { return items[a].minimum > items[b].minimum }
                        return a < b
                    }
                }
                var left = count
                for i in members {
                    let share = max(0, remaining / Double(left))
                    let proposal = self.proposal(main: share, cross: across)
                    let size = ctx.sizeThatFits(children[i], proposal)
                    items[i].proposal = proposal
                    items[i].size = size
                    remaining -= main(size)
                    chosen += main(size)
                    left -= 1
                }
            }
        }
        }
        }
    }
}
