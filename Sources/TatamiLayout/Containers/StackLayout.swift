import TatamiBase
import TatamiModel

/// hstack and vstack (FORMAT.md §7.1), written for the horizontal case; a vstack swaps the axes.
struct StackLayout: ContainerLayout {
    let axis: Axis
    let spacing: Double
    /// The cross-axis guide children line up on (vertical guides for an hstack).
    let alignment: GuideName

    /// Length along the stack's axis.
    private func main(_ s: Size) -> Double { axis == .horizontal ? s.width : s.height }
    private func cross(_ s: Size) -> Double { axis == .horizontal ? s.height : s.width }
    private func proposal(main m: Double?, cross c: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: m, height: c) : ProposedSize(width: c, height: m)
    }

    func arrange(_ p: ProposedSize, children: [LayoutNode], in ctx: LayoutContext) -> Arrangement {
        let n = children.count
        guard n > 0 else { return Arrangement(size: .zero, children: []) }
        let totalSpacing = spacing * Double(n - 1)
        let along = axis == .horizontal ? p.width : p.height
        let across = axis == .horizontal ? p.height : p.width

        var proposals = [ProposedSize](repeating: .unspecified, count: n)
        var sizes = [Size](repeating: .zero, count: n)
        if let available = along, available.isFinite {
            distribute(available - totalSpacing, across: across, children, ctx, &proposals, &sizes)
        } else {
            // Unspecified: every child at its ideal length; infinite: every child at its maximum.
            for (i, child) in children.enumerated() {
                proposals[i] = proposal(main: along, cross: across)
                sizes[i] = child.sizeThatFits(proposals[i], ctx)
            }
        }

        // Along the axis: declaration order, separated by the spacing.
        var position = 0.0
        var mainOrigins = [Double](repeating: 0, count: n)
        for i in 0..<n {
            mainOrigins[i] = position
            position += main(sizes[i]) + (i < n - 1 ? spacing : 0)
        }
        let mainLength = position

        // Across: each child's guide lines up with the largest guide value.
        var guides = [Double](repeating: 0, count: n)
        for (i, child) in children.enumerated() {
            guides[i] = ctx.guideValue(child, alignment, proposals[i])
        }
        let maxGuide = guides.max() ?? 0
        var crossLength = 0.0
        var placements: [ChildPlacement] = []
        placements.reserveCapacity(n)
        for i in 0..<n {
            // Probes with an infinite proposal can give infinite guides: ∞ - ∞ places at 0 and
            // the stack reports an infinite cross length, never NaN.
            let difference = maxGuide - guides[i]
            let c = difference.isNaN ? 0 : difference
            let extent = c + cross(sizes[i])
            crossLength = extent.isNaN ? .infinity : max(crossLength, extent)
            let origin = axis == .horizontal ? Point(x: mainOrigins[i], y: c) : Point(x: c, y: mainOrigins[i])
            placements.append(ChildPlacement(node: children[i], origin: origin, size: sizes[i], proposal: proposals[i]))
        }

        let size = axis == .horizontal ? Size(width: mainLength, height: crossLength) : Size(width: crossLength, height: mainLength)
        let mainOverflow = along.map { $0.isFinite ? max(0, mainLength - $0) : 0 } ?? 0
        let crossOverflow = across.map { $0.isFinite ? max(0, crossLength - $0) : 0 } ?? 0
        let overflow = axis == .horizontal ? Size(width: mainOverflow, height: crossOverflow) : Size(width: crossOverflow, height: mainOverflow)
        return Arrangement(size: size, children: placements, overflow: overflow)
    }

    /// Step 3 of §7.1: shares a finite length among the children by priority and flexibility.
    ///
    /// Children are probed (at 0 and at infinity) only where the algorithm reads the numbers:
    /// a child's minimum matters when a higher-priority group is sized before its own, and its
    /// flexibility only to order a group of two or more. The result is the same as probing
    /// every child, and a chain of single-child stacks costs one measurement per level.
    private func distribute(
        _ available: Double, across: Double?, _ children: [LayoutNode], _ ctx: LayoutContext,
        _ proposals: inout [ProposedSize], _ sizes: inout [Size]
    ) {
        let n = children.count
        let priorities = children.map(\.stackPriority)
        // Distinct priorities, highest first (usually just one).
        var groups: [Double] = [priorities[0]]
        for p in priorities.dropFirst() where !groups.contains(p) { groups.append(p) }
        if groups.count > 1 { groups.sort(by: >) }

        var minimum = [Double](repeating: 0, count: n)
        var flexibility = [Double](repeating: 0, count: n)
        var members = [[Int]](repeating: [], count: groups.count)
        for i in 0..<n { members[groups.firstIndex(of: priorities[i])!].append(i) }
        for (g, group) in members.enumerated() {
            let needsMinimum = g > 0 || group.count > 1
            guard needsMinimum else { continue }
            for i in group {
                minimum[i] = main(children[i].sizeThatFits(proposal(main: 0, cross: across), ctx))
                if group.count > 1 {
                    let hi = main(children[i].sizeThatFits(proposal(main: .infinity, cross: across), ctx))
                    flexibility[i] = hi.isInfinite ? .infinity : hi - minimum[i]
                }
            }
        }
        var minimumBelow = [Double](repeating: 0, count: groups.count)
        var running = 0.0
        for g in stride(from: groups.count - 1, through: 0, by: -1) {
            minimumBelow[g] = running
            for i in members[g] { running += minimum[i] }
        }

        var chosen = 0.0
        for g in 0..<groups.count {
            var remaining = available - chosen - minimumBelow[g]
            var order = members[g]
            if order.count > 1 {
                order.sort { a, b in
                    if flexibility[a] != flexibility[b] { return flexibility[a] < flexibility[b] }
                    if flexibility[a].isInfinite && minimum[a] != minimum[b] { return minimum[a] > minimum[b] }
                    return a < b
                }
            }
            var left = order.count
            for i in order {
                let share = max(0, remaining / Double(left))
                proposals[i] = proposal(main: share, cross: across)
                sizes[i] = children[i].sizeThatFits(proposals[i], ctx)
                remaining -= main(sizes[i])
                chosen += main(sizes[i])
                left -= 1
            }
        }
    }
}
