import TatamiBase

/// A view's place in its document's `ViewStore`.
public struct ViewIndex: Hashable, Sendable {
    public let rawValue: Int32

    @inlinable public init(_ rawValue: Int32) { self.rawValue = rawValue }
}

/// What a view is, as its store keeps it: the kind and the kind's parameters, without the
/// views inside (a container's children, and an instance's body as its one child, are a range
/// of the store's child list). `ViewNode.kind` gives the same with the children attached.
public enum ViewContent: Sendable {
    case text(String, truncation: Truncation)
    /// Boxed, as the rarer kinds with large parameters are: they would make every record that large.
    indirect case image(name: String, size: Size, resizable: Bool)
    case color(ColorValue, fill: Character?)
    case spacer(minLength: Double?)
    case divider
    case hstack(spacing: Double, alignment: GuideName)
    case vstack(spacing: Double, alignment: GuideName)
    case zstack(alignment: Alignment2D)
    case flow(spacing: Double, lineSpacing: Double, alignment: Alignment2D)
    indirect case grid(columns: GridColumns, cells: GridCells, spacing: Double, alignment: Alignment2D)
    indirect case bricks(options: BrickOptions)
    case canvas
    /// An instance of a component: its one child is the body, arguments substituted.
    case component(name: String)

    /// The kind without its parameters.
    public var tag: ViewKindTag {
        switch self {
        case .text: return .text
        case .image: return .image
        case .color: return .color
        case .spacer: return .spacer
        case .divider: return .divider
        case .hstack: return .hstack
        case .vstack: return .vstack
        case .zstack: return .zstack
        case .flow: return .flow
        case .grid: return .grid
        case .bricks: return .bricks
        case .canvas: return .canvas
        case .component: return .component
        }
    }

    /// The kind key (`text`, `hstack`, …; a component's name).
    public var name: String {
        if case .component(let name) = self { return name }
        return tag.name
    }
}

/// A view's kind without its parameters, kept in the view's record so that what only asks
/// which kind a view is copies nothing.
public enum ViewKindTag: String, Sendable, CaseIterable {
    case text, image, color, spacer, divider, hstack, vstack, zstack, flow, grid, bricks, canvas, component

    /// The kind key; `component` for an instance (its name is in the view's content).
    public var name: String { rawValue }

    /// Stacks, flows and cell containers (a component instance is a reference, not a container).
    public var isContainer: Bool {
        switch self {
        case .hstack, .vstack, .zstack, .flow, .grid, .bricks, .canvas: return true
        default: return false
        }
    }
}

/// A modifier as its store keeps it: a decoration names its view by index.
public enum ModifierRecord: Sendable {
    /// Any modifier but `background` and `overlay`.
    case modifier(Modifier)
    case background(ViewIndex, alignment: Alignment2D)
    case overlay(ViewIndex, alignment: Alignment2D)
}

/// The attributes most views do not write (docs/format.md §6.2–6.4, §7.4.3). A view that
/// writes none of them stores no entry.
public struct ViewAttributes: Sendable {
    public var id: String? = nil
    /// `layoutPriority`; nil when not written.
    public var layoutPriority: Double? = nil
    public var alignmentGuides: [GuideOverride] = []
    public var zIndex: Double = 0
    public var hidden = false
    public var condition: Expression? = nil
    public var ignoresSafeArea = false
    public var environment = TextEnvironmentOverrides()
    public var placements: [Placement] = []
    /// The modifier keys' written order, when it is not the fixed order they apply in.
    public var writtenModifierOrder: WrittenModifierOrder? = nil

    public init() {}

    public var isEmpty: Bool {
        id == nil && layoutPriority == nil && alignmentGuides.isEmpty && zIndex == 0 && !hidden && condition == nil
            && !ignoresSafeArea && environment.isEmpty && placements.isEmpty && writtenModifierOrder == nil
    }
}

/// The order a view's modifier keys are written in, kept only when it differs from the fixed
/// order they apply in (docs/format.md §6): layout compares the two (`modifier-order`).
public struct WrittenModifierOrder: Sendable, Equatable {
    /// Indices into the view's modifiers (the keyed ones come first, in the fixed order), in the
    /// order their keys are written: the first written would apply first in SwiftUI.
    public var order: [Int]
    /// The keys' ranges, parallel to `order`.
    public var keys: [SourceRange]

    public init(order: [Int], keys: [SourceRange]) {
        self.order = order
        self.keys = keys
    }
}

/// The arrays of a `ViewStore`, filled by the validator (a value: no reference counting or
/// exclusivity checks per view) and handed to the store once the tree is built.
///
/// A view is one record; its children are a run of `links`, its modifiers a run of
/// `modifiers`, its attributes (when it writes any) one entry of `attributes`. A container's
/// children are collected on a shared stack while they are built (nested containers push and
/// take above them) and moved to `links` in one piece when the container is appended, so a
/// view is appended after everything inside it.
public struct ViewParts: Sendable {
    /// Plain values only, so reading one copies no references.
    struct Record: Sendable {
        var range: SourceRange
        var kindRange: SourceRange
        var childStart: Int32
        var childCount: Int32
        var modifierStart: Int32
        var modifierCount: Int32
        /// Index into `attributes`; −1: none written.
        var attributes: Int32
        var serial: Int32
        var tag: ViewKindTag
    }

    var records: [Record] = []
    /// Each record's kind, beside it (same index).
    var contents: [ViewContent] = []
    var links: [ViewIndex] = []
    var modifiers: [ModifierRecord] = []
    var attributes: [ViewAttributes] = []
    /// The runs of views copied whole from another store (`CopiedViews`).
    var copied = CopiedViews()
    /// Children of the containers being built, innermost last.
    private(set) var pending: [ViewIndex] = []

    public init() {}

    public var count: Int { records.count }

    /// Where the children of a container about to be built start on the shared stack.
    public var childMark: Int { pending.count }

    /// Adds a built view to the children of the container being built.
    public mutating func addChild(_ child: ViewIndex) {
        pending.append(child)
    }

    /// Appends a view whose children (if `childrenFrom` is given) are those added since that mark.
    /// `attributes`: nil (or empty) when the view writes none, as most do.
    @discardableResult
    public mutating func append(
        _ content: ViewContent, range: SourceRange, kindRange: SourceRange, modifiers: [ModifierRecord] = [],
        attributes: ViewAttributes? = nil, childrenFrom mark: Int? = nil, serial: Int
    ) -> ViewIndex {
        let childStart = Int32(links.count)
        if let mark, mark < pending.count {
            links.append(contentsOf: pending[mark...])
            pending.removeSubrange(mark...)
        }
        let modifierStart = Int32(self.modifiers.count)
        for m in modifiers { self.modifiers.append(m) }
        var attributeIndex: Int32 = -1
        if let attributes, !attributes.isEmpty {
            attributeIndex = Int32(self.attributes.count)
            self.attributes.append(attributes)
        }
        contents.append(content)
        records.append(Record(
            range: range, kindRange: kindRange, childStart: childStart,
            childCount: Int32(links.count) - childStart, modifierStart: modifierStart, modifierCount: Int32(modifiers.count),
            attributes: attributeIndex, serial: Int32(clamping: serial), tag: content.tag))
        return ViewIndex(Int32(records.count - 1))
    }

    /// Room for about `views` more views, so the arrays seldom grow: growing copies them into
    /// fresh memory, whose page faults cost more than the copying. Room never used is never
    /// touched and costs no resident memory.
    public mutating func reserve(views: Int) {
        records.reserveCapacity(records.count + views)
        contents.reserveCapacity(contents.count + views)
        links.reserveCapacity(links.count + views)
        modifiers.reserveCapacity(modifiers.count + views / 2)
    }

    /// Room for about as many views, links, modifiers and attributes as `store` holds, and an
    /// eighth more (a validation that takes most of its views over from the last one's store).
    public mutating func reserve(toHold store: ViewStore) {
        let p = store.parts
        func room(_ n: Int) -> Int { n + n / 8 + 16 }
        records.reserveCapacity(room(p.records.count))
        contents.reserveCapacity(room(p.contents.count))
        links.reserveCapacity(room(p.links.count))
        modifiers.reserveCapacity(room(p.modifiers.count))
        attributes.reserveCapacity(room(p.attributes.count))
    }

    /// Copies `view` and everything inside it (children, decorations) from its store; returns
    /// its index here. For views built by hand; the validator builds in place.
    mutating func adopt(_ view: ViewNode) -> ViewIndex {
        let source = view.store.parts
        // The subtree in pre-order, without recursion.
        var order: [Int32] = []
        var stack: [Int32] = [view.index.rawValue]
        while let i = stack.popLast() {
            order.append(i)
            let r = source.records[Int(i)]
            for k in (0..<Int(r.childCount)).reversed() { stack.append(source.links[Int(r.childStart) + k].rawValue) }
            for k in (0..<Int(r.modifierCount)).reversed() {
                switch source.modifiers[Int(r.modifierStart) + k] {
                case .background(let d, _), .overlay(let d, _): stack.append(d.rawValue)
                case .modifier: break
                }
            }
        }
        let base = Int32(records.count)
        var renumbered: [Int32: ViewIndex] = [:]
        for (n, i) in order.enumerated() { renumbered[i] = ViewIndex(base + Int32(n)) }
        for i in order {
            var r = source.records[Int(i)]
            let childStart = Int(r.childStart), modifierStart = Int(r.modifierStart)
            r.childStart = Int32(links.count)
            for k in 0..<Int(r.childCount) { links.append(renumbered[source.links[childStart + k].rawValue]!) }
            r.modifierStart = Int32(modifiers.count)
            for k in 0..<Int(r.modifierCount) {
                switch source.modifiers[modifierStart + k] {
                case .modifier(let m): modifiers.append(.modifier(m))
                case .background(let d, let a): modifiers.append(.background(renumbered[d.rawValue]!, alignment: a))
                case .overlay(let d, let a): modifiers.append(.overlay(renumbered[d.rawValue]!, alignment: a))
                }
            }
            if r.attributes >= 0 {
                attributes.append(source.attributes[Int(r.attributes)])
                r.attributes = Int32(attributes.count - 1)
            }
            records.append(r)
            contents.append(source.contents[Int(i)])
        }
        return ViewIndex(base)
    }
}

/// The views of one validated document, in arrays (`ViewParts`) addressed by `ViewIndex`;
/// immutable once built. `ViewNode` is a view read through it.
public final class ViewStore: Sendable {
    let parts: ViewParts

    public init(_ parts: ViewParts) {
        self.parts = parts
    }

    /// The number of views.
    public var count: Int { parts.records.count }

    /// The views copied whole from another store, and from where.
    public var copied: CopiedViews { parts.copied }

    public subscript(index: ViewIndex) -> ViewNode { ViewNode(store: self, index: index) }
}

/// Views read by index, for walks that visit every view of a tree: a `ViewNode` per visit (and
/// its children's list, its modifiers) would retain and release the store each time. Every view a
/// walk reaches from a view (its children, an instance's body, its decorations) is in the same
/// store; make a `ViewNode` (`self[index]`) for what is reported.
extension ViewStore {
    /// The view's kind, without its parameters.
    public func kindTag(at view: ViewIndex) -> ViewKindTag { parts.records[Int(view.rawValue)].tag }

    /// How many children the view has (a container's; an instance's body counts as one).
    public func childCount(at view: ViewIndex) -> Int { Int(parts.records[Int(view.rawValue)].childCount) }

    /// The view's `k`-th child.
    public func child(_ k: Int, of view: ViewIndex) -> ViewIndex {
        let r = parts.records[Int(view.rawValue)]
        precondition(k >= 0 && k < Int(r.childCount), "child index out of range")
        return parts.links[Int(r.childStart) + k]
    }

    /// How many modifiers the view has (decorations included).
    public func modifierCount(at view: ViewIndex) -> Int { Int(parts.records[Int(view.rawValue)].modifierCount) }

    /// The view of the view's `k`-th modifier (innermost first) when that modifier is a
    /// background or overlay; nil for any other modifier.
    public func decoration(_ k: Int, of view: ViewIndex) -> (view: ViewIndex, isBackground: Bool)? {
        let r = parts.records[Int(view.rawValue)]
        precondition(k >= 0 && k < Int(r.modifierCount), "modifier index out of range")
        switch parts.modifiers[Int(r.modifierStart) + k] {
        case .background(let d, _): return (d, true)
        case .overlay(let d, _): return (d, false)
        case .modifier: return nil
        }
    }

    /// Whether the view writes any attribute (`ViewAttributes`): most do not, and a walk that
    /// reads several of them can skip them all.
    public func hasAttributes(at view: ViewIndex) -> Bool { parts.records[Int(view.rawValue)].attributes >= 0 }

    /// The view's pre-order serial number (`ViewNode.serial`).
    public func serial(at view: ViewIndex) -> Int { Int(parts.records[Int(view.rawValue)].serial) }
}

/// One view of the tree, with its modifiers and attributes (docs/format.md §4, §6): a handle
/// of two words, its store and its index there. Equal handles are the same view.
public struct ViewNode: Hashable, Sendable {
    public let store: ViewStore
    public let index: ViewIndex

    public init(store: ViewStore, index: ViewIndex) {
        self.store = store
        self.index = index
    }

    public static func == (a: ViewNode, b: ViewNode) -> Bool { a.store === b.store && a.index == b.index }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(store))
        hasher.combine(index)
    }

    private var record: ViewParts.Record { store.parts.records[Int(index.rawValue)] }

    /// What the view is, its children attached.
    public var kind: ViewKind {
        let r = record
        switch store.parts.contents[Int(index.rawValue)] {
        case .text(let s, let t): return .text(s, truncation: t)
        case .image(let name, let size, let resizable): return .image(name: name, size: size, resizable: resizable)
        case .color(let c, let fill): return .color(c, fill: fill)
        case .spacer(let m): return .spacer(minLength: m)
        case .divider: return .divider
        case .hstack(let s, let a): return .hstack(children: list(r), spacing: s, alignment: a)
        case .vstack(let s, let a): return .vstack(children: list(r), spacing: s, alignment: a)
        case .zstack(let a): return .zstack(children: list(r), alignment: a)
        case .flow(let s, let l, let a): return .flow(children: list(r), spacing: s, lineSpacing: l, alignment: a)
        case .grid(let c, let cells, let s, let a):
            return .grid(children: list(r), columns: c, cells: cells, spacing: s, alignment: a)
        case .bricks(let o): return .bricks(children: list(r), options: o)
        case .canvas: return .canvas(children: list(r))
        case .component(let name):
            return .component(name: name, body: ViewNode(store: store, index: store.parts.links[Int(r.childStart)]))
        }
    }

    /// The kind as stored, without the children.
    public var content: ViewContent { store.parts.contents[Int(index.rawValue)] }

    /// The kind without its parameters.
    public var kindTag: ViewKindTag { store.kindTag(at: index) }

    /// The kind key (`text`, `hstack`, …; a component's name).
    public var kindName: String {
        let tag = record.tag
        return tag == .component ? content.name : tag.name
    }

    private func list(_ r: ViewParts.Record) -> ViewList {
        ViewList(store: store, start: r.childStart, count: r.childCount)
    }

    /// The whole view in the source (its mapping, or the bare scalar).
    public var range: SourceRange { record.range }
    /// The kind key (or the bare scalar): where diagnostics about the view point.
    public var kindRange: SourceRange { record.kindRange }
    /// A pre-order serial number, unique within its document (decorations included).
    public var serial: Int { store.serial(at: index) }

    /// A container's children; an instance's body; nothing for other views.
    public var children: ViewList { list(record) }

    /// Wrapping modifiers, innermost first.
    public var modifiers: ModifierList {
        let r = record
        return ModifierList(store: store, start: r.modifierStart, count: r.modifierCount)
    }

    /// Background and overlay views, in modifier order.
    public var decorations: [ViewNode] {
        (0..<store.modifierCount(at: index)).compactMap { k in store.decoration(k, of: index).map { store[$0.view] } }
    }

    /// The view's entry in `attributes`; nil when it writes none. (Each accessor reads its one
    /// field, so that no other field's references are copied.)
    private var attributeIndex: Int? {
        let a = record.attributes
        return a < 0 ? nil : Int(a)
    }

    public var id: String? { attributeIndex.flatMap { store.parts.attributes[$0].id } }
    /// `layoutPriority`; nil when not written (0 for most views, −∞ for a spacer in a stack).
    public var explicitLayoutPriority: Double? { attributeIndex.flatMap { store.parts.attributes[$0].layoutPriority } }
    public var layoutPriority: Double { explicitLayoutPriority ?? 0 }
    public var alignmentGuides: [GuideOverride] { attributeIndex.map { store.parts.attributes[$0].alignmentGuides } ?? [] }
    public var zIndex: Double { attributeIndex.map { store.parts.attributes[$0].zIndex } ?? 0 }
    public var hidden: Bool { attributeIndex.map { store.parts.attributes[$0].hidden } ?? false }
    /// `when`: the view exists only in viewports where this holds.
    public var condition: Expression? { attributeIndex.flatMap { store.parts.attributes[$0].condition } }
    public var ignoresSafeArea: Bool { attributeIndex.map { store.parts.attributes[$0].ignoresSafeArea } ?? false }
    public var environment: TextEnvironmentOverrides {
        attributeIndex.map { store.parts.attributes[$0].environment } ?? TextEnvironmentOverrides()
    }
    /// `position` of a canvas child: placements tried in order (docs/format.md §7.4.3).
    public var placements: [Placement] { attributeIndex.map { store.parts.attributes[$0].placements } ?? [] }
    /// The modifier keys' written order where it differs from the fixed order (docs/format.md §6).
    public var writtenModifierOrder: WrittenModifierOrder? { attributeIndex.flatMap { store.parts.attributes[$0].writtenModifierOrder } }

    /// A view built by hand (tests, tools), in a store of its own: the children and decorations
    /// it is given are copied into it.
    public init(
        kind: ViewKind, range: SourceRange, kindRange: SourceRange, modifiers: [Modifier] = [],
        id: String? = nil, layoutPriority: Double? = nil, alignmentGuides: [GuideOverride] = [],
        zIndex: Double = 0, hidden: Bool = false, condition: Expression? = nil,
        ignoresSafeArea: Bool = false, environment: TextEnvironmentOverrides = TextEnvironmentOverrides(),
        placements: [Placement] = [], serial: Int
    ) {
        var parts = ViewParts()
        let mark = parts.childMark
        for child in kind.inside { parts.addChild(parts.adopt(child)) }
        let records = modifiers.map { m -> ModifierRecord in
            switch m {
            case .background(let v, let a): return .background(parts.adopt(v), alignment: a)
            case .overlay(let v, let a): return .overlay(parts.adopt(v), alignment: a)
            default: return .modifier(m)
            }
        }
        var a = ViewAttributes()
        a.id = id
        a.layoutPriority = layoutPriority
        a.alignmentGuides = alignmentGuides
        a.zIndex = zIndex
        a.hidden = hidden
        a.condition = condition
        a.ignoresSafeArea = ignoresSafeArea
        a.environment = environment
        a.placements = placements
        let index = parts.append(kind.content, range: range, kindRange: kindRange, modifiers: records, attributes: a,
                                 childrenFrom: mark, serial: serial)
        self.init(store: ViewStore(parts), index: index)
    }
}

extension ViewKind {
    /// The kind as a store keeps it: its parameters, without the views inside.
    public var content: ViewContent {
        switch self {
        case .text(let s, let t): return .text(s, truncation: t)
        case .image(let name, let size, let resizable): return .image(name: name, size: size, resizable: resizable)
        case .color(let c, let fill): return .color(c, fill: fill)
        case .spacer(let m): return .spacer(minLength: m)
        case .divider: return .divider
        case .hstack(_, let s, let a): return .hstack(spacing: s, alignment: a)
        case .vstack(_, let s, let a): return .vstack(spacing: s, alignment: a)
        case .zstack(_, let a): return .zstack(alignment: a)
        case .flow(_, let s, let l, let a): return .flow(spacing: s, lineSpacing: l, alignment: a)
        case .grid(_, let columns, let cells, let s, let a): return .grid(columns: columns, cells: cells, spacing: s, alignment: a)
        case .bricks(_, let o): return .bricks(options: o)
        case .canvas: return .canvas
        case .component(let name, _): return .component(name: name)
        }
    }

    /// The kind key (`text`, `hstack`, …; a component's name).
    public var name: String { content.name }

    /// The views inside: a container's children, an instance's body.
    var inside: [ViewNode] {
        switch self {
        case .hstack(let c, _, _), .vstack(let c, _, _), .zstack(let c, _), .flow(let c, _, _, _), .grid(let c, _, _, _, _),
             .bricks(let c, _), .canvas(let c):
            return Array(c)
        case .component(_, let body): return [body]
        case .text, .image, .color, .spacer, .divider: return []
        }
    }
}

/// A view's children, read through its store.
public struct ViewList: RandomAccessCollection, Sendable {
    let store: ViewStore
    let start: Int32
    public let count: Int

    init(store: ViewStore, start: Int32, count: Int32) {
        self.store = store
        self.start = start
        self.count = Int(count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> ViewNode {
        precondition(position >= 0 && position < count, "child index out of range")
        return ViewNode(store: store, index: store.parts.links[Int(start) + position])
    }
}

/// A view's modifiers, innermost first, read through its store.
public struct ModifierList: RandomAccessCollection, Sendable {
    let store: ViewStore
    let start: Int32
    public let count: Int

    init(store: ViewStore, start: Int32, count: Int32) {
        self.store = store
        self.start = start
        self.count = Int(count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Modifier {
        precondition(position >= 0 && position < count, "modifier index out of range")
        switch store.parts.modifiers[Int(start) + position] {
        case .modifier(let m): return m
        case .background(let d, let a): return .background(ViewNode(store: store, index: d), alignment: a)
        case .overlay(let d, let a): return .overlay(ViewNode(store: store, index: d), alignment: a)
        }
    }
}
