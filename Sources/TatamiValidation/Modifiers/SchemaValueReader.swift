import TatamiModel
import TatamiBase
import TatamiYAML

/// A `ValueShape` prepared for reading as a `SchemaValue`: each mapping's key index built once.
indirect enum PreparedShape: Sendable {
    case boolean
    case number(NumberBounds)
    case words([String])
    case string
    case object(ObjectKeys, fields: [PreparedShape])
    /// The options, and what the value should have been, in words, for a value none takes.
    case oneOf([PreparedShape], expected: String, acceptsBool: Bool)

    /// nil for a shape `SchemaValue.canRead` refuses.
    init?(_ shape: ValueShape) {
        guard SchemaValue.canRead(shape) else { return nil }
        switch shape {
        case .boolean: self = .boolean
        case .number(let b): self = .number(b)
        case .enumeration(let words): self = .words(words)
        case .string: self = .string
        case .object(let keys):
            self = .object(ObjectKeys(keys), fields: keys.map { PreparedShape($0.shape)! })
        case .oneOf(let options):
            let expected = options.map(Self.expectation)
            let text = expected.count > 1
                ? expected.dropLast().joined(separator: ", ") + " or " + expected.last!
                : expected.first ?? "a value"
            let acceptsBool = options.contains { if case .boolean = $0 { return true } else { return false } }
            self = .oneOf(options.map { PreparedShape($0)! }, expected: text, acceptsBool: acceptsBool)
        default: return nil
        }
    }

    /// One option in words: "`true`, `false`", "a number", "`{style}`".
    private static func expectation(_ shape: ValueShape) -> String {
        switch shape {
        case .boolean: return "`true`, `false`"
        case .number(let b): return b.isInteger ? "a whole number" : "a number"
        case .enumeration(let words): return words.map { "`\($0)`" }.joined(separator: ", ")
        case .object(let keys): return "`{" + keys.map(\.name).joined(separator: ", ") + "}`"
        default: return "a string"
        }
    }

    /// The modifiers the validator reads generically (`KeySpec.modifier`), by name.
    static let modifiers: [String: (shape: PreparedShape, build: ModifierBuilder)] = {
        var table: [String: (shape: PreparedShape, build: ModifierBuilder)] = [:]
        for spec in Schema.modifiers {
            if let build = spec.modifier, let shape = PreparedShape(spec.shape) { table[spec.name] = (shape, build) }
        }
        return table
    }()
}

extension ValueChecking {
    /// `node`, the value of `key`, read by `shape`: wrong types, values out of bounds, unknown
    /// words and keys reported as for any other key; nil when the value is unusable. A mapping's
    /// wrong fields are left out of it.
    func schemaValue(_ node: YAMLNode, key: YAMLNode?, shape: PreparedShape, name: @autoclosure () -> String) -> SchemaValue? {
        switch shape {
        case .boolean:
            return bool(node, key: key, name: name()).map { .bool($0) }
        case .number(let bounds):
            return number(node, key: key, bounds: bounds, name: name()).map { .number($0) }
        case .words(let words):
            return word(node, key: key, words: words, name: name()).map { .word($0) }
        case .string:
            return string(node, key: key, name: name()).map { .string($0) }
        case .object(let keys, let fields):
            guard let pairs = objectPairs(node, owner: key, keys: keys, name: name()) else { return nil }
            var values: [String: SchemaValue] = [:]
            for (id, field) in fields.enumerated() {
                guard let pair = pairs[id] else { continue }
                let spec = keys.specs[id]
                values[spec.name] = schemaValue(pair.value, key: pair.key, shape: field, name: "`\(spec.name)`")
            }
            return .object(values)
        case .oneOf(let options, let expected, let acceptsBool):
            guard let option = options.first(where: { $0.takes(node) }) else {
                reportWrongType(node, key: key, expected: expected, for: name(), acceptsBool: acceptsBool)
                return nil
            }
            return schemaValue(node, key: key, shape: option, name: name())
        }
    }
}

extension PreparedShape {
    /// Whether a value of `node`'s YAML type is read by this option of a `oneOf`.
    func takes(_ node: YAMLNode) -> Bool {
        if node.pairs != nil {
            if case .object = self { return true }
            return false
        }
        switch (self, node.scalar?.resolved) {
        case (.boolean, .bool?): return true
        case (.number, .int?), (.number, .float?): return true
        // `infinity` is a number, reported as out of bounds where they exclude it.
        case (.number, .string(let t)?): return t == "infinity" || t == "+infinity" || t == "-infinity"
        case (.words, .string?), (.string, .string?): return true
        default: return false
        }
    }
}
