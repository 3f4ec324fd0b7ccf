extension SchemaPlace {
    /// A view mapping's kind key among its keys: the first built-in kind or component name.
    public static func kindKey(_ keys: [String]) -> String? {
        keys.first { Schema.kind(named: $0) != nil || Schema.isComponentKey($0) }
    }

    /// The role of `key` in a mapping at this place holding `keys`, and the place of its value.
    /// `facts`: the components' parameters, when known. `sibling`: another key's scalar value in
    /// the same mapping, when known (a parameter's `type` decides whether its `default` is a view).
    public func step(key: String, keys: [String], facts: PlaceFacts = .tableOnly,
                     sibling: (String) -> String? = { _ in nil }) -> (role: SchemaKeyRole, value: SchemaPlace) {
        switch self {
        case .topLevel:
            guard let spec = Schema.topLevel.first(where: { $0.name == key }) else { return (.unknown, .unknown) }
            return (.topLevel(spec, workspace: false), key == "body" ? .view(.body) : Self.valuePlace(of: spec))

        case .workspaceTopLevel:
            guard let spec = Schema.workspaceTopLevel.first(where: { $0.name == key }) else { return (.unknown, .unknown) }
            return (.topLevel(spec, workspace: true), Self.valuePlace(of: spec))

        case .view(let site):
            return Self.viewStep(key: key, site: site, keys: keys)

        case .arguments(let component):
            guard let type = facts.parameterType(component, key) else { return (.argument(component: component), .unknown) }
            return (.argument(component: component), Self.argumentPlace(type: type, name: key))

        case .names(let inner, let kind):
            return (.declaration(kind), .shape(inner, owner: .entry(kind), expression: nil))

        case .shape(let shape, let owner, _):
            if case .guideMap = shape {
                return (.guide, .shape(.expression(.number), owner: .key(key), expression: .guide))
            }
            guard let spec = Self.objectKeys(shape)?.first(where: { $0.name == key }) else { return (.unknown, .unknown) }
            // A `view` parameter's default is a view, standing wherever the parameter is used.
            if owner == .entry(.parameter), key == "default", sibling("type") == "view" {
                return (.property(spec, of: owner), .view(.child))
            }
            // A component declaration's `body` is a `.child` view: it stands wherever instances are.
            return (.property(spec, of: owner), Self.valuePlace(of: spec))

        case .views, .unknown:
            return (.unknown, .unknown)
        }
    }

    /// A key of a view: its kind key, an instance's, or a key beside it.
    private static func viewStep(key: String, site: ViewSite, keys: [String]) -> (role: SchemaKeyRole, value: SchemaPlace) {
        if let kind = Schema.kind(named: key) {
            if case .viewList = kind.value { return (.kind(kind), .views(container: kind.name)) }
            return (.kind(kind), .shape(kind.value, owner: .key(kind.name), expression: nil))
        }
        if Schema.isComponentKey(key) { return (.instance(key), .arguments(component: key)) }
        let kindName = kindKey(keys)
        let kind = kindName.flatMap(Schema.kind(named:))
        let known = viewKey(key, of: kind)
        if let (spec, sort) = known, isAllowed(key, kind: kind, at: site) {
            return (.viewKey(spec, sort, allowed: true), valuePlace(of: spec))
        }
        // No kind key yet: a parameter of any kind is read as that kind's.
        if kindName == nil {
            for k in Schema.kinds {
                if let spec = k.parameter(named: key) {
                    return (.viewKey(spec, .parameter(kind: k.name), allowed: true), valuePlace(of: spec))
                }
            }
        }
        // Written where the schema does not allow it: the key is still this key, but its value has
        // no place here.
        if let (spec, sort) = known { return (.viewKey(spec, sort, allowed: false), .unknown) }
        return (.unknown, .unknown)
    }

    /// Whether the schema allows `key` beside `kind` (nil: a component instance) where the view
    /// stands (`Schema.viewKeys`, worked out once per kind and site).
    public static func isAllowed(_ key: String, kind: KindSpec?, at site: ViewSite) -> Bool {
        allowedViewKeys[kind?.name ?? ""]?[site]?.contains(key) ?? false
    }

    private static let allowedViewKeys: [String: [ViewSite: Set<String>]] = {
        let sites: [ViewSite] = [.body, .child, .canvasChild, .decoration]
        var table: [String: [ViewSite: Set<String>]] = [:]
        for kind in Schema.kinds.map(Optional.some) + [nil] where table[kind?.name ?? ""] == nil {
            var bySite: [ViewSite: Set<String>] = [:]
            for site in sites { bySite[site] = Set(Schema.viewKeys(of: kind, at: site).map(\.name)) }
            table[kind?.name ?? ""] = bySite
        }
        return table
    }()

    /// What a key beside a kind key is, wherever the view stands: a parameter of `kind`, then a
    /// modifier, `modifiers`, an attribute, an inherited key, or a decoration's `alignment`.
    public static func viewKey(_ key: String, of kind: KindSpec?) -> (KeySpec, ViewKeySort)? {
        if let kind, let spec = kind.parameter(named: key) { return (spec, .parameter(kind: kind.name)) }
        return commonViewKeys[key]
    }

    private static let commonViewKeys: [String: (KeySpec, ViewKeySort)] = {
        var table: [String: (KeySpec, ViewKeySort)] = [:]
        func add(_ specs: [KeySpec], _ sort: ViewKeySort) {
            for k in specs where table[k.name] == nil { table[k.name] = (k, sort) }
        }
        add(Schema.modifiers, .modifier)
        add([Schema.modifierList], .modifierList)
        add(Schema.attributes, .attribute)
        add(Schema.inherited, .inherited)
        add([Schema.decorationAlignment], .decorationAlignment)
        return table
    }()

    /// The place of item `index` of a list at this place.
    public func item(at index: Int) -> SchemaPlace {
        switch self {
        case .views(let container):
            return .view(Self.childSite(of: container))
        case .shape(let shape, let owner, let expression):
            switch shape {
            case .list(let inner):
                return Self.itemPlace(inner, owner: owner, expression: expression)
            case .tuple(let items):
                guard index >= 0, index < items.count else { return .unknown }
                return Self.itemPlace(items[index], owner: owner, expression: expression)
            case .oneOf(let options):
                for o in options {
                    switch o {
                    case .list, .tuple: return SchemaPlace.shape(o, owner: owner, expression: expression).item(at: index)
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

    /// Where a container's children stand: a canvas's need a `position`.
    public static func childSite(of container: String) -> ViewSite {
        container == "canvas" ? .canvasChild : .child
    }

    private static func itemPlace(_ shape: ValueShape, owner: PlaceOwner, expression: ExpressionPlace?) -> SchemaPlace {
        switch shape {
        case .view: return .view(.child)
        case .viewList: return .unknown
        default: return .shape(shape, owner: owner, expression: expression)
        }
    }

    /// The place of a key's value, from the key's spec.
    public static func valuePlace(of spec: KeySpec) -> SchemaPlace {
        switch spec.shape {
        case .view:
            return .view(spec.name == "background" || spec.name == "overlay" ? .decoration : .child)
        case .viewList:
            return .views(container: spec.name)
        case .map(let inner):
            return .names(inner, of: NameKind(mapKey: spec.name))
        case .expression(let t):
            // Boolean expressions are conditions; the number expression named `default` is an
            // alignment's default (over guides); the others are placement coordinates.
            let place: ExpressionPlace = t == .boolean ? .condition : (spec.name == "default" ? .guide : .placement)
            return .shape(spec.shape, owner: .key(spec.name), expression: place)
        default:
            return .shape(spec.shape, owner: .key(spec.name), expression: nil)
        }
    }

    /// What an argument of a component parameter of `type` is.
    public static func argumentPlace(type: String?, name: String) -> SchemaPlace {
        switch type {
        case "view"?: return .view(.child)
        case "string"?: return .shape(.string, owner: .key(name), expression: nil)
        case "number"?: return .shape(.number(NumberBounds(min: nil, max: nil, allowsInfinity: true)), owner: .key(name), expression: nil)
        case "bool"?: return .shape(.boolean, owner: .key(name), expression: nil)
        case "color"?: return .shape(.color, owner: .key(name), expression: nil)
        default: return .unknown
        }
    }

    /// An argument whose parameter's type is not known (a walk without the file's component
    /// signatures): a mapping with a kind key is read as a view, anything else as nothing the
    /// schema describes.
    public static func untypedArgument(isViewLike: Bool) -> SchemaPlace {
        isViewLike ? .view(.child) : .unknown
    }

    /// The keys of an object shape, looking through `oneOf` (the union of its objects' keys,
    /// first spelling wins: a canvas placement's rules and `when`).
    public static func objectKeys(_ shape: ValueShape) -> [KeySpec]? {
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
}
