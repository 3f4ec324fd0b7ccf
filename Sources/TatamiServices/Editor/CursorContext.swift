import TatamiBase
import TatamiModel
import TatamiYAML

// Where in a document an offset is, in the schema's terms: which place (a view, a `frame`'s
// mapping, a viewport declaration, an expression…) and which key or value. Hover reads it from
// the YAML tree (`AssistTreeCursor`); completion from the text's indentation
// (`AssistOutline`), because files being typed are rarely valid YAML. Both walk the schema
// table with the same steps (`AssistPlace`), so they agree on what each place holds.

/// Which names an expression may use where it is written (the schema's `ExpressionPlace`).
typealias AssistExpressionPlace = ExpressionPlace

/// What the schema expects at one place of a file: the schema's own `SchemaPlace`, which the
/// validator, the semantic walk and the formatter read too.
typealias AssistPlace = SchemaPlace

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

/// The schema steps shared by hover and completion: `SchemaPlace`'s, with each key's role said
/// as hover says it.
enum AssistSchema {
    /// A view mapping's kind key among its keys: the first built-in kind or component name.
    static func kindKey(_ keys: [String]) -> String? {
        SchemaPlace.kindKey(keys)
    }

    /// The place of a key's value, from the key's spec.
    static func valuePlace(of spec: KeySpec) -> AssistPlace {
        SchemaPlace.valuePlace(of: spec)
    }

    /// What an argument of a component parameter of `type` is.
    static func argumentPlace(type: String?, name: String) -> AssistPlace {
        SchemaPlace.argumentPlace(type: type, name: name)
    }

    /// The keys of an object shape, looking through `oneOf`.
    static func objectKeys(_ shape: ValueShape) -> [KeySpec]? {
        SchemaPlace.objectKeys(shape)
    }

    /// Where a view key belongs, for hover ("a parameter of `hstack`").
    static func viewKeyOwner(_ sort: ViewKeySort) -> String {
        switch sort {
        case .parameter(let kind): return "a parameter of `\(kind)`"
        case .modifier, .modifierList: return "a modifier"
        case .attribute: return "an attribute of a view"
        case .inherited: return "inherited by the views inside"
        case .decorationAlignment: return "a key of a background or overlay"
        }
    }

    /// The role of `key` in a mapping at `place` holding `keys`, and the place of its value.
    /// `sibling`: another key's scalar value in the mapping, when the caller has the mapping.
    static func step(key: String, in place: AssistPlace, keys: [String], document: TatamiDocument,
                     sibling: (String) -> String? = { _ in nil }) -> (AssistKeyRole, AssistPlace) {
        var facts = PlaceFacts.tableOnly
        if case .arguments = place { facts = .components(document.components) }
        let (role, value) = place.step(key: key, keys: keys, facts: facts, sibling: sibling)
        switch role {
        case .topLevel(let spec, let workspace):
            return (.key(spec, owner: workspace ? "a key of the workspace file" : "a top-level key"), value)
        case .kind(let kind):
            return (.kind(kind), value)
        case .instance(let name):
            return (.instance(name), value)
        case .viewKey(let spec, let sort, let allowed):
            guard allowed else { return (.unknown, .unknown) }
            return (.key(spec, owner: viewKeyOwner(sort)), value)
        case .property(let spec, let owner):
            return (.key(spec, owner: "a key of \(owner.description)"), value)
        case .declaration(let kind):
            return (.declaration(key, what: kind.rawValue), value)
        case .argument(let component):
            return (.parameter(component: component, name: key), value)
        case .guide:
            return (.guide(key), value)
        case .unknown:
            return (.unknown, value)
        }
    }

    /// The place of item `index` of a list at `place`.
    static func item(_ index: Int, in place: AssistPlace) -> AssistPlace {
        place.item(at: index)
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
                func sibling(_ name: String) -> String? { pairs.first { $0.key.keyText == name }?.value.scalar?.text }
                var next: (YAMLNode, AssistPlace, YAMLPair)? = nil
                for pair in pairs {
                    let k = pair.key.keyText ?? ""
                    if !pair.key.range.isEmpty, pair.key.range.touches(offset), pair.key.scalar != nil {
                        let (role, value) = AssistSchema.step(key: k, in: place, keys: keys, document: document, sibling: sibling)
                        keyPath.append(k)
                        target = .key(pair, role: role, mapping: place, value: value)
                        return
                    }
                    let r = pair.value.range
                    if r.contains(offset) || (pair.value.scalar != nil && !r.isEmpty && r.touches(offset)) {
                        let (_, value) = AssistSchema.step(key: k, in: place, keys: keys, document: document, sibling: sibling)
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
