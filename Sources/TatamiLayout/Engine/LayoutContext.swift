import TatamiBase
import TatamiModel
import TatamiText

/// Everything one viewport's layout needs: the node store (`tree`), what measuring finds
/// beside it (the per-node measurement cache, the placements, guide and baseline values, text
/// clusters), and the diagnostics found along the way. A value, passed `inout` to whatever
/// measures (containers, the placement pass), so its arrays are plain local storage: no class
/// field access and no reference counting per node. Nothing here outlives `layout`: the result
/// holds frames and diagnostics only.
struct LayoutContext {
    private(set) var document: TatamiDocument
    let viewport: Viewport
    /// Measurements computed (cache misses) since the context was made or adopted a newer tree.
    private(set) var computations = 0
    /// The area the body was given: the viewport less its safe area (or all of it).
    var area: Rect
    /// Expression problems found while evaluating (division by zero), deduplicated by range.
    private(set) var expressionDiagnostics: [Diagnostic] = []
    private var reportedExpressionRanges: Set<SourceRange> = []
    /// Whether rigid nodes answer size queries from their first measurement
    /// (`LayoutOptions.answersRigidSizes`).
    let answersRigidSizes: Bool

    /// The nodes: `NodeBuilder` adds them, then they are read-only while measuring.
    var tree = LayoutTree()
    var cache = MeasurementCache(nodeCount: 0)
    /// Measurements' placements, each measurement a range. A container of several children
    /// has one range, which each of its arrangements rewrites (a stack probes each child at
    /// several proposals, and keeping every probe's placements would make them layout's largest
    /// store: BENCHMARKS.md): its measurements name that range, and its `Arrangement` says which
    /// cache key's arrangement the range holds. `arranged` arranges a container again when the
    /// range holds another key's (rare: the last arrangement is usually the one placed).
    var placements = PagedArray<ChildPlacement>()
    /// A container's range in `placements` and the cache key whose arrangement it holds.
    struct Arrangement {
        var key: ProposedSize
        /// `Measurement.unrecorded` before the container's first arrangement.
        var start: UInt32
        /// How many placements the range holds: a canvas shows only the children one of whose
        /// placements applies, which can depend on the proposal, so an arrangement of another
        /// count takes a new range.
        var count: UInt32
    }

    /// One per container of several children.
    var arrangements: [Arrangement] = []
    /// Per node: its index in `arrangements`, or -1.
    var arrangementIndex: [Int32] = []
    var extras: [MeasurementExtras] = []
    /// Texts' metrics: a text's measurement names an entry here with `extras` (plain values,
    /// apart from the containers' extras, which hold notes).
    var textMetricsStore = PagedArray<TextMetrics>()
    /// Where text measurement breaks lines (reused: its lines are only counted).
    private var spanScratch: [TextMeasurer.Span] = []
    private var shapedSpanScratch: [ShapedTextMeasurer.Span] = []
    /// The chains of the file fonts texts use here, by font (`shapedText`).
    var chains: [FontFile: FontChain] = [:]
    /// Texts with characters no face of their font has (`missing-glyph`), once per text.
    var textDiagnostics: [Diagnostic] = []
    var cellRects: [Rect] = []
    /// Per text (`LayoutTree.texts`): its clusters, found on its first measurement.
    private var textClusters: [[TextMeasurer.Cluster]?] = []
    /// Guide values and baselines computed on demand (only for baseline and custom
    /// alignments), keyed by node and proposal.
    var baselineCache: [BaselineKey: (first: Double?, last: Double?)] = [:]
    var guideCache: [GuideKey: Double?] = [:]

    struct BaselineKey: Hashable {
        var node: NodeID
        var proposal: ProposedSize
    }

    struct GuideKey: Hashable {
        var node: NodeID
        var proposal: ProposedSize
        var guide: GuideName
    }

    init(document: TatamiDocument, viewport: Viewport, options: LayoutOptions = LayoutOptions()) {
        self.document = document
        self.viewport = viewport
        self.answersRigidSizes = options.answersRigidSizes
        self.area = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
    }

    /// Sizes the side storage for the built nodes.
    mutating func prepareMeasuring() {
        cache = MeasurementCache(nodeCount: tree.count)
        arrangementIndex = Array(repeating: -1, count: tree.count)
        arrangements = []
        for i in 0..<tree.count {
            if case .container(_, let range) = tree.role(NodeID(i)), range.count > 1 {
                arrangementIndex[i] = Int32(truncatingIfNeeded: arrangements.count)
                arrangements.append(Arrangement(key: .unspecified, start: Measurement.unrecorded, count: 0))
            }
        }
        textClusters = Array(repeating: nil, count: tree.texts.count)
    }

    // MARK: Kept across analyses (`LayoutMemory`)

    /// What the stores that grow with measurements hold, for `LayoutMemory` (reachable or not).
    var keptStores: KeptStores {
        KeptStores(placements: placements.count, textMetrics: textMetricsStore.count, extras: extras.count,
                   cells: cellRects.count, arrangements: arrangements.count + arrangementIndex.count, clusters: textClusters.count,
                   hasNotes: extras.contains { !$0.notes.isEmpty })
    }

    /// Before the context is kept: drops what a later layout recomputes on demand for the nodes
    /// it measures again (texts' clusters).
    mutating func shrinkForKeeping() {
        for i in textClusters.indices { textClusters[i] = nil }
    }

    /// Takes `newer`, built from a later document in the same shape as this context's tree
    /// (`LayoutTree.changedNodes`), in place of the tree, forgetting everything measured for the
    /// nodes `changed` marks (a changed node and all its ancestors). What the others measured
    /// stays: their subtrees are the same, so are their sizes, placements and guide values.
    mutating func adopt(_ newer: LayoutTree, document: TatamiDocument, forgetting changed: [Bool]) {
        tree = newer
        self.document = document
        cache.unpack()
        for i in changed.indices where changed[i] {
            let id = NodeID(i)
            cache.forget(id)
            let a = Int(arrangementIndex[i])
            if a >= 0 { arrangements[a] = Arrangement(key: .unspecified, start: Measurement.unrecorded, count: 0) }
        }
        if !baselineCache.isEmpty { baselineCache = baselineCache.filter { !changed[$0.key.node.index] } }
        if !guideCache.isEmpty { guideCache = guideCache.filter { !changed[$0.key.node.index] } }
        computations = 0
    }

    // MARK: Measuring

    /// Measures a node for a proposal, through the cache.
    mutating func measure(_ id: NodeID, _ proposal: ProposedSize) -> Measurement {
        let key = tree.cacheKey(id, proposal)
        if let m = cache.find(id, key) { return m }
        computations += 1
        let m = compute(id, key)
        cache.insert(id, key, m)
        return m
    }

    /// The size for a proposal, through the cache.
    ///
    /// A rigid node answers every size query after its first measurement with that size: a
    /// stack's probes at 0 and at infinity then cost nothing, and a stack of rigid children is
    /// arranged once for the probes and once more for its final proposal (`measure`, which
    /// stays exact: the placements it returns carry the proposals of that very arrangement).
    mutating func sizeThatFits(_ id: NodeID, _ proposal: ProposedSize) -> Size {
        if answersRigidSizes, tree.flags(id).contains(.rigid), let first = cache.first(id) { return first.size }
        return measure(id, proposal).size
    }

    /// A measurement whose placements are the arrangement for `proposal`: `measure`'s, after
    /// arranging a container again when its range holds another proposal's arrangement (its
    /// children's sizes come from the cache, so the arrangement is the one measured). A
    /// container's placements are read through this, and only until the next arrangement of
    /// that container.
    mutating func arranged(_ id: NodeID, _ proposal: ProposedSize) -> Measurement {
        let m = measure(id, proposal)
        let a = Int(arrangementIndex[id.index])
        guard a >= 0, m.childCount > 1 else { return m }
        let key = tree.cacheKey(id, proposal)
        if m.firstChild == arrangements[a].start && arrangements[a].key == key { return m }
        return compute(id, key)
    }

    /// Child `i` of a measurement (a container's: from `arranged`).
    func placement(_ m: Measurement, _ i: Int) -> ChildPlacement {
        placements[Int(m.firstChild) + i]
    }

    /// For containers: how far the content exceeds the proposal, per axis (0 when it fits).
    func overflow(_ m: Measurement) -> Size {
        m.extras == Measurement.noExtras ? .zero : extras[Int(m.extras)].overflow
    }

    func notes(_ m: Measurement) -> [LayoutNote] {
        m.extras == Measurement.noExtras ? [] : extras[Int(m.extras)].notes
    }

    /// For text (only: other nodes' `extras` index other storage): its metrics.
    func textMetrics(_ m: Measurement) -> TextMetrics? {
        m.extras == Measurement.noExtras ? nil : textMetricsStore[Int(m.extras)]
    }

    /// For cell containers (grid, bricks, canvas): child `i`'s rectangle, which is its reported
    /// frame; the child's placement centres it inside (docs/format.md §7.4). nil otherwise.
    func cell(_ m: Measurement, _ i: Int) -> Rect? {
        guard m.extras != Measurement.noExtras else { return nil }
        let e = extras[Int(m.extras)]
        return i < Int(e.cellCount) ? cellRects[Int(e.cellStart) + i] : nil
    }

    /// A text in a file font, read and shaped; nil for a cell font, or when the font's files
    /// cannot be loaded (validation reported them: the text is then measured by the cells of the
    /// default font's metrics, which `FontMetrics.width` of 0 makes a zero advance).
    mutating func shapedText(_ string: String, font: FontMetrics, view: ViewNode) -> ShapedText? {
        guard let file = font.file, let chain = chain(file) else { return nil }
        let shaped = FontChains.shaped(string, chain: chain, lineHeight: file.lineHeight)
        if !shaped.prepared.covered {
            let missing = ShapedTextMeasurer.missingCharacters(string, chain: chain)
            textDiagnostics.append(Diagnostic(
                .missingGlyph,
                "no face of this text's font has \(missing); a screen would draw \(missing.hasPrefix("a glyph") ? "it" : "them") "
                    + "in another font, so the text's size here is a guess "
                    + "(add a face that has \(missing.hasPrefix("a glyph") ? "it" : "them") to the font's `fallback`)",
                at: view.kindRange))
        }
        return shaped
    }

    private mutating func chain(_ file: FontFile) -> FontChain? {
        if let known = chains[file] { return known }
        guard let chain = FontChains.chain(file) else { return nil }
        chains[file] = chain
        return chain
    }

    /// What a text's lines for a proposal are made from, as its measurement for that proposal
    /// read it (only the final placement asks: probes keep metrics alone).
    func frameText(_ id: NodeID, _ proposal: ProposedSize) -> FrameText? {
        guard case .text(let t) = tree.role(id) else { return nil }
        let key = tree.cacheKey(id, proposal)
        return FrameText(info: tree.texts[Int(t)],
                         proposal: ProposedSize(width: sanitize(key.width), height: sanitize(key.height)))
    }

    private mutating func clusters(_ t: UInt32) -> [TextMeasurer.Cluster] {
        if let c = textClusters[Int(t)] { return c }
        let c = TextMeasurer.makeClusters(tree.texts[Int(t)].string)
        textClusters[Int(t)] = c
        return c
    }

    /// Records a measurement's children and extras in the shared arrays.
    /// `container`: the node and cache key of a container's arrangement, whose placements of
    /// several children go to the container's one range.
    private mutating func record(_ size: Size, _ children: ChildList, overflow: Size = .zero,
                                 notes: [LayoutNote] = [], cells: [Rect] = [],
                                 container: (id: NodeID, key: ProposedSize)? = nil) -> Measurement {
        var m = Measurement(size: size)
        m.firstChild = UInt32(truncatingIfNeeded: placements.count)
        switch children {
        case .none:
            break
        case .one(let c):
            placements.append(c)
            m.childCount = 1
        case .many(let all):
            m.childCount = UInt32(truncatingIfNeeded: all.count)
            if let (id, key) = container, arrangementIndex[id.index] >= 0 {
                let a = Int(arrangementIndex[id.index])
                if arrangements[a].start != Measurement.unrecorded && arrangements[a].count == m.childCount {
                    let start = Int(arrangements[a].start)
                    for (k, c) in all.enumerated() { placements[start + k] = c }
                } else {
                    arrangements[a].start = m.firstChild
                    arrangements[a].count = m.childCount
                    placements.append(contentsOf: all)
                }
                arrangements[a].key = key
                m.firstChild = arrangements[a].start
            } else {
                placements.append(contentsOf: all)
            }
        }
        if overflow != .zero || !notes.isEmpty || !cells.isEmpty {
            let cellStart = UInt32(truncatingIfNeeded: cellRects.count)
            cellRects.append(contentsOf: cells)
            extras.append(MeasurementExtras(overflow: overflow, notes: notes, cellStart: cellStart,
                                            cellCount: UInt32(truncatingIfNeeded: cells.count)))
            m.extras = UInt32(truncatingIfNeeded: extras.count - 1)
        }
        return m
    }

    private mutating func one(_ size: Size, _ child: NodeID, origin: Point, _ cp: ProposedSize) -> Measurement {
        record(size, .one(ChildPlacement(node: child, origin: origin, proposal: cp)))
    }

    /// Measures a node for a proposal (uncached; `measure` caches).
    private mutating func compute(_ id: NodeID, _ key: ProposedSize) -> Measurement {
        let p = ProposedSize(width: sanitize(key.width), height: sanitize(key.height))
        switch tree.role(id) {
        case .text(let t):
            let metrics: TextMetrics
            if let shaped = tree.texts[Int(t)].shaped {
                metrics = ShapedTextMeasurer.metrics(shaped: shaped, lineLimit: tree.texts[Int(t)].lineLimit,
                                                     truncation: tree.texts[Int(t)].truncation, proposal: p,
                                                     scratch: &shapedSpanScratch)
            } else {
                let info = tree.texts[Int(t)]
                metrics = TextMeasurer.metrics(info.string, clusters: clusters(t), font: tree.fonts[Int(info.font)], lineLimit: info.lineLimit,
                                               truncation: info.truncation, proposal: p, scratch: &spanScratch)
            }
            var m = Measurement(size: metrics.size)
            m.extras = UInt32(truncatingIfNeeded: textMetricsStore.count)
            textMetricsStore.append(metrics)
            return m
        case .image(let size, let resizable):
            return Measurement(size: resizable ? p.replacingUnspecified(with: size) : size)
        case .color:
            return Measurement(size: p.replacingUnspecified(with: KindDefaults.colorUnproposedSize))
        case .spacer(let minLength, let axis):
            func along(_ v: Double?) -> Double { v.map { max($0, minLength) } ?? minLength }
            switch axis {
            case .horizontal?: return Measurement(size: Size(width: along(p.width), height: 0))
            case .vertical?: return Measurement(size: Size(width: 0, height: along(p.height)))
            case nil: return Measurement(size: Size(width: p.width ?? minLength, height: p.height ?? minLength))
            }
        case .divider(let axis):
            if axis == .horizontal { return Measurement(size: Size(width: 1, height: p.height ?? 0)) }
            return Measurement(size: Size(width: p.width ?? 0, height: 1))
        case .container(let algorithm, let range):
            let a = algorithm.arrange(p, children: tree.children(range), in: &self)
            return record(a.size, a.children, overflow: a.overflow, notes: a.notes, cells: a.cells, container: (id, key))
        case .padding(let index, let child):
            let e = tree.paddings[Int(index)]
            let cp = ProposedSize(width: p.width.map { max(0, $0 - e.horizontal) },
                                  height: p.height.map { max(0, $0 - e.vertical) })
            let cs = sizeThatFits(child, cp)
            return one(Size(width: cs.width + e.horizontal, height: cs.height + e.vertical), child,
                       origin: Point(x: e.leading, y: e.top), cp)
        case .fixedFrame(let f, let child):
            let w = f.width, h = f.height, alignment = f.alignment
            let cp = ProposedSize(width: w ?? p.width, height: h ?? p.height)
            let cs = sizeThatFits(child, cp)
            let size = Size(width: w ?? cs.width, height: h ?? cs.height)
            return wrapping(child, cs, cp, in: size, alignment)
        case .flexibleFrame(let index, let alignment, let child):
            let f = tree.flexibleFrames[Int(index)]
            let cp = ProposedSize(width: FlexibleAxis(min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth).childProposal(p.width),
                                  height: FlexibleAxis(min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight).childProposal(p.height))
            let cs = sizeThatFits(child, cp)
            let size = Size(width: FlexibleAxis(min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth).size(p.width, child: cs.width),
                            height: FlexibleAxis(min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight).size(p.height, child: cs.height))
            return wrapping(child, cs, cp, in: size, alignment)
        case .fixedSize(let horizontal, let vertical, let child):
            let cp = ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
            let cs = sizeThatFits(child, cp)
            return one(cs, child, origin: .zero, cp)
        case .aspectRatio(let ratio, let mode, let child):
            let cp: ProposedSize
            if p.width == nil && p.height == nil {
                cp = p
            } else if let r = ratio ?? AspectFit.ratio(of: sizeThatFits(child, .unspecified)) {
                cp = AspectFit.proposal(ratio: r, mode: mode, within: p)
            } else {
                cp = p  // an ideal size of 0 × 0 has no ratio: the proposal passes through
            }
            let cs = sizeThatFits(child, cp)
            return one(cs, child, origin: .zero, cp)
        case .background(let decoration, let alignment, let child), .overlay(let decoration, let alignment, let child):
            let cs = sizeThatFits(child, p)
            let dp = ProposedSize(cs)
            let ds = sizeThatFits(decoration, dp)
            let origin = Point(x: alignedOffset(cs.width, ds.width, alignment.horizontal.fraction),
                               y: alignedOffset(cs.height, ds.height, alignment.vertical.fraction))
            return record(cs, .many([
                ChildPlacement(node: child, origin: .zero, proposal: p),
                ChildPlacement(node: decoration, origin: origin, proposal: dp),
            ]))
        case .border(_, let child):
            let cs = sizeThatFits(child, p)
            return one(cs, child, origin: .zero, p)
        case .offset(let x, let y, let child):
            let cs = sizeThatFits(child, p)
            return one(cs, child, origin: Point(x: x, y: y), p)
        }
    }

    /// A frame's child placed inside the frame's size by a two-axis alignment.
    private mutating func wrapping(_ child: NodeID, _ cs: Size, _ cp: ProposedSize, in size: Size, _ a: Alignment2D) -> Measurement {
        let origin = Point(x: alignedOffset(size.width, cs.width, a.horizontal.fraction),
                           y: alignedOffset(size.height, cs.height, a.vertical.fraction))
        return one(size, child, origin: origin, cp)
    }

    /// NaN and negative proposals become 0; infinity and nil pass.
    private func sanitize(_ v: Double?) -> Double? {
        guard let v else { return nil }
        if v.isNaN || v < 0 { return 0 }
        return v
    }

    // MARK: Alignment guides (docs/format.md §6.4, §6.5)

    /// The axis a guide lines views up along: vertical guides give y values.
    func axis(of guide: GuideName) -> Axis {
        guide.builtInAxis ?? document.alignments[guide.rawValue]?.axis ?? .vertical
    }

    /// Whether a node is a view's outermost node and the view sets `alignmentGuides`.
    private func hasOwnGuides(_ id: NodeID) -> Bool {
        tree.flags(id).contains(.ownGuides)
    }

    /// A view's value for a guide, in its own coordinates, when measured for `proposal`. A value
    /// that is not a number (a baseline of a text an infinite distance inside its view: ∞ − ∞)
    /// counts as 0, as a length does (docs/format.md §3, §6.4); infinite values are kept.
    mutating func guideValue(_ node: NodeID, _ guide: GuideName, _ proposal: ProposedSize) -> Double {
        let v = rawGuideValue(node, guide, proposal)
        return v.isNaN ? 0 : v
    }

    private mutating func rawGuideValue(_ node: NodeID, _ guide: GuideName, _ proposal: ProposedSize) -> Double {
        // The common case needs only the size: a built-in guide other than a baseline, on a view
        // that sets no explicit guides.
        if let b = guide.builtIn, !hasOwnGuides(node) {
            switch b {
            case .top, .leading: return 0
            case .centerY: return sizeThatFits(node, proposal).height / 2
            case .bottom: return sizeThatFits(node, proposal).height
            case .centerX: return sizeThatFits(node, proposal).width / 2
            case .trailing: return sizeThatFits(node, proposal).width
            case .firstTextBaseline, .lastTextBaseline: break
            }
        }
        let m = measure(node, proposal)
        if let v = explicitGuide(node, guide, proposal, m) { return v }
        return implicitGuide(node, guide, proposal, m)
    }

    /// The value without explicit ones: built-in guides from the size (and text baselines), a
    /// custom guide from its declared default.
    private mutating func implicitGuide(_ node: NodeID, _ guide: GuideName, _ proposal: ProposedSize, _ m: Measurement) -> Double {
        if let v = builtInGuide(node, guide, proposal, m) { return v }
        guard let custom = document.alignments[guide.rawValue] else { return 0 }
        return evaluateGuide(custom.defaultValue, node, proposal, m)
    }

    private func lookupSize(_ name: String, _ size: Size) -> Double? {
        switch name {
        case "width": return size.width
        case "height": return size.height
        default: return nil
        }
    }

    /// Built-in guide values: top 0, centerY h/2, bottom h, leading 0, centerX w/2, trailing w,
    /// baselines from text (or h without text). nil for a custom guide.
    mutating func builtInGuide(_ node: NodeID, _ guide: GuideName, _ proposal: ProposedSize, _ m: Measurement) -> Double? {
        let s = m.size
        guard let b = guide.builtIn else { return lookupSize(guide.rawValue, s) }
        switch b {
        case .top, .leading: return 0
        case .centerY: return s.height / 2
        case .bottom: return s.height
        case .centerX: return s.width / 2
        case .trailing: return s.width
        case .firstTextBaseline: return baselines(node, proposal, m).first ?? s.height
        case .lastTextBaseline: return baselines(node, proposal, m).last ?? s.height
        }
    }

    /// Text baselines in the node's coordinates; nil where no text is inside.
    mutating func baselines(_ node: NodeID, _ proposal: ProposedSize, _ m: Measurement) -> (first: Double?, last: Double?) {
        let key = BaselineKey(node: node, proposal: proposal)
        if let b = baselineCache[key] { return b }
        var result: (first: Double?, last: Double?) = (nil, nil)
        switch tree.role(node) {
        case .text:
            if let t = textMetrics(m) { result = (t.firstBaseline, t.lastBaseline) }
        case .container:
            let m = arranged(node, proposal)
            for i in 0..<Int(m.childCount) {
                let c = placement(m, i)
                // A child's explicit baseline (its own `alignmentGuides`) is its baseline here,
                // with or without text; otherwise only children with text count.
                let explicit = hasOwnGuides(c.node)
                let containsText = tree.flags(c.node).contains(.containsText)
                guard containsText || explicit else { continue }
                let cm = measure(c.node, c.proposal)
                var f: Double? = nil, l: Double? = nil
                if containsText {
                    let b = baselines(c.node, c.proposal, cm)
                    // A child that contains text but reports none (cannot happen for text) uses its height.
                    f = b.first ?? cm.size.height
                    l = b.last ?? cm.size.height
                }
                if explicit {
                    f = explicitGuide(c.node, .firstTextBaseline, c.proposal, cm) ?? f
                    l = explicitGuide(c.node, .lastTextBaseline, c.proposal, cm) ?? l
                }
                if let f { result.first = min(result.first ?? f + c.origin.y, f + c.origin.y) }
                if let l { result.last = max(result.last ?? l + c.origin.y, l + c.origin.y) }
            }
        case .offset:
            if m.childCount > 0 {
                let c = placement(m, 0)
                result = baselines(c.node, c.proposal, measure(c.node, c.proposal))
            }
        case .padding, .fixedFrame, .flexibleFrame, .fixedSize, .aspectRatio, .background, .overlay, .border:
            // The decorated child is always first; decorations don't count.
            if m.childCount > 0 {
                let c = placement(m, 0)
                let b = baselines(c.node, c.proposal, measure(c.node, c.proposal))
                result = (b.first.map { $0 + c.origin.y }, b.last.map { $0 + c.origin.y })
            }
        case .image, .color, .spacer, .divider:
            break
        }
        baselineCache[key] = result
        return result
    }

    /// An explicit value: the view's own `alignmentGuides` (on its outermost node), else one
    /// passed through modifiers, else (custom guides) the average of a container's children's.
    mutating func explicitGuide(_ node: NodeID, _ guide: GuideName, _ proposal: ProposedSize, _ m: Measurement) -> Double? {
        // A view's own value applies to its outermost node.
        if hasOwnGuides(node), let o = tree.view(node).alignmentGuides.first(where: { $0.guide == guide }) {
            return evaluateGuide(o.value, node, proposal, m)
        }
        // Built-in guides do not propagate out of containers, and inside one view's chain only
        // the outermost node carries values: nothing explicit can come from below.
        if guide.isBuiltIn || !tree.flags(node).contains(.mayCarryCustomGuides) { return nil }
        let key = GuideKey(node: node, proposal: proposal, guide: guide)
        if let cached = guideCache[key] { return cached }
        var result: Double? = nil
        let vertical = axis(of: guide) == .vertical
        switch tree.role(node) {
        case .container:
            let m = arranged(node, proposal)
            var sum = 0.0, count = 0
            for i in 0..<Int(m.childCount) {
                let c = placement(m, i)
                let cm = measure(c.node, c.proposal)
                if let v = explicitGuide(c.node, guide, c.proposal, cm) {
                    sum += v + (vertical ? c.origin.y : c.origin.x)
                    count += 1
                }
            }
            if count > 0 { result = sum / Double(count) }
        case .offset:
            if m.childCount > 0 {
                let c = placement(m, 0)
                result = explicitGuide(c.node, guide, c.proposal, measure(c.node, c.proposal))
            }
        case .padding, .fixedFrame, .flexibleFrame, .fixedSize, .aspectRatio, .background, .overlay, .border:
            if m.childCount > 0 {
                let c = placement(m, 0)
                if let v = explicitGuide(c.node, guide, c.proposal, measure(c.node, c.proposal)) {
                    result = v + (vertical ? c.origin.y : c.origin.x)
                }
            }
        case .text, .image, .color, .spacer, .divider:
            break
        }
        guideCache[key] = .some(result)
        return result
    }

    // MARK: Expressions

    /// Evaluates a numeric expression; a division by zero yields 0 and a warning (unless its
    /// divisor is a constant, which the validator reported once).
    mutating func evaluate(_ e: Expression, _ lookup: (String) -> Double?) -> Double {
        reported(e, e.root.evaluate(lookup, ignoring: e.constantDivisionsByZero))
    }

    /// A guide's expression, its names read from a node's measurement (built-in guides, then
    /// `width` and `height`).
    private mutating func evaluateGuide(_ e: Expression, _ node: NodeID, _ proposal: ProposedSize, _ m: Measurement) -> Double {
        let r = e.root.evaluate({ self.builtInGuide(node, GuideName($0), proposal, m) ?? self.lookupSize($0, m.size) },
                                ignoring: e.constantDivisionsByZero)
        return reported(e, r)
    }

    /// An evaluation's value, after reporting its division by zero.
    private mutating func reported(_ e: Expression, _ r: ExpressionValue) -> Double {
        if let div = r.divisionByZero {
            let range = e.sourceRange(of: div)
            if reportedExpressionRanges.insert(range).inserted {
                expressionDiagnostics.append(Diagnostic(
                    .divisionByZero, "division by zero in `\(e.text)`; the result is 0 in viewport \(viewport.name)",
                    at: range, viewport: viewport.name))
            }
        }
        return r.value.isFinite ? r.value : 0
    }

    /// Whether a `when` condition holds in this viewport.
    mutating func holds(_ condition: Expression?) -> Bool {
        guard let condition else { return true }
        let w = viewport.width, h = viewport.height
        let v = evaluate(condition) { Schema.conditionValue($0, width: w, height: h) }
        return v != 0
    }
}
