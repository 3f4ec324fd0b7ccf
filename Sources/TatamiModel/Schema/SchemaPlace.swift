/// Which names an expression may use where it is written (docs/format.md §10).
public enum ExpressionPlace: Sendable, Equatable {
    /// `when` of a view or a placement: the viewport's (or canvas's) `width`, `height`,
    /// `landscape`, `portrait`.
    case condition
    /// An `alignmentGuides` value or an alignment's `default`: `width`, `height` and the
    /// built-in guides of the view.
    case guide
    /// A canvas placement's `x`, `y`, `width`, `height`: the canvas's `width` and `height`.
    case placement

    /// The names, in the order completion offers them.
    public var names: [String] {
        switch self {
        case .condition: return ["width", "height", "landscape", "portrait"]
        case .guide: return ["width", "height"] + GuideName.builtIn.map(\.rawValue)
        case .placement: return ["width", "height"]
        }
    }

    /// The schema's table of the names and their types.
    public var table: [String: ExpressionType] {
        switch self {
        case .condition: return Schema.conditionNames
        case .guide: return Schema.guideExpressionNames
        case .placement: return Schema.placementNames
        }
    }
}

/// What the entries of a mapping of names the file chooses are.
public enum NameKind: String, Sendable, Equatable {
    case viewport, font, alignment, component, parameter
    /// Any other map (a workspace file's `rules`).
    case entry

    /// The kind of the entries of the map under `key`.
    public init(mapKey key: String) {
        switch key {
        case "viewports": self = .viewport
        case "fonts": self = .font
        case "alignments": self = .alignment
        case "components": self = .component
        case "params": self = .parameter
        default: self = .entry
        }
    }

    /// One entry, for messages: "a viewport", "an alignment".
    public var withArticle: String {
        ("aeiou".contains(rawValue.first!) ? "an " : "a ") + rawValue
    }
}

/// Whose value a value of a shape is, for messages and for the places that differ by owner.
public enum PlaceOwner: Sendable, Equatable {
    /// The value of a key (a kind's, a parameter's, a property's, an argument's), or an item of it.
    case key(String)
    /// One entry of a map of names (a viewport's mapping, a component's declaration).
    case entry(NameKind)

    /// "`frame`", "a viewport".
    public var description: String {
        switch self {
        case .key(let name): return "`\(name)`"
        case .entry(let kind): return kind.withArticle
        }
    }
}

/// Which sort of key a view holds beside its kind key.
public enum ViewKeySort: Sendable, Equatable {
    /// A parameter of the view's kind (`spacing` of an `hstack`).
    case parameter(kind: String)
    /// A wrapping modifier written as a key (`padding`).
    case modifier
    /// `modifiers:`, the list of modifiers in an order of the file's choosing.
    case modifierList
    /// An attribute (`id`, `when`, …).
    case attribute
    /// A key inherited by the views inside (`font`, …).
    case inherited
    /// `alignment` of a background or overlay whose kind has no `alignment` parameter.
    case decorationAlignment
}

/// What a key is, in the mapping at a place (`SchemaPlace.step`).
public enum SchemaKeyRole: Sendable {
    /// A key of a file's top level (a workspace file's when `workspace`).
    case topLevel(KeySpec, workspace: Bool)
    /// A view's kind key.
    case kind(KindSpec)
    /// A capitalised kind key: an instance of the component of that name.
    case instance(String)
    /// A key a view holds beside its kind key, of this sort. `allowed`: whether the schema allows
    /// it where the view stands (`position` only for a canvas child, `ignoresSafeArea` only for
    /// the body, a decoration's `alignment` only on a background or overlay); a key that is not
    /// allowed is still this key, written in the wrong place, and its value has no place there.
    case viewKey(KeySpec, ViewKeySort, allowed: Bool)
    /// A key of an object value (a frame's `width`, a viewport's `height`).
    case property(KeySpec, of: PlaceOwner)
    /// The name of a declaration under `viewports`, `fonts`, `alignments`, `components`, a
    /// component's `params` (or another map of names).
    case declaration(NameKind)
    /// An argument of an instance: the name of one of the component's parameters (or of none).
    case argument(component: String)
    /// A key of `alignmentGuides`: a built-in or custom guide.
    case guide
    /// A key the schema does not know where it stands.
    case unknown
}

/// What the schema knows of a file beyond its table: the parameters of the components it can
/// use, when they are known (an analysis knows them; the formatter and a walk of another file do
/// not).
public struct PlaceFacts: Sendable {
    /// The declared type of a parameter (`"view"`, `"string"`…; `.some(nil)` for one declared
    /// without a type); nil when the component or the parameter is not known.
    public var parameterType: @Sendable (_ component: String, _ parameter: String) -> String??

    public init(parameterType: @escaping @Sendable (_ component: String, _ parameter: String) -> String??) {
        self.parameterType = parameterType
    }

    /// Nothing beyond the table.
    public static let tableOnly = PlaceFacts { _, _ in nil }

    /// The parameters of the components in `signatures`.
    public static func components(_ signatures: [ComponentSignature]) -> PlaceFacts {
        PlaceFacts { component, parameter in
            guard let p = signatures.first(where: { $0.name == component })?.parameters.first(where: { $0.name == parameter })
            else { return nil }
            return .some(p.type)
        }
    }
}

/// What a node of a Tatami file (or of a workspace file) is in the schema: a view where it sits,
/// a container's children, an instance's arguments, a map of declarations, a value of a shape
/// and whose it is. The validator, the editor services' walk (`SemanticWalk`), the cursor's
/// place (hover, completion, inlay hints) and the formatter each walk the YAML tree their own
/// way, and each asks this type what a key and an item are: `step(key:…)` gives a key's role
/// and its value's place, `item(at:)` a list item's place. So a key added to the schema table
/// is known to all of them at once.
public indirect enum SchemaPlace: Sendable {
    /// A Tatami file's top-level mapping.
    case topLevel
    /// A workspace file's top-level mapping (`Schema.workspaceTopLevel`).
    case workspaceTopLevel
    /// One view: a mapping with a kind key, or a bare scalar (a text).
    case view(ViewSite)
    /// A container's list of children.
    case views(container: String)
    /// The mapping of a component instance's arguments.
    case arguments(component: String)
    /// A mapping from names the file chooses (`viewports`, `fonts`, `components`, `params`…) to
    /// values of a shape.
    case names(ValueShape, of: NameKind)
    /// A value of this shape, whose it is, and the names an expression there may use.
    case shape(ValueShape, owner: PlaceOwner, expression: ExpressionPlace?)
    /// Nothing the schema describes (an unknown key's value, a scalar's inside).
    case unknown

    /// Whether the place holds a list (so a key typed there is really a new item).
    public var isList: Bool {
        switch self {
        case .views: return true
        case .shape(let s, _, _):
            switch s {
            case .list, .tuple, .viewList: return true
            default: return false
            }
        default: return false
        }
    }

    /// A short name of the place, for tests and messages: `view(child)`, `shape(\`frame\`)`.
    public var name: String {
        switch self {
        case .topLevel: return "topLevel"
        case .workspaceTopLevel: return "workspaceTopLevel"
        case .view(let site): return "view(\(site))"
        case .views(let container): return "views(\(container))"
        case .arguments(let component): return "arguments(\(component))"
        case .names(_, let kind): return "names(\(kind.rawValue))"
        case .shape(let shape, let owner, let e):
            return "shape(\(shape.summary), \(owner.description)\(e.map { ", \($0)" } ?? ""))"
        case .unknown: return "unknown"
        }
    }
}
