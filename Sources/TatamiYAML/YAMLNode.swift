import TatamiBase

/// How a scalar was written.
public enum ScalarStyle: UInt8, Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A scalar's value as the YAML 1.2 core schema reads a plain scalar. Quoted and block scalars
/// are always strings.
public enum ScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer that fits in Int64.
    case int(Int64)
    /// A float, or an integer too large for Int64 (kept as its nearest Double; `isHuge` tells).
    case float(Double)
    case string(String)
}

/// A scalar node's content, as a value made when asked for (a parsed document keeps its
/// scalars as byte ranges into the source, see `YAMLStore`).
public struct YAMLScalar: Sendable, Hashable {
    /// The scalar's value after YAML's escapes and folding.
    public let text: String
    public let style: ScalarStyle
    /// Where the value's characters start and end in the source: inside the quotes for quoted
    /// scalars, the whole text for plain ones, the content lines for block scalars.
    public let valueRange: SourceRange
    /// For single-line scalars whose source bytes map to value bytes one-to-one or through simple
    /// escapes: value UTF-8 offsets → source byte offsets. `.none` for multi-line or folded ones.
    public let offsetMap: OffsetMap
    /// The value as the core schema resolves it (plain scalars only; others are strings).
    public let resolved: ScalarValue

    init(text: String, style: ScalarStyle, valueRange: SourceRange, offsetMap: OffsetMap, resolved: ScalarValue) {
        self.text = text
        self.style = style
        self.valueRange = valueRange
        self.offsetMap = offsetMap
        self.resolved = resolved
    }

    /// The source range of the value's UTF-8 bytes `range`; falls back to the whole value range
    /// when no exact mapping exists.
    public func sourceRange(ofValueBytes range: Range<Int>) -> SourceRange {
        offsetMap.sourceRange(of: range) ?? valueRange
    }
}

/// A key and its value in a mapping, in source order.
public struct YAMLPair: Sendable {
    public let key: YAMLNode
    public let value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A node of the YAML tree: a handle (a store and an index in it), immutable, with exact start
/// and end positions. Copying a handle copies two words; the nodes themselves live in their
/// document's `YAMLStore`.
///
/// Aliases are resolved: an alias is the anchored node itself (the same index), so a node
/// reached through an alias reports the anchor's range.
///
/// Nodes made after the parse (component expansion's copies, a mapping with pairs left out) are
/// written through `YAMLStoreBuilder` into stores of their own, which take unchanged subtrees of
/// any store whole.
public struct YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case mapping(YAMLPairs)
        case sequence(YAMLItems)
    }

    @usableFromInline let store: YAMLStore
    @usableFromInline let index: UInt32

    init(store: YAMLStore, index: UInt32) {
        self.store = store
        self.index = index
    }

    /// The node's identity: equal for the same node reached twice (through an alias too), of
    /// one parse; a relocated or rebuilt copy is another node. It names the node only while the
    /// node is alive: it holds its store's address, which a store made later may reuse, so a
    /// set that outlives the nodes it names must hold the nodes too.
    public struct ID: Hashable, Sendable {
        let store: ObjectIdentifier
        let index: UInt32
    }

    public var id: ID { ID(store: ObjectIdentifier(store), index: index) }

    public var content: Content {
        let r = store.nodes[Int(index)]
        switch r.kind {
        case .mapping: return .mapping(YAMLPairs(store: store, first: Int(r.first), count: Int(r.count) / 2))
        case .sequence: return .sequence(YAMLItems(store: store, first: Int(r.first), count: Int(r.count)))
        case .scalar: return .scalar(store.scalar(r))
        }
    }

    /// From the first character of the node (its anchor or tag, if any, excluded) to just past
    /// its last character, as UTF-8 byte offsets.
    public var range: SourceRange {
        let r = store.nodes[Int(index)]
        return SourceRange(start: store.base + Int(r.start), end: store.base + Int(r.end))
    }

    /// An explicit tag (`!!str`, `!foo`), if written.
    public var tag: String? {
        guard store.nodes[Int(index)].hasTag else { return nil }
        return store.tags[index]
    }

    /// Flow style (`[a, b]`, `{a: 1}`) for collections.
    public var isFlow: Bool {
        return store.nodes[Int(index)].isFlow
    }

    public var isScalar: Bool {
        return store.nodes[Int(index)].kind == .scalar
    }

    public var scalar: YAMLScalar? {
        let r = store.nodes[Int(index)]
        return r.kind == .scalar ? store.scalar(r) : nil
    }

    public var pairs: YAMLPairs? {
        let r = store.nodes[Int(index)]
        return r.kind == .mapping ? YAMLPairs(store: store, first: Int(r.first), count: Int(r.count) / 2) : nil
    }

    public var items: YAMLItems? {
        let r = store.nodes[Int(index)]
        return r.kind == .sequence ? YAMLItems(store: store, first: Int(r.first), count: Int(r.count)) : nil
    }

    /// A key's scalar text, when this node is a scalar (mapping keys are compared by it).
    public var keyText: String? {
        let r = store.nodes[Int(index)]
        return r.kind == .scalar ? store.scalarText(r) : nil
    }

    /// Whether this node is a scalar whose value is `text`, compared as UTF-8 bytes without
    /// making a string.
    public func isScalar(_ text: String) -> Bool {
        let r = store.nodes[Int(index)]
        guard r.kind == .scalar else { return false }
        return store.scalarEquals(r, text)
    }

    /// A plain scalar's number (an integer or a float of the core schema), read from the store
    /// without making the scalar's text; nil for anything else.
    public var numberValue: Double? {
        let r = store.nodes[Int(index)]
        guard r.kind == .scalar else { return nil }
        let s = store.scalarRecord(r)
        switch s.resolved {
        case .int: return Double(Int64(bitPattern: s.number))
        case .float: return Double(bitPattern: s.number)
        default: return nil
        }
    }

    /// A scalar's text when the core schema reads it as a string (`scalar?.resolved` as
    /// `.string`), read from the store without making a `YAMLScalar`; nil for anything else.
    public var stringValue: String? {
        let r = store.nodes[Int(index)]
        guard r.kind == .scalar, store.scalarRecord(r).resolved == .string else { return nil }
        return store.scalarText(r)
    }

    /// A plain scalar's boolean, read from the store; nil for anything else.
    public var boolValue: Bool? {
        let r = store.nodes[Int(index)]
        guard r.kind == .scalar else { return nil }
        switch store.scalarRecord(r).resolved {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// Whether this node and `other` are scalars with the same value, compared as UTF-8 bytes
    /// where they are stored (no string made).
    public func hasSameScalarValue(as other: YAMLNode) -> Bool {
        withScalarBytes { a in other.withScalarBytes { b in a.hasSameBytes(as: b) } ?? false } ?? false
    }

    /// A hash of a scalar's value bytes (FNV-1a, the same in every process), read where they are
    /// stored; nil for a collection. Equal values hash equal.
    public var scalarValueHash: UInt64? {
        withScalarBytes { bytes in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h
        }
    }

    /// Calls `body` with a scalar's value bytes (in place in the source where they are the
    /// source's); nil for a collection. Inlinable: the validator reads every key through it, and
    /// across the module boundary a generic function would run unspecialised.
    @inlinable
    public func withScalarBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        store.withScalarBytes(ofRecord: Int(index), body)
    }

    /// The value for a scalar key, first occurrence.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first(where: { $0.key.isScalar(key) })?.value
    }

    /// The node that holds this one (the first place an aliased node was written), nil for a
    /// document's root and for the root of nodes written after the parse. A node taken whole
    /// into a copy keeps the parent it has in its own store.
    public var parent: YAMLNode? {
        let p = store.nodes[Int(index)].parent
        return p < 0 ? nil : YAMLNode(store: store, index: UInt32(p))
    }

    /// Comments written on their own lines right before this node (nearest last), as ranges
    /// from `#` to the end of the line.
    public var leadingComments: [SourceRange] {
        store.comments.leading(of: index, base: store.base)
    }

    /// The comment after this node on its last line, if any.
    public var trailingComment: SourceRange? {
        store.comments.trailing(of: index, base: store.base)
    }

    /// The comments a rewrite writes before this node (on lines of their own above it, or after
    /// the dash or `---` they followed), in order: its leading comments but those kept with the
    /// key below them, and for a key, the comments standing above its line (`YAMLComment.keptWith`).
    public var commentsKeptBefore: [SourceRange] {
        store.comments.kept(with: index, base: store.base)
    }

    /// What kind of node this is, in words, for messages ("a mapping", "a list", "a string").
    public var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let s):
            switch s.resolved {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .float: return "a number"
            case .string: return "a string"
            }
        }
    }

    /// The same subtree with every offset moved by `delta` (imported files share one offset
    /// space, docs/format.md §9): a store sharing this one's arrays.
    public func relocated(by delta: Int) -> YAMLNode {
        YAMLNode(store: store.moved(by: delta), index: index)
    }
}

/// A mapping's pairs: a view of its store's child slots.
public struct YAMLPairs: RandomAccessCollection, Sendable {
    @usableFromInline let store: YAMLStore
    @usableFromInline let first: Int
    public let count: Int

    init(store: YAMLStore, first: Int, count: Int) {
        self.store = store
        self.first = first
        self.count = count
    }

    /// No pairs.
    public static var empty: YAMLPairs { YAMLPairs(store: YAMLStore.empty, first: 0, count: 0) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The key of pair `i` (`self[i].key` without the value).
    public func key(at i: Int) -> YAMLNode {
        precondition(i >= 0 && i < count, "pair index out of range")
        return store.node(inSlot: first + 2 * i)
    }

    public subscript(i: Int) -> YAMLPair {
        precondition(i >= 0 && i < count, "pair index out of range")
        let slot = first + 2 * i
        return YAMLPair(key: store.node(inSlot: slot), value: store.node(inSlot: slot + 1))
    }

    // Reading a pair in place: no node handle is made (a handle holds its store, so making one
    // and dropping it is a retain and a release), for the validator's hot loops.

    /// `key(at: i).withScalarBytes(body)`, read in place.
    @inlinable
    public func withKeyBytes<R>(at i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        precondition(i >= 0 && i < count, "pair index out of range")
        return store.withScalarBytes(inSlot: first + 2 * i, body)
    }

    /// `value(at: i).numberValue`, read in place.
    public func valueNumber(at i: Int) -> Double? {
        precondition(i >= 0 && i < count, "pair index out of range")
        return store.numberValue(inSlot: first + 2 * i + 1)
    }

    /// The pairs at `indexes` (in that order), as the pairs of a mapping written through
    /// `YAMLStoreBuilder` that takes each pair's nodes whole.
    public func keeping(_ indexes: some Sequence<Int>) -> YAMLPairs {
        var builder = YAMLStoreBuilder(over: store)
        var slots: [UInt32] = []
        for i in indexes {
            slots.append(builder.addShared(store.node(inSlot: first + 2 * i)))
            slots.append(builder.addShared(store.node(inSlot: first + 2 * i + 1)))
        }
        let mapping = builder.openMapping(parent: -1)
        slots.withUnsafeBufferPointer { builder.close(mapping, children: $0) }
        return builder.finish()[mapping].pairs!
    }
}

/// A sequence's items: a view of its store's child slots.
public struct YAMLItems: RandomAccessCollection, Sendable {
    let store: YAMLStore
    let first: Int
    public let count: Int

    init(store: YAMLStore, first: Int, count: Int) {
        self.store = store
        self.first = first
        self.count = count
    }

    /// No items.
    public static var empty: YAMLItems { YAMLItems(store: YAMLStore.empty, first: 0, count: 0) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> YAMLNode {
        precondition(i >= 0 && i < count, "item index out of range")
        return store.node(inSlot: first + i)
    }

    /// The first `maxLength` items (all of them when there are fewer).
    public func prefix(_ maxLength: Int) -> YAMLItems {
        YAMLItems(store: store, first: first, count: Swift.min(count, Swift.max(0, maxLength)))
    }
}

/// Compares two strings' UTF-8 bytes (YAML compares content, not canonical equivalence).
func sameBytes(_ a: String, _ b: String) -> Bool {
    var a = a, b = b
    guard a.utf8.count == b.utf8.count else { return false }
    return a.withUTF8 { x in b.withUTF8 { y in x.hasSameBytes(as: y) } }
}

/// A comment (`#` to the end of its line) and the node it belongs to.
public struct YAMLComment: Sendable {
    public enum Placement: Sendable, Hashable {
        /// On a line of its own, before `node` (nil: after the last node of the document).
        case leading
        /// After `node` on the node's last line.
        case trailing
    }

    public let range: SourceRange
    public let placement: Placement
    /// The node the comment is attached to; nil for comments after everything else.
    public let node: YAMLNode?
    /// The node a rewrite keeps it with: `node`, but for a comment on a line of its own above a
    /// line that starts with a mapping key, that key (it moves with the key), the file's header
    /// apart (`CommentTable`).
    public let keptWith: YAMLNode?
    /// Whether only blanks (or a byte-order mark) come before it on its line, as YAML counts
    /// lines (a CR alone, NEL, U+2028 and U+2029 end one too: `YAMLLineBreaks`).
    public let standsAlone: Bool
    /// The suppression it writes, if it is one.
    public let directive: CommentDirective?
}

/// What parsing one file produced. Parsing never fails: problems are diagnostics.
public struct YAMLParseResult: Sendable {
    /// The first document's root, or nil when the text is empty or could not be parsed at all.
    public let root: YAMLNode?
    public let diagnostics: [Diagnostic]
    public let lineTable: LineTable
    /// False when parsing stopped early (a syntax error or a limit): `root` is then the part
    /// built before the stop, with open collections closed.
    public let isComplete: Bool
    /// Whether an alias (`*name`) was read: the anchored node then appears more than once in
    /// the tree, and so do the views read from it.
    public let usesAliases: Bool
    /// Every comment of the text, in order, with the node each belongs to (the formatter's
    /// trivia). Comments inside a part that could not be parsed are not attached.
    public let comments: [YAMLComment]
    /// Every suppression comment of the text, in order. Past a syntax error, where comments are
    /// not listed (the text there may be inside an unclosed quote), each `#` after a blank is
    /// read for one all the same, so that a file's suppressions hold while it is being edited.
    public let directives: [CommentDirective]

    public init(root: YAMLNode?, diagnostics: [Diagnostic], lineTable: LineTable, isComplete: Bool = true,
                usesAliases: Bool = false, comments: [YAMLComment] = [], directives: [CommentDirective] = []) {
        self.root = root
        self.diagnostics = diagnostics
        self.lineTable = lineTable
        self.isComplete = isComplete
        self.usesAliases = usesAliases
        self.comments = comments
        self.directives = directives
    }
}

extension YAMLNode {
    /// Whether two handles are the same node (as `===` compares objects).
    public static func === (a: YAMLNode, b: YAMLNode) -> Bool { a.store === b.store && a.index == b.index }
    public static func !== (a: YAMLNode, b: YAMLNode) -> Bool { !(a === b) }
}

extension Optional where Wrapped == YAMLNode {
    /// Whether both are nil or both are the same node.
    public static func === (a: YAMLNode?, b: YAMLNode?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x === y
        default: return false
        }
    }

    public static func !== (a: YAMLNode?, b: YAMLNode?) -> Bool { !(a === b) }
}
