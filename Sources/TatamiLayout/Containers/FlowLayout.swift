import TatamiBase
import TatamiModel

/// flow (docs/format.md §7.3): children at their ideal sizes in rows, wrapping at the proposed width.
final class FlowLayout: ContainerLayout {
    let spacing: Double
    let lineSpacing: Double
    let alignment: Alignment2D

    init(spacing: Double, lineSpacing: Double, alignment: Alignment2D) {
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.alignment = alignment
    }

    func hasSameParameters(as other: any ContainerLayout) -> Bool {
        guard let o = other as? FlowLayout else { return false }
        return spacing == o.spacing && lineSpacing == o.lineSpacing && alignment == o.alignment
    }

    func arrange(_ p: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement {
        let limit = p.width.flatMap { $0.isFinite ? $0 : nil }
        // Rows of (child index, proposal, size); `alone` marks a child proposed the full width.
        var rows: [[(Int, ProposedSize, Size)]] = []
        var row: [(Int, ProposedSize, Size)] = []
        var used = 0.0
        var previousAlone = false
        for (i, child) in children.enumerated() {
            var proposal = ProposedSize.unspecified
            var size = ctx.sizeThatFits(child, proposal)
            var alone = false
            if let w = limit, size.width > w {
                proposal = ProposedSize(width: w, height: nil)
                size = ctx.sizeThatFits(child, proposal)
                alone = true
            }
            if !row.isEmpty, let w = limit, alone || previousAlone || spacing + size.width > w - used {
                rows.append(row)
                row = []
                used = 0
            }
            used += (row.isEmpty ? 0 : spacing) + size.width
            row.append((i, proposal, size))
            previousAlone = alone
        }
        if !row.isEmpty { rows.append(row) }

        let rowWidths = rows.map { r in r.reduce(0) { $0 + $1.2.width } + spacing * Double(max(0, r.count - 1)) }
        let rowHeights = rows.map { r in r.map(\.2.height).max() ?? 0 }
        let width = rowWidths.max() ?? 0
        let height = rowHeights.reduce(0, +) + lineSpacing * Double(max(0, rows.count - 1))

        var placements: [ChildPlacement] = []
        placements.reserveCapacity(children.count)
        var y = 0.0
        for (r, items) in rows.enumerated() {
            var x = alignedOffset(width, rowWidths[r], alignment.horizontal.fraction)
            for (i, proposal, size) in items {
                let dy = alignedOffset(rowHeights[r], size.height, alignment.vertical.fraction)
                placements.append(ChildPlacement(node: children[i], origin: Point(x: x, y: y + dy), proposal: proposal))
                x += size.width + spacing
            }
            y += rowHeights[r] + lineSpacing
        }
        return Arrangement(size: Size(width: width, height: height), children: placements)
    }
}
