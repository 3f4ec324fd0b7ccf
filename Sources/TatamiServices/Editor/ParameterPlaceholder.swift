import TatamiModel

/// A component parameter's type at work in the editor: the empty value written for an argument
/// nobody gave yet (a code action's placeholder, a completion's), and whether a `$name` of the
/// type fits where it is typed.
enum ParameterPlaceholder {
    /// An empty value of the type: `""` (a string, or no type), `0`, `false`, `clear`,
    /// `{text: ""}`. Each is a valid argument of its type.
    static func value(forType type: String?) -> String {
        switch type {
        case "number": return "0"
        case "bool": return "false"
        case "color": return "clear"
        case "view": return "{text: \"\"}"
        default: return "\"\""
        }
    }

    /// How closely a parameter of `type` fits where `place` expects a value, for `$name`
    /// completion: 0 its own type (a `view` where a view goes, a `color` for `color:`), 1 a type
    /// the place also reads as meant (a `string` where a view goes is a text; a `string` may hold
    /// a colour or a font name; a `number` shows as a text), 2 a parameter without a type; nil
    /// when its argument would be an error there (or not what the place means: a `bool` in a
    /// text).
    static func fit(_ type: String?, _ place: AssistPlace) -> Int? {
        guard let type else { return 2 }
        switch place {
        case .view: return fit(type, ValueShape.view)
        case .shape(let shape, _, _): return fit(type, shape)
        default: return nil
        }
    }

    static func fit(_ type: String, _ shape: ValueShape) -> Int? {
        switch shape {
        case .view: return ["view": 0, "string": 1, "number": 1][type]
        case .string: return ["string": 0, "number": 1][type]
        case .character, .enumeration, .fontName, .alignment: return type == "string" ? 0 : nil
        case .number: return type == "number" ? 0 : nil
        case .boolean: return type == "bool" ? 0 : nil
        case .color: return ["color": 0, "string": 1][type]
        case .expression(let t): return t == .boolean ? ["bool": 0, "string": 1][type] : ["number": 0, "string": 1][type]
        case .oneOf(let options): return options.compactMap { fit(type, $0) }.min()
        default: return nil
        }
    }
}
