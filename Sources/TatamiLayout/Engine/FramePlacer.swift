import TatamiBase
import TatamiModel

/// Walks the measured chains from the root and produces the frame tree, in viewport
/// coordinates, each rectangle finished as it is stored (`FrameFinisher`: mirrored for
/// right-to-left viewports, rounded to the scale; positions are computed unrounded). Reports
/// `overflow` and `text-truncated` for what is finally placed (never for the probes made while
/// measuring).
struct FramePlacer {
    let viewport: Viewport
    private(set) var diagnostics: [Diagnostic] = []
    /// While recording: per diagnostic, the nodes whose views it names (`report`).
    private var reportNodes: [[UInt32]] = []
    /// The frames, filled while placing and handed over by `finish()`.
    private var parts = FrameParts()
    /// The children placed so far by the views being placed, innermost last: each view takes
    /// its own off the top once they are placed.
    private var pendingChildren: [Int32] = []
    /// The same for the backgrounds, overlays and borders of the views being placed (shared
    /// stacks, so that a view without any makes no array of its own).
    private var pendingBackgrounds: [Int32] = []
    private var pendingOverlays: [Int32] = []
    private var pendingBorders: [(style: BorderStyle, rect: Rect)] = []
    private let finisher: FrameFinisher
    /// Outermost nodes whose placement is kept in `placedAt` (`modifier-order` compares them).
    var watched: Set<NodeID> = []
    /// Where each watched node was placed: its origin, proposal and cell, in viewport coordinates.
    private(set) var placedAt: [NodeID: (origin: Point, proposal: ProposedSize, cell: Rect?)] = [:]
    /// The last placement in this viewport, whose subtrees may be copied (`reuse`), and per node
    /// of the new tree whether its subtree differs from that placement's tree
    /// (`LayoutTree.changedNodes`); read in place, never copied per frame (`usePrevious`).
    private var old = PlacementMemory()
    private var changed: [Bool] = []
    private var hasPrevious = false
    /// Whether to record what each frame's placement read, for the next placement
    /// (`finishRecording`).
    var recording = false {
        didSet { if recording { recorded.reserve(parts.records.capacity) } }
    }
    private var recorded = PlacementMemory()
    /// Frames copied from the previous placement instead of placed.
    private(set) var framesCopied = 0
    /// Subtrees copied from `old` and not yet appended (`flushCopies`).
    private var run = CopyRun()

    /// `viewStore`: the store of the views placed (the layout tree's).
    init(viewport: Viewport, views: Int = 0, viewStore: ViewStore? = nil, fonts: [FontMetrics] = []) {
        self.viewport = viewport
        finisher = FrameFinisher(viewport: viewport)
        parts = FrameParts(viewStore: viewStore)
        parts.fonts = fonts
        parts.reserve(views)
    }

    /// Frames of subtrees placed as in `memory` (the last placement in this viewport) are copied
    /// from it; `changed`: per node of the tree placed, whether it differs from that placement's.
    mutating func usePrevious(_ memory: PlacementMemory, changed: [Bool]) {
        old = memory
        self.changed = changed
        hasPrevious = true
        parts.texts.reserveCapacity(memory.parts.texts.count)
    }

    /// The frames placed; call once placing is done.
    mutating func finish() -> FrameTree {
        flushCopies()
        return FrameTree(parts)
    }

    /// What this placement leaves for the next one (`recording` must have been set), for a tree
    /// of `nodeCount` nodes.
    func finishRecording(nodeCount: Int) -> PlacementMemory {
        assert(!run.isActive, "placing is finished (`finish`) before its record")
        var finished = recorded
        finished.finish(parts: parts, reports: diagnostics, nodes: reportNodes, nodeCount: nodeCount)
        return finished
    }

    /// Places a view's chain and everything inside it; returns its record. `parent` and `step`
    /// name its path (docs/format.md §12.3).
    @discardableResult
    mutating func place(
        _ outer: NodeID, at origin: Point, proposal: ProposedSize, parent: Int32 = -1, step: Int32 = 0, hidden: Bool,
        cell: Rect? = nil, in ctx: inout LayoutContext
    ) -> Int32 {
        if hasPrevious, watched.isEmpty,
           let copied = reuse(outer, at: origin, proposal: proposal, parent: parent, step: step, hidden: hidden, cell: cell, in: ctx) {
            return copied
        }
        flushCopies()
        // The view's handle is made only to report something: its kind and hiddenness are the
        // tree's, its index goes to the frame.
        let facts = ctx.tree.viewFacts(outer)
        let core = ctx.tree[outer].core
        let isHidden = hidden || facts.hidden
        if !watched.isEmpty, watched.contains(outer) { placedAt[outer] = (origin, proposal, cell) }
        if recording {
            recorded.begin(node: outer.raw, origin: origin, cell: cell, hidden: hidden, reported: diagnostics.count)
        }
        let index = parts.viewStore === ctx.tree.viewStore ? parts.begin(ctx.tree.viewIndex(outer), parent: parent, step: step)
            : parts.begin(ctx.tree.view(outer), parent: parent, step: step)
        var node = outer
        var o = origin
        var p = proposal
        var m = ctx.measure(node, p)
        var outerRect: Rect?
        let decorationMarks = (backgrounds: pendingBackgrounds.count, overlays: pendingOverlays.count, borders: pendingBorders.count)
        // Decorations are numbered in modifier order, innermost first (`/background` is the
        // first applied), while the walk below meets the outermost first.
        let (backgroundCount, overlayCount) = Self.decorationCounts(outer, core: core, in: ctx)

        // Down the modifier chain to the core.
        while node != core {
            switch ctx.tree.role(node) {
            case .offset:
                break  // an offset moves what is inside it, including the reported outer frame
            case .background:
                outerRect = outerRect ?? Rect(origin: o, size: m.size)
                let placed = placeDecoration(of: m, at: o, background: true, number: backgroundCount - 1 - (pendingBackgrounds.count
                    - decorationMarks.backgrounds), record: index, hidden: isHidden, in: &ctx)
                pendingBackgrounds.append(placed)
            case .overlay:
                outerRect = outerRect ?? Rect(origin: o, size: m.size)
                let placed = placeDecoration(of: m, at: o, background: false, number: overlayCount - 1 - (pendingOverlays.count
                    - decorationMarks.overlays), record: index, hidden: isHidden, in: &ctx)
                pendingOverlays.append(placed)
            case .border(let style, _):
                outerRect = outerRect ?? Rect(origin: o, size: m.size)
                pendingBorders.append((style, Rect(origin: o, size: m.size)))
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

        var drawing = FrameParts.DrawingSource.none
        var byZIndex = false
        let mark = pendingChildren.count
        switch ctx.tree.role(node) {
        case .text:
            // What the lines are made from, for the final proposal; they are laid out when read.
            if let metrics = ctx.textMetrics(m), let text = ctx.frameText(node, p) {
                // Decorations copied above come first, as placing them would have put them.
                flushCopies()
                drawing = .text(Int32(parts.texts.count))
                parts.texts.append(text)
                if metrics.truncated { reportTruncation(outer, ctx.tree.view(outer), text.layout(parts.fonts), content) }
            }
        case .image:
            if facts.tag == .image { drawing = .fromView }
        case .color:
            if facts.tag == .color { drawing = .fromView }
        case .divider(let axis):
            // A divider in a horizontal stack is a vertical bar, and the other way round.
            drawing = axis == .horizontal ? .verticalDivider : .horizontalDivider
        case .container:
            switch facts.tag {
            case .zstack, .canvas: byZIndex = true
            default: break
            }
            m = ctx.arranged(node, p)
            placeChildren(of: outer, arranged: m, at: o, record: index, hidden: isHidden, in: &ctx)
            reportOverflow(outer, ctx.overflow(m), m.size, proposal: p, frame: outerRect ?? content, area: ctx.area,
                           container: (node, p), in: &ctx)
            reportNotes(ctx.notes(m))
        default:
            break
        }

        finishRecord(index, frame: cell ?? outerRect ?? content, content: content, proposal: proposal,
                     flags: FrameParts.Record.Flags(hidden: isHidden, byZIndex: byZIndex), drawing: drawing, children: mark,
                     decorations: decorationMarks)
        return index
    }

    /// Places the decoration of a background or overlay measured as `m` at `o`, the `number`-th of
    /// its kind on its view (0 for the innermost); returns its record.
    private mutating func placeDecoration(
        of m: Measurement, at o: Point, background: Bool, number: Int, record index: Int32, hidden: Bool, in ctx: inout LayoutContext
    ) -> Int32 {
        let d = ctx.placement(m, 1)
        let step = FrameParts.decorationStep(background: background, count: number)
        return place(d.node, at: position(o, d.origin), proposal: d.proposal, parent: index, step: step, hidden: hidden, in: &ctx)
    }

    /// Fills a placed view's record: its rectangles finished, its proposal, flags, drawing and
    /// links (`link`); and, when recording, where its subtree's frames and diagnostics end.
    private mutating func finishRecord(
        _ index: Int32, frame: Rect, content: Rect, proposal: ProposedSize, flags: FrameParts.Record.Flags,
        drawing: FrameParts.DrawingSource, children mark: Int, decorations: (backgrounds: Int, overlays: Int, borders: Int)
    ) {
        flushCopies()
        var r = parts.records[Int(index)]
        // Finishing is a function of the rectangle: a frame that is the content, bit for bit (no
        // modifier changed the size or place), is finished once.
        let finishedContent = finisher.finish(content)
        r.frame = FrameParts.same(frame, content) ? finishedContent : finisher.finish(frame)
        r.proposal = proposal
        r.flags = flags
        r.drawing = drawing
        link(&r, content: finishedContent, children: mark, decorations: decorations)
        parts.records[Int(index)] = r
        // What the subtree reported is reported again by a copy of it, at its nodes' views (an
        // edit elsewhere moves them in the text).
        if recording { recorded.finish(Int(index), records: parts.records.count, reported: diagnostics.count) }
    }

    /// The frames of `outer`'s subtree copied from the previous placement, when that placed the
    /// same subtree (no node of it changed) at the same origin, for the same proposal, cell and
    /// hiddenness: placing it again would give the same frames, since they depend on nothing else
    /// (the viewport and fonts are the same for a kept layout), and report the same (`reportAgain`).
    /// Each copied frame names the new document's view, and is checked to be as hidden as that
    /// view makes it; nil (and nothing copied) otherwise. The index of the subtree's first frame.
    private mutating func reuse(
        _ outer: NodeID, at origin: Point, proposal: ProposedSize, parent: Int32, step: Int32, hidden: Bool, cell: Rect?,
        in ctx: LayoutContext
    ) -> Int32? {
        guard outer.index < changed.count, !changed[outer.index], outer.index < old.recordOfNode.count else { return nil }
        let r = Int(old.recordOfNode[outer.index])
        guard r >= 0 else { return nil }
        let flags = old.flags[r], o = old.origins[r]
        // Inputs compared bit for bit (a placement is a function of their exact values); a
        // proposal's `==` already is (the record's proposal is the one it was placed for).
        guard flags.contains(.hidden) == hidden, old.parts.records[r].proposal == proposal,
              o.x.bitPattern == origin.x.bitPattern, o.y.bitPattern == origin.y.bitPattern,
              PlacementMemory.same(old.cells.isEmpty ? nil : old.cells[Int32(r)], cell) else { return nil }
        let end = Int(old.ends[r])
        // Whether the new views leave every frame as hidden as it was: its parent's (or, for the
        // subtree's first frame, the given) hiddenness or the view's own (read by index,
        // `ViewFacts`). The parent's is read from the old frames: a copy is its original.
        for k in r..<end {
            let parentHidden = k == r ? hidden : old.parts.records[Int(old.parts.parents[k])].flags.contains(.hidden)
            let viewHidden = ctx.tree.viewFacts(NodeID(Int(old.nodes[k]))).hidden
            guard (parentHidden || viewHidden) == old.parts.records[k].flags.contains(.hidden) else { return nil }
        }
        // Every node's view is in the tree's store (`LayoutTree.view`): the copies name views there.
        precondition(ctx.tree.viewStore === parts.viewStore, "a copied frame's view is in the placement's store")
        // Where the copy's diagnostics will lie against where the original's did.
        let reportDelta = Int32(diagnostics.count) - old.reportBegins[r]
        reportAgain(r, in: ctx)
        let span = old.span(r)
        if !run.add(r..<end, span: span, parent: parent, step: step, reportDelta: reportDelta) {
            flushCopies()
            // (The arrays read, not the whole tree: a copy of it would retain every array it holds.)
            run.start(r..<end, span: span, parent: parent, step: step, reportDelta: reportDelta, treeNodes: ctx.tree.nodes,
                      views: ctx.tree.views)
        }
        framesCopied += end - r
        return Int32(parts.records.count) + Int32(r - run.records.lowerBound)
    }

    /// Reports again what placing the old frame `r`'s subtree reported, each diagnostic at its
    /// nodes' views in the new tree (the same nodes: the subtree is unchanged). Placing it would
    /// report the same: the messages depend on sizes, proposals, kinds and texts, which are the
    /// same, and on nothing's place in the text.
    private mutating func reportAgain(_ r: Int, in ctx: LayoutContext) {
        let (begin, end) = (Int(old.reportBegins[r]), Int(old.reportEnds[r]))
        for i in begin..<end {
            let nodes = old.reportNodes[i]
            assert(!nodes.isEmpty, "a kept placement reported nothing that names a view and not a node")
            var d = old.reports[i]
            d.range = ctx.tree.view(NodeID(Int(nodes[0]))).kindRange
            for k in d.related.indices { d.related[k].range = ctx.tree.view(NodeID(Int(nodes[k + 1]))).kindRange }
            report(d, nodes: nodes)
        }
    }

    /// Reports `d`, which names the views of `nodes` (its own place, then its related places').
    private mutating func report(_ d: Diagnostic, nodes: [UInt32]) {
        diagnostics.append(d)
        if recording { reportNodes.append(nodes) }
    }

    /// Appends the subtrees copied and not yet appended (`run`), in one piece per store: every
    /// store index moved by how far the run moves in that store, each subtree's first frame
    /// given its parent and step. Called before anything else is appended, and when placing is
    /// done (`finish`, which `finishRecording` follows).
    private mutating func flushCopies() {
        guard run.isActive else { return }
        let start = PlacementMemory.Counts(parts)
        // How far every index of the copied subtrees moves, store by store.
        let delta = run.delta(to: start)
        let recordDelta = delta.records
        let nodes = old.nodes, treeNodes = run.treeNodes, views = run.views
        parts.appendCopies(of: old.parts, run.records, movedBy: delta) { views[Int(treeNodes[Int(nodes[$0])].view)] }
        for first in run.firsts {
            parts.parents[Int(start.records + first.offset)] = first.parent
            parts.steps[Int(start.records + first.offset)] = first.step
        }
        if recording { recorded.append(copiesOf: run.records, in: old, movedBy: recordDelta, reportsMovedBy: run.reportDelta) }
        let (begin, finish) = (run.begin, run.end)
        // Each store's run appended in one piece, then moved in place.
        if begin.links >= 0 {
            let firstLink = parts.links.count
            parts.links.append(contentsOf: old.parts.links[Int(begin.links)..<Int(finish.links)])
            parts.links.withUnsafeMutableBufferPointer { b in
                for i in firstLink..<b.count { b[i] += recordDelta }
            }
        }
        if begin.texts >= 0 { parts.texts.append(contentsOf: old.parts.texts[Int(begin.texts)..<Int(finish.texts)]) }
        if begin.borders >= 0 { parts.borderLists.append(contentsOf: old.parts.borderLists[Int(begin.borders)..<Int(finish.borders)]) }
        if begin.extras >= 0 {
            let firstExtra = parts.extras.count
            parts.extras.append(contentsOf: old.parts.extras[Int(begin.extras)..<Int(finish.extras)])
            parts.extras.withUnsafeMutableBufferPointer { b in
                for i in firstExtra..<b.count where b[i].borders >= 0 { b[i].borders += delta.borders }
            }
        }
        run.clear()
    }

    /// Places the children of a container arranged as `m` at `o` (pushed on `pendingChildren`).
    private mutating func placeChildren(
        of outer: NodeID, arranged m: Measurement, at o: Point, record index: Int32, hidden isHidden: Bool,
        in ctx: inout LayoutContext
    ) {
        let count = Int(m.childCount)
        for i in 0..<count {
            let c = ctx.placement(m, i)
            let cell = ctx.cell(m, i)
            let child = place(c.node, at: position(o, c.origin), proposal: c.proposal, parent: index,
                              step: Int32(clamping: Int(ctx.tree[c.node].childIndex)), hidden: isHidden,
                              cell: cell.map { $0.offsetBy(dx: o.x, dy: o.y) }, in: &ctx)
            pendingChildren.append(child)
            if let cell, !isHidden {
                reportCellTooSmall(ctx.tree.view(outer), cell.size, c.node, ctx.tree.view(c.node), ctx.measure(c.node, c.proposal).size)
            }
        }
    }

    /// How many backgrounds and overlays the chain from `outer` to its `core` has.
    private static func decorationCounts(_ outer: NodeID, core: NodeID, in ctx: LayoutContext) -> (Int, Int) {
        var backgroundCount = 0, overlayCount = 0
        var link = outer
        while link != core, let child = ctx.tree.role(link).wrappedChild {
            if case .background = ctx.tree.role(link) { backgroundCount += 1 }
            if case .overlay = ctx.tree.role(link) { overlayCount += 1 }
            link = child
        }
        return (backgroundCount, overlayCount)
    }

    /// Links a record to its children (those pushed on `pendingChildren` since `mark`, which it
    /// takes off), its backgrounds, overlays and borders (those pushed since `decorations`, which
    /// it takes off), and gives it its content rectangle. Backgrounds were pushed in drawing
    /// order, overlays in the reverse of it.
    private mutating func link(_ r: inout FrameParts.Record, content: Rect, children mark: Int,
                               decorations marks: (backgrounds: Int, overlays: Int, borders: Int)) {
        r.linkStart = Int32(parts.links.count)
        r.childCount = Int32(pendingChildren.count - mark)
        for k in mark..<pendingChildren.count { parts.links.append(pendingChildren[k]) }
        pendingChildren.removeSubrange(mark...)
        let backgrounds = pendingBackgrounds.count - marks.backgrounds, overlays = pendingOverlays.count - marks.overlays
        if backgrounds > 0 {
            for k in marks.backgrounds..<pendingBackgrounds.count { parts.links.append(pendingBackgrounds[k]) }
            pendingBackgrounds.removeSubrange(marks.backgrounds...)
        }
        if overlays > 0 {
            for k in stride(from: pendingOverlays.count - 1, through: marks.overlays, by: -1) { parts.links.append(pendingOverlays[k]) }
            pendingOverlays.removeSubrange(marks.overlays...)
        }
        var borderList: Int32 = -1
        if pendingBorders.count > marks.borders {
            borderList = Int32(parts.borderLists.count)
            parts.borderLists.append(pendingBorders[marks.borders...].map { ($0.style, finisher.finish($0.rect)) })
            pendingBorders.removeSubrange(marks.borders...)
        }
        parts.setExtra(&r, content: content, backgrounds: backgrounds, overlays: overlays, borders: borderList)
    }

    /// A container's notes (canvas placements), reported as found in this viewport.
    private mutating func reportNotes(_ notes: [LayoutNote]) {
        for note in notes {
            // A note names a view, not a node; but a context holding notes is never kept
            // (`LayoutContext.isReusable`), so no copy reports it again.
            report(Diagnostic(note.code, note.message + " in viewport \(viewport.name)", at: note.view.kindRange, viewport: viewport.name),
                   nodes: [])
        }
    }

    /// `overflow`: on an axis where the container's content exceeds what it was offered and its
    /// frame leaves the area the body was given (a shortfall its parent absorbed is not one).
    /// The related locations name the children that need the room (`needers`).
    private mutating func reportOverflow(_ outer: NodeID, _ overflow: Size, _ size: Size, proposal p: ProposedSize, frame: Rect, area: Rect,
                                         container: (node: NodeID, proposal: ProposedSize), in ctx: inout LayoutContext) {
        let epsilon = 1e-6
        guard overflow.width > epsilon || overflow.height > epsilon else { return }
        let view = ctx.tree.view(outer)
        let name = viewport.name
        let kind = view.kindName
        let leavesHorizontally = frame.minX < area.minX - epsilon || frame.maxX > area.maxX + epsilon
        let leavesVertically = frame.minY < area.minY - epsilon || frame.maxY > area.maxY + epsilon
        if overflow.width > epsilon, leavesHorizontally, let available = p.width {
            let (related, nodes) = needers(container.node, container.proposal, .horizontal, in: &ctx)
            report(Diagnostic(
                .overflow,
                "\(kind) content is \(formatNumber(size.width)) wide but \(formatNumber(available)) is available "
                    + "(overflow \(formatNumber(overflow.width))) in viewport \(name)",
                at: view.kindRange, viewport: name, related: related), nodes: [outer.raw] + nodes)
        }
        if overflow.height > epsilon, leavesVertically, let available = p.height {
            let (related, nodes) = needers(container.node, container.proposal, .vertical, in: &ctx)
            report(Diagnostic(
                .overflow,
                "\(kind) content is \(formatNumber(size.height)) tall but \(formatNumber(available)) is available "
                    + "(overflow \(formatNumber(overflow.height))) in viewport \(name)",
                at: view.kindRange, viewport: name, related: related), nodes: [outer.raw] + nodes)
        }
    }

    /// The children an overflowing container's content needs the room for, along `axis`: its
    /// largest child there, and, following the largest child down through every view that takes
    /// more than it was proposed, the innermost such view (the one whose own size asks for the
    /// room: a fixed frame, a long text), when it is another. Each with its size, and its node.
    private func needers(_ container: NodeID, _ proposal: ProposedSize, _ axis: Axis,
                         in ctx: inout LayoutContext) -> ([RelatedLocation], nodes: [UInt32]) {
        let word = axis == .horizontal ? "wide" : "tall"
        func length(_ s: Size) -> Double { axis == .horizontal ? s.width : s.height }
        /// The largest child of a container core measured for `p`, with its proposal and size.
        func largest(_ core: NodeID, _ p: ProposedSize, _ ctx: inout LayoutContext) -> (node: NodeID, proposal: ProposedSize, size: Size)? {
            guard case .container = ctx.tree.role(core) else { return nil }
            let m = ctx.arranged(core, p)
            var best: (node: NodeID, proposal: ProposedSize, size: Size)?
            for i in 0..<Int(m.childCount) {
                let c = ctx.placement(m, i)
                let s = ctx.measure(c.node, c.proposal).size
                if best == nil || length(s) > length(best!.size) { best = (c.node, c.proposal, s) }
            }
            return best
        }
        guard let first = largest(container, proposal, &ctx) else { return ([], []) }
        var related = [RelatedLocation(
            range: ctx.tree.view(first.node).kindRange,
            message: "\(ctx.tree.view(first.node).kindName) is the largest child: \(formatNumber(length(first.size))) \(word)")]
        // Down the largest children while each takes more than it was offered on the axis.
        var current = first
        var innermost: (node: NodeID, proposal: ProposedSize, size: Size)?
        for _ in 0..<10_000 {
            guard let offered = axis == .horizontal ? current.proposal.width : current.proposal.height,
                  length(current.size) > offered + 1e-6 else { break }
            innermost = current
            // To the view's core, through its modifiers (each wraps its child at placement 0).
            var node = current.node, p = current.proposal
            let core = ctx.tree[node].core
            while node != core {
                // Measured first, in a statement of its own: `ctx.placement(ctx.measure(…), 0)`
                // would read the placements as they were before a measurement computed here
                // (a miss: one a kept context did not keep) appended its own.
                let m = ctx.measure(node, p)
                let c = ctx.placement(m, 0)
                (node, p) = (c.node, c.proposal)
            }
            guard let next = largest(core, p, &ctx) else { break }
            current = next
        }
        if let inner = innermost, inner.node != first.node {
            let v = ctx.tree.view(inner.node)
            let offered = (axis == .horizontal ? inner.proposal.width : inner.proposal.height) ?? 0
            related.append(RelatedLocation(
                range: v.kindRange,
                message: "\(v.kindName) needs the room: it is \(formatNumber(length(inner.size))) \(word) where \(formatNumber(offered)) was offered"))
            return (related, [first.node.raw, inner.node.raw])
        }
        return (related, [first.node.raw])
    }

    /// `cell-too-small`: a grid cell, a brick or a canvas rectangle smaller than the child laid
    /// out in it, which then sticks out of it over its neighbours (docs/format.md §7.4). Hidden
    /// children draw nothing and are not reported.
    private mutating func reportCellTooSmall(_ container: ViewNode, _ cell: Size, _ childNode: NodeID, _ child: ViewNode, _ size: Size) {
        guard !child.hidden else { return }
        // A relative tolerance: unrounded lengths carry noise in their last bits.
        func exceeds(_ a: Double, _ b: Double) -> Bool { !a.isNaN && !b.isNaN && a > b + 1e-6 * max(1, abs(b)) }
        let wide = exceeds(size.width, cell.width), tall = exceeds(size.height, cell.height)
        guard wide || tall else { return }
        let what: String
        switch container.kindTag {
        case .grid: what = "its grid cell"
        case .bricks: what = "its brick"
        default: what = "its canvas rectangle"
        }
        var excess: [String] = []
        if wide { excess.append("\(formatNumber(size.width - cell.width)) too wide") }
        if tall { excess.append("\(formatNumber(size.height - cell.height)) too tall") }
        report(Diagnostic(
            .cellTooSmall,
            "\(child.kindName) is \(formatNumber(size.width))×\(formatNumber(size.height)) but \(what) is "
                + "\(formatNumber(cell.width))×\(formatNumber(cell.height)) (\(excess.joined(separator: ", "))) "
                + "and sticks out of it in viewport \(viewport.name)",
            at: child.kindRange, viewport: viewport.name), nodes: [childNode.raw])
    }

    private mutating func reportTruncation(_ node: NodeID, _ view: ViewNode, _ t: TextLayoutResult, _ frame: Rect) {
        let name = viewport.name
        let shown = t.lines.map(\.text).joined(separator: " ")
        report(Diagnostic(
            .textTruncated,
            "text is cut to fit \(formatNumber(frame.width))×\(formatNumber(frame.height)) in viewport \(name): shows `\(shown)`",
            at: view.kindRange, viewport: name), nodes: [node.raw])
    }
}

func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }

/// What every stored rectangle goes through: mirrored for right-to-left viewports, then every
/// edge rounded to the viewport's scale (docs/format.md §3, §9).
struct FrameFinisher {
    let viewport: Viewport
    /// Edges beyond this magnitude (or not finite) are clamped so output stays finite.
    static let maxCoordinate = 1e9
    /// How close (in pixels) to a rounding boundary an edge counts as on it. Layout's doubles
    /// leave noise in the last bits: a grid's last cell ends at 49.50000000000001 where the grid
    /// ends at 49.5, and mirrored for `rtl` the two edges would round a pixel apart. Far below
    /// any length a file can write, far above the noise of coordinates up to a million points.
    static let boundaryTolerance = 1e-6

    /// The far edge of a span: an infinite length reaches infinity even from an origin at −∞
    /// (where origin + length would be NaN); a length that is not a number (0 × ∞, a relative
    /// size in an infinite canvas) counts as 0.
    static func far(_ origin: Double, _ length: Double) -> Double {
        if length.isNaN { return origin }
        return length == .infinity && origin < .infinity ? .infinity : origin + length
    }

    func finish(_ r: Rect) -> Rect {
        var minX = r.minX, maxX = FrameFinisher.far(r.minX, r.width)
        if viewport.direction == .rtl {
            (minX, maxX) = (viewport.width - maxX, viewport.width - minX)
        }
        let scale = viewport.scale > 0 && viewport.scale.isFinite ? viewport.scale : 1
        func round(_ v: Double) -> Double {
            let c = v.isNaN ? 0 : Swift.max(-FrameFinisher.maxCoordinate, Swift.min(FrameFinisher.maxCoordinate, v))
            return (c * scale + 0.5 + FrameFinisher.boundaryTolerance).rounded(.down) / scale
        }
        // A far edge never rounds below its near one (only NaN coordinates, read as 0, could
        // make it): sizes are never negative.
        let x0 = round(minX), x1 = Swift.max(x0, round(maxX))
        let y0 = round(r.minY), y1 = Swift.max(y0, round(FrameFinisher.far(r.minY, r.height)))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
