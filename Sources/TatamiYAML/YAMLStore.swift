import TatamiBase

/// One document's nodes, contiguous: a record per node, the children of every collection as one
/// flat array of child slots, scalars as byte ranges into the source (decoded text kept only
/// where it differs from the source), tags and escape tables in side tables, comments as
/// trivia. `YAMLNode` is a handle into it.
///
/// Every store is written through `YAMLStoreBuilder`: the parser's (one per document, in
/// document order: a collection before its children, so starts never decrease along `nodes`)
/// and those of nodes made after the parse (a component body's copy with its arguments
/// substituted, a mapping with some pairs left out). A child slot names a record of this store
/// or, with its top bit set, an entry of `shared`: a node of another store (or of this one's
/// source, written earlier) taken whole, by reference, as rowan's green nodes share their
/// children; a parsed store shares nothing. An alias adds no record: its slot holds the
/// anchored node's index.
///
/// Immutable once built, so handles share it freely across threads.
///
/// The ideas are simdjson's tape (values in one array, collections as index ranges) and rowan's
/// green tree (trivia kept beside the nodes, so a formatter can be lossless; subtrees shared
/// between trees by reference).
@usableFromInline
final class YAMLStore: Sendable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case scalar, mapping, sequence
    }

    @usableFromInline
    struct NodeRecord: Sendable {
        /// Byte offsets before `base` is added: the first character (anchor and tag excluded)
        /// and just past the last.
        var start: Int32
        var end: Int32
        /// The collection holding the node (where it was first written), -1 for the root.
        var parent: Int32
        /// Collections: the first slot in `children`; scalars: the index in `scalars`, or for an
        /// inline scalar the low half of its number's bits.
        var first: UInt32
        /// Collections: how many slots (a mapping has two per pair: key, value); an inline
        /// scalar: the high half of its number's bits.
        var count: UInt32
        @usableFromInline var kind: Kind
        var flags: Flags
        /// An inline scalar's style and core-schema reading (unused for other nodes: a scalar
        /// record holds them). These two bytes fill the record's tail, so it stays 24 bytes.
        var style: ScalarStyle
        var resolved: Resolved

        struct Flags: OptionSet, Sendable {
            let rawValue: UInt8
            /// A flow collection (`[a, b]`, `{a: 1}`).
            static let flow = Flags(rawValue: 1)
            /// An explicit tag, in `tags`.
            static let tag = Flags(rawValue: 2)
            /// A scalar whose value is its source text (plain) or the text between its quotes,
            /// with no `ScalarRecord`: `style`, `resolved`, `first` and `count` hold it.
            static let inlineScalar = Flags(rawValue: 4)
        }

        var isFlow: Bool { flags.contains(.flow) }
        var hasTag: Bool { flags.contains(.tag) }
        var isInlineScalar: Bool { flags.contains(.inlineScalar) }
    }

    @usableFromInline
    struct ScalarRecord: Sendable {
        /// The value's characters in the source (before `base` is added).
        @usableFromInline var valueStart: Int32
        @usableFromInline var valueEnd: Int32
        /// Index in `texts` of the decoded value, or -1 when the value is the source bytes
        /// `valueStart..<valueEnd` (then its offset map is the identity).
        @usableFromInline var text: Int32
        /// A number's bits: Int64 or Double by `resolved`.
        var number: UInt64
        var style: ScalarStyle
        var resolved: Resolved
        /// Whether `offsetTables` holds the value's offset table (escapes on one line).
        var hasTable: Bool
    }

    /// A plain scalar's core-schema reading, without its payload.
    enum Resolved: UInt8, Sendable {
        case string, null, `false`, `true`, int, float
    }

    /// A store of no nodes (what empty pairs and items read).
    static let empty = YAMLStore(source: [], base: 0, nodes: [], children: [], scalars: [], texts: [], offsetTables: [:],
                                 tags: [:], comments: CommentTable(), shared: [])

    /// A child slot with this bit set names an entry of `shared`.
    @usableFromInline static let sharedSlot: UInt32 = 1 << 31

    /// The text the offsets point into (shared with the parse's `LineTable`, not copied).
    @usableFromInline let source: [UInt8]
    /// Added to every offset read: imported files are moved into one offset space.
    let base: Int
    @usableFromInline let nodes: [NodeRecord]
    @usableFromInline let children: [UInt32]
    let scalars: [ScalarRecord]
    @usableFromInline let texts: [String]
    /// Per scalar index: one source offset (before `base`) per value byte, plus one.
    let offsetTables: [UInt32: [Int]]
    /// Per node index.
    let tags: [UInt32: String]
    let comments: CommentTable
    /// The nodes child slots take whole from elsewhere (`sharedSlot`); empty for a parse.
    let shared: [YAMLNode]

    init(source: [UInt8], base: Int, nodes: [NodeRecord], children: [UInt32], scalars: [ScalarRecord], texts: [String],
         offsetTables: [UInt32: [Int]], tags: [UInt32: String], comments: CommentTable, shared: [YAMLNode]) {
        self.source = source
        self.base = base
        self.nodes = nodes
        self.children = children
        self.scalars = scalars
        self.texts = texts
        self.offsetTables = offsetTables
        self.tags = tags
        self.comments = comments
        self.shared = shared
    }

    /// The node in child slot `slot` of `children`.
    @usableFromInline @inline(__always)
    func node(inSlot slot: Int) -> YAMLNode { node(slotValue: children[slot]) }

    /// Calls `body` with the value bytes of scalar record `index` (in place in the source where
    /// they are the source's); nil for a collection. What `YAMLNode.withScalarBytes` reads,
    /// without a handle.
    @inlinable
    func withScalarBytes<R>(ofRecord index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let r = nodes[index]
        guard r.kind == .scalar else { return nil }
        let s = scalarRecord(r)
        if s.text >= 0 {
            var text = texts[Int(s.text)]
            return text.withUTF8(body)
        }
        return source.withUnsafeBufferPointer { b in
            body(UnsafeBufferPointer(rebasing: b[Int(s.valueStart)..<Int(s.valueEnd)]))
        }
    }

    /// Calls `body` with the value bytes of the scalar in child slot `slot`, read where they
    /// are stored; nil for a collection.
    @inlinable
    func withScalarBytes<R>(inSlot slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let s = children[slot]
        if s & Self.sharedSlot == 0 { return withScalarBytes(ofRecord: Int(s), body) }
        return node(slotValue: s).withScalarBytes(body)
    }

    /// A plain scalar's number (an integer or a float of the core schema) in record `index`;
    /// nil for anything else.
    func numberValue(ofRecord index: Int) -> Double? {
        let r = nodes[index]
        guard r.kind == .scalar else { return nil }
        let s = scalarRecord(r)
        switch s.resolved {
        case .int: return Double(Int64(bitPattern: s.number))
        case .float: return Double(bitPattern: s.number)
        default: return nil
        }
    }

    /// `numberValue(ofRecord:)` of the node in child slot `slot`.
    func numberValue(inSlot slot: Int) -> Double? {
        let s = children[slot]
        if s & Self.sharedSlot == 0 { return numberValue(ofRecord: Int(s)) }
        return node(slotValue: s).numberValue
    }

    /// The node a slot value names: a record of this store, or a shared node.
    @usableFromInline @inline(__always)
    func node(slotValue s: UInt32) -> YAMLNode {
        if s & Self.sharedSlot == 0 { return YAMLNode(store: self, index: s) }
        return shared[Int(s & ~Self.sharedSlot)]
    }

    /// The same records with every offset moved by `delta` more (the arrays are shared; the
    /// shared nodes are moved too, each store once).
    func moved(by delta: Int) -> YAMLStore {
        var stores: [ObjectIdentifier: YAMLStore] = [:]
        return moved(by: delta, memo: &stores)
    }

    /// The same, each store met moved once across calls sharing `memo` (by the store moved), so
    /// that a node reached twice is the same handle.
    func moved(by delta: Int, memo: inout [ObjectIdentifier: YAMLStore]) -> YAMLStore {
        let key = ObjectIdentifier(self)
        if let done = memo[key] { return done }
        let movedShared = shared.map { n in YAMLNode(store: n.store.moved(by: delta, memo: &memo), index: n.index) }
        let made = YAMLStore(source: source, base: base + delta, nodes: nodes, children: children, scalars: scalars, texts: texts,
                             offsetTables: offsetTables, tags: tags, comments: comments, shared: movedShared)
        memo[key] = made
        return made
    }

    /// The same records with another comment table (a block reparse's region, whose entry a
    /// comment above the region belongs to).
    func replacingComments(_ table: CommentTable) -> YAMLStore {
        YAMLStore(source: source, base: base, nodes: nodes, children: children, scalars: scalars, texts: texts,
                  offsetTables: offsetTables, tags: tags, comments: table, shared: shared)
    }

    // MARK: Scalars

    /// A scalar node's record: its own, or for an inline scalar one made from the node's.
    static func scalarRecord(_ r: NodeRecord, _ scalars: [ScalarRecord]) -> ScalarRecord {
        guard r.isInlineScalar else { return scalars[Int(r.first)] }
        let style = r.style, resolved = r.resolved
        let quoted = style == .singleQuoted || style == .doubleQuoted
        return ScalarRecord(valueStart: quoted ? r.start + 1 : r.start, valueEnd: quoted ? r.end - 1 : r.end, text: -1,
                            number: UInt64(r.first) | UInt64(r.count) << 32, style: style, resolved: resolved, hasTable: false)
    }

    @usableFromInline
    func scalarRecord(_ r: NodeRecord) -> ScalarRecord { Self.scalarRecord(r, scalars) }

    func scalarText(_ r: NodeRecord) -> String {
        let s = scalarRecord(r)
        if s.text >= 0 { return texts[Int(s.text)] }
        return source.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(s.valueStart)..<Int(s.valueEnd)]), as: UTF8.self)
        }
    }

    func scalarEquals(_ r: NodeRecord, _ text: String) -> Bool {
        let s = scalarRecord(r)
        if s.text >= 0 { return sameBytes(texts[Int(s.text)], text) }
        var text = text
        guard text.utf8.count == Int(s.valueEnd - s.valueStart) else { return false }
        return text.withUTF8 { t in
            source.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[Int(s.valueStart)..<Int(s.valueEnd)]).hasSameBytes(as: t) }
        }
    }

    func scalar(_ r: NodeRecord) -> YAMLScalar {
        let s = scalarRecord(r)
        let valueRange = SourceRange(start: base + Int(s.valueStart), end: base + Int(s.valueEnd))
        let text = scalarText(r)
        let map: OffsetMap
        if s.text < 0 {
            map = .identity(start: valueRange.start, count: valueRange.end - valueRange.start)
        } else if s.hasTable, let table = offsetTables[r.first] {
            map = .table(base == 0 ? table : table.map { $0 + base })
        } else {
            map = .none
        }
        let resolved: ScalarValue
        switch s.resolved {
        case .string: resolved = .string(text)
        case .null: resolved = .null
        case .false: resolved = .bool(false)
        case .true: resolved = .bool(true)
        case .int: resolved = .int(Int64(bitPattern: s.number))
        case .float: resolved = .float(Double(bitPattern: s.number))
        }
        return YAMLScalar(text: text, style: s.style, valueRange: valueRange, offsetMap: map, resolved: resolved)
    }
}

/// Builds a store: a record when a node starts, its children's slots when it closes. The one way
/// stores are made: the parser's tree builder writes a document through it as it reads events,
/// and nodes made after the parse (a component body with its arguments substituted, a mapping
/// with some pairs left out, tests) are written through it too, over the text of the nodes
/// they copy (`init(over:)`), taking unchanged subtrees whole (`addShared`).
///
/// What a write returns is a slot: a record's index, or a shared node's (`YAMLStore.sharedSlot`
/// set). `finish()` makes the store.
public struct YAMLStoreBuilder {
    let source: [UInt8]
    /// Added to every offset the store made reads (the records keep offsets less `base`: a
    /// parse's are its text's, a copy's those of the nodes it copies).
    let base: Int
    private(set) var nodes: [YAMLStore.NodeRecord] = []
    private(set) var children: [UInt32] = []
    private var scalars: [YAMLStore.ScalarRecord] = []
    private var texts: [String] = []
    private var offsetTables: [UInt32: [Int]] = [:]
    private var tags: [UInt32: String] = [:]
    private var shared: [YAMLNode] = []

    /// A scalar as the decoder read it.
    struct Scalar {
        var nodeRange: SourceRange
        var valueRange: SourceRange
        var style: ScalarStyle
        /// nil when the value is the source bytes of `valueRange`.
        var text: String?
        /// An offset table, when the value has escapes on one line.
        var table: [Int]?
        /// A plain scalar's core-schema reading (`.string` for every other style) and its
        /// number's bits: `Int64` or `Double` by `resolved`.
        var resolved: YAMLStore.Resolved
        var number: UInt64

        /// A resolver's reading as the record keeps it.
        static func reading(_ value: ScalarValue?) -> (YAMLStore.Resolved, UInt64) {
            switch value {
            case nil, .string?: return (.string, 0)
            case .null?: return (.null, 0)
            case .bool(let b)?: return (b ? .true : .false, 0)
            case .int(let i)?: return (.int, UInt64(bitPattern: i))
            case .float(let d)?: return (.float, d.bitPattern)
            }
        }
    }

    mutating func addScalar(_ s: Scalar, tag: String?, parent: Int32) -> UInt32 {
        let index = UInt32(nodes.count)
        if let tag { tags[index] = tag }
        let quoted = s.style == .singleQuoted || s.style == .doubleQuoted
        let derivable = quoted
            ? s.valueRange.start == s.nodeRange.start + 1 && s.valueRange.end == s.nodeRange.end - 1
            : s.style == .plain && s.valueRange == s.nodeRange
        if s.text == nil && s.table == nil && derivable {
            return addInlineScalar(s.nodeRange, style: s.style, resolved: s.resolved, number: s.number, tag: tag != nil, parent: parent)
        }
        let scalarIndex = UInt32(scalars.count)
        var textIndex: Int32 = -1
        if let t = s.text {
            textIndex = Int32(texts.count)
            texts.append(t)
        }
        if let table = s.table { offsetTables[scalarIndex] = table }
        scalars.append(YAMLStore.ScalarRecord(
            valueStart: Int32(s.valueRange.start), valueEnd: Int32(s.valueRange.end), text: textIndex, number: s.number,
            style: s.style, resolved: s.resolved, hasTable: s.table != nil))
        nodes.append(YAMLStore.NodeRecord(
            start: Int32(s.nodeRange.start), end: Int32(s.nodeRange.end), parent: parent, first: scalarIndex, count: 0,
            kind: .scalar, flags: tag != nil ? .tag : [], style: s.style, resolved: s.resolved))
        return index
    }

    /// A scalar whose value is its source text (plain) or the text between its quotes, with
    /// no `ScalarRecord`: the node's record holds everything. `tag`: whether `tags` has the
    /// node's tag.
    mutating func addInlineScalar(_ range: SourceRange, style: ScalarStyle, resolved: YAMLStore.Resolved, number: UInt64,
                                  tag: Bool, parent: Int32) -> UInt32 {
        let index = UInt32(nodes.count)
        nodes.append(YAMLStore.NodeRecord(
            start: Int32(range.start), end: Int32(range.end), parent: parent,
            first: UInt32(truncatingIfNeeded: number), count: UInt32(truncatingIfNeeded: number >> 32),
            kind: .scalar, flags: tag ? [.inlineScalar, .tag] : .inlineScalar, style: style, resolved: resolved))
        return index
    }

    /// A collection's record, made when it opens; `close` gives it its end and children.
    mutating func openCollection(isMapping: Bool, start: Int, tag: String?, isFlow: Bool, parent: Int32) -> UInt32 {
        let index = UInt32(nodes.count)
        if let tag { tags[index] = tag }
        nodes.append(YAMLStore.NodeRecord(
            start: Int32(start), end: Int32(start), parent: parent, first: 0, count: 0,
            kind: isMapping ? .mapping : .sequence, flags: Self.flags(flow: isFlow, tag: tag != nil), style: .plain,
            resolved: .string))
        return index
    }

    private static func flags(flow: Bool, tag: Bool) -> YAMLStore.NodeRecord.Flags {
        var f: YAMLStore.NodeRecord.Flags = []
        if flow { f.insert(.flow) }
        if tag { f.insert(.tag) }
        return f
    }

    mutating func close(_ index: UInt32, end: Int, children slots: UnsafeBufferPointer<UInt32>) {
        let first = UInt32(children.count)
        children.append(contentsOf: slots)
        nodes[Int(index)].first = first
        nodes[Int(index)].count = UInt32(slots.count)
        nodes[Int(index)].end = Int32(end)
    }

    init(source: [UInt8]) {
        self.source = source
        base = 0
        // Sized from the text (a node takes about ten bytes of YAML; a child slot is one per
        // node but the root) so the arrays seldom grow: growing copies them into fresh memory,
        // and on a large file the page faults of that cost more than the copying. Capacity not
        // used is never touched, so it costs no resident memory.
        let estimate = source.count / 8 + 16
        nodes.reserveCapacity(estimate)
        children.reserveCapacity(estimate)
    }

    /// A scalar key's value bytes (a slice of the source or of its decoded text); nil for a
    /// collection used as a key.
    func keyBytes(_ index: UInt32) -> ArraySlice<UInt8>? {
        let r = nodes[Int(index)]
        guard r.kind == .scalar else { return nil }
        let s = YAMLStore.scalarRecord(r, scalars)
        if s.text >= 0 { return ArraySlice(texts[Int(s.text)].utf8) }
        return source[Int(s.valueStart)..<Int(s.valueEnd)]
    }

    /// Whether two nodes are scalars with the same value bytes.
    func sameKey(_ a: UInt32, _ b: UInt32) -> Bool {
        let ra = nodes[Int(a)], rb = nodes[Int(b)]
        guard ra.kind == .scalar && rb.kind == .scalar else { return false }
        let sa = YAMLStore.scalarRecord(ra, scalars), sb = YAMLStore.scalarRecord(rb, scalars)
        if sa.text < 0 && sb.text < 0 {
            return source.withUnsafeBufferPointer { p in
                UnsafeBufferPointer(rebasing: p[Int(sa.valueStart)..<Int(sa.valueEnd)])
                    .hasSameBytes(as: UnsafeBufferPointer(rebasing: p[Int(sb.valueStart)..<Int(sb.valueEnd)]))
            }
        }
        guard let x = keyBytes(a), let y = keyBytes(b) else { return false }
        return x == y
    }

    func range(of index: UInt32) -> SourceRange {
        let r = nodes[Int(index)]
        return SourceRange(start: Int(r.start), end: Int(r.end))
    }

    func store(source: [UInt8], comments: CommentTable) -> YAMLStore {
        YAMLStore(source: source, base: base, nodes: nodes, children: children, scalars: scalars, texts: texts,
                  offsetTables: offsetTables, tags: tags, comments: comments, shared: shared)
    }
}

// MARK: Writing after the parse

extension YAMLStoreBuilder {
    /// A builder of nodes over `node`'s text: the nodes it writes have ranges in the same offsets
    /// (imported files' included), and a scalar's value may be its source bytes.
    public init(over node: YAMLNode) {
        self.init(over: node.store)
    }

    /// A builder of a few collection records over no text (base 0), which a block reparse
    /// writes (`SpineWriter`): no room reserved for a whole parse.
    init() {
        source = []
        base = 0
    }

    init(over store: YAMLStore) {
        source = store.source
        base = store.base
    }

    /// Room for `nodes` records and `slots` child slots (as many shared nodes at most).
    public mutating func reserve(nodes count: Int, slots: Int) {
        nodes.reserveCapacity(count)
        children.reserveCapacity(slots)
        shared.reserveCapacity(slots)
    }

    /// A slot that takes `node` whole, by reference (its store is kept alive by the one made).
    public mutating func addShared(_ node: YAMLNode) -> UInt32 {
        shared.append(node)
        return UInt32(shared.count - 1) | YAMLStore.sharedSlot
    }

    /// How far `node`'s offsets lie from this builder's: nodes of one tree may lie in stores
    /// with different bases (a block reparse's tree: `YAMLParser.reparse`), all in one offset
    /// space, so a copy's ranges are the node's moved into this builder's base.
    private func shift(of node: YAMLNode) -> Int32 { Int32(node.store.base - base) }

    /// A copy of scalar `node` (its range, tag and value's range) whose value is `text`, read
    /// as `style` reads it (the core schema for plain); nil text: the node's own value. `parent`:
    /// the record of the collection it goes in, -1 for none.
    public mutating func addScalar(copying node: YAMLNode, text: String? = nil, style: ScalarStyle? = nil,
                                   parent: Int32) -> UInt32 {
        let r = node.store.nodes[Int(node.index)]
        precondition(r.kind == .scalar, "a scalar copied from a collection")
        var s = node.store.scalarRecord(r)
        let shift = shift(of: node)
        var table: [Int]?
        var value = text
        if text == nil {
            if s.text >= 0 { value = node.store.texts[Int(s.text)] }
            if s.hasTable { table = node.store.offsetTables[r.first]?.map { $0 + Int(shift) } }
            // A value that is its source bytes is read from this builder's source: from another
            // store's, the copy keeps the value's text.
            if value == nil && !sameSource(node.store) { value = node.store.scalarText(r) }
        }
        let newStyle = style ?? s.style
        if text != nil || newStyle != s.style {
            (s.resolved, s.number) = Scalar.reading(ScalarResolver.resolve(value ?? node.store.scalarText(r), style: newStyle))
        }
        let scalar = Scalar(
            nodeRange: SourceRange(start: Int(r.start + shift), end: Int(r.end + shift)),
            valueRange: SourceRange(start: Int(s.valueStart + shift), end: Int(s.valueEnd + shift)), style: newStyle, text: value,
            table: table, resolved: s.resolved, number: s.number)
        return addScalar(scalar, tag: node.tag, parent: parent)
    }

    /// Whether `store` reads the same source bytes at the same offsets as this builder.
    private func sameSource(_ store: YAMLStore) -> Bool {
        store.base == base && store.source.withUnsafeBufferPointer({ $0.baseAddress }) == source.withUnsafeBufferPointer({ $0.baseAddress })
    }

    /// A collection like `node` (its kind, range, tag and style), whose children `close(_:children:)`
    /// gives. `parent`: the record of the collection it goes in, -1 for none.
    public mutating func openCollection(copying node: YAMLNode, parent: Int32) -> UInt32 {
        let r = node.store.nodes[Int(node.index)]
        precondition(r.kind != .scalar, "a collection copied from a scalar")
        let shift = shift(of: node)
        let index = openCollection(isMapping: r.kind == .mapping, start: Int(r.start + shift), tag: node.tag, isFlow: r.isFlow,
                                   parent: parent)
        nodes[Int(index)].end = r.end + shift
        return index
    }

    /// A collection at `range` (in the text's offsets), whose children `close(_:children:)` gives.
    public mutating func openCollection(isMapping: Bool, range: SourceRange, tag: String? = nil, isFlow: Bool = false,
                                        parent: Int32) -> UInt32 {
        let index = openCollection(isMapping: isMapping, start: range.start - base, tag: tag, isFlow: isFlow, parent: parent)
        nodes[Int(index)].end = Int32(range.end - base)
        return index
    }

    /// An empty-ranged block mapping at the start of the text, for pairs taken from elsewhere.
    mutating func openMapping(parent: Int32) -> UInt32 {
        openCollection(isMapping: true, start: 0, tag: nil, isFlow: false, parent: parent)
    }

    /// A collection opened by `openCollection` gets its children's slots (a mapping's: key,
    /// value, key, value…).
    public mutating func close(_ index: UInt32, children slots: UnsafeBufferPointer<UInt32>) {
        close(index, end: Int(nodes[Int(index)].end), children: slots)
    }

    /// The store made of what was written, and its nodes by slot.
    public func finish() -> YAMLWrittenNodes {
        YAMLWrittenNodes(store: store(source: source, comments: CommentTable()))
    }
}

/// The nodes of a store written after the parse, by the slots `YAMLStoreBuilder` returned.
public struct YAMLWrittenNodes: Sendable {
    let store: YAMLStore

    public subscript(slot: UInt32) -> YAMLNode { store.node(slotValue: slot) }
}
