import TatamiModel

/// What a node is to the formatter (docs/format.md §15): which decides the order of a mapping's
/// keys, the roles of its values, and whether it may be written in flow style. Each role is
/// read from the node's `SchemaPlace` (`FormatOrder.role(of:)`), as the validator and the editor
/// services read theirs; the formatter keeps only its own traversal.
struct FormatRole: Sendable {
    enum Kind: Sendable, Equatable {
        /// The document's mapping (a Tatami file's top level, or a workspace file's).
        case topLevel(workspace: Bool)
        /// A view; `decoration` for a background or overlay (which may have an `alignment`).
        case view(decoration: Bool)
        /// A container's children.
        case viewList
        /// `components:`: component declarations by name.
        case components
        /// One component declaration (`params`, `body`).
        case componentDecl
        /// `params:`: parameter declarations by name.
        case params
        /// One parameter declaration (`type`, `default`).
        case paramDecl
        /// `modifiers:`: a list of one-key mappings.
        case modifierList
        /// One item of `modifiers:`.
        case modifierItem
        /// `viewports:`, `fonts:`, `alignments:`, `rules:`: entries by name, written one per line.
        case namedBlock
        /// A component instance's arguments.
        case instanceArgs
        /// Anything else: parameter and modifier values, unknown keys.
        case generic
    }

    /// What the node is in the schema.
    let place: SchemaPlace
    let kind: Kind

    init(_ place: SchemaPlace) {
        self.place = place
        kind = FormatOrder.kind(of: place)
    }

    /// A value the schema does not describe.
    static let generic = FormatRole(.unknown)

    static func topLevel(workspace: Bool) -> FormatRole {
        FormatRole(workspace ? .workspaceTopLevel : .topLevel)
    }

    /// Whether a non-empty mapping or list of this role may be written in flow style.
    var allowsFlow: Bool {
        switch kind {
        case .paramDecl, .instanceArgs, .generic: return true
        default: return false
        }
    }
}

enum FormatOrder {
    /// A key that names a view's kind: a built-in kind or a capitalised component name.
    static func isKindKey(_ key: String) -> Bool {
        Schema.kind(named: key) != nil || Schema.isComponentKey(key)
    }

    private static func ranks(_ specs: [KeySpec], from base: Int) -> [String: Int] {
        var result: [String: Int] = [:]
        for (i, s) in specs.enumerated() where result[s.name] == nil { result[s.name] = base + i }
        return result
    }

    /// The keys of a view other than its kind and its kind's parameters: inherited keys, then the
    /// modifiers in the order they apply (§6), then `modifiers:` (applied outside them), then the
    /// attributes, each in schema order.
    private static let viewKeyRanks: [String: Int] = {
        var r = ranks(Schema.inherited, from: 200)
        r.merge(ranks(Schema.modifiers, from: 300)) { a, _ in a }
        r[Schema.modifierList.name] = 399
        r.merge(ranks(Schema.attributes, from: 400)) { a, _ in a }
        return r
    }()

    private static let parameterRanks: [String: [String: Int]] = {
        var r: [String: [String: Int]] = [:]
        for k in Schema.kinds { r[k.name] = ranks(k.parameters, from: 100) }
        return r
    }()

    private static let topLevelRanks = ranks(Schema.topLevel, from: 0)
    private static let workspaceRanks = ranks(Schema.workspaceTopLevel, from: 0)
    private static let componentRanks = ranks(Schema.componentKeys, from: 0)
    private static let paramRanks = ranks(Schema.componentParamKeys, from: 0)

    /// Unknown keys keep their order after the known ones.
    static let unknownRank = 1_000

    /// The formatter's role of a place.
    static func kind(of place: SchemaPlace) -> FormatRole.Kind {
        switch place {
        case .topLevel: return .topLevel(workspace: false)
        case .workspaceTopLevel: return .topLevel(workspace: true)
        case .view(let site): return .view(decoration: site == .decoration)
        case .views: return .viewList
        case .arguments: return .instanceArgs
        case .names(_, .component): return .components
        case .names(_, .parameter): return .params
        case .names: return .namedBlock
        case .shape(_, .entry(.component), _): return .componentDecl
        case .shape(_, .entry(.parameter), _): return .paramDecl
        case .shape(.list, .key(Schema.modifierList.name), _): return .modifierList
        case .shape(.object, .key(Schema.modifierList.name), _): return .modifierItem
        case .shape, .unknown: return .generic
        }
    }

    /// Top-level keys whose value is a map of names in either kind of file, but components':
    /// written one entry per line even where that file's schema does not have the key (`rules:`
    /// in a Tatami file, `alignments:` in a workspace file), as they would be where it does.
    private static let topLevelNameMaps: Set<String> = {
        var names = Set<String>()
        for spec in Schema.topLevel + Schema.workspaceTopLevel {
            if case .map = spec.shape, NameKind(mapKey: spec.name) != .component { names.insert(spec.name) }
        }
        return names
    }()

    /// The rank of `key` in a mapping of `role` whose first kind key (for a view) is
    /// `kindKey`; nil when the mapping keeps its written order.
    static func rank(of key: String, kindKey: String?, role: FormatRole) -> Int? {
        switch role.kind {
        case .topLevel(let workspace):
            return (workspace ? workspaceRanks : topLevelRanks)[key] ?? unknownRank
        case .componentDecl:
            return componentRanks[key] ?? unknownRank
        case .paramDecl:
            return paramRanks[key] ?? unknownRank
        case .view(let decoration):
            // The first kind key decides the parameters (a second one is `multiple-kinds`; kind
            // keys keep their relative order, so the first stays first).
            if isKindKey(key) { return 0 }
            if let kindKey, let r = parameterRanks[kindKey]?[key] { return r }
            let isContainer = kindKey.flatMap { Schema.kind(named: $0)?.isContainer } ?? false
            if decoration && !isContainer && key == Schema.decorationAlignment.name { return 150 }
            return viewKeyRanks[key] ?? unknownRank
        default:
            return nil
        }
    }

    /// The role of a value under `key` in a mapping of `role`: its schema place (`SchemaPlace.step`),
    /// with what the formatter knows in place of the file's component signatures (an argument
    /// is a view when it is a mapping with a kind key). `kindKey`: the mapping's first kind key,
    /// which is all `step` reads of a view's other keys. `isViewLike` tells whether the value is
    /// such a mapping, `sibling` reads another key's scalar value in the same mapping (a
    /// parameter's `type`); each is asked only where the answer depends on it.
    static func childRole(key: String, kindKey: String?, in role: FormatRole, value isViewLike: () -> Bool,
                          sibling: (String) -> String?) -> FormatRole {
        let (keyRole, place) = role.place.step(key: key, keys: kindKey.map { [$0] } ?? [], sibling: sibling)
        switch (role.place, keyRole) {
        case (.arguments, _):
            return FormatRole(SchemaPlace.untypedArgument(isViewLike: isViewLike()))
        case (.topLevel, .unknown), (.workspaceTopLevel, .unknown):
            if topLevelNameMaps.contains(key) { return FormatRole(.names(.null, of: NameKind(mapKey: key))) }
            return FormatRole(place)
        default:
            return FormatRole(place)
        }
    }

    /// The role of a list's items.
    static func itemRole(in role: FormatRole, at index: Int) -> FormatRole {
        FormatRole(role.place.item(at: index))
    }
}
