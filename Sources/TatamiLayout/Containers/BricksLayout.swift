import TatamiBase
import TatamiModel

/// bricks (docs/format.md §7.4.2): variable-width bricks in rows of one height, as in a tag cloud.
final class BricksLayout: ContainerLayout {
    let options: BrickOptions

    init(options: BrickOptions) {
        self.options = options
    }

    func hasSameParameters(as other: any ContainerLayout) -> Bool {
        guard let o = other as? BricksLayout else { return false }
        return options == o.options
    }

    func arrange(_ p: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement {
        let spacing = options.spacing
        let rowHeight = options.rowHeight ?? children.map { ctx.sizeThatFits($0, .unspecified).height }.max() ?? 0
        let limit = p.width.flatMap { $0.isFinite ? $0 : nil }

        var widths: [Double] = children.map { child in
            var w = ctx.sizeThatFits(child, ProposedSize(width: nil, height: rowHeight)).width
            if let lo = options.minWidth { w = max(w, lo) }
            if let hi = options.maxWidth { w = min(w, hi) }
            if let W = limit { w = min(w, W) }
            return w
        }

        // Rows of child indices.
        var rows: [[Int]] = []
        var used = 0.0
        for i in children.indices {
            if let W = limit, let last = rows.last, !last.isEmpty, used + spacing + widths[i] > W {
                rows.append([i])
                used = widths[i]
            } else if rows.isEmpty {
                rows.append([i])
                used = widths[i]
            } else {
                rows[rows.count - 1].append(i)
                used += spacing + widths[i]
            }
        }

        let rowWidth = { (r: [Int]) in r.reduce(0) { $0 + widths[$1] } + spacing * Double(max(0, r.count - 1)) }
        if let W = limit {
            for (r, items) in rows.enumerated() where r < rows.count - 1 || options.justifyLastRow {
                let leftover = W - rowWidth(items)
                guard leftover > 0 else { continue }
                switch options.fill {
                case .justify:
                    for i in items { widths[i] += leftover / Double(items.count) }
                case .last:
                    widths[items.last!] += leftover
                case .none:
                    break
                }
            }
        }

        // Width W (§7.4): an infinite W is reported as is (one row, nothing filled), so a stack
        // sees bricks as infinitely flexible; unspecified gives the widest row.
        let width = limit ?? (p.width == .infinity ? .infinity : rows.map(rowWidth).max() ?? 0)
        let height = Double(rows.count) * rowHeight + spacing * Double(max(0, rows.count - 1))
        var placements: [ChildPlacement] = []
        var cells: [Rect] = []
        placements.reserveCapacity(children.count)
        for (r, items) in rows.enumerated() {
            var x = 0.0
            let y = Double(r) * (rowHeight + spacing)
            for i in items {
                placements.append(cell(children[i], Rect(x: x, y: y, width: widths[i], height: rowHeight), &ctx, into: &cells))
                x += widths[i] + spacing
            }
        }
        return Arrangement(size: Size(width: width, height: height), children: placements, cells: cells)
    }
}
