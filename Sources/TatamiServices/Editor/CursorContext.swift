import TatamiBase
import TatamiModel
import TatamiYAML

// Where in a document an offset is, in the schema's terms: which place (a view, a `frame`'s
// mapping, a viewport declaration, an expression…) and which key or value. Hover reads it from
// the YAML tree (`AssistTreeCursor`); completion from the text's indentation
// (`AssistOutline`), because files being typed are rarely valid YAML. Both walk the schema
// table with the same steps (`AssistPlace`), so they agree on what each place holds.

/// Which names an expression may use where it is written (docs/format.md §10).
enum AssistExpressionPlace {
    /// `when` of a view or a placement: the viewport's (or canvas's) `width`, `height`,
    /// `landscape`, `portrait`.
    case condition
    /// An `alignmentGuides` value or an alignment's `default`: `width`, `height` and the
    /// built-in guides of the view.
    case guide
    /// A canvas placement's `x`, `y`, `width`, `height`: the canvas's `width` and `height`.
    case placement

    /// The names, in the order completion offers them.
    var names: [String] {
        switch self {
        case .condition: return ["width", "height", "landscape", "portrait"]
        case .guide: return ["width", "height"] + GuideName.builtIn.map(\.rawValue)
        case .placement: return ["width", "height"]
        }
    }

    /// The schema's table of the names and their types.
    var table: [String: ExpressionType] {
        switch self {
        case .condition: return Schema.conditionNames
        case .guide: return Schema.guideExpressionNames
        case .placement: return Schema.placementNames
        }
    }
}

/// What the schema expects at one place of a file.
indirect enum AssistPlace {
    /// The file's top-level mapping.
    case topLevel
    /// A workspace file's top-level mapping (`Schema.workspaceTopLevel`).
    case workspaceTopLevel
    /// One view: a mapping with a kind key, or a bare scalar (a text).
    case view(ViewSite)
    /// A container's list of children.
    case views(container: String)
    /// The mapping of a component instance's arguments.
    case arguments(component: String)
    /// A mapping from names the file chooses (`viewports`, `fonts`, `components`, `params`…)
    /// to values of a shape; `what` names one entry ("viewport").
    case names(ValueShape, what: String)
    /// A value of this shape; `owner` says whose ("`frame`", "a viewport"), for hover.
    case shape(ValueShape, owner: String, expression: AssistExpressionPlace?)
    /// Nothing the schema describes (an unknown key's value, a scalar's inside).
    case unknown

    /// Whether the place holds a list (so a key typed there is really a new item).
    var isList: Bool {
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
}

/// What a key is, in the mapping it belongs to.
enum AssistKeyRole {
    /// A key of the schema; `owner` says where it belongs ("a parameter of `hstack`",
    /// "a modifier", "a key of `frame`").
    case key(KeySpec, owner: String)
    /// A view's kind key.
    case kind(KindSpec)
    /// A component instance's kind key.
    case instance(String)
    /// An argument of an instance.
    case parameter(component: String, name: String)
    /// A name the file declares under `viewports`, `fonts`, `alignments`, `components` or a
    /// component's `params`; `what` is "viewport", "font", "alignment", "component", "parameter".
    case declaration(String, what: String)
    /// A guide name inside `alignmentGuides`.
    case guide(String)
    case unknown
}

/// The schema steps shared by hover and completion.
enum AssistSchema {
    /// Whether a key reads as a component name (capitalised, as the validator decides).
    static func isComponentName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        if first.isASCII { return first.value >= 0x41 && first.value <= 0x5A }
        return first.properties.isUppercase
    }

    /// A view mapping's kind key among its keys: the first built-in kind or component name.
    static func kindKey(_ keys: [String]) -> String? {
        keys.first { Schema.kind(named: $0) != nil || isComponentName($0) }
    }

    /// The singular of a declaration map's key, for messages.
    private static func entryName(_ key: String) -> String {
        switch key {
        case "viewports": return "viewport"
        case "fonts": return "font"
        case "alignments": return "alignment"
        case "components": return "component"
        case "params": return "parameter"
        default: return "entry"
        }
    }

    /// The place of a key's value, from the key's spec.
    static func valuePlace(of spec: KeySpec) -> AssistPlace {
        switch spec.shape {
        case .view:
            return .view(spec.name == "background" || spec.name == "overlay" ? .decoration : .child)
        case .viewList:
            return .views(container: spec.name)
        case .map(let inner):
            return .names(inner, what: entryName(spec.name))
        case .expression(let t):
            // Boolean expressions are conditions; the number expression named `default` is an
            // alignment's default (over guides); the others are placement coordinates.
            let place: AssistExpressionPlace = t == .boolean ? .condition : (spec.name == "default" ? .guide : .placement)
            return .shape(spec.shape, owner: "`\(spec.name)`", expression: place)
        default:
            return .shape(spec.shape, owner: "`\(spec.name)`", expression: nil)
        }
    }

    /// What an argument of a component parameter of `type` is.
    static func argumentPlace(type: String?, name: String) -> AssistPlace {
        switch type {
        case "view"?: return .view(.child)
        case "string"?: return .shape(.string, owner: "`\(name)`", expression: nil)
        case "number"?: return .shape(.number(NumberBounds(min: nil, max: nil, allowsInfinity: true)), owner: "`\(name)`", expression: nil)
        case "bool"?: return .shape(.boolean, owner: "`\(name)`", expression: nil)
        case "color"?: return .shape(.color, owner: "`\(name)`", expression: nil)
        default: return .unknown
        }
    }

    /// The keys of an object shape, looking through `oneOf` (the union of its objects' keys,
    /// first spelling wins: a canvas placement's rules and `when`).
    static func objectKeys(_ shape: ValueShape) -> [KeySpec]? {
        switch shape {
        case .object(let keys): return keys
        case .oneOf(let options):
            var keys: [KeySpec] = []
            var seen = Set<String>()
            for o in options {
                guard let k = objectKeys(o) else { continue }
                for spec in k where seen.insert(spec.name).inserted { keys.append(spec.optional) }
            }
            return keys.isEmpty ? nil : keys
        default: return nil
        }
    }

    /// Where a view key belongs, for hover ("a parameter of `hstack`").
    static func viewKeyOwner(_ name: String, kind: KindSpec?) -> String {
        if let kind, kind.parameter(named: name) != nil { return "a parameter of `\(kind.name)`" }
        if Schema.modifiers.contains(where: { $0.name == name }) || name == Schema.modifierList.name { return "a modifier" }
        if Schema.attributes.contains(where: { $0.name == name }) { return "an attribute of a view" }
        if Schema.inherited.contains(where: { $0.name == name }) { return "inherited by the views inside" }
        if name == Schema.decorationAlignment.name { return "a key of a background or overlay" }
        return "a key of a view"
    }

    /// The role of `key` in a mapping at `place` holding `keys`, and the place of its value.
    static func step(key: String, in place: AssistPlace, keys: [String], document: TatamiDocument) -> (AssistKeyRole, AssistPlace) {
        switch place {
        case .topLevel:
            guard let spec = Schema.topLevel.first(where: { $0.name == key }) else { return (.unknown, .unknown) }
            let value: AssistPlace = key == "body" ? .view(.body) : valuePlace(of: spec)
            return (.key(spec, owner: "a top-level key"), value)

        case .workspaceTopLevel:
            guard let spec = Schema.workspaceTopLevel.first(where: { $0.name == key }) else { return (.unknown, .unknown) }
            return (.key(spec, owner: "a key of the workspace file"), valuePlace(of: spec))

        case .view(let site):
            if let kind = Schema.kind(named: key) {
                if case .viewList = kind.value { return (.kind(kind), .views(container: kind.name)) }
                return (.kind(kind), .shape(kind.value, owner: "`\(kind.name)`", expression: nil))
            }
            if isComponentName(key) { return (.instance(key), .arguments(component: key)) }
            let kindName = kindKey(keys)
            let kind = kindName.flatMap(Schema.kind(named:))
            if let spec = Schema.viewKeys(of: kind, at: site).first(where: { $0.name == key }) {
                return (.key(spec, owner: viewKeyOwner(key, kind: kind)), valuePlace(of: spec))
            }
            // No kind key yet: a parameter of any kind is read as that kind's.
            if kindName == nil {
                for k in Schema.kinds {
                    if let spec = k.parameter(named: key) { return (.key(spec, owner: viewKeyOwner(key, kind: k)), valuePlace(of: spec)) }
                }
            }
            return (.unknown, .unknown)

        case .arguments(let component):
            guard let p = document.components.first(where: { $0.name == component })?.parameters.first(where: { $0.name == key })
            else { return (.parameter(component: component, name: key), .unknown) }
            return (.parameter(component: component, name: key), argumentPlace(type: p.type, name: key))

        case .names(let inner, let what):
            let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            return (.declaration(key, what: what), .shape(inner, owner: "\(article) \(what)", expression: nil))

        case .shape(let shape, let owner, _):
            if case .guideMap = shape {
                return (.guide(key), .shape(.expression(.number), owner: "`\(key)`", expression: .guide))
            }
            guard let spec = objectKeys(shape)?.first(where: { $0.name == key }) else { return (.unknown, .unknown) }
            // A component declaration's `body` is a `.child` view: it stands wherever instances are.
            return (.key(spec, owner: "a key of \(owner)"), valuePlace(of: spec))

        case .views, .unknown:
            return (.unknown, .unknown)
        }
    }

    /// The place of item `index` of a list at `place`.
    static func item(_ index: Int, in place: AssistPlace) -> AssistPlace {
        switch place {
        case .views(let container):
            return .view(container == "canvas" ? .canvasChild : .child)
        case .shape(let shape, let owner, let expression):
            switch shape {
            case .list(let inner):
                return itemPlace(inner, owner: owner, expression: expression)
            case .tuple(let items):
                guard index >= 0, index < items.count else { return .unknown }
                return itemPlace(items[index], owner: owner, expression: expression)
            case .oneOf(let options):
                for o in options {
                    switch o {
                    case .list, .tuple: return item(index, in: .shape(o, owner: owner, expression: expression))
                    default: continue
                    }
                }
                return .unknown
            default:
                return .unknown
            }
        default:
            return .unknown
        }
    }

    private static func itemPlace(_ shape: ValueShape, owner: String, expression: AssistExpressionPlace?) -> AssistPlace {
        switch shape {
        case .view: return .view(.child)
        case .viewList: return .unknown
        default: return .shape(shape, owner: owner, expression: expression)
        }
    }
}

// MARK: The YAML tree at an offset

/// Where an offset is in the parsed YAML tree, with the schema place of every node on the way.
struct AssistTreeCursor {
    enum Target {
        /// On a key.
        case key(YAMLPair, role: AssistKeyRole, mapping: AssistPlace, value: AssistPlace)
        /// On a scalar value (or a bare scalar view); `pair` is the pair whose value it is.
        case scalar(YAMLNode, place: AssistPlace, pair: YAMLPair?)
        /// Inside a collection but on none of its keys or items.
        case inside(YAMLNode, place: AssistPlace)
    }

    /// The views enclosing the offset (mappings or bare scalars), outermost first.
    var views: [YAMLNode] = []
    /// The kind key of each of `views` (nil for a bare scalar or a view without kind).
    var viewKinds: [String?] = []
    /// Keys of the mappings on the way, outermost first (for a guide's or an alignment's name).
    var keyPath: [String] = []
    var target: Target?

    /// Descends from the root to the innermost node touching `offset`.
    init(_ analysis: Analysis, offset: Int) {
        guard let root = analysis.yaml.root else { return }
        let document = analysis.document
        var node = root
        var place = analysis.isWorkspaceFile ? AssistPlace.workspaceTopLevel : .topLevel
        var lastPair: YAMLPair? = nil
        var steps = 0
        while steps < 100_000 {
            steps += 1
            if case .view = place {
                views.append(node)
                viewKinds.append(node.pairs.flatMap { AssistSchema.kindKey($0.compactMap(\.key.keyText)) })
            }
            switch node.content {
            case .scalar:
                target = .scalar(node, place: place, pair: lastPair)
                return
            case .mapping(let pairs):
                let keys = pairs.compactMap(\.key.keyText)
                var next: (YAMLNode, AssistPlace, YAMLPair)? = nil
                for pair in pairs {
                    let k = pair.key.keyText ?? ""
                    if !pair.key.range.isEmpty, pair.key.range.touches(offset), pair.key.scalar != nil {
                        let (role, value) = AssistSchema.step(key: k, in: place, keys: keys, document: document)
                        keyPath.append(k)
                        target = .key(pair, role: role, mapping: place, value: value)
                        return
                    }
                    let r = pair.value.range
                    if r.contains(offset) || (pair.value.scalar != nil && !r.isEmpty && r.touches(offset)) {
                        let (_, value) = AssistSchema.step(key: k, in: place, keys: keys, document: document)
                        next = (pair.value, value, pair)
                        keyPath.append(k)
                        break
                    }
                }
                guard let (n, p, pair) = next else {
                    target = .inside(node, place: place)
                    return
                }
                node = n
                place = p
                lastPair = pair
            case .sequence(let items):
                guard let i = items.firstIndex(where: { $0.range.contains(offset) || ($0.scalar != nil && !$0.range.isEmpty && $0.range.touches(offset)) })
                else {
                    target = .inside(node, place: place)
                    return
                }
                node = items[i]
                place = AssistSchema.item(i, in: place)
                lastPair = nil
            }
        }
    }
}
