import TatamiBase
import TatamiModel

extension DiagnosticCode {
    /// A container's children need more than it was offered.
    public static let overflow = DiagnosticCode("overflow", .warning)
    /// A text is cut with `…`.
    public static let textTruncated = DiagnosticCode("text-truncated", .warning)
    /// A text set in a font file has characters that no face of its font (file and fallbacks)
    /// has a glyph for: a screen would draw them in some other font, so its size is a guess.
    public static let missingGlyph = DiagnosticCode("missing-glyph", .warning)
    /// A view that draws something is 0 wide or 0 tall.
    public static let zeroSize = DiagnosticCode("zero-size", .warning)
    /// A grid cell, a brick or a canvas rectangle is smaller than the child laid out in it.
    public static let cellTooSmall = DiagnosticCode("cell-too-small", .warning)
}

/// Computes every view's frame for one viewport (docs/format.md §3, §5–§7, §9).
public enum LayoutEngine {
    /// Containers nested deeper than this get `too-deep`.
    public static let maxContainerDepth = 10

    /// `memory`: what the document's last layout in this viewport kept (`LayoutMemory`), taken
    /// over where the new tree has the same shape; the result is the same without it.
    public static func layout(_ document: TatamiDocument, in viewport: Viewport, options: LayoutOptions = LayoutOptions(),
                              memory: LayoutMemory? = nil) -> LayoutResult {
        var shared = SharedBuild()
        return layout(document, in: viewport, options: options, memory: memory, sharing: &shared)
    }

    /// The layouts of `document` in each of `viewports`, in order; nil when `isCancelled` says so
    /// between two. The same as one `layout` per viewport, but the node tree is built once for
    /// all of them when building read no `when` (the only part of a view that depends on the
    /// viewport), and what an edit changed in it is found once (`SharedBuild`).
    public static func layouts(_ document: TatamiDocument, in viewports: [Viewport], options: LayoutOptions = LayoutOptions(),
                               memory: LayoutMemory? = nil, isCancelled: () -> Bool = { false }) -> [LayoutResult]? {
        var shared = SharedBuild()
        var results: [LayoutResult] = []
        for viewport in viewports {
            if isCancelled() { return nil }
            results.append(layout(document, in: viewport, options: options, memory: memory, sharing: &shared))
        }
        return results
    }

    /// One viewport's layout, its node tree taken from `shared` when that holds one, else built
    /// (and left there when it may be shared).
    static func layout(_ document: TatamiDocument, in viewport: Viewport, options: LayoutOptions, memory: LayoutMemory?,
                       sharing shared: inout SharedBuild) -> LayoutResult {
        guard let body = document.body else {
            return LayoutResult(viewport: viewport, root: nil, diagnostics: [])
        }
        var ctx: LayoutContext
        let root: NodeID, alternatives: [WrittenOrderChain]
        var nodesCopied = 0
        if let built = shared.built {
            ctx = LayoutContext(building: built.context, viewport: viewport, options: options)
            (root, alternatives) = (built.root, built.alternatives)
        } else {
            var builder = NodeBuilder(ctx: LayoutContext(document: document, viewport: viewport, options: options))
            builder.marksSubtrees = memory != nil
            let kept = memory?.keptTree(viewport)
            if let kept { builder.copier = SubtreeCopier(old: kept, store: body.store, fonts: builder.ctx.tree.fonts) }
            // Room reserved once: as much as the kept tree holds when most of it will be copied.
            if let kept, builder.copier != nil { builder.reserve(toHold: kept) } else { builder.reserve(views: document.viewCount) }
            let env = TextEnvironment(font: FontMetrics.defaultFontName, lineLimit: nil, alignment: .leading)
            guard let built = builder.buildNode(body, env: env, stackAxis: nil) else {
                return LayoutResult(viewport: viewport, root: nil, diagnostics: builder.ctx.expressionDiagnostics)
            }
            builder.finish()
            (root, alternatives) = (built, builder.alternatives)
            nodesCopied = builder.copier?.nodesCopied ?? 0
            if let copier = builder.copier { shared.copiedInPlace = (copier.source, copier.inPlace) }
            let readCondition = builder.readCondition
            ctx = builder.takeContext()
            if !readCondition { shared.built = (ctx, root, alternatives) }
        }
        var grownFrom: Int?
        var previousPlacement: (memory: PlacementMemory, changed: [Bool])?
        if let memory, case (var kept, let fresh, let placement)? = memory.take(viewport), kept.answersRigidSizes == ctx.answersRigidSizes,
           kept.document.fonts == document.fonts, document.alignments.isEmpty, let changed = shared.changes(from: kept.tree, to: ctx.tree) {
            // The kept context is the only reference to its stores, so they change in place
            // (swapped in, not assigned: the built context is what goes).
            kept.adopt(ctx.tree, document: document, forgetting: changed)
            swap(&ctx, &kept)
            grownFrom = fresh
            if let placement { previousPlacement = (placement, changed) }
        } else {
            ctx.prepareMeasuring()
        }

        // The body is proposed the viewport less its safe area and centred in that area.
        let safe = body.ignoresSafeArea ? EdgeInsets.zero : viewport.safeArea
        let area = Rect(x: safe.leading, y: safe.top,
                        width: max(0, viewport.width - safe.horizontal), height: max(0, viewport.height - safe.vertical))
        ctx.area = area
        let proposal = ProposedSize(area.size)
        let size = ctx.sizeThatFits(root, proposal)
        let origin = Point(x: area.x + (area.width - size.width) / 2, y: area.y + (area.height - size.height) / 2)

        var placer = FramePlacer(viewport: viewport, views: document.viewCount, viewStore: ctx.tree.viewStore, fonts: ctx.tree.fonts)
        placer.watched = Set(alternatives.map(\.outer))
        // Frames of subtrees placed as last time are copied from that placement.
        if let (memory, changed) = previousPlacement { placer.usePrevious(memory, changed: changed) }
        // Only a placement that may be kept is recorded: a context already past the memory's
        // budget is not kept, and recording would cost as much again as the frames.
        placer.recording = alternatives.isEmpty && memory?.mayKeep(ctx) == true
        placer.place(root, at: origin, proposal: proposal, hidden: false, in: &ctx)
        let frames = placer.finish().root!

        var diagnostics = ctx.expressionDiagnostics + ctx.textDiagnostics + placer.diagnostics
        for chain in alternatives {
            guard let at = placer.placedAt[chain.outer] else { continue }
            if let d = ModifierOrderCheck(viewport: viewport).check(chain, at: at, in: &ctx) { diagnostics.append(d) }
        }
        LayoutLints(viewport: viewport).check(frames, into: &diagnostics)
        let computed = ctx.computations
        // The frames and diagnostics refer to nothing of the context: its store ends here,
        // unless the memory keeps it for the next layout.
        memory?.keep(ctx, freshSize: grownFrom, placement: placer.recording ? placer.finishRecording(nodeCount: ctx.tree.count) : nil)
        return LayoutResult(viewport: viewport, root: frames, diagnostics: diagnostics, measurementsComputed: computed,
                            measurementsTakenOver: grownFrom != nil, framesCopied: placer.framesCopied, nodesCopied: nodesCopied)
    }
}

/// How the engine computes a layout. The result never depends on these: they exist so tests
/// and the fuzzer can check a shortcut against the full computation.
public struct LayoutOptions: Sendable {
    /// Rigid nodes (`LayoutTree.isRigid`: sizes that do not depend on the proposal, such as fixed
    /// frames and stacks of them) answer size queries from their first measurement instead of
    /// being arranged again for each probe. Off, every distinct proposal is computed in full.
    public var answersRigidSizes = true

    public init(answersRigidSizes: Bool = true) {
        self.answersRigidSizes = answersRigidSizes
    }
}

/// Inherited text settings as they stand at a view (docs/format.md §6).
struct TextEnvironment {
    var font: String
    var lineLimit: Int?
    var alignment: HorizontalPart

    func applying(_ o: TextEnvironmentOverrides) -> TextEnvironment {
        TextEnvironment(font: o.font ?? font, lineLimit: o.lineLimit ?? lineLimit, alignment: o.multilineAlignment ?? alignment)
    }
}

/// Turns the views present in a viewport into chains of layout nodes in the context's
/// `LayoutTree`.
struct NodeBuilder {
    private(set) var ctx: LayoutContext
    /// Children built and not yet given to their container (`buildChildren`).
    private var pending: [NodeID] = []
    /// The views whose modifier keys are written out of the fixed order, each with its chain in
    /// the written order (`modifier-order`).
    private(set) var alternatives: [WrittenOrderChain] = []
    /// Whether some view's `when` was evaluated: the tree is then this viewport's alone.
    private(set) var readCondition = false
    /// Copies the subtrees of views taken whole from the store a kept tree was built from.
    var copier: SubtreeCopier?
    /// Whether each view's subtree is marked for a later build to copy (`SubtreeMark`): only a
    /// tree that may be kept is (a layout with a `LayoutMemory`).
    var marksSubtrees = false
    /// The document's fonts' indices in the tree's `fonts`; the last there stands for the rest.
    private let fontIndex: [String: UInt16]
    /// The last font looked up in `fontIndex` (texts in a row mostly share one).
    private var lastFont: (name: String, index: UInt16)?
    /// The stack algorithms made so far, each shared by every stack of its parameters: an
    /// algorithm is an immutable object, and one per stack would be allocated on every layout.
    private var stacks: [StackLayout] = []

    init(ctx: LayoutContext) {
        self.ctx = ctx
        fontIndex = self.ctx.tree.setFonts(ctx.document.fonts)
    }

    /// The view's outermost node, as a `BuiltNode` to inspect (tests), or nil when its `when`
    /// does not hold here. Builds into a copy of the context.
    func build(_ view: ViewNode, env: TextEnvironment, stackAxis: Axis?) -> BuiltNode? {
        var builder = self
        return builder.buildNode(view, env: env, stackAxis: stackAxis).map { BuiltNode(tree: builder.ctx.tree, id: $0) }
    }

    /// The context with the built tree, the builder left empty (so the context's arrays are
    /// referenced once and grow in place).
    mutating func reserve(views: Int) {
        ctx.tree.reserve(views: views)
    }

    /// Room for as much as a kept tree, most of which the build copies.
    mutating func reserve(toHold kept: LayoutTree) {
        ctx.tree.reserve(toHold: kept)
    }

    /// Ends the build: whether a later one may copy from the tree.
    mutating func finish() {
        ctx.tree.finishBuild(copyable: marksSubtrees && !readCondition && alternatives.isEmpty)
    }

    mutating func takeContext() -> LayoutContext {
        defer { ctx = LayoutContext(document: ctx.document, viewport: ctx.viewport) }
        return ctx
    }

    /// The view's outermost node, or nil when its `when` does not hold here.
    mutating func buildNode(_ view: ViewNode, env parentEnv: TextEnvironment, stackAxis: Axis?) -> NodeID? {
        let mark = marksSubtrees ? subtreeMark(parentEnv, stackAxis) : .unmatchable(start: 0)
        if let outer = copier?.copy(view.index, settings: mark, into: &ctx.tree) { return outer }
        // Most views write no attributes: theirs are then not read one by one.
        let hasAttributes = view.store.hasAttributes(at: view.index)
        if hasAttributes, let condition = view.condition {
            readCondition = true
            guard ctx.holds(condition) else { return nil }
        }
        let env = hasAttributes ? parentEnv.applying(view.environment) : parentEnv
        let tag = view.store.kindTag(at: view.index)

        let role: NodeRole
        var containsText = false
        var childrenCarryGuides = false
        // Kinds whose node needs nothing of their parameters are told by their tag: the content
        // (reference-counted strings for a colour) is copied only for the others.
        switch tag {
        case .color: role = .color
        case .divider: role = .divider(stackAxis: stackAxis)
        default:
            let content = view.content
            switch content {
            case .text(let string, let truncation):
                let f = font(named: env.font)
                let font = ctx.tree.fonts[Int(f)]
                let shaped = ctx.shapedText(string, font: font, view: view)
                role = .text(ctx.tree.addText(TextInfo(
                    string: string, shaped: shaped, advance: TextMeasurer.sanitizedMetric(font.width),
                    lineHeight: TextMeasurer.sanitizedMetric(font.height), lineLimit: env.lineLimit, font: f,
                    truncation: truncation, alignment: env.alignment)))
                containsText = true
            case .image(_, let size, let resizable):
                role = .image(size: size, resizable: resizable)
            case .color:
                role = .color
            case .spacer(let minLength):
                role = .spacer(minLength: minLength ?? KindDefaults.spacerMinLength, stackAxis: stackAxis)
            case .divider:
                role = .divider(stackAxis: stackAxis)
            case .hstack(let spacing, let alignment):
                let built = buildChildren(of: view, env: env, axis: .horizontal)
                role = .container(stack(.horizontal, spacing, alignment), children: built.range)
                (containsText, childrenCarryGuides) = (built.containsText, built.carryGuides)
            case .vstack(let spacing, let alignment):
                let built = buildChildren(of: view, env: env, axis: .vertical)
                role = .container(stack(.vertical, spacing, alignment), children: built.range)
                (containsText, childrenCarryGuides) = (built.containsText, built.carryGuides)
            case .zstack(let alignment):
                let built = buildChildren(of: view, env: env, axis: nil)
                role = .container(ZStackLayout(alignment: alignment), children: built.range)
                (containsText, childrenCarryGuides) = (built.containsText, built.carryGuides)
            case .component:
                // The body stands where the instance stands: in a stack, a spacer body is the stack's.
                let built = buildChildren(of: view, env: env, axis: stackAxis)
                role = .container(ComponentLayout.shared, children: built.range)
                (containsText, childrenCarryGuides) = (built.containsText, built.carryGuides)
            case .flow, .grid, .bricks, .canvas:
                let built = buildChildren(of: view, env: env, axis: nil)
                role = .container(containerLayout(for: content), children: built.range)
                (containsText, childrenCarryGuides) = (built.containsText, built.carryGuides)
            }
        }

        let viewIndex = ctx.tree.addView(view, tag: tag, hasAttributes: hasAttributes)
        if marksSubtrees { ctx.tree.markSubtree(viewIndex, mark) }
        defer { if marksSubtrees { ctx.tree.endSubtree(viewIndex) } }
        let core = ctx.tree.add(view: viewIndex, role: role, containsText: containsText)
        let ownGuides = hasAttributes && !view.alignmentGuides.isEmpty
        let carries = ownGuides || childrenCarryGuides
        if carries { ctx.tree.setMayCarryCustomGuides(core) }
        var node = core
        let written = hasAttributes ? view.writtenModifierOrder : nil
        // With keys written out of the fixed order: each modifier's decoration node (built once,
        // shared by both chains), or nil where it adds nothing here.
        var built: [(modifier: Modifier, decoration: NodeID?)?] = []
        // (Most views have no modifiers: their list, a handle on the store, is then not made.)
        if view.store.modifierCount(at: view.index) > 0 {
            for modifier in view.modifiers {
                // A decoration whose own `when` fails is absent here, and its modifier with it.
                guard let wrapped = wrap(node, modifier, env: env) else {
                    if written != nil { built.append(nil) }
                    continue
                }
                if written != nil { built.append((modifier, wrapped.decoration)) }
                node = add(wrapped, view: viewIndex, core: core, containsText: containsText, carries: carries)
            }
        }
        ctx.tree.setOuter(node, ownGuides: ownGuides)
        if let written {
            addWrittenOrder(written, of: node, core: core, built: built, view: viewIndex, containsText: containsText,
                            carries: carries, ownGuides: ownGuides)
        }
        return node
    }

    /// The same core wrapped in the written order (`modifier-order`), reached from nothing
    /// else: measured only to compare, once the layout is placed.
    private mutating func addWrittenOrder(_ written: WrittenModifierOrder, of node: NodeID, core: NodeID,
                                          built: [(modifier: Modifier, decoration: NodeID?)?], view: UInt32,
                                          containsText: Bool, carries: Bool, ownGuides: Bool) {
        var alternative = core
        let order = written.order + Array(written.order.count..<built.count)
        for k in order where k < built.count {
            guard let (modifier, decoration) = built[k] else { continue }
            alternative = add(rewrap(alternative, modifier, decoration: decoration), view: view, core: core,
                              containsText: containsText, carries: carries)
        }
        ctx.tree.setOuter(alternative, ownGuides: ownGuides)
        alternatives.append(WrittenOrderChain(outer: node, alternative: alternative, written: written))
    }

    /// What a view built now inherits, marked for a later build to copy its subtree
    /// (`SubtreeCopier`, which also copies it now when the view was taken whole from the store of
    /// the kept tree).
    private mutating func subtreeMark(_ env: TextEnvironment, _ stackAxis: Axis?) -> SubtreeMark {
        let start = ctx.tree.count
        return SubtreeMark(start: start, env: env, font: font(named: env.font), stackAxis: stackAxis) ?? .unmatchable(start: start)
    }

    /// The index in the tree's `fonts` of the font a text names.
    private mutating func font(named name: String) -> UInt16 {
        if let last = lastFont, last.name == name { return last.index }
        let f = fontIndex[name] ?? UInt16(ctx.tree.fonts.count - 1)
        lastFont = (name, f)
        return f
    }

    /// The stack algorithm of these parameters (the same bits), shared.
    private mutating func stack(_ axis: Axis, _ spacing: Double, _ alignment: GuideName) -> StackLayout {
        for s in stacks where s.axis == axis && s.spacing.bitPattern == spacing.bitPattern && s.alignment == alignment { return s }
        let s = StackLayout(axis: axis, spacing: spacing, alignment: alignment)
        if stacks.count < 16 { stacks.append(s) }
        return s
    }

    /// Adds a modifier's node to a view's chain.
    private mutating func add(_ role: NodeRole, view: UInt32, core: NodeID, containsText: Bool, carries: Bool) -> NodeID {
        let node = ctx.tree.add(view: view, role: role, containsText: containsText)
        ctx.tree.setCore(node, core)
        if carries { ctx.tree.setMayCarryCustomGuides(node) }
        return node
    }

    /// The node `m` wraps around `child`, its decoration already built.
    private mutating func rewrap(_ child: NodeID, _ m: Modifier, decoration: NodeID?) -> NodeRole {
        switch m {
        case .background(_, let a): return .background(decoration: decoration!, alignment: a, child: child)
        case .overlay(_, let a): return .overlay(decoration: decoration!, alignment: a, child: child)
        default:
            return wrapPlain(child, m)
        }
    }

    private mutating func buildChildren(
        of view: ViewNode, env: TextEnvironment, axis: Axis?
    ) -> (range: ChildRange, containsText: Bool, carryGuides: Bool) {
        // The children's IDs wait on one shared stack (nested containers push and pop above
        // them) until all are built, then go to the tree's child array in one piece. Children
        // are read from the store by index (no list or handle of its own per child).
        let base = pending.count
        var containsText = false, carryGuides = false
        let store = view.store
        for i in 0..<store.childCount(at: view.index) {
            if let n = buildNode(ViewNode(store: store, index: store.child(i, of: view.index)), env: env, stackAxis: axis) {
                ctx.tree.setChildIndex(n, i)
                let flags = ctx.tree.flags(n)
                if flags.contains(.containsText) { containsText = true }
                if flags.contains(.mayCarryCustomGuides) { carryGuides = true }
                pending.append(n)
            }
        }
        let range = ctx.tree.addChildren(pending[base...])
        pending.removeSubrange(base...)
        return (range, containsText, carryGuides)
    }

    /// The node `m` wraps around `child`; nil for a background or overlay whose view is absent.
    private mutating func wrap(_ child: NodeID, _ m: Modifier, env: TextEnvironment) -> NodeRole? {
        switch m {
        case .background(let v, let a):
            return buildNode(v, env: env, stackAxis: nil).map { .background(decoration: $0, alignment: a, child: child) }
        case .overlay(let v, let a):
            return buildNode(v, env: env, stackAxis: nil).map { .overlay(decoration: $0, alignment: a, child: child) }
        default:
            return wrapPlain(child, m)
        }
    }

    /// The node of a modifier other than a decoration around `child`.
    private mutating func wrapPlain(_ child: NodeID, _ m: Modifier) -> NodeRole {
        switch m {
        case .fixedSize(let h, let v): return .fixedSize(horizontal: h, vertical: v, child: child)
        case .aspectRatio(let r, let mode): return .aspectRatio(ratio: r, contentMode: mode, child: child)
        case .frame(.fixed(let w, let h, let a)):
            return .fixedFrame(FixedFrame(width: w, height: h, alignment: a), child: child)
        case .frame(.flexible(let f, let a)): return .flexibleFrame(ctx.tree.addFlexibleFrame(f), alignment: a, child: child)
        case .padding(let e): return .padding(ctx.tree.addPadding(e), child: child)
        case .border(let style): return .border(style, child: child)
        case .offset(let x, let y): return .offset(x: x, y: y, child: child)
        case .background, .overlay: return .border(.single, child: child)  // not reached: decorations go through `wrap`
        }
    }
}

extension NodeBuilder {
    /// The algorithm for the flow and cell containers (docs/format.md §7.3, §7.4).
    func containerLayout(for content: ViewContent) -> any ContainerLayout {
        switch content {
        case .flow(let spacing, let lineSpacing, let alignment):
            return FlowLayout(spacing: spacing, lineSpacing: lineSpacing, alignment: alignment)
        case .grid(let columns, let cells, let spacing, let alignment):
            return GridLayout(columns: columns, cells: cells, spacing: spacing, alignment: alignment)
        case .bricks(let options):
            return BricksLayout(options: options)
        default:
            return CanvasLayout()
        }
    }
}

/// A built node as tests inspect it: whether it is rigid, and its role with a container's
/// children as nodes again. Reads a copy of the tree; layout itself works on `NodeID`s.
struct BuiltNode {
    enum Role {
        case container(any ContainerLayout, children: [BuiltNode])
        /// Any other role, as stored.
        case other(NodeRole)
    }

    let tree: LayoutTree
    let id: NodeID

    var isRigid: Bool { tree.flags(id).contains(.rigid) }

    var role: Role {
        let role = tree.role(id)
        guard case .container(let algorithm, let range) = role else { return .other(role) }
        return .container(algorithm, children: tree.children(range).map { BuiltNode(tree: tree, id: $0) })
    }
}
