import TatamiBase
import TatamiModel

/// A layout node: its index in its viewport's `LayoutTree` (32 bits: a node costs the same
/// to name as to count).
struct NodeID: Hashable {
    var raw: UInt32

    init(_ index: Int) {
        raw = UInt32(truncatingIfNeeded: index)
    }

    var index: Int { Int(raw) }
}

/// A container's children: a range of the tree's one flat array of child IDs.
struct ChildRange: Equatable {
    var start: UInt32
    var count: UInt32
}

/// A container's children as its algorithm sees them (indices from 0).
struct Children: RandomAccessCollection {
    let ids: ArraySlice<NodeID>

    var startIndex: Int { 0 }
    var endIndex: Int { ids.count }
    subscript(i: Int) -> NodeID { ids[ids.startIndex + i] }
}

/// What a node does: a leaf, a container with its algorithm and children, or one modifier
/// around a child. Children are `NodeID`s; what a role would make large (a text, a flexible
/// frame) sits in the tree's side arrays, so every role stays a few words.
enum NodeRole {
    /// An index into `LayoutTree.texts`.
    case text(UInt32)
    case image(size: Size, resizable: Bool)
    case color
    /// `stackAxis`: the axis of the hstack/vstack the view sits in, if any.
    case spacer(minLength: Double, stackAxis: Axis?)
    case divider(stackAxis: Axis?)
    case container(any ContainerLayout, children: ChildRange)
    /// The insets are `LayoutTree.paddings[index]`.
    case padding(UInt32, child: NodeID)
    case fixedFrame(FixedFrame, child: NodeID)
    /// The frame is `LayoutTree.flexibleFrames[index]`.
    case flexibleFrame(UInt32, alignment: Alignment2D, child: NodeID)
    case fixedSize(horizontal: Bool, vertical: Bool, child: NodeID)
    case aspectRatio(ratio: Double?, contentMode: ContentMode, child: NodeID)
    case background(decoration: NodeID, alignment: Alignment2D, child: NodeID)
    case overlay(decoration: NodeID, alignment: Alignment2D, child: NodeID)
    case border(BorderStyle, child: NodeID)
    case offset(x: Double, y: Double, child: NodeID)
}

extension NodeRole {
    /// A background's or overlay's decoration.
    var decoration: NodeID? {
        switch self {
        case .background(let d, _, _), .overlay(let d, _, _): return d
        default: return nil
        }
    }

    /// A modifier's child (the view it wraps; never a decoration); nil for a leaf or container.
    var wrappedChild: NodeID? {
        switch self {
        case .padding(_, let child), .fixedFrame(_, let child), .flexibleFrame(_, _, let child),
             .fixedSize(_, _, let child), .aspectRatio(_, _, let child), .background(_, _, let child),
             .overlay(_, _, let child), .border(_, let child), .offset(_, _, let child):
            return child
        case .text, .image, .color, .spacer, .divider, .container:
            return nil
        }
    }
}

/// A text leaf's inputs: plain values and the string (56 bytes; its font an index into the
/// tree's `fonts`, not a copy of the metrics and files per text).
struct TextInfo {
    let string: String
    /// A file font's text, read and shaped (nil for a cell font): proposals are keyed by the
    /// width rounded down to 1/64 point and the whole lines that fit.
    let shaped: ShapedText?
    /// The cell advance and line height: a text's result depends on a proposal only through
    /// the whole cells and lines that fit (`TextMeasurer.unitCount`), so proposals are keyed by
    /// those, and a stack's many probes of one text share their measurements.
    let advance: Double
    let lineHeight: Double
    let lineLimit: Int?
    /// The font: an index into `LayoutTree.fonts` (and `FrameParts.fonts`).
    let font: UInt16
    let truncation: Truncation
    let alignment: HorizontalPart
}


/// A fixed `frame`: the dimensions it sets and how it aligns its child. Stored as two doubles
/// and two flags rather than two optionals, so a role holding one stays four words.
struct FixedFrame: Equatable {
    private let storedWidth: Double
    private let storedHeight: Double
    private let setsWidth: Bool
    private let setsHeight: Bool
    let alignment: Alignment2D

    init(width: Double?, height: Double?, alignment: Alignment2D) {
        storedWidth = width ?? 0
        storedHeight = height ?? 0
        setsWidth = width != nil
        setsHeight = height != nil
        self.alignment = alignment
    }

    var width: Double? { setsWidth ? storedWidth : nil }
    var height: Double? { setsHeight ? storedHeight : nil }
}

/// What placing reads of every view: its kind and whether it is hidden (two bytes).
struct ViewFacts {
    let tag: ViewKindTag
    let hidden: Bool
}

/// What a node is, apart from its role: a few plain values.
struct NodeInfo {
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// The node its parent sees (where `alignmentGuides` apply).
        static let outer = Flags(rawValue: 1 << 0)
        /// Some text sits at some depth (hidden text counts), for container baselines.
        static let containsText = Flags(rawValue: 1 << 1)
        /// A custom guide's explicit value can come from this node or below (some view in the
        /// subtree sets `alignmentGuides`). Lets guide queries skip whole subtrees.
        static let mayCarryCustomGuides = Flags(rawValue: 1 << 2)
        /// The node's size, and everything about its subtree except the proposals its rigid
        /// descendants receive, is the same whatever it is proposed (`LayoutTree.isRigid`).
        static let rigid = Flags(rawValue: 1 << 3)
        /// Axes of the proposal the result does not depend on (`LayoutTree.cacheKey`).
        static let ignoresWidth = Flags(rawValue: 1 << 4)
        static let ignoresHeight = Flags(rawValue: 1 << 5)
        /// A text leaf: proposals are keyed by whole cells and lines.
        static let text = Flags(rawValue: 1 << 6)
        /// The view's outermost node, and the view sets `alignmentGuides`.
        static let ownGuides = Flags(rawValue: 1 << 7)
    }

    /// The view (`LayoutTree.views`), shared along its chain.
    let view: UInt32
    /// The core node of the chain (the kind itself).
    var core: NodeID
    /// The view's index among its parent's declared children (absent siblings still count).
    var childIndex: UInt32
    var flags: Flags
}

/// One viewport's layout nodes, as plain values in arrays addressed by `NodeID`.
///
/// A view becomes a chain of nodes, its modifiers outermost first and its kind (the *core*)
/// last; containers and decorations refer to their children's outermost nodes. The tree is
/// built once (`NodeBuilder`) and read-only while measuring: what measuring finds (the
/// measurement cache, placements, guide values, text clusters) lives beside it in
/// `LayoutContext`, indexed by the same IDs.
struct LayoutTree {
    private(set) var nodes: [NodeInfo] = []
    private(set) var roles: [NodeRole] = []
    /// Every container's children, one range per container.
    private(set) var childIDs: [NodeID] = []
    private(set) var texts: [TextInfo] = []
    private(set) var flexibleFrames: [FlexibleFrame] = []
    private(set) var paddings: [EdgeInsets] = []
    /// The fonts texts name by index (`fontTable`): the same for every tree of a document's fonts.
    private(set) var fonts: [FontMetrics] = []
    /// The store of every view here (the body's: everything a layout reaches from a view is in
    /// that view's store); nil before the first view.
    private(set) var viewStore: ViewStore?
    /// Each view present, once, as its index in `viewStore` (its chain's nodes refer to it by
    /// position here): no handle, so no reference counting per view.
    private(set) var views: [ViewIndex] = []
    /// Per view: its kind and whether it is hidden, read once while building (placing asks for
    /// them per frame).
    private(set) var viewFacts: [ViewFacts] = []
    /// Each view's written `layoutPriority` (NaN: not written), read by stacks per child and
    /// probe without going to the view.
    private(set) var priorities: [Double] = []

    /// Per view (as `views`): the nodes made while building it and what it was built under
    /// (`SubtreeMark`), for a later build to copy the subtree (`SubtreeCopier`).
    private(set) var subtrees: [SubtreeMark] = []
    /// Whether a later build may copy this tree's subtrees: building it read no `when` and made
    /// no written-order chains (`NodeBuilder.finish`).
    private(set) var copyable = false

    /// The build that made the tree (`NodeBuilder`; nil for an empty tree): nothing changes a
    /// tree once built, so two trees of one build are the same tree (`SharedBuild`).
    private(set) var build: BuildToken?

    var count: Int { nodes.count }

    /// About how many bytes the tree's arrays hold (not the texts' strings or the views' store).
    var approximateBytes: Int {
        nodes.count * MemoryLayout<NodeInfo>.stride + roles.count * MemoryLayout<NodeRole>.stride + childIDs.count * 4
            + texts.count * MemoryLayout<TextInfo>.stride + flexibleFrames.count * MemoryLayout<FlexibleFrame>.stride
            + paddings.count * MemoryLayout<EdgeInsets>.stride + views.count * (MemoryLayout<ViewIndex>.stride + 8 + 2)
            + subtrees.count * MemoryLayout<SubtreeMark>.stride
    }

    subscript(id: NodeID) -> NodeInfo { nodes[id.index] }

    func role(_ id: NodeID) -> NodeRole { roles[id.index] }

    func view(_ id: NodeID) -> ViewNode { ViewNode(store: viewStore!, index: views[Int(nodes[id.index].view)]) }

    /// The node's view's kind and hiddenness.
    func viewFacts(_ id: NodeID) -> ViewFacts { viewFacts[Int(nodes[id.index].view)] }

    /// The node's view, as its index in `viewStore`.
    func viewIndex(_ id: NodeID) -> ViewIndex { views[Int(nodes[id.index].view)] }

    func flags(_ id: NodeID) -> NodeInfo.Flags { nodes[id.index].flags }

    func children(_ range: ChildRange) -> Children {
        let start = Int(range.start)
        return Children(ids: childIDs[start..<start + Int(range.count)])
    }

    // MARK: Building

    /// Reserves room for about `views` views (a few nodes each): arrays that grow copy
    /// themselves into fresh memory, and room never written costs nothing.
    mutating func reserve(views: Int) {
        nodes.reserveCapacity(2 * views + 16)
        roles.reserveCapacity(2 * views + 16)
        childIDs.reserveCapacity(views + 16)
        self.views.reserveCapacity(views + 16)
        viewFacts.reserveCapacity(views + 16)
        priorities.reserveCapacity(views + 16)
    }

    /// Reserves room for as much as `kept` holds, and an eighth more (a build that copies most of
    /// its subtrees from a kept tree), subtree marks included.
    mutating func reserve(toHold kept: LayoutTree) {
        func room(_ n: Int) -> Int { n + n / 8 + 16 }
        nodes.reserveCapacity(room(kept.nodes.count))
        roles.reserveCapacity(room(kept.roles.count))
        childIDs.reserveCapacity(room(kept.childIDs.count))
        texts.reserveCapacity(room(kept.texts.count))
        flexibleFrames.reserveCapacity(room(kept.flexibleFrames.count))
        paddings.reserveCapacity(room(kept.paddings.count))
        views.reserveCapacity(room(kept.views.count))
        viewFacts.reserveCapacity(room(kept.viewFacts.count))
        priorities.reserveCapacity(room(kept.priorities.count))
        subtrees.reserveCapacity(room(kept.subtrees.count))
    }

    /// Adds a view, for its chain's nodes to refer to; `hasAttributes`: whether it writes any
    /// (`ViewStore.hasAttributes`), else they are not read.
    mutating func addView(_ view: ViewNode, tag: ViewKindTag, hasAttributes: Bool) -> UInt32 {
        if let store = viewStore {
            precondition(store === view.store, "a layout tree's views are in one store")
        } else {
            viewStore = view.store
        }
        views.append(view.index)
        viewFacts.append(ViewFacts(tag: tag, hidden: hasAttributes && view.hidden))
        priorities.append(hasAttributes ? view.explicitLayoutPriority ?? .nan : .nan)
        return UInt32(truncatingIfNeeded: views.count - 1)
    }

    /// Adds a node whose core is itself (call `setCore` for a modifier).
    mutating func add(view: UInt32, role: NodeRole, containsText: Bool) -> NodeID {
        let id = NodeID(nodes.count)
        var flags: NodeInfo.Flags = []
        if containsText { flags.insert(.containsText) }
        if isRigid(role) { flags.insert(.rigid) }
        switch role {
        case .fixedFrame(let f, _):
            if f.width != nil { flags.insert(.ignoresWidth) }
            if f.height != nil { flags.insert(.ignoresHeight) }
        case .image(_, let resizable):
            if !resizable { flags.formUnion([.ignoresWidth, .ignoresHeight]) }
        case .text:
            flags.insert(.text)
        default:
            break
        }
        nodes.append(NodeInfo(view: view, core: id, childIndex: 0, flags: flags))
        roles.append(role)
        return id
    }

    /// Notes where the subtree of `view` (just added) starts and what it was built under.
    mutating func markSubtree(_ view: UInt32, _ mark: SubtreeMark) {
        precondition(Int(view) == subtrees.count, "a subtree mark per view, in order")
        subtrees.append(mark)
    }

    /// Notes that the subtree of `view` ends here (its outer node is the last node).
    mutating func endSubtree(_ view: UInt32) {
        subtrees[Int(view)].end = UInt32(truncatingIfNeeded: nodes.count)
    }

    mutating func finishBuild(copyable: Bool) {
        self.copyable = copyable
    }

    mutating func setCore(_ id: NodeID, _ core: NodeID) {
        nodes[id.index].core = core
    }

    mutating func setChildIndex(_ id: NodeID, _ index: Int) {
        nodes[id.index].childIndex = UInt32(clamping: index)
    }

    mutating func setMayCarryCustomGuides(_ id: NodeID) {
        nodes[id.index].flags.insert(.mayCarryCustomGuides)
    }

    /// Marks the last node of a view's chain, the one its parent sees.
    mutating func setOuter(_ id: NodeID, ownGuides: Bool) {
        nodes[id.index].flags.insert(ownGuides ? [.outer, .ownGuides] : .outer)
    }

    mutating func addChildren(_ ids: ArraySlice<NodeID>) -> ChildRange {
        let range = ChildRange(start: UInt32(truncatingIfNeeded: childIDs.count), count: UInt32(truncatingIfNeeded: ids.count))
        childIDs.append(contentsOf: ids)
        return range
    }

    /// Starts the build (a new `build` token). The fonts texts may use, for `TextInfo.font` to
    /// name: `document.fonts` in the order of their names, then the default font for a name the
    /// document does not have. A function of the document's fonts alone, so two trees of the same
    /// fonts (a kept layout's and the next) number them alike.
    mutating func setFonts(_ documentFonts: [String: FontMetrics]) -> [String: UInt16] {
        build = BuildToken()
        var index: [String: UInt16] = [:]
        fonts = []
        for name in documentFonts.keys.sorted() where fonts.count < Int(UInt16.max) {
            index[name] = UInt16(fonts.count)
            fonts.append(documentFonts[name]!)
        }
        fonts.append(FontMetrics.defaults[FontMetrics.defaultFontName]!)
        return index
    }

    mutating func addText(_ text: TextInfo) -> UInt32 {
        texts.append(text)
        return UInt32(truncatingIfNeeded: texts.count - 1)
    }

    mutating func addPadding(_ insets: EdgeInsets) -> UInt32 {
        paddings.append(insets)
        return UInt32(truncatingIfNeeded: paddings.count - 1)
    }

    mutating func addFlexibleFrame(_ frame: FlexibleFrame) -> UInt32 {
        flexibleFrames.append(frame)
        return UInt32(truncatingIfNeeded: flexibleFrames.count - 1)
    }

    /// Appends a copy of `old`'s subtree made of the nodes `range` (everything one view's build
    /// made there: `SubtreeMark`), as building the same views here would make it: nodes, roles,
    /// children, texts, insets, frames and views moved to where they land, views moved by
    /// `storeShift` into `store`. Returns the copy's outer node, and whether every node and
    /// side-array entry landed where it was in `old` (the copy is then `old`'s nodes as they
    /// were, but for the outer node's place among its siblings, and none reads its view when
    /// measured: a canvas, a view with `alignmentGuides`). Each side array's part is
    /// contiguous and starts where the subtree's first use of it does (a build appends to each
    /// in order); an empty container's range starts where the array stood when it was made.
    mutating func appendCopy(of old: LayoutTree, nodes range: Range<Int>, storeShift: Int32, store: ViewStore) -> (NodeID, inPlace: Bool) {
        if viewStore == nil { viewStore = store }
        // One pass in node order: a build appends to each side array as it makes the nodes that
        // use it, so each entry is appended here as its first user is met, where it lands.
        let nodeShift = nodes.count - range.lowerBound
        let firstView = Int(old.nodes[range.lowerBound].view), viewShift = views.count - firstView
        var lastView = firstView
        var shifts = (text: Int?.none, padding: Int?.none, frame: Int?.none, child: Int?.none)
        var readsViews = false
        func moved(_ id: NodeID) -> NodeID { NodeID(id.index + nodeShift) }
        for i in range {
            let n = old.nodes[i]
            lastView = max(lastView, Int(n.view))
            if n.flags.contains(.ownGuides) { readsViews = true }
            nodes.append(NodeInfo(view: UInt32(Int(n.view) + viewShift), core: moved(n.core), childIndex: n.childIndex, flags: n.flags))
            let role: NodeRole
            switch old.roles[i] {
            case .text(let k):
                let shift = shifts.text ?? texts.count - Int(k)
                shifts.text = shift
                texts.append(old.texts[Int(k)])
                role = .text(UInt32(Int(k) + shift))
            case .image, .color, .spacer, .divider: role = old.roles[i]
            case .container(let a, let r):
                let shift = shifts.child ?? childIDs.count - Int(r.start)
                shifts.child = shift
                for k in Int(r.start)..<Int(r.start) + Int(r.count) { childIDs.append(moved(old.childIDs[k])) }
                // A canvas reads its view when measured: a new one, as a build makes, so that a
                // kept measurement is never taken for it (`changedNodes`). (Its type compared, not
                // cast: the same answer for a final class, without a dynamic cast per container.)
                let isCanvas = ObjectIdentifier(type(of: a)) == ObjectIdentifier(CanvasLayout.self)
                if isCanvas { readsViews = true }
                role = .container(isCanvas ? CanvasLayout() : a, children: ChildRange(start: UInt32(Int(r.start) + shift), count: r.count))
            case .padding(let k, let x):
                let shift = shifts.padding ?? paddings.count - Int(k)
                shifts.padding = shift
                paddings.append(old.paddings[Int(k)])
                role = .padding(UInt32(Int(k) + shift), child: moved(x))
            case .flexibleFrame(let k, let a, let x):
                let shift = shifts.frame ?? flexibleFrames.count - Int(k)
                shifts.frame = shift
                flexibleFrames.append(old.flexibleFrames[Int(k)])
                role = .flexibleFrame(UInt32(Int(k) + shift), alignment: a, child: moved(x))
            case .fixedFrame(let g, let x): role = .fixedFrame(g, child: moved(x))
            case .fixedSize(let h, let w, let x): role = .fixedSize(horizontal: h, vertical: w, child: moved(x))
            case .aspectRatio(let r, let m, let x): role = .aspectRatio(ratio: r, contentMode: m, child: moved(x))
            case .background(let d, let a, let x): role = .background(decoration: moved(d), alignment: a, child: moved(x))
            case .overlay(let d, let a, let x): role = .overlay(decoration: moved(d), alignment: a, child: moved(x))
            case .border(let b, let x): role = .border(b, child: moved(x))
            case .offset(let dx, let dy, let x): role = .offset(x: dx, y: dy, child: moved(x))
            }
            roles.append(role)
        }
        for k in firstView...lastView {
            views.append(ViewIndex(old.views[k].rawValue + storeShift))
            var mark = old.subtrees[k]
            mark.start = UInt32(Int(mark.start) + nodeShift)
            mark.end = UInt32(Int(mark.end) + nodeShift)
            subtrees.append(mark)
        }
        viewFacts.append(contentsOf: old.viewFacts[firstView...lastView])
        priorities.append(contentsOf: old.priorities[firstView...lastView])
        let inPlace = nodeShift == 0 && viewShift == 0 && (shifts.text ?? 0) == 0 && (shifts.padding ?? 0) == 0
            && (shifts.frame ?? 0) == 0 && (shifts.child ?? 0) == 0
        return (NodeID(nodes.count - 1), inPlace && !readsViews)
    }

    /// Whether a node in this role reports one size whatever it is proposed, and lays out its
    /// whole subtree the same way (sizes, positions, baselines, guide values), only the
    /// proposals passed to rigid descendants differing. By induction on the tree (the children
    /// are added first):
    ///
    /// - an image that is not resizable reports its size;
    /// - a fixed `frame` with both dimensions, and `fixedSize` on both axes, propose their child
    ///   one constant proposal, so the child's subtree is always laid out alike;
    /// - a frame with one fixed dimension, padding, border, offset, `fixedSize` on one axis and
    ///   `aspectRatio` report sizes computed from the child's size alone, and background and
    ///   overlay propose their decoration that size: rigid when the child is;
    /// - hstack, vstack, zstack and a component instance compute their size and placements from
    ///   their children's sizes and guide values: rigid when every child is (§7.1 and §7.2 only
    ///   choose what each child is proposed).
    ///
    /// Text, colours, spacers, dividers, flexible frames and the other containers take their
    /// size from the proposal. What does depend on the proposal for a rigid node, its
    /// `overflow` and the proposals in its placements, is read only from `measure`, which is
    /// keyed by the exact proposal.
    func isRigid(_ role: NodeRole) -> Bool {
        func rigid(_ id: NodeID) -> Bool { nodes[id.index].flags.contains(.rigid) }
        switch role {
        case .image(_, let resizable):
            return !resizable
        case .text, .color, .spacer, .divider, .flexibleFrame:
            return false
        case .container(let algorithm, let range):
            guard algorithm is StackLayout || algorithm is ZStackLayout || algorithm is ComponentLayout else { return false }
            return children(range).allSatisfy(rigid)
        case .fixedFrame(let f, let child):
            return (f.width != nil && f.height != nil) || rigid(child)
        case .fixedSize(let horizontal, let vertical, let child):
            return (horizontal && vertical) || rigid(child)
        case .padding(_, let child), .border(_, let child), .offset(_, _, let child), .aspectRatio(_, _, let child),
             .background(_, _, let child), .overlay(_, _, let child):
            return rigid(child)
        }
    }

    // MARK: Reading

    /// Stack priority: the written `layoutPriority`, else 0, or −∞ for a spacer (docs/format.md §5.4).
    func stackPriority(_ id: NodeID) -> Double {
        let info = nodes[id.index]
        let p = priorities[Int(info.view)]
        if !p.isNaN { return p }
        if case .spacer = roles[info.core.index] { return -.infinity }
        return 0
    }

    /// The part of a proposal a node's result depends on. A fixed frame ignores the proposal on
    /// each axis it sets, and an image that is not resizable ignores it altogether: such nodes
    /// are then measured once however many different probes reach them.
    func cacheKey(_ id: NodeID, _ p: ProposedSize) -> ProposedSize {
        let flags = nodes[id.index].flags
        if flags.contains(.text), case .text(let t) = roles[id.index] {
            let advance = texts[Int(t)].advance, lineHeight = texts[Int(t)].lineHeight, lineLimit = texts[Int(t)].lineLimit
            if texts[Int(t)].shaped != nil {
                // Lines may differ in height (faces of other metrics), so the height is kept as
                // proposed; the width as the room a line has.
                let h = p.height.map { $0.isNaN || $0 < 0 ? 0 : $0 }
                return ProposedSize(width: ShapedTextMeasurer.capacity(p), height: h?.isInfinite == true ? nil : h)
            }
            // Exact: unitCount(count × unit, unit) == count.
            func key(_ v: Double?, _ unit: Double, limit: Int?) -> Double? {
                // No height limit and a line limit lay out the same lines as a height of exactly
                // the limit (`TextMeasurer.bounds` takes the smaller of the two).
                guard var count = TextMeasurer.unitCount(v, unit: unit) else { return limit.map { Double(max(1, $0)) * unit } }
                // Lines past the line limit are never used.
                if let limit { count = min(count, max(1, limit)) }
                return Double(count) * unit
            }
            return ProposedSize(width: key(p.width, advance, limit: nil),
                                height: key(p.height, lineHeight, limit: lineLimit))
        }
        let ignoresWidth = flags.contains(.ignoresWidth), ignoresHeight = flags.contains(.ignoresHeight)
        if !ignoresWidth && !ignoresHeight { return p }
        return ProposedSize(width: ignoresWidth ? nil : p.width, height: ignoresHeight ? nil : p.height)
    }
}

/// The result of measuring one node for one proposal: its size and, for modifiers and
/// containers, where its children go (`LayoutContext.placement(_:_:)`: a range of one shared
/// array). What most measurements lack (text metrics, overflow, notes, cells) is an index into
/// a side array. A few words, copied freely.
struct Measurement {
    var size: Size
    var firstChild: UInt32 = 0
    var childCount: UInt32 = 0
    /// An index into `LayoutContext`'s extras, or `Measurement.noExtras`.
    var extras: UInt32 = Measurement.noExtras

    static let noExtras = UInt32.max
    /// No placement range yet (`LayoutContext`'s per-container ranges).
    static let unrecorded = UInt32.max
}

/// The rarely present parts of a measurement.
struct MeasurementExtras {
    /// For containers: how far the content exceeds the proposal, per axis (0 when it fits).
    var overflow: Size
    var notes: [LayoutNote]
    /// For cell containers (grid, bricks, canvas): each child's rectangle, a range of
    /// `LayoutContext`'s cell array parallel to the placements.
    var cellStart: UInt32
    var cellCount: UInt32
}
