import TatamiBase
import TatamiModel

extension DiagnosticCode {
    /// No canvas placement applies to a child in a viewport (it is not shown there).
    public static let noPosition = DiagnosticCode("no-position", .information)
    /// A canvas child's rectangle leaves the canvas.
    public static let outOfBounds = DiagnosticCode("out-of-bounds", .warning)
}

/// canvas (docs/format.md §7.4.3): frame-based placements, the first whose condition holds.
final class CanvasLayout: ContainerLayout {
    /// Never: a canvas reads its children's placements (expressions) from their views.
    func hasSameParameters(as other: any ContainerLayout) -> Bool { false }

    func arrange(_ p: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement {
        // Size: the proposal; unspecified dimensions from the extent of the absolute placements
        // that may be used (only needed when a dimension is unspecified).
        var extent = Size.zero
        if p.width == nil || p.height == nil {
            for child in children {
                for placement in ctx.tree.view(child).placements {
                    // true: always holds, false: never, nil: depends on the canvas's size.
                    var holds: Bool? = true
                    if let condition = placement.condition {
                        holds = condition.usesNames ? nil : ctx.evaluate(condition, { _ in nil }) != 0
                    }
                    if holds == false { continue }
                    count(placement, into: &extent)
                    if holds == true { break }  // the placements after it can never apply
                }
            }
        }
        let W = p.width ?? extent.width, H = p.height ?? extent.height
        // Placements see the canvas's own size; their conditions also `landscape` and `portrait`
        // of that size (the names a `when` may use).
        let lookup: (String) -> Double? = { Schema.conditionValue($0, width: W, height: H) }

        var placements: [ChildPlacement] = []
        var cells: [Rect] = []
        var notes: [LayoutNote] = []
        for child in children {
            let view = ctx.tree.view(child)
            guard let placement = view.placements.first(where: { placement in
                guard let condition = placement.condition else { return true }
                return ctx.evaluate(condition, lookup) != 0
            }) else {
                // A child without any valid placement has its error from the validator (no
                // `position`, or none usable): one problem, one diagnostic.
                if !view.placements.isEmpty {
                    notes.append(LayoutNote(code: .noPosition, message: "no placement of this \(view.kindName) applies, so it is not shown", view: view))
                }
                continue
            }
            let rect = self.rect(placement.rule, child, W: W, H: H, &ctx, lookup)
            placements.append(cell(child, rect, &ctx, into: &cells))
            if W.isFinite && H.isFinite && (rect.minX < -1e-9 || rect.minY < -1e-9 || rect.maxX > W + 1e-9 || rect.maxY > H + 1e-9) {
                notes.append(LayoutNote(
                    code: .outOfBounds,
                    message: "\(view.kindName) at \(rect) leaves the \(formatNumber(W))×\(formatNumber(H)) canvas",
                    view: view))
            }
        }
        return Arrangement(size: Size(width: W, height: H), children: placements, notes: notes, cells: cells)
    }

    /// Grows `extent` to hold an `absolute` placement; other rules depend on the canvas's size.
    private func count(_ placement: Placement, into extent: inout Size) {
        if case .absolute(let x, let y, let w, let h) = placement.rule {
            extent.width = max(extent.width, x + w)
            extent.height = max(extent.height, y + h)
        }
    }

    private func rect(_ rule: PlacementRule, _ child: NodeID, W: Double, H: Double, _ ctx: inout LayoutContext,
                      _ lookup: @escaping (String) -> Double?) -> Rect {
        switch rule {
        case .absolute(let x, let y, let w, let h):
            return Rect(x: x, y: y, width: w, height: h)
        case .relative(let x, let y, let w, let h):
            return Rect(x: x * W, y: y * H, width: w * W, height: h * H)
        case .insets(let e):
            return Rect(x: e.leading, y: e.top, width: max(0, W - e.horizontal), height: max(0, H - e.vertical))
        case .anchor(let from, let x, let y, let w, let h):
            let fx = from.horizontal.fraction, fy = from.vertical.fraction
            return Rect(x: position(alignedOffset(W, w, fx), x), y: position(alignedOffset(H, h, fy), y), width: w, height: h)
        case .expressions(let x, let y, let w, let h):
            return Rect(x: ctx.evaluate(x, lookup), y: ctx.evaluate(y, lookup),
                        width: max(0, ctx.evaluate(w, lookup)), height: max(0, ctx.evaluate(h, lookup)))
        }
    }
}
