import TatamiBase
import TatamiModel

extension DiagnosticCode {
    /// A view's modifier keys are written in another order than the fixed one they apply in,
    /// and the written order would lay the view out differently.
    public static let modifierOrder = DiagnosticCode("modifier-order", .information)
}

/// A view whose modifier keys are written out of the fixed order (docs/format.md §6): its chain
/// as laid out, and the same core wrapped in the written order.
struct WrittenOrderChain {
    let outer: NodeID
    let alternative: NodeID
    let written: WrittenModifierOrder
}

/// `modifier-order`: lays a view's chain out again in the written order, for the proposal (and
/// the cell) it got in the final placement, and compares its frames: the outer frame, the
/// content, each decoration and border. Only views written out of order are checked, once per
/// viewport; the core's subtree is shared, so what it measured for the same proposals is reused.
struct ModifierOrderCheck {
    let viewport: Viewport

    /// The rectangles a chain reports, in viewport coordinates, finished (rounded) as frames are.
    struct Geometry: Equatable {
        var frame: Rect
        var content: Rect
        /// Decorations by node (both chains share them), and borders innermost first.
        var decorations: [NodeID: Rect]
        var borders: [Rect]
    }

    func check(_ chain: WrittenOrderChain, at placed: (origin: Point, proposal: ProposedSize, cell: Rect?),
               in ctx: inout LayoutContext) -> Diagnostic? {
        let applied = geometry(chain.outer, placed, &ctx)
        let written = geometry(chain.alternative, placed, &ctx)
        guard applied != written else { return nil }
        let view = ctx.tree.view(chain.outer)
        // The modifiers' keys, as applied and as written.
        let keyed = chain.written.order.count
        let names = (0..<keyed).map { k -> String in view.modifiers.dropFirst(k).first?.keyName ?? "" }
        let writtenNames = chain.written.order.map { names[$0] }
        let first = zip(names, writtenNames).first { $0 != $1 }
        let which = first.map { "`\($0.0)` applies before `\($0.1)` although it is written after it" } ?? "the modifiers apply in another order than written"
        let difference: String
        func describe(_ r: Rect) -> String { "\(formatNumber(r.x)),\(formatNumber(r.y)) \(formatNumber(r.width))×\(formatNumber(r.height))" }
        func size(_ r: Rect) -> String { "\(formatNumber(r.width))×\(formatNumber(r.height))" }
        if applied.frame.size != written.frame.size {
            difference = "the view is \(size(applied.frame)), and would be \(size(written.frame)) in the written order"
        } else if applied.frame != written.frame {
            difference = "its frame is \(describe(applied.frame)), and would be \(describe(written.frame)) in the written order"
        } else if applied.content != written.content {
            difference = "its content is \(describe(applied.content)), and would be \(describe(written.content)) in the written order"
        } else if applied.decorations != written.decorations {
            difference = "a background or overlay would be placed differently in the written order"
        } else {
            difference = "its border would be drawn elsewhere in the written order"
        }
        return Diagnostic(
            .modifierOrder,
            "\(which): modifier keys apply in the fixed order \(names.map { "`\($0)`" }.joined(separator: " → ")) "
                + "whatever order they are written in; \(difference), in viewport \(viewport.name)",
            at: view.kindRange, viewport: viewport.name,
            // The keys, where they are written in the view reported (an imported component's body
            // is reported at its instance, in another file: its keys are left out).
            related: chain.written.keys.enumerated().compactMap { i, range in
                guard view.range.start <= range.start && range.end <= view.range.end else { return nil }
                let applied = (names.firstIndex(of: writtenNames[i]) ?? i) + 1
                return RelatedLocation(range: range,
                                       message: "`\(writtenNames[i])`, written \(ordinal(i + 1)), applies \(ordinal(applied))")
            })
    }

    private func ordinal(_ n: Int) -> String {
        switch n {
        case 1: return "first"
        case 2: return "second"
        case 3: return "third"
        case 4: return "fourth"
        case 5: return "fifth"
        case 6: return "sixth"
        case 7: return "seventh"
        default: return "eighth"
        }
    }

    /// Walks a chain as `FramePlacer` does.
    private func geometry(_ outer: NodeID, _ placed: (origin: Point, proposal: ProposedSize, cell: Rect?),
                          _ ctx: inout LayoutContext) -> Geometry {
        let finisher = FrameFinisher(viewport: viewport)
        var node = outer, p = placed.proposal
        var m = ctx.measure(node, p)
        var o = placed.origin
        if let cell = placed.cell {
            // Centred in its cell, as the container centres it (§7.4).
            o = Point(x: position(cell.x, alignedOffset(cell.width, m.size.width, 0.5)),
                      y: position(cell.y, alignedOffset(cell.height, m.size.height, 0.5)))
        }
        var outerRect: Rect?
        var decorations: [NodeID: Rect] = [:]
        var borders: [Rect] = []
        let core = ctx.tree[outer].core
        while node != core {
            let role = ctx.tree.role(node)
            switch role {
            case .offset:
                break
            case .background, .overlay:
                outerRect = outerRect ?? Rect(origin: o, size: m.size)
                let d = ctx.placement(m, 1)
                decorations[d.node] = finisher.finish(Rect(origin: position(o, d.origin), size: ctx.measure(d.node, d.proposal).size))
            case .border:
                outerRect = outerRect ?? Rect(origin: o, size: m.size)
                borders.insert(finisher.finish(Rect(origin: o, size: m.size)), at: 0)
            default:
                outerRect = outerRect ?? Rect(origin: o, size: m.size)
            }
            let c = ctx.placement(m, 0)
            o = position(o, c.origin)
            p = c.proposal
            node = c.node
            m = ctx.measure(node, p)
        }
        let content = Rect(origin: o, size: m.size)
        return Geometry(frame: finisher.finish(placed.cell ?? outerRect ?? content), content: finisher.finish(content),
                        decorations: decorations, borders: borders)
    }

}
