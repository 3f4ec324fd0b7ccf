import TatamiBase
import TatamiModel

/// What a laid-out view draws, for the renderer.
public enum Drawing: Sendable {
    case none
    /// Laid-out lines (the same wrapping and `…` as measurement), the font, and how lines
    /// align inside the text's width.
    case text(TextLayoutResult, font: FontMetrics, alignment: HorizontalPart)
    case color(ColorValue, fill: Character?)
    case image(name: String)
    /// A line along `axis` (horizontal: a rule across; vertical: a bar down).
    case divider(axis: Axis)
}

/// One viewport's frames, stored as arrays: one fixed-size record per shown view (and per
/// background or overlay view), numbered in the order layout placed them, with the links to
/// children and decorations as ranges of one shared index array. What is rare or large sits in
/// side tables: texts (what their lines are made from), borders, drawings given by hand. Paths
/// are kept as a link to the parent plus the last step and spelled out only when asked for (a
/// chain 400 stacks deep would otherwise spend its placement time copying paths); a frame's
/// kind is its view's. Trees sketched by hand are stored the same way. Immutable once built;
/// `FrameNode` is a handle into it.
public final class FrameTree: Sendable {
    let parts: FrameParts

    init(_ parts: FrameParts) {
        self.parts = parts
    }

    /// The number of frames.
    public var count: Int { parts.records.count }

    /// The frame placed first (the body's).
    public var root: FrameNode? { parts.records.isEmpty ? nil : FrameNode(tree: self, index: 0) }
}

/// The arrays of a `FrameTree`, filled while placing (a value: no reference counting or
/// exclusivity checks per frame) and handed to the tree once done.
struct FrameParts: Sendable {
    /// One frame: 64 bytes. What most frames do not have (a content rectangle other than the
    /// frame, backgrounds, overlays, borders) is an entry of `extras`; the drawing and the flags
    /// share one word.
    struct Record {
        var frame: Rect
        var proposal: ProposedSize
        /// Children, then backgrounds, then overlays: `links[linkStart...]`.
        var linkStart: Int32
        var childCount: Int32
        /// An entry of `extras`, or -1: the content rectangle is the frame, and there are no
        /// backgrounds, overlays or borders.
        var extra: Int32
        /// The drawing's case (3 bits), the flags (2 bits) and the drawing's index (27 bits).
        private var bits: UInt32

        init(frame: Rect, proposal: ProposedSize) {
            self.frame = frame
            self.proposal = proposal
            linkStart = 0
            childCount = 0
            extra = -1
            bits = 0
        }

        struct Flags: OptionSet {
            let rawValue: UInt8
            /// Hidden, or inside a hidden view: laid out, not drawn.
            static let hidden = Flags(rawValue: 1)
            /// Children drawn in `zIndex` order (zstack, canvas).
            static let byZIndex = Flags(rawValue: 2)

            init(rawValue: UInt8) { self.rawValue = rawValue }

            init(hidden: Bool, byZIndex: Bool) {
                rawValue = (hidden ? Flags.hidden.rawValue : 0) | (byZIndex ? Flags.byZIndex.rawValue : 0)
            }
        }

        private static let caseMask: UInt32 = 0b111
        private static let flagShift: UInt32 = 3
        private static let indexShift: UInt32 = 5
        /// The most entries of `texts` or `drawings` a record can name.
        static let maxDrawingIndex = Int32((1 << 27) - 1)

        var flags: Flags {
            get { Flags(rawValue: UInt8(truncatingIfNeeded: (bits >> Record.flagShift) & 0b11)) }
            set { bits = (bits & ~(0b11 << Record.flagShift)) | (UInt32(newValue.rawValue & 0b11) << Record.flagShift) }
        }

        var drawing: DrawingSource {
            get {
                let index = Int32(bitPattern: bits >> Record.indexShift)
                switch bits & Record.caseMask {
                case 1: return .fromView
                case 2: return .horizontalDivider
                case 3: return .verticalDivider
                case 4: return .text(index)
                case 5: return .given(index)
                default: return .none
                }
            }
            set {
                let (tag, index): (UInt32, Int32)
                switch newValue {
                case .none: (tag, index) = (0, 0)
                case .fromView: (tag, index) = (1, 0)
                case .horizontalDivider: (tag, index) = (2, 0)
                case .verticalDivider: (tag, index) = (3, 0)
                case .text(let i): (tag, index) = (4, i)
                case .given(let i): (tag, index) = (5, i)
                }
                precondition(index >= 0 && index <= Record.maxDrawingIndex, "too many drawings in one frame tree")
                bits = (bits & (0b11 << Record.flagShift)) | tag | (UInt32(index) << Record.indexShift)
            }
        }
    }

    /// What a frame has beyond its record, when it has any of it.
    struct Extra {
        /// The kind itself, inside its padding and frames (the frame when nothing is around it).
        var content: Rect
        var backgroundCount: Int32
        var overlayCount: Int32
        /// An entry of `borderLists`, or -1.
        var borders: Int32
    }

    /// Where a record's drawing is read from.
    enum DrawingSource {
        case none
        /// The view's own colour or image, read from its kind.
        case fromView
        case horizontalDivider, verticalDivider
        /// An entry of `texts`: lines laid out when the drawing is read.
        case text(Int32)
        /// An entry of `drawings` (trees sketched by hand).
        case given(Int32)
    }

    var records: [Record] = []
    var extras: [Extra] = []
    /// The store of the records' views (a layout's are all in its tree's store), and each
    /// record's view as an index there: no handle per frame, so no reference counting per frame.
    private(set) var viewStore: ViewStore?
    private(set) var viewIndices: [ViewIndex] = []
    /// The views of records whose view is in another store (trees sketched by hand), by record.
    private(set) var otherViews: [Int32: ViewNode] = [:]
    /// Per record: its parent's record (-1 for the root) and its step in the path: ≥ 0 a
    /// child's index; -1, -3, -5…: the 1st, 2nd, 3rd… background; -2, -4…: overlays.
    var parents: [Int32] = []
    var steps: [Int32] = []
    var links: [Int32] = []
    var drawings: [Drawing] = []
    /// Texts as layout left them: what their lines are made from, on request.
    var texts: [FrameText] = []
    /// The fonts the texts name (`TextInfo.font`): the layout tree's.
    var fonts: [FontMetrics] = []
    var borderLists: [[(style: BorderStyle, rect: Rect)]] = []

    /// Room for `count` records.
    init(viewStore: ViewStore? = nil) {
        self.viewStore = viewStore
    }

    mutating func reserve(_ count: Int) {
        records.reserveCapacity(count)
        viewIndices.reserveCapacity(count)
        parents.reserveCapacity(count)
        steps.reserveCapacity(count)
        links.reserveCapacity(count)
    }

    /// Adds a record whose frames, links, drawing and borders are filled in afterwards.
    mutating func begin(_ view: ViewNode, parent: Int32, step: Int32) -> Int32 {
        if viewStore == nil { viewStore = view.store }
        if view.store !== viewStore { otherViews[Int32(records.count)] = view }
        return begin(view.index, parent: parent, step: step)
    }

    /// Adds a record, as `begin(_:parent:step:)`, for a view of `viewStore`.
    mutating func begin(_ view: ViewIndex, parent: Int32, step: Int32) -> Int32 {
        let index = Int32(records.count)
        records.append(Record(frame: .zero, proposal: .unspecified))
        viewIndices.append(view)
        parents.append(parent)
        steps.append(step)
        return index
    }

    /// The records `range` of `old` appended (subtrees copied, `FramePlacer.flushCopies`): every
    /// store index moved by `delta`, parents too (the caller sets those of the subtrees' first
    /// records), each record's view `view(k)` (in this tree's store).
    mutating func appendCopies(of old: FrameParts, _ range: Range<Int>, movedBy delta: PlacementMemory.Counts,
                               view: (Int) -> ViewIndex) {
        // Each array appended in one piece, then moved in place (no capacity check per element).
        let first = records.count
        records.append(contentsOf: old.records[range])
        records.withUnsafeMutableBufferPointer { b in
            for i in first..<b.count {
                b[i].linkStart += delta.links
                if case .text(let t) = b[i].drawing { b[i].drawing = .text(t + delta.texts) }
                if b[i].extra >= 0 { b[i].extra += delta.extras }
            }
        }
        parents.append(contentsOf: old.parents[range])
        parents.withUnsafeMutableBufferPointer { b in
            for i in first..<b.count { b[i] += delta.records }
        }
        steps.append(contentsOf: old.steps[range])
        viewIndices.append(contentsOf: repeatElement(ViewIndex(0), count: range.count))
        viewIndices.withUnsafeMutableBufferPointer { b in
            for (i, k) in range.enumerated() { b[first + i] = view(k) }
        }
    }

    /// The record's view.
    func view(_ index: Int) -> ViewNode {
        if !otherViews.isEmpty, let other = otherViews[Int32(index)] { return other }
        return ViewNode(store: viewStore!, index: viewIndices[index])
    }

    /// The record's content rectangle.
    func content(_ index: Int) -> Rect {
        let e = records[index].extra
        return e < 0 ? records[index].frame : extras[Int(e)].content
    }

    /// How many backgrounds and overlays the record links to, and its entry of `borderLists` (or -1).
    func decorations(_ index: Int) -> (backgrounds: Int, overlays: Int, borders: Int32) {
        let e = records[index].extra
        guard e >= 0 else { return (0, 0, -1) }
        let x = extras[Int(e)]
        return (Int(x.backgroundCount), Int(x.overlayCount), x.borders)
    }

    /// Sets a record's content rectangle, decorations and borders: an entry of `extras` unless
    /// the content is the frame (bit for bit) and there are none.
    mutating func setExtra(_ r: inout Record, content: Rect, backgrounds: Int, overlays: Int, borders: Int32) {
        if backgrounds == 0 && overlays == 0 && borders < 0 && FrameParts.same(content, r.frame) {
            r.extra = -1
            return
        }
        r.extra = Int32(extras.count)
        extras.append(Extra(content: content, backgroundCount: Int32(backgrounds), overlayCount: Int32(overlays), borders: borders))
    }

    static func same(_ a: Rect, _ b: Rect) -> Bool {
        a.minX.bitPattern == b.minX.bitPattern && a.minY.bitPattern == b.minY.bitPattern
            && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    func path(_ index: Int) -> String {
        guard index > 0 && index < parents.count else { return "/" }
        var chain: [Int32] = []
        var i = index
        while i > 0 {
            chain.append(steps[i])
            i = Int(parents[i])
        }
        var out = ""
        for step in chain.reversed() {
            out += "/"
            if step >= 0 {
                out += String(step)
            } else {
                // `background`, `background2`, … and `overlay`, `overlay2`, …
                let n = -step
                out += n % 2 == 1 ? "background" : "overlay"
                let count = (n - 1) / 2
                if count > 0 { out += String(count + 1) }
            }
        }
        return out
    }

    /// The path step of the `count`-th decoration of its kind on one view (0 for the first).
    static func decorationStep(background: Bool, count: Int) -> Int32 {
        let n = Int32(clamping: count)
        return background ? -(2 * n + 1) : -(2 * n + 2)
    }

    func drawing(_ index: Int) -> Drawing {
        switch records[index].drawing {
        case .none: return .none
        case .text(let i): return texts[Int(i)].drawing(fonts)
        case .given(let i): return drawings[Int(i)]
        case .fromView:
            switch view(index).content {
            case .color(let value, let fill): return .color(value, fill: fill)
            case .image(let name, _, _): return .image(name: name)
            default: return .none
            }
        case .horizontalDivider: return .divider(axis: .horizontal)
        case .verticalDivider: return .divider(axis: .vertical)
        }
    }
}

/// A text's frame keeps what its lines are made from, and lays them out when its drawing is
/// read (renderers; checks and diagnostics seldom need them): most analyses never build them.
struct FrameText {
    /// The text and its settings, as layout read them.
    let info: TextInfo
    /// The proposal the text was finally measured for, as its measurement read it.
    let proposal: ProposedSize

    /// The lines, `fonts` the frames' (`FrameParts.fonts`).
    func layout(_ fonts: [FontMetrics]) -> TextLayoutResult {
        if let shaped = info.shaped {
            return ShapedTextMeasurer.layout(info.string, shaped: shaped, lineLimit: info.lineLimit, truncation: info.truncation,
                                             proposal: proposal)
        }
        return TextMeasurer.layout(info.string, font: fonts[Int(info.font)], lineLimit: info.lineLimit, truncation: info.truncation,
                                   proposal: proposal)
    }

    func drawing(_ fonts: [FontMetrics]) -> Drawing { .text(layout(fonts), font: fonts[Int(info.font)], alignment: info.alignment) }
}

/// One shown view after layout, in viewport coordinates, rounded to the viewport's scale: a
/// handle on one record of a `FrameTree` (two words; equal when they name the same record).
public struct FrameNode: Hashable, Sendable {
    public let tree: FrameTree
    let index: Int32

    init(tree: FrameTree, index: Int32) {
        self.tree = tree
        self.index = index
    }

    public static func == (a: FrameNode, b: FrameNode) -> Bool { a.tree === b.tree && a.index == b.index }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(tree))
        hasher.combine(index)
    }

    private var record: FrameParts.Record { tree.parts.records[Int(index)] }

    public var view: ViewNode { tree.parts.view(Int(index)) }
    /// `/`, `/0/2`, `/0/background` (docs/format.md §12.3), spelled out on each request.
    public var path: String { tree.parts.path(Int(index)) }
    /// The kind key, or a component's name.
    public var kind: String { view.kindName }
    public var id: String? { view.id }
    /// The outer frame: the rectangle the parent placed, with every modifier (offset included).
    public var frame: Rect { record.frame }
    /// The kind itself, inside its padding and frames.
    public var content: Rect { tree.parts.content(Int(index)) }
    /// The proposal the outer view received.
    public var proposal: ProposedSize { record.proposal }
    /// Hidden views (or views inside a hidden one) are laid out but not drawn.
    public var hidden: Bool { record.flags.contains(.hidden) }
    public var drawing: Drawing { tree.parts.drawing(Int(index)) }
    /// Shown children in declaration order.
    public var children: FrameList {
        let r = record
        return FrameList(tree: tree, start: Int(r.linkStart), count: Int(r.childCount))
    }
    /// Backgrounds, in drawing order (the outermost first: it is furthest back).
    public var backgrounds: FrameList {
        let r = record
        return FrameList(tree: tree, start: Int(r.linkStart) + Int(r.childCount), count: tree.parts.decorations(Int(index)).backgrounds)
    }
    /// Overlays, in drawing order (the innermost first).
    public var overlays: FrameList {
        let r = record, d = tree.parts.decorations(Int(index))
        return FrameList(tree: tree, start: Int(r.linkStart) + Int(r.childCount) + d.backgrounds, count: d.overlays)
    }
    /// Borders with the rectangle each is drawn on.
    public var borders: [(style: BorderStyle, rect: Rect)] {
        let b = tree.parts.decorations(Int(index)).borders
        return b < 0 ? [] : tree.parts.borderLists[Int(b)]
    }
    /// Whether children are drawn in `zIndex` order (zstack, canvas) instead of declaration order.
    public var drawsChildrenByZIndex: Bool { record.flags.contains(.byZIndex) }

    /// Children in the order they are drawn: by `zIndex` (ties in declaration order) where the
    /// container says so, else declaration order.
    public var childrenInDrawingOrder: [FrameNode] {
        let children = Array(self.children)
        guard drawsChildrenByZIndex else { return children }
        return children.enumerated().sorted {
            $0.element.view.zIndex != $1.element.view.zIndex
                ? $0.element.view.zIndex < $1.element.view.zIndex : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Every node in the frames-output order of docs/format.md §12.3, the drawing order: a view,
    /// its backgrounds, its children (by `zIndex` in a zstack or canvas), its overlays.
    public func preorder(_ visit: (FrameNode) -> Void) {
        preorderRecords { i, _ in visit(FrameNode(tree: tree, index: i)) }
    }

    /// `preorder`'s shown frames as plain values, for readers of every frame of a tree (`tatami
    /// diff`): each frame not hidden, in drawing order, as its view's index in `store` (-1: in
    /// another store) in `views` and its frame in `frames`, both with room for every frame of the
    /// tree (`FrameTree.count`); how many. Nothing is made or called per frame. `alongside`:
    /// another tree (of another revision) read in the same pass while its records are arranged as
    /// this one's, its frames written to its buffer; `alike` whether they all were (the other
    /// tree's own walk would then give the same views, with those frames).
    public func preorderFrames(in store: ViewStore?, views: UnsafeMutableBufferPointer<Int32>, frames: UnsafeMutableBufferPointer<Rect>,
                               alongside other: (node: FrameNode, store: ViewStore?, frames: UnsafeMutableBufferPointer<Rect>)? = nil)
        -> (count: Int, alike: Bool) {
        let mine = tree, room = mine.parts.records.count, theirs = other?.node.tree ?? mine, theirFrames = other?.frames
        precondition(views.count >= room && frames.count >= room, "room for fewer frames than the tree has")
        let sameStore = store != nil && mine.parts.viewStore === store, others = !mine.parts.otherViews.isEmpty
        // The other tree is read alongside while its records are arranged as these: the same
        // links and views throughout (checked in one go), and record for record the same flags
        // and links (so the same records are reached next); children by `zIndex` are not.
        var alike = other.map { $0.node.index == index && $0.frames.count >= room && $0.store != nil && theirs.parts.viewStore === $0.store }
            ?? false
        alike = alike && sameStore && !others && theirs.parts.otherViews.isEmpty && theirs.parts.records.count == room
            && theirs.parts.links == mine.parts.links && theirs.parts.viewIndices == mine.parts.viewIndices
        var shown = 0
        preorderRecords { i, r in
            let k = Int(i)
            if alike {
                let q = theirs.parts.records[k]
                alike = q.flags == r.flags && !r.flags.contains(.byZIndex) && q.childCount == r.childCount && q.linkStart == r.linkStart
                    && (r.extra < 0 ? q.extra < 0 : q.extra >= 0 && theirs.parts.extras[Int(q.extra)].backgroundCount
                        == mine.parts.extras[Int(r.extra)].backgroundCount
                        && theirs.parts.extras[Int(q.extra)].overlayCount == mine.parts.extras[Int(r.extra)].overlayCount)
                if alike && !r.flags.contains(.hidden) { theirFrames![shown] = q.frame }
            }
            guard !r.flags.contains(.hidden) else { return }
            views[shown] = sameStore && (!others || mine.parts.otherViews[i] == nil) ? mine.parts.viewIndices[k].rawValue : -1
            frames[shown] = r.frame
            shown &+= 1
        }
        return (shown, alike)
    }

    /// The records of `preorder`, by index, with each record: a view, its backgrounds, its children
    /// (by `zIndex` where the container draws them so), its overlays. Records and links are read in
    /// place, the stack kept in room of its own (each frame is reached once: as many places as the
    /// tree has frames).
    private func preorderRecords(_ visit: (Int32, FrameParts.Record) -> Void) {
        let tree = self.tree, room = tree.parts.records.count, first = index
        tree.parts.records.withUnsafeBufferPointer { records in
            tree.parts.links.withUnsafeBufferPointer { links in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: room) { stack in
                    var top = 1
                    stack[0] = first
                    // A run of links pushed last first, so that it is reached in order.
                    func push(_ start: Int, _ count: Int) {
                        precondition(top &+ count <= room && start >= 0 && start &+ count <= links.count, "a frame linked twice")
                        var k = start &+ count
                        while k > start {
                            k &-= 1
                            stack[top] = links[k]
                            top &+= 1
                        }
                    }
                    while top > 0 {
                        top &-= 1
                        let i = Int(stack[top])
                        precondition(i >= 0 && i < room, "a link outside the tree")
                        let r = records[i]
                        visit(Int32(truncatingIfNeeded: i), r)
                        let start = Int(r.linkStart), children = Int(r.childCount)
                        let backgrounds = r.extra < 0 ? 0 : Int(tree.parts.extras[Int(r.extra)].backgroundCount)
                        if r.extra >= 0 { push(start &+ children &+ backgrounds, Int(tree.parts.extras[Int(r.extra)].overlayCount)) }
                        if r.flags.contains(.byZIndex) {
                            let drawn = FrameNode(tree: tree, index: Int32(i)).childrenInDrawingOrder
                            precondition(top &+ drawn.count <= room, "a frame linked twice")
                            for c in drawn.reversed() {
                                stack[top] = c.index
                                top &+= 1
                            }
                        } else if children > 0 {
                            push(start, children)
                        }
                        if backgrounds > 0 { push(start &+ children, backgrounds) }
                    }
                }
            }
        }
    }

    /// The frames of a sketch made by hand (tests, tools), as a tree of their own, stored as
    /// layout stores its frames (paths from the tree's shape, kinds from the views); the root's
    /// handle. Built without recursion, so a sketch of any depth converts.
    public init(_ sketch: FrameSketch) {
        var parts = FrameParts()
        // (sketch, parent record, step, slot in `links` to fill with the record's index)
        var stack: [(FrameSketch, Int32, Int32, Int)] = [(sketch, -1, 0, -1)]
        while let (s, parent, step, slot) = stack.popLast() {
            let i = parts.begin(s.view, parent: parent, step: step)
            if slot >= 0 { parts.links[slot] = i }
            var r = parts.records[Int(i)]
            r.frame = s.frame
            r.proposal = s.proposal
            r.flags = FrameParts.Record.Flags(hidden: s.hidden, byZIndex: s.drawsChildrenByZIndex)
            // The links are reserved now and filled as each linked sketch gets its record.
            r.linkStart = Int32(parts.links.count)
            r.childCount = Int32(s.children.count)
            var linked: [(FrameSketch, Int32)] = []
            for (n, c) in s.children.enumerated() { linked.append((c, Int32(n))) }
            for (n, b) in s.backgrounds.enumerated() { linked.append((b, FrameParts.decorationStep(background: true, count: n))) }
            for (n, o) in s.overlays.enumerated() { linked.append((o, FrameParts.decorationStep(background: false, count: n))) }
            let first = parts.links.count
            parts.links.append(contentsOf: repeatElement(-1, count: linked.count))
            for (k, (c, step)) in linked.enumerated().reversed() { stack.append((c, i, step, first + k)) }
            if case .none = s.drawing {} else {
                r.drawing = .given(Int32(parts.drawings.count))
                parts.drawings.append(s.drawing)
            }
            var borders: Int32 = -1
            if !s.borders.isEmpty {
                borders = Int32(parts.borderLists.count)
                parts.borderLists.append(s.borders)
            }
            parts.setExtra(&r, content: s.content, backgrounds: s.backgrounds.count, overlays: s.overlays.count, borders: borders)
            parts.records[Int(i)] = r
        }
        self.init(tree: FrameTree(parts), index: 0)
    }
}

/// A frame described by hand, to be made into frames with `FrameNode.init(_:)`: what tests and
/// tools draw without running layout. Its path is its place among the sketches around it, and
/// its kind its view's.
public final class FrameSketch {
    public var view: ViewNode
    public var frame: Rect
    public var content: Rect
    public var proposal: ProposedSize
    public var hidden: Bool
    public var drawing: Drawing
    public var children: [FrameSketch]
    public var backgrounds: [FrameSketch]
    public var overlays: [FrameSketch]
    public var borders: [(style: BorderStyle, rect: Rect)]
    public var drawsChildrenByZIndex: Bool

    public init(
        view: ViewNode, frame: Rect, content: Rect, proposal: ProposedSize,
        hidden: Bool, drawing: Drawing, children: [FrameSketch] = [], backgrounds: [FrameSketch] = [],
        overlays: [FrameSketch] = [], borders: [(style: BorderStyle, rect: Rect)] = [], drawsChildrenByZIndex: Bool = false
    ) {
        self.view = view
        self.frame = frame
        self.content = content
        self.proposal = proposal
        self.hidden = hidden
        self.drawing = drawing
        self.children = children
        self.backgrounds = backgrounds
        self.overlays = overlays
        self.borders = borders
        self.drawsChildrenByZIndex = drawsChildrenByZIndex
    }
}

/// Children, backgrounds or overlays of one frame: a range of the tree's links.
public struct FrameList: RandomAccessCollection, Sendable {
    let tree: FrameTree
    let start: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> FrameNode {
        precondition(i >= 0 && i < count, "frame index out of range")
        return FrameNode(tree: tree, index: tree.parts.links[start + i])
    }
}

/// One viewport's layout of a document.
public struct LayoutResult: Sendable {
    public let viewport: Viewport
    /// The body's frames; nil when the document has no usable body or the body is absent here.
    public let root: FrameNode?
    /// Layout diagnostics, each naming this viewport.
    public let diagnostics: [Diagnostic]
    /// How many measurements were computed (not found in the cache): the work layout did.
    public let measurementsComputed: Int
    /// Whether the measurements of the viewport's last layout were taken over (`LayoutMemory`).
    public let measurementsTakenOver: Bool
    /// How many frames were copied from the viewport's last placement instead of placed again
    /// (`LayoutMemory`).
    public let framesCopied: Int
    /// How many layout nodes were copied from the viewport's last tree instead of built
    /// (`SubtreeCopier`); 0 for a viewport that shares another's tree.
    public let nodesCopied: Int

    public init(viewport: Viewport, root: FrameNode?, diagnostics: [Diagnostic], measurementsComputed: Int = 0,
                measurementsTakenOver: Bool = false, framesCopied: Int = 0, nodesCopied: Int = 0) {
        self.nodesCopied = nodesCopied
        self.viewport = viewport
        self.root = root
        self.diagnostics = diagnostics
        self.measurementsComputed = measurementsComputed
        self.measurementsTakenOver = measurementsTakenOver
        self.framesCopied = framesCopied
    }
}
