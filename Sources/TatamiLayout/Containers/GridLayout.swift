import TatamiBase
import TatamiModel

/// grid (docs/format.md §7.4.1): equal cells, the column count given or picked from the aspect ratio.
final class GridLayout: ContainerLayout {
    let columns: GridColumns
    let cells: GridCells
    let spacing: Double
    let alignment: Alignment2D

    init(columns: GridColumns, cells: GridCells, spacing: Double, alignment: Alignment2D) {
        self.columns = columns
        self.cells = cells
        self.spacing = spacing
        self.alignment = alignment
    }

    /// Column counts are capped so that absurd inputs stay cheap.
    static let maxColumns = 100_000

    func hasSameParameters(as other: any ContainerLayout) -> Bool {
        guard let o = other as? GridLayout else { return false }
        return columns == o.columns && cells == o.cells && spacing == o.spacing && alignment == o.alignment
    }

    func arrange(_ p: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement {
        let n = children.count
        let ideals = children.map { ctx.sizeThatFits($0, .unspecified) }
        let widest = ideals.map(\.width).max() ?? 0
        let tallest = ideals.map(\.height).max() ?? 0

        // Size: the proposal; unspecified dimensions from the natural size with ceil(√n) columns.
        let naturalColumns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        let naturalRows = n == 0 ? 0 : (n + naturalColumns - 1) / naturalColumns
        let naturalWidth = n == 0 ? 0 : Double(naturalColumns) * widest + Double(naturalColumns - 1) * spacing
        let naturalHeight = n == 0 ? 0 : Double(naturalRows) * tallest + Double(naturalRows - 1) * spacing
        let W = p.width ?? naturalWidth, H = p.height ?? naturalHeight
        guard n > 0 else { return Arrangement(size: Size(width: W, height: H), children: []) }

        // nil when the widest and tallest ideal sizes give no ratio (both 0): cells keep their shape.
        let itemAspect = AspectFit.ratio(of: Size(width: widest, height: tallest))
        let c = columnCount(n: n, W: W, H: H, itemAspect: itemAspect)
        let r = (n + c - 1) / c
        let cellWidth = max(0, (W - Double(c - 1) * spacing) / Double(c))
        let cellHeight = max(0, (H - Double(r - 1) * spacing) / Double(r))

        var w = cellWidth, h = cellHeight
        var origin = Point.zero
        if cells == .fit {
            // Every cell shrinks to the item aspect; the block goes in the leftover space.
            // In w × 0 that is 0 × 0; aspect 0 gives 0 × h, aspect ∞ gives w × 0.
            if let a = itemAspect {
                let shrunk = AspectFit.proposal(ratio: a, mode: .fit, within: ProposedSize(width: w, height: h))
                w = shrunk.width ?? w
                h = shrunk.height ?? h
            }
            let blockWidth = Double(c) * w + Double(c - 1) * spacing
            let blockHeight = Double(r) * h + Double(r - 1) * spacing
            origin = Point(x: alignedOffset(W, blockWidth, alignment.horizontal.fraction),
                           y: alignedOffset(H, blockHeight, alignment.vertical.fraction))
        }
        var cells: [Rect] = []
        cells.reserveCapacity(n)
        let placements = children.indices.map { i in
            let rect = Rect(x: origin.x + Double(i % c) * (w + spacing), y: origin.y + Double(i / c) * (h + spacing), width: w, height: h)
            return cell(children[i], rect, &ctx, into: &cells)
        }
        return Arrangement(size: Size(width: W, height: H), children: placements, cells: cells)
    }

    private func columnCount(n: Int, W: Double, H: Double, itemAspect: Double?) -> Int {
        switch columns {
        case .count(let k):
            return max(1, min(k, GridLayout.maxColumns))
        case .minWidth(let m):
            guard W.isFinite else { return n }
            let k = ((W + spacing) / (m + spacing)).rounded(.down)
            return k.isFinite ? max(1, min(Int(max(0, k)), GridLayout.maxColumns)) : n
        case .auto:
            guard W.isFinite, H.isFinite, H > 0 else { return n }
            let target = W / H
            var best = n, bestDifference = Double.infinity
            // From n down to 1, so ties keep the larger count.
            for c in stride(from: n, through: 1, by: -1) {
                let r = (n + c - 1) / c
                // Without an item aspect, fit cells keep their shape: compared as for fill.
                let aspect = (cells == .fill ? 1 : itemAspect ?? 1) * Double(c) / Double(r)
                let d = abs(aspect - target)
                if d < bestDifference { best = c; bestDifference = d }
            }
            return best
        }
    }
}
