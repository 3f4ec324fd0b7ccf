import TatamiBase

/// How a scalar was written.
public enum ScalarStyle: Sendable, Hashable {
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

/// A scalar node's content.
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
    /// The value as the core schema resolves it (plain scalars only; others are strings),
    /// computed once when the scalar is read.
    public let resolved: ScalarValue

    public init(text: String, style: ScalarStyle, valueRange: SourceRange, offsetMap: OffsetMap) {
        self.text = text
        self.style = style
        self.valueRange = valueRange
        self.offsetMap = offsetMap
        self.resolved = ScalarResolver.resolve(text, style: style)
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

/// A node of the YAML tree: immutable, with exact start and end positions.
///
/// Aliases are resolved: an alias becomes the anchored node itself (shared, not copied), so a
/// node reached through an alias reports the anchor's range; `aliasRange` says where the alias was.
public final class YAMLNode: @unchecked Sendable {
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    public let content: Content
    /// From the first character of the node (its anchor or tag, if any, excluded) to just past
    /// its last character, as UTF-8 byte offsets.
    public let range: SourceRange
    /// An explicit tag (`!!str`, `!foo`), if written.
    public let tag: String?
    /// Flow style (`[a, b]`, `{a: 1}`) for collections.
    public let isFlow: Bool

    public init(content: Content, range: SourceRange, tag: String? = nil, isFlow: Bool = false) {
        self.content = content
        self.range = range
        self.tag = tag
        self.isFlow = isFlow
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    public var pairs: [YAMLPair]? {
        if case .mapping(let p) = content { return p }
        return nil
    }

    public var items: [YAMLNode]? {
        if case .sequence(let i) = content { return i }
        return nil
    }

    /// A key's scalar text, when this node is a scalar (mapping keys are compared by it).
    public var keyText: String? { scalar?.text }

    /// The value for a scalar key, first occurrence.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first(where: { $0.key.keyText == key })?.value
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

    public init(root: YAMLNode?, diagnostics: [Diagnostic], lineTable: LineTable, isComplete: Bool = true,
                usesAliases: Bool = false) {
        self.root = root
        self.diagnostics = diagnostics
        self.lineTable = lineTable
        self.isComplete = isComplete
        self.usesAliases = usesAliases
    }
}
