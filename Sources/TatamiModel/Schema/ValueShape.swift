import TatamiBase

/// The bounds of a numeric value.
public struct NumberBounds: Sendable, Hashable {
    /// The smallest allowed value; nil: no lower bound.
    public var min: Double?
    /// Whether `min` itself is excluded (`scale` must be greater than 0).
    public var minIsExclusive: Bool
    /// The largest allowed value; nil: no upper bound.
    public var max: Double?
    /// Whether `infinity` (plain `infinity` or `.inf`) is accepted (`maxWidth`, `maxHeight`).
    public var allowsInfinity: Bool
    /// Whether the value must be a whole number.
    public var isInteger: Bool

    public init(min: Double?, minIsExclusive: Bool = false, max: Double?, allowsInfinity: Bool = false, isInteger: Bool = false) {
        self.min = min
        self.minIsExclusive = minIsExclusive
        self.max = max
        self.allowsInfinity = allowsInfinity
        self.isInteger = isInteger
    }

    /// Every length unless stated otherwise: 0…1,000,000.
    public static let length = NumberBounds(min: 0, max: 1_000_000)
    /// A length that may be infinite (`maxWidth: infinity`).
    public static let maxLength = NumberBounds(min: 0, max: 1_000_000, allowsInfinity: true)
    /// A coordinate or displacement that may be negative: −1,000,000…1,000,000.
    public static let signedLength = NumberBounds(min: -1_000_000, max: 1_000_000)
    /// A length that must be greater than 0.
    public static let positiveLength = NumberBounds(min: 0, minIsExclusive: true, max: 1_000_000)

    /// Whether `v` is allowed (infinity only when `allowsInfinity`).
    public func contains(_ v: Double) -> Bool {
        if v.isNaN { return false }
        if v.isInfinite { return allowsInfinity && v > 0 }
        if let min, minIsExclusive ? v <= min : v < min { return false }
        if let max, v > max { return false }
        if isInteger && v != v.rounded() { return false }
        return true
    }

    /// The allowed range in words, for messages: "a number from 0 to 1000000".
    public var description: String {
        let noun = isInteger ? "a whole number" : "a number"
        var s: String
        switch (min, max) {
        case let (lo?, hi?) where minIsExclusive:
            s = "\(noun) greater than \(formatNumber(lo)) and at most \(formatNumber(hi))"
        case let (lo?, hi?):
            s = lo == hi ? "exactly \(formatNumber(lo))" : "\(noun) from \(formatNumber(lo)) to \(formatNumber(hi))"
        case let (lo?, nil):
            s = minIsExclusive ? "\(noun) greater than \(formatNumber(lo))" : "\(noun) of at least \(formatNumber(lo))"
        case let (nil, hi?):
            s = "\(noun) of at most \(formatNumber(hi))"
        case (nil, nil):
            s = "a finite \(isInteger ? "whole number" : "number")"
        }
        if allowsInfinity { s += ", or `infinity`" }
        return s
    }
}

/// Which alignment names a key accepts.
public enum AlignmentSet: String, Sendable, Hashable {
    /// The nine two-axis alignments (`topLeading` … `bottomTrailing`).
    case nine
    /// An hstack's: `top`, `center`, `bottom`, the text baselines, or a custom vertical alignment.
    case vertical
    /// A vstack's: `leading`, `center`, `trailing`, or a custom horizontal alignment.
    case horizontal

    /// The built-in names, in the order docs/format.md lists them.
    public var builtInNames: [String] {
        switch self {
        case .nine: return Alignment2D.allNames
        case .vertical: return ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]
        case .horizontal: return ["leading", "center", "trailing"]
        }
    }

    /// The axis of the custom alignments accepted too; nil when none are.
    public var customAxis: Axis? {
        switch self {
        case .nine: return nil
        case .vertical: return .vertical
        case .horizontal: return .horizontal
        }
    }
}

/// The shape of a value in a Tatami file: what the validator checks, completion offers and
/// `tatami schema` exports.
public indirect enum ValueShape: Sendable {
    /// Any scalar read as text.
    case string
    case number(NumberBounds)
    case boolean
    /// One of these words.
    case enumeration([String])
    /// A colour name from `ColorValue.names` or `#RRGGBB`.
    case color
    /// Exactly one character.
    case character
    /// One view (a mapping with a kind key, or a bare scalar meaning a text).
    case view
    /// A list of views; null means empty.
    case viewList
    /// A YAML number, or a string in the expression language producing this type. A condition
    /// (`.boolean`) also accepts `true` and `false`.
    case expression(ExpressionType)
    /// An alignment name from this set.
    case alignment(AlignmentSet)
    /// The name of a font (a default one or one declared under `fonts:`).
    case fontName
    /// A map from guide names (built-in or declared) to numbers or expressions.
    case guideMap
    /// A mapping with these keys only.
    case object([KeySpec])
    /// A mapping from names the file chooses to values of this shape.
    case map(ValueShape)
    case list(ValueShape)
    /// A list of exactly these values, in order.
    case tuple([ValueShape])
    /// Any one of these.
    case oneOf([ValueShape])
    /// Nothing: null, or an omitted value.
    case null
}

/// The value a key takes when it is left out, as the schema table states it: a typed value the
/// validator and the JSON Schema read as it is, or words for a default no single value states
/// ("the flow's `spacing`", "20×20").
public enum DefaultValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    /// A word of the key's vocabulary: an enumeration's value, an alignment, a font's name.
    case word(String)
    /// A default told in words.
    case described(String)

    /// The default as hover, completion and `tatami schema` show it.
    public var description: String {
        switch self {
        case .number(let v): return v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
        case .bool(let b): return b ? "true" : "false"
        case .word(let w), .described(let w): return w
        }
    }

    /// The number, for a numeric default.
    public var number: Double? {
        if case .number(let v) = self { return v }
        return nil
    }
}

/// One key of a mapping.
public struct KeySpec: Sendable {
    public let name: String
    public let shape: ValueShape
    /// What the key means, in a sentence (hover and `tatami schema` show it).
    public let doc: String
    /// The value assumed when the key is left out; nil when there is none to tell.
    public let defaultValue: DefaultValue?
    public let required: Bool
    /// For a modifier read generically: the modifier its checked value makes (`SchemaValue`).
    /// nil for every other key, and for the modifiers the validator reads itself (those whose
    /// value is a view, or whose shorthand needs words of its own).
    public let modifier: ModifierBuilder?

    public init(_ name: String, _ shape: ValueShape, doc: String, default defaultValue: DefaultValue? = nil, required: Bool = false,
                modifier: ModifierBuilder? = nil) {
        self.name = name
        self.shape = shape
        self.doc = doc
        self.defaultValue = defaultValue
        self.required = required
        self.modifier = modifier
    }

    /// The default in words (hover, completion, the JSON Schema's description).
    public var defaultDescription: String? { defaultValue?.description }

    /// The same key, not required.
    public var optional: KeySpec {
        KeySpec(name, shape, doc: doc, default: defaultValue, required: false, modifier: modifier)
    }

    /// The bounds when the shape is a number (directly, or as an option of `oneOf`).
    public var numberBounds: NumberBounds? { shape.numberBounds }

    /// The words of an enumeration shape (directly, or as an option of `oneOf`).
    public var enumerationValues: [String]? { shape.enumerationValues }
}

extension ValueShape {
    /// The first number bounds found in the shape (looking through `oneOf`).
    public var numberBounds: NumberBounds? {
        switch self {
        case .number(let b): return b
        case .oneOf(let options):
            for o in options { if let b = o.numberBounds { return b } }
            return nil
        default: return nil
        }
    }

    /// The words of the first enumeration found in the shape (looking through `oneOf`).
    public var enumerationValues: [String]? {
        switch self {
        case .enumeration(let words): return words
        case .oneOf(let options):
            for o in options { if let w = o.enumerationValues { return w } }
            return nil
        default: return nil
        }
    }

    /// The keys of an object shape (looking through `oneOf` and `list`).
    public var objectKeys: [KeySpec]? {
        switch self {
        case .object(let keys): return keys
        case .oneOf(let options):
            for o in options { if let k = o.objectKeys { return k } }
            return nil
        case .list(let element): return element.objectKeys
        default: return nil
        }
    }

    /// A short description of what the shape accepts, for messages ("a number", "a list of views").
    public var summary: String {
        switch self {
        case .string: return "a string"
        case .number(let b): return b.isInteger ? "a whole number" : "a number"
        case .boolean: return "a boolean"
        case .enumeration(let words): return "one of " + words.map { "`\($0)`" }.joined(separator: ", ")
        case .color: return "a colour"
        case .character: return "one character"
        case .view: return "a view"
        case .viewList: return "a list of views"
        case .expression(let t): return t == .boolean ? "a condition" : "a number or an expression"
        case .alignment: return "an alignment name"
        case .fontName: return "a font name"
        case .guideMap: return "a mapping of guide names to values"
        case .object: return "a mapping"
        case .map: return "a mapping"
        case .list: return "a list"
        case .tuple(let items): return "a list of \(items.count) values"
        case .oneOf(let options): return options.map(\.summary).joined(separator: " or ")
        case .null: return "nothing"
        }
    }
}

/// One kind of view: its key, the shape of its main value, and its parameters.
public struct KindSpec: Sendable {
    public let name: String
    public let value: ValueShape
    public let parameters: [KeySpec]
    public let doc: String
    public let isContainer: Bool
    /// What a dimension proposed nothing counts as, for a kind that takes what it is proposed
    /// (a colour's 10, docs/format.md §5.3); nil for the others.
    public let unproposedLength: Double?

    public init(_ name: String, value: ValueShape, parameters: [KeySpec], doc: String, isContainer: Bool,
                unproposedLength: Double? = nil) {
        self.name = name
        self.value = value
        self.parameters = parameters
        self.doc = doc
        self.isContainer = isContainer
        self.unproposedLength = unproposedLength
    }

    public func parameter(named name: String) -> KeySpec? {
        parameters.first { $0.name == name }
    }
}
