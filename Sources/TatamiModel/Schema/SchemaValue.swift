import TatamiBase

/// A value as the validator read it by its key's `ValueShape`: checked against the shape (types,
/// bounds, words; everything wrong already reported), with a mapping's keys by name. What a
/// modifier's `KeySpec.modifier` turns into a `Modifier`, so that a modifier key is the schema
/// table's entry plus its layout code, and the validator needs nothing of its own for it.
public enum SchemaValue: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    /// A word of an `.enumeration`.
    case word(String)
    case string(String)
    /// A mapping's valid fields; a key left out, or whose value was wrong, is absent.
    case object([String: SchemaValue])

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var number: Double? {
        if case .number(let v) = self { return v }
        return nil
    }

    /// The word of an enumeration, or the text of a string.
    public var word: String? {
        switch self {
        case .word(let w), .string(let w): return w
        default: return nil
        }
    }

    /// A field of a mapping; nil for a field left out or wrong, and for a value that is not a
    /// mapping.
    public subscript(_ key: String) -> SchemaValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// Whether a shape can be read as a `SchemaValue` (what the validator reads generically):
    /// booleans, numbers, words, strings, mappings of these, and `oneOf` such shapes with at
    /// most one of each kind (the value's YAML type picks the option).
    public static func canRead(_ shape: ValueShape) -> Bool {
        switch shape {
        case .boolean, .number, .enumeration, .string: return true
        case .object(let keys): return keys.allSatisfy { canRead($0.shape) }
        case .oneOf(let options):
            let kinds = options.map(optionKind)
            return options.allSatisfy(canRead) && Set(kinds).count == kinds.count
        default: return false
        }
    }

    /// Which YAML type an option of `oneOf` takes: a mapping, a boolean, a number, or a string.
    public static func optionKind(_ shape: ValueShape) -> Int {
        switch shape {
        case .object: return 0
        case .boolean: return 1
        case .number: return 2
        default: return 3
        }
    }
}

/// Makes a modifier from its checked value; nil when the value asks for none (`border: false`).
public typealias ModifierBuilder = @Sendable (SchemaValue) -> Modifier?
