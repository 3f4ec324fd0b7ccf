import TatamiModel

/// What a node is to the formatter (docs/format.md §15): which decides the order of a mapping's
/// keys, the roles of its values, and whether it may be written in flow style.
enum FormatRole: Sendable, Equatable {
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

    /// Whether a non-empty mapping or list of this role may be written in flow style.
    var allowsFlow: Bool {
        switch self {
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

    /// The rank of each key (in the order given) for a mapping of `role`; nil when the
    /// mapping keeps its written order.
    static func ranks(of keys: [String], role: FormatRole) -> [Int]? {
        switch role {
        case .topLevel(let workspace):
            let table = workspace ? workspaceRanks : topLevelRanks
            return keys.map { table[$0] ?? unknownRank }
        case .componentDecl:
            return keys.map { componentRanks[$0] ?? unknownRank }
        case .paramDecl:
            return keys.map { paramRanks[$0] ?? unknownRank }
        case .view(let decoration):
            // The first kind key decides the parameters (a second one is `multiple-kinds`; kind
            // keys keep their relative order, so the first stays first).
            let kind = keys.first(where: isKindKey)
            let params = kind.flatMap { parameterRanks[$0] } ?? [:]
            let isContainer = kind.flatMap { Schema.kind(named: $0)?.isContainer } ?? false
            return keys.map { k in
                if isKindKey(k) { return 0 }
                if let r = params[k] { return r }
                if decoration && !isContainer && k == Schema.decorationAlignment.name { return 150 }
                return viewKeyRanks[k] ?? unknownRank
            }
        default:
            return nil
        }
    }

    /// The role of a value under `key` in a mapping of `role`. `siblings` reads another key's
    /// scalar value in the same mapping (a parameter's `type`).
    static func childRole(key: String, in role: FormatRole, value isViewLike: Bool, sibling: (String) -> String?) -> FormatRole {
        switch role {
        case .topLevel(let workspace):
            switch key {
            case "body": return workspace ? .generic : .view(decoration: false)
            case "components": return workspace ? .generic : .components
            case "viewports", "fonts", "alignments", "rules": return .namedBlock
            default: return .generic
            }
        case .components: return .componentDecl
        case .componentDecl:
            switch key {
            case "params": return .params
            case "body": return .view(decoration: false)
            default: return .generic
            }
        case .params: return .paramDecl
        case .paramDecl:
            return key == "default" && sibling("type") == "view" ? .view(decoration: false) : .generic
        case .view:
            if isKindKey(key) {
                if let spec = Schema.kind(named: key) { return spec.isContainer ? .viewList : .generic }
                return .instanceArgs
            }
            switch key {
            case "background", "overlay": return .view(decoration: true)
            case Schema.modifierList.name: return .modifierList
            default: return .generic
            }
        case .modifierItem:
            return key == "background" || key == "overlay" ? .view(decoration: true) : .generic
        case .instanceArgs:
            return isViewLike ? .view(decoration: false) : .generic
        case .viewList, .modifierList, .namedBlock, .generic:
            return .generic
        }
    }

    /// The role of a list's items.
    static func itemRole(in role: FormatRole) -> FormatRole {
        switch role {
        case .viewList: return .view(decoration: false)
        case .modifierList: return .modifierItem
        default: return .generic
        }
    }
}
