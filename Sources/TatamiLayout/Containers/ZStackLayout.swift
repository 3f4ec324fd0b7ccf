import TatamiBase
import TatamiModel

/// zstack (docs/format.md §7.2): children on top of each other, lined up on a two-axis alignment.
final class ZStackLayout: ContainerLayout {
    let alignment: Alignment2D

    init(alignment: Alignment2D) {
        self.alignment = alignment
    }

    func hasSameParameters(as other: any ContainerLayout) -> Bool {
        guard let o = other as? ZStackLayout else { return false }
        return alignment == o.alignment
    }

    func arrange(_ p: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement {
        guard !children.isEmpty else { return Arrangement(size: .zero, children: []) }
        let sizes = children.map { ctx.sizeThatFits($0, p) }
        let gx = children.map { ctx.guideValue($0, alignment.horizontal.guide, p) }
        let gy = children.map { ctx.guideValue($0, alignment.vertical.guide, p) }

        // The size comes from the children with the highest priority; so does where the guides meet.
        let top = children.map { ctx.tree.view($0).layoutPriority }.max() ?? 0
        let leaders = children.indices.filter { ctx.tree.view(children[$0]).layoutPriority == top }
        let width = leaders.map { sizes[$0].width }.max() ?? 0
        let height = leaders.map { sizes[$0].height }.max() ?? 0
        let meetX = leaders.map { gx[$0] }.max() ?? 0
        let meetY = leaders.map { gy[$0] }.max() ?? 0

        let placements = children.indices.map { i in
            // A child whose distance from the meeting point is not finite sits at the origin (§3).
            ChildPlacement(node: children[i], origin: Point(x: finiteOrZero(meetX - gx[i]), y: finiteOrZero(meetY - gy[i])), proposal: p)
        }
        let overflow = Size(width: p.width.map { $0.isFinite ? max(0, width - $0) : 0 } ?? 0,
                            height: p.height.map { $0.isFinite ? max(0, height - $0) : 0 } ?? 0)
        return Arrangement(size: Size(width: width, height: height), children: placements, overflow: overflow)
    }
}

/// `v` when finite, else 0.
func finiteOrZero(_ v: Double) -> Double { v.isFinite ? v : 0 }
