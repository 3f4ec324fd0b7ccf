import TatamiBase
import TatamiModel

/// Where a child sits inside its parent for one proposal to the parent.
struct ChildPlacement {
    /// Unowned: the node tree owns every node for as long as any measurement exists, and
    /// skipping reference counting here matters (placements are copied on every probe).
    unowned(unsafe) let node: LayoutNode
    /// Top-left corner in the parent's coordinates (before any `offset` of the child itself).
    var origin: Point
    var size: Size
    /// What the parent proposed to the child.
    var proposal: ProposedSize
}

/// A measurement's children: none, one kept inline (leaves and modifiers: nearly every
/// measurement), or an array (containers, decorations). Saves an allocation per measurement
/// while keeping the measurement small to copy.
enum ChildList: RandomAccessCollection {
    case none
    case one(ChildPlacement)
    case many([ChildPlacement])

    init(_ array: [ChildPlacement]) {
        switch array.count {
        case 0: self = .none
        case 1: self = .one(array[0])
        default: self = .many(array)
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch self {
        case .none: return 0
        case .one: return 1
        case .many(let a): return a.count
        }
    }

    subscript(i: Int) -> ChildPlacement {
        switch self {
        case .none: preconditionFailure("no children")
        case .one(let a): return a
        case .many(let all): return all[i]
        }
    }
}

/// A diagnostic a container finds about one of its children, reported only for the final
/// placement (never for a measuring probe).
struct LayoutNote {
    let code: DiagnosticCode
    let message: String
    let view: ViewNode
}

/// The result of measuring one node for one proposal: its size and, for modifiers and
/// containers, where its children go. A value, cached per node and proposal (ten or so per
/// view): what most measurements lack (text lines, overflow, notes, cells) sits in an optional
/// box, so an entry stays small.
struct Measurement {
    var size: Size
    /// Children in layout order (for a modifier: the wrapped child; for background/overlay the
    /// decoration comes second).
    var children: ChildList
    private var extras: MeasurementExtras?

    init(size: Size, children: ChildList = .none, text: TextLayoutResult? = nil, overflow: Size = .zero,
         notes: [LayoutNote] = [], cells: [Rect] = []) {
        self.size = size
        self.children = children
        if text != nil || overflow != .zero || !notes.isEmpty || !cells.isEmpty {
            extras = MeasurementExtras(text: text, overflow: overflow, notes: notes, cells: cells)
        }
    }

    /// For text: the laid-out lines.
    var text: TextLayoutResult? { extras?.text }
    /// For containers: how far the content exceeds the proposal, per axis (0 when it fits).
    var overflow: Size { extras?.overflow ?? .zero }
    var notes: [LayoutNote] { extras?.notes ?? [] }
    /// For cell containers (grid, bricks, canvas): each child's rectangle, which is its reported
    /// frame; the child's placement centres it inside (docs/format.md §7.4). Empty otherwise.
    var cells: [Rect] { extras?.cells ?? [] }
}

/// The rarely present parts of a measurement.
final class MeasurementExtras {
    let text: TextLayoutResult?
    let overflow: Size
    let notes: [LayoutNote]
    let cells: [Rect]

    init(text: TextLayoutResult?, overflow: Size, notes: [LayoutNote], cells: [Rect]) {
        self.text = text
        self.overflow = overflow
        self.notes = notes
        self.cells = cells
    }
}

/// What a node does: a leaf, a container with its algorithm, or one modifier around a child.
enum NodeRole {
    case text(String, font: FontMetrics, lineLimit: Int?, truncation: Truncation, alignment: HorizontalPart)
    case image(size: Size, resizable: Bool)
    case color
    /// `stackAxis`: the axis of the hstack/vstack the view sits in, if any.
    case spacer(minLength: Double, stackAxis: Axis?)
    case divider(stackAxis: Axis?)
    case container(any ContainerLayout, children: [LayoutNode])
    case padding(EdgeInsets, child: LayoutNode)
    case fixedFrame(width: Double?, height: Double?, alignment: Alignment2D, child: LayoutNode)
    case flexibleFrame(FlexibleFrame, alignment: Alignment2D, child: LayoutNode)
    case fixedSize(horizontal: Bool, vertical: Bool, child: LayoutNode)
    case aspectRatio(ratio: Double?, contentMode: ContentMode, child: LayoutNode)
    case background(decoration: LayoutNode, alignment: Alignment2D, child: LayoutNode)
    case overlay(decoration: LayoutNode, alignment: Alignment2D, child: LayoutNode)
    case border(BorderStyle, child: LayoutNode)
    case offset(x: Double, y: Double, child: LayoutNode)
}

extension NodeRole {
    /// A modifier's child (the view it wraps; never a decoration); nil for a leaf or container.
    var wrappedChild: LayoutNode? {
        switch self {
        case .padding(_, let child), .fixedFrame(_, _, _, let child), .flexibleFrame(_, _, let child),
             .fixedSize(_, _, let child), .aspectRatio(_, _, let child), .background(_, _, let child),
             .overlay(_, _, let child), .border(_, let child), .offset(_, _, let child):
            return child
        case .text, .image, .color, .spacer, .divider, .container:
            return nil
        }
    }

    /// Whether a node in this role reports one size whatever it is proposed, and lays out its
    /// whole subtree the same way (sizes, positions, baselines, guide values), only the
    /// proposals passed to rigid descendants differing. By induction on the tree:
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
    var isRigid: Bool {
        switch self {
        case .image(_, let resizable):
            return !resizable
        case .text, .color, .spacer, .divider, .flexibleFrame:
            return false
        case .container(let algorithm, let children):
            guard algorithm is StackLayout || algorithm is ZStackLayout || algorithm is ComponentLayout else { return false }
            return children.allSatisfy(\.isRigid)
        case .fixedFrame(let width, let height, _, let child):
            return (width != nil && height != nil) || child.isRigid
        case .fixedSize(let horizontal, let vertical, let child):
            return (horizontal && vertical) || child.isRigid
        case .padding(_, let child), .border(_, let child), .offset(_, _, let child), .aspectRatio(_, _, let child),
             .background(_, _, let child), .overlay(_, _, let child):
            return child.isRigid
        }
    }
}

/// One layer of a view for one viewport: the view's core (its kind) or one of its modifiers.
///
/// A view becomes a chain of nodes, outermost modifier first; `view` is shared along the chain
/// and `isOuter` marks the node its parent sees (where `alignmentGuides` apply).
final class LayoutNode {
    let view: ViewNode
    let role: NodeRole
    let isOuter: Bool
    /// The core node of the chain (the kind itself).
    unowned(unsafe) var core: LayoutNode!
    /// Whether any text sits at any depth (hidden text counts), for container baselines.
    let containsText: Bool
    /// The view's index among its parent's declared children (absent siblings still count).
    var childIndex = 0
    /// Whether a custom guide's explicit value can come from this node or below (some view in
    /// the subtree sets `alignmentGuides`). Lets guide queries skip whole subtrees.
    var mayCarryCustomGuides = false
    /// Whether the node's size, and everything about its subtree except the proposals its
    /// rigid descendants receive, is the same whatever it is proposed (see `NodeRole.isRigid`).
    /// Size queries to a rigid node are answered from its first measurement.
    let isRigid: Bool

    // The measurement cache: most nodes see one to three proposals, so the first entry is kept
    // inline and the rest in parallel arrays whose keys are plain values (searching them costs
    // no reference counting).
    private struct CacheEntry {
        var proposal: ProposedSize
        var size: Size
        var measurement: Measurement
    }
    private var firstProposal = ProposedSize.unspecified
    private var firstSize = Size.zero
    /// A text's clusters, found on its first measurement and kept for the others.
    var textClusters: [TextMeasurer.Cluster]?
    private var firstMeasurement: Measurement?
    private var more: [CacheEntry] = []
    /// Guide values and baselines computed on demand (only for baseline and custom alignments),
    /// keyed by proposal.
    var guideCache: [(ProposedSize, GuideName, Double?)] = []
    var baselineCache: [(ProposedSize, Double?, Double?)] = []

    /// Axes of the proposal the node's result does not depend on (see `cacheKey`).
    private let ignoresWidth: Bool
    private let ignoresHeight: Bool
    /// A text's cell advance and line height: its result depends on a proposal only through
    /// the whole cells and lines that fit (`TextMeasurer.unitCount`), so proposals are keyed by
    /// those, and a stack's many probes of one text share their measurements.
    private let textUnits: (advance: Double, lineHeight: Double, lineLimit: Int?)?

    init(view: ViewNode, role: NodeRole, isOuter: Bool, containsText: Bool) {
        self.view = view
        self.role = role
        self.isOuter = isOuter
        self.containsText = containsText
        self.isRigid = role.isRigid
        if case .text(_, let font, let lineLimit, _, _) = role {
            textUnits = (TextMeasurer.sanitizedMetric(font.width), TextMeasurer.sanitizedMetric(font.height), lineLimit)
        } else {
            textUnits = nil
        }
        switch role {
        case .fixedFrame(let w, let h, _, _):
            ignoresWidth = w != nil
            ignoresHeight = h != nil
        case .image(_, let resizable):
            ignoresWidth = !resizable
            ignoresHeight = !resizable
        default:
            ignoresWidth = false
            ignoresHeight = false
        }
    }

    var isSpacer: Bool {
        if case .spacer = core.role { return true }
        return false
    }

    /// Stack priority: the written `layoutPriority`, else 0, or −∞ for a spacer (docs/format.md §5.4).
    var stackPriority: Double {
        if let p = view.explicitLayoutPriority { return p }
        return isSpacer ? -.infinity : 0
    }

    /// Measures the node for a proposal, through the cache.
    func measure(_ proposal: ProposedSize, _ ctx: LayoutContext) -> Measurement {
        if let i = cacheIndex(proposal, ctx) { return i < 0 ? firstMeasurement! : more[i].measurement }
        return firstMeasurement!  // unreachable: cacheIndex always finds or fills an entry
    }

    /// The size for a proposal, through the cache, without copying the measurement.
    ///
    /// A rigid node answers every size query after its first measurement with that size: a
    /// stack's probes at 0 and at infinity then cost nothing, and a stack of rigid children is
    /// arranged once for the probes and once more for its final proposal (`measure`, which
    /// stays exact: the placements it returns carry the proposals of that very arrangement).
    func sizeThatFits(_ proposal: ProposedSize, _ ctx: LayoutContext) -> Size {
        if isRigid && firstMeasurement != nil && ctx.answersRigidSizes { return firstSize }
        guard let i = cacheIndex(proposal, ctx) else { return .zero }
        return i < 0 ? firstSize : more[i].size
    }

    /// The part of a proposal a node's result depends on. A fixed frame ignores the proposal on
    /// each axis it sets, and an image that is not resizable ignores it altogether: such nodes
    /// are then measured once however many different probes reach them.
    private func cacheKey(_ p: ProposedSize) -> ProposedSize {
        if let u = textUnits {
            // Exact: unitCount(count × unit, unit) == count.
            func key(_ v: Double?, _ unit: Double, limit: Int?) -> Double? {
                guard var count = TextMeasurer.unitCount(v, unit: unit) else { return nil }
                // Lines past the line limit are never used.
                if let limit { count = min(count, max(1, limit)) }
                return Double(count) * unit
            }
            return ProposedSize(width: key(p.width, u.advance, limit: nil),
                                height: key(p.height, u.lineHeight, limit: u.lineLimit))
        }
        if !ignoresWidth && !ignoresHeight { return p }
        return ProposedSize(width: ignoresWidth ? nil : p.width, height: ignoresHeight ? nil : p.height)
    }

    /// Where the measurement for `proposal` is (-1: the inline entry), computing it if needed.
    private func cacheIndex(_ requested: ProposedSize, _ ctx: LayoutContext) -> Int? {
        let proposal = cacheKey(requested)
        if firstMeasurement != nil {
            if firstProposal == proposal { return -1 }
            for i in more.indices where more[i].proposal == proposal { return i }
        }
        let m = ctx.compute(self, proposal)
        if firstMeasurement == nil {
            firstProposal = proposal
            firstSize = m.size
            firstMeasurement = m
            return -1
        }
        if more.isEmpty { more.reserveCapacity(2) }  // most nodes see two or three proposals
        more.append(CacheEntry(proposal: proposal, size: m.size, measurement: m))
        return more.count - 1
    }
}
