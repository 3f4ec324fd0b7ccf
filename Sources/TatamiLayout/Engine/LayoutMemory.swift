import Foundation
import TatamiBase
import TatamiModel

/// What a document's layouts keep for its next analysis (the language server keeps one per open
/// document): per viewport, the last layout's node tree and everything measured in it.
///
/// The next layout of that viewport builds its tree from the new document as always, then
/// compares it node by node with the kept one (`LayoutTree.changedNodes`). When the two have the
/// same shape, the kept measurements are taken over, less those of the nodes that differ and of
/// all their ancestors, and only those are measured again: after an edit to one card of a long
/// list, the other cards' sizes come from what was kept. Placement, frames and diagnostics are
/// computed from the new tree and document as always. The result is the same as a layout from
/// nothing (`IncrementalDifferentialTests`, the fuzzers' invariant): a node's measurements
/// depend only on its own inputs and its subtree's, which are compared, and on the document's
/// fonts and viewport, which must be the same. What cannot be compared this way is never
/// kept: a context with expression or missing-glyph diagnostics, or containers' notes (which
/// name places in the text), or custom alignments; a canvas, and a view with `alignmentGuides`,
/// are measured again each time.
///
/// What is kept is a memo, so it may be cut down freely (`keep`): a context too large for the
/// budget keeps only its frontier's measurements (`LayoutTree.frontier`), compacted
/// (`LayoutContext.compact`); a measurement not found is computed again, the same bit for bit.
///
/// Not thread-safe: one analysis at a time uses it (the server's worker runs analyses in turn).
public final class LayoutMemory: @unchecked Sendable {
    private var kept: [Viewport: LayoutContext] = [:]
    /// The placement of each kept context's last layout, when it could be recorded.
    private var placements: [Viewport: PlacementMemory] = [:]
    /// The store size of each kept context when it was laid out from nothing: a context that has
    /// taken over more than twice that (forgotten records stay in its stores) is dropped.
    private var freshSize: [Viewport: Int] = [:]
    private let lock = NSLock()
    /// The most the kept contexts may hold, in bytes (`LayoutContext.approximateBytes`): a
    /// viewport whose layout would take the total past it is not kept, and is laid out from
    /// nothing next time.
    public let budget: Int

    /// The budget when none is given: 32 MiB, or `TATAMI_LAYOUT_MEMORY_MB` (0 keeps nothing).
    public static var defaultBudget: Int {
        if let v = ProcessInfo.processInfo.environment["TATAMI_LAYOUT_MEMORY_MB"], let mb = Int(v), mb >= 0, mb <= 65_536 {
            return mb << 20
        }
        return 32 << 20
    }

    /// Subtrees up to this many nodes are measured again when a later layout asks about them
    /// (`LayoutTree.frontier`) in a context too large to keep whole.
    public let frontierSubtree: Int
    /// Whether every kept context keeps only its frontier's measurements, however small (tests
    /// and fuzzers: the results must not change).
    public let alwaysCompacts: Bool

    /// `frontierSubtree` and `alwaysCompacts`: what a context too large to keep whole keeps, and
    /// whether every context is treated so (tests: the results are the same whatever is kept).
    public init(budget: Int = LayoutMemory.defaultBudget, frontierSubtree: Int = 64, alwaysCompacts: Bool = false) {
        self.budget = budget
        self.frontierSubtree = max(1, frontierSubtree)
        self.alwaysCompacts = alwaysCompacts
    }

    /// Set by `stopKeeping()`: later layouts take what is kept but keep nothing of their own.
    private var keepsNoMore = false

    /// From now on, layouts with this memory take over what it holds but neither keep their
    /// contexts nor record their placements (`tatami diff`: the new revision's layouts are the
    /// last ones a pair makes, so what they would keep is never read).
    public func stopKeeping() {
        lock.withLock { keepsNoMore = true }
    }

    /// About how many bytes the kept contexts hold.
    public var keptBytes: Int {
        lock.withLock { bytesKept(besides: nil) }
    }

    /// What the kept contexts and placements of viewports other than `viewport` hold (all of
    /// them for nil). Called with the lock held.
    private func bytesKept(besides viewport: Viewport?) -> Int {
        kept.filter { $0.key != viewport }.values.reduce(0) { $0 + $1.approximateBytes }
            + placements.filter { $0.key != viewport }.values.reduce(0) { $0 + $1.approximateBytes }
    }

    /// What each kept viewport holds, store by store, in bytes (the verbose log, benchmarks).
    public var keptBreakdown: String {
        lock.withLock {
            kept.keys.sorted { $0.name < $1.name }.map { v -> String in
                let ctx = kept[v]!, k = ctx.keptStores
                func mb(_ b: Int) -> String { String(format: "%.2f", Double(b) / 1_048_576) }
                return "\(v.name): tree \(mb(ctx.tree.approximateBytes)) (\(ctx.tree.count) nodes), cache \(mb(ctx.cache.approximateBytes)) "
                    + "(\(ctx.cache.overflowCount) overflow), placements \(mb(k.placements * MemoryLayout<ChildPlacement>.stride)) (\(k.placements)), "
                    + "text metrics \(mb(k.textMetrics * MemoryLayout<TextMetrics>.stride)) (\(k.textMetrics)), extras \(k.extras), cells \(k.cells), "
                    + "placement record \(mb(placements[v]?.approximateBytes ?? 0)) (\(placements[v]?.count ?? 0))"
            }.joined(separator: "; ")
        }
    }

    /// Drops everything kept.
    public func clear() {
        lock.withLock {
            kept = [:]
            placements = [:]
            freshSize = [:]
        }
    }

    /// The tree of the context kept for `viewport`, left in place (a new build copies from it).
    func keptTree(_ viewport: Viewport) -> LayoutTree? {
        lock.withLock { kept[viewport]?.tree }
    }

    /// The kept context for `viewport`, taken out with its layout's placement (nil when there is
    /// none).
    func take(_ viewport: Viewport) -> (LayoutContext, freshSize: Int, placement: PlacementMemory?)? {
        lock.withLock {
            let placement = placements.removeValue(forKey: viewport)
            guard let ctx = kept.removeValue(forKey: viewport), let size = freshSize[viewport] else { return nil }
            return (ctx, size, placement)
        }
    }

    /// Whether `ctx` could be kept (measured, not yet placed): it may be reused, and the least
    /// that keeping it costs (its tree: `compact` never goes below)
    /// fits in the budget beside what the other viewports keep. A context that does not is not
    /// kept (`keep`), and its placement need not be recorded.
    func mayKeep(_ ctx: LayoutContext) -> Bool {
        guard ctx.isReusable, budget > 0 else { return false }
        let bytes = ctx.leastKeptBytes
        return lock.withLock { !keepsNoMore && bytesKept(besides: ctx.viewport) + bytes <= budget }
    }

    /// Keeps `ctx` for the viewport's next layout, if it may be kept, with the placement made from
    /// it (its frames are the layout result's, shared); `freshSize`: the store size of the layout
    /// it grew from when that was laid out from nothing or compacted (nil: this one was laid out
    /// from nothing).
    ///
    /// A context that does not fit the budget as it stands keeps only its frontier's
    /// measurements (`LayoutTree.frontier`); one whose stores have grown past twice that size
    /// (records forgotten by `adopt` stay in them) is compacted to what is reachable first. It
    /// is kept if it then fits.
    func keep(_ ctx: LayoutContext, freshSize fresh: Int?, placement: PlacementMemory? = nil) {
        guard ctx.isReusable, budget > 0, !lock.withLock({ keepsNoMore }) else { return }
        var ctx = ctx
        ctx.shrinkForKeeping()
        let others = lock.withLock { bytesKept(besides: ctx.viewport) }
        let room = budget - others - (placement?.approximateBytes ?? 0)
        var base = fresh ?? ctx.storeSize
        if ctx.storeSize > 2 * max(base, 1024) {
            ctx.compact(keeping: [Bool](repeating: true, count: ctx.tree.count))
            base = ctx.storeSize
        }
        if ctx.approximateBytes > room || alwaysCompacts {
            ctx.compact(keeping: ctx.tree.frontier(minimumSubtree: frontierSubtree))
            base = ctx.storeSize
        }
        ctx.cache.packIfSparse()
        let bytes = ctx.approximateBytes + (placement?.approximateBytes ?? 0)
        lock.withLock {
            guard bytesKept(besides: ctx.viewport) + bytes <= budget else {
                freshSize[ctx.viewport] = nil
                return
            }
            kept[ctx.viewport] = ctx
            placements[ctx.viewport] = placement
            freshSize[ctx.viewport] = base
        }
    }
}

/// The sizes of a layout context's growing stores (`LayoutContext.keptStores`).
struct KeptStores {
    var placements, textMetrics, extras, cells, arrangements, clusters: Int
    var hasNotes: Bool
}

extension LayoutContext {
    /// Whether what was measured here may be kept for a later layout: nothing of it names a place
    /// in the text an edit could move (expression and text diagnostics, containers' notes), and
    /// the document declares no custom alignments (whose defaults are expressions of its own).
    var isReusable: Bool {
        expressionDiagnostics.isEmpty && textDiagnostics.isEmpty && document.alignments.isEmpty && !keptStores.hasNotes
    }

    /// Records in the stores that grow with measurements (placements, text metrics, extras,
    /// cache overflow), reachable or not.
    var storeSize: Int {
        let k = keptStores
        return k.placements + k.textMetrics + k.extras + cache.overflowCount
    }

    /// The least the context holds however it is compacted: its tree.
    var leastKeptBytes: Int { tree.approximateBytes }

    /// About how many bytes the context holds beyond the document: what keeping it costs.
    var approximateBytes: Int {
        let k = keptStores
        return tree.approximateBytes + cache.approximateBytes + k.placements * MemoryLayout<ChildPlacement>.stride
            + k.textMetrics * MemoryLayout<TextMetrics>.stride + k.extras * MemoryLayout<MeasurementExtras>.stride
            + k.cells * MemoryLayout<Rect>.stride + k.arrangements * 16 + k.clusters * 8
    }
}

extension LayoutTree {
    /// Which nodes of `new`, a tree built in the same viewport from a later document, must be
    /// measured again after this tree's measurements are taken over: those whose inputs differ
    /// (their role's parameters, text, flags, layout priority), those that read their view at
    /// measuring time (a canvas, a view with `alignmentGuides`), and all their ancestors. nil when
    /// the two trees differ in shape (nodes, roles' kinds, children, views), and nothing is kept.
    ///
    /// `alike`: ranges of nodes known to equal this tree's (copied in place from it, ascending,
    /// each inside one subtree): they are not compared.
    func changedNodes(in new: LayoutTree, alike: [Range<Int>] = []) -> [Bool]? {
        guard count == new.count, childIDs == new.childIDs, views.count == new.views.count, texts.count == new.texts.count,
              fonts == new.fonts,
              paddings.count == new.paddings.count, flexibleFrames.count == new.flexibleFrames.count else { return nil }
        // A node is changed when its own inputs differ or any node it refers to is changed: those
        // were added before it (`NodeBuilder` adds a node after everything inside it), so one
        // pass in order marks every changed node's ancestors, with no parent links.
        var changed = [Bool](repeating: false, count: count)
        var inOrder = true
        var skip = alike.makeIterator(), next = skip.next()
        var i = 0
        while i < count {
            defer { i += 1 }
            if let r = next, i >= r.lowerBound {
                // A subtree's nodes refer only to nodes inside it: unchanged, and in order.
                if i < r.upperBound { i = r.upperBound - 1; continue }
                next = skip.next()
            }
            let a = nodes[i], b = new.nodes[i]
            guard a.view == b.view, a.core == b.core, a.childIndex == b.childIndex,
                  let same = sameInputs(roles[i], new.roles[i], new) else { return nil }
            var differs = !same || a.flags != b.flags || b.flags.contains(.ownGuides)
                || priorities[Int(a.view)].bitPattern != new.priorities[Int(b.view)].bitPattern
            new.forEachChild(of: NodeID(i)) { c in
                if c.index >= i { inOrder = false } else if changed[c.index] { differs = true }
            }
            changed[i] = differs
        }
        guard inOrder else { return nil }
        return changed
    }

    /// Whether two roles measure alike given the same children; nil when they differ in kind or
    /// children (a different shape).
    private func sameInputs(_ a: NodeRole, _ b: NodeRole, _ new: LayoutTree) -> Bool? {
        switch (a, b) {
        case (.text(let x), .text(let y)):
            guard x == y else { return nil }
            return texts[Int(x)].measuresAlike(new.texts[Int(y)])
        case (.image(let s, let r), .image(let t, let q)):
            return s == t && r == q
        case (.color, .color):
            return true
        case (.spacer(let m, let axis), .spacer(let n, let other)):
            return m.bitPattern == n.bitPattern && axis == other
        case (.divider(let axis), .divider(let other)):
            return axis == other
        case (.container(let x, let r), .container(let y, let q)):
            guard r == q else { return nil }
            // Stacks of the same parameters share one algorithm (`NodeBuilder.stack`).
            return x === y || x.hasSameParameters(as: y)
        case (.padding(let i, let c), .padding(let j, let d)):
            guard i == j, c == d else { return nil }
            return paddings[Int(i)] == new.paddings[Int(j)]
        case (.fixedFrame(let f, let c), .fixedFrame(let g, let d)):
            guard c == d else { return nil }
            return f == g
        case (.flexibleFrame(let i, let al, let c), .flexibleFrame(let j, let bl, let d)):
            guard i == j, c == d else { return nil }
            return al == bl && flexibleFrames[Int(i)] == new.flexibleFrames[Int(j)]
        case (.fixedSize(let h, let v, let c), .fixedSize(let g, let w, let d)):
            guard c == d else { return nil }
            return h == g && v == w
        case (.aspectRatio(let r, let m, let c), .aspectRatio(let s, let n, let d)):
            guard c == d else { return nil }
            return r?.bitPattern == s?.bitPattern && m == n
        case (.background(let x, let al, let c), .background(let y, let bl, let d)),
             (.overlay(let x, let al, let c), .overlay(let y, let bl, let d)):
            guard x == y, c == d else { return nil }
            return al == bl
        case (.border(let s, let c), .border(let t, let d)):
            guard c == d else { return nil }
            return s == t
        case (.offset(let x, let y, let c), .offset(let u, let v, let d)):
            guard c == d else { return nil }
            return x.bitPattern == u.bitPattern && y.bitPattern == v.bitPattern
        default:
            return nil
        }
    }
}

extension TextInfo {
    /// Whether two texts measure alike: the same characters, font and settings (a file font's
    /// shaping follows from those).
    func measuresAlike(_ other: TextInfo) -> Bool {
        string == other.string && font == other.font && lineLimit == other.lineLimit && truncation == other.truncation
            && alignment == other.alignment && advance.bitPattern == other.advance.bitPattern
            && lineHeight.bitPattern == other.lineHeight.bitPattern && (shaped == nil) == (other.shaped == nil)
    }
}
