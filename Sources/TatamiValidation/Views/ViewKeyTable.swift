import TatamiModel
import TatamiBase
import TatamiYAML

/// The keys a view may have in each place, computed once from the schema.
enum ViewKeys {
    struct Place: Hashable {
        let kind: String
        let isBody: Bool
        let isCanvasChild: Bool
        let isDecoration: Bool
    }

    /// Every key a view may have somewhere (kinds excluded).
    static let anywhere: Set<String> = {
        var keys = Set(Schema.commonViewKeys.map(\.name))
        for k in Schema.kinds { keys.formUnion(k.parameters.map(\.name)) }
        keys.insert(Schema.decorationAlignment.name)
        return keys
    }()

    /// `anywhere` in schema order, for suggestions.
    static let anywhereOrdered: [String] = {
        var keys: [String] = []
        var seen = Set<String>()
        for k in Schema.commonViewKeys.map(\.name) + Schema.kinds.flatMap({ $0.parameters.map(\.name) }) where seen.insert(k).inserted {
            keys.append(k)
        }
        return keys
    }()

    /// The kinds each parameter belongs to.
    static let parameterOwners: [String: [String]] = {
        var owners: [String: [String]] = [:]
        for k in Schema.kinds { for p in k.parameters { owners[p.name, default: []].append(k.name) } }
        return owners
    }()

    /// Keys of `frame` and `padding` that people write beside the kind key by mistake.
    static let nestedModifierKeys: [String: String] = {
        var places: [String: String] = [:]
        for k in Schema.paddingKeys { places[k.name] = "padding" }
        for k in Schema.frameKeys where k.name != "alignment" { places[k.name] = "frame" }
        return places
    }()

    /// The keys allowed in a place, in schema order (suggestions prefer earlier ones).
    static func allowed(kind: KindSpec, context: ViewContext) -> [String] {
        Schema.viewKeys(of: kind, at: context.site).map(\.name)
    }
}

/// The kinds, by what the validator does with them.
enum KindName {
    case text, image, color, spacer, divider, hstack, vstack, zstack, flow, grid, bricks, canvas, other

    init(_ name: String) {
        switch name {
        case "text": self = .text
        case "image": self = .image
        case "color": self = .color
        case "spacer": self = .spacer
        case "divider": self = .divider
        case "hstack": self = .hstack
        case "vstack": self = .vstack
        case "zstack": self = .zstack
        case "flow": self = .flow
        case "grid": self = .grid
        case "bricks": self = .bricks
        case "canvas": self = .canvas
        default: self = .other
        }
    }
}

/// One kind of view, with what the validator reads of its schema entry worked out once.
final class KindInfo: Sendable {
    let spec: KindSpec
    let which: KindName
    /// Its parameters' specs by key index.
    let parameters: [KeySpec?]
    let hasSpacing: Bool
    let defaultSpacing: Double
    /// The alignment names its `alignment` parameter takes; nil when it has none.
    let alignmentSet: AlignmentSet?
    let hasAlignmentParameter: Bool

    init(spec: KindSpec, which: KindName, parameters: [KeySpec?], hasSpacing: Bool, defaultSpacing: Double,
         alignmentSet: AlignmentSet?, hasAlignmentParameter: Bool) {
        self.spec = spec
        self.which = which
        self.parameters = parameters
        self.hasSpacing = hasSpacing
        self.defaultSpacing = defaultSpacing
        self.alignmentSet = alignmentSet
        self.hasAlignmentParameter = hasAlignmentParameter
    }

    /// The spec of a parameter, or a placeholder string key as `KindSpec.parameter(named:)`
    /// callers used.
    func parameter(_ id: Int, _ name: String) -> KeySpec {
        parameters[id] ?? KeySpec(name, .string, doc: "")
    }
}

/// Every key a view mapping may hold (kinds, parameters, modifiers, attributes, inherited
/// keys), indexed once from the schema, with bitmasks of the keys allowed in each place.
final class ViewKeyTable: Sendable {
    static let shared = ViewKeyTable()

    let index: NameIndex
    /// Per key index: the kind it names (a position in `kinds`), or -1.
    let kindOfKey: [Int]
    let kinds: [KindInfo]
    let kindMask: KeySet
    /// Keys that read as component names.
    let componentMask: KeySet
    /// Per kind and role (`kind * 4 + ViewContext.roleIndex`): the keys allowed beside the kind
    /// key, as `ViewKeys.allowed` lists them.
    private let allowedMasks: [KeySet]
    /// Per role: the keys allowed beside a component instance.
    private let instanceMasks: [KeySet]
    /// The modifiers written as keys, in the order they apply: their key indexes, specs and
    /// what they are.
    let modifierIDs: [Int]
    let modifierKeyNames: [String]
    let modifierNames: [ModifierName]
    let modifierBounds: [NumberBounds?]
    let modifierMask: KeySet
    let modifierList: Int
    /// The attributes' and inherited keys' specs by key index.
    let common: [KeySpec?]
    /// The attributes and inherited keys.
    let attributeMask: KeySet

    // The keys the validator reads by name.
    let id, layoutPriority, alignmentGuides, zIndex, hidden, when, ignoresSafeArea, position: Int
    let font, lineLimit, multilineAlignment: Int
    let truncation, size, resizable, fill, minLength, spacing, alignment, lineSpacing: Int
    let columns, cells, rowHeight, justifyLastRow, minWidth, maxWidth: Int

    private init() {
        var names = Schema.kindNames
        for k in Schema.kinds { names += k.parameters.map(\.name) }
        names += Schema.commonViewKeys.map(\.name)
        names.append(Schema.decorationAlignment.name)
        var seen = Set<String>()
        names = names.filter { seen.insert($0).inserted }
        let index = NameIndex(names)
        self.index = index
        func id(_ name: String) -> Int {
            guard let i = index.index(of: name) else { preconditionFailure("no view key `\(name)`") }
            return i
        }

        var kindOfKey = [Int](repeating: -1, count: names.count)
        var kindMask = KeySet()
        var kinds: [KindInfo] = []
        for (i, k) in Schema.kinds.enumerated() {
            let key = id(k.name)
            if kindOfKey[key] < 0 { kindOfKey[key] = i }
            kindMask.insert(key)
            var parameters = [KeySpec?](repeating: nil, count: names.count)
            for p in k.parameters where parameters[id(p.name)] == nil { parameters[id(p.name)] = p }
            let spacing = k.parameter(named: "spacing")
            var alignmentSet: AlignmentSet? = nil
            if case .alignment(let set)? = k.parameter(named: "alignment")?.shape { alignmentSet = set }
            kinds.append(KindInfo(
                spec: k, which: KindName(k.name), parameters: parameters,
                hasSpacing: spacing != nil, defaultSpacing: spacing?.defaultValue?.number ?? 0,
                alignmentSet: alignmentSet, hasAlignmentParameter: k.parameter(named: Schema.decorationAlignment.name) != nil))
        }
        self.kindOfKey = kindOfKey
        self.kinds = kinds
        self.kindMask = kindMask

        let componentMask = KeySet(index.names.filter(Schema.isComponentKey).map(id))
        self.componentMask = componentMask
        let kindOrComponent = kindMask.union(componentMask)

        let roles: [ViewSite] = [.body, .canvasChild, .decoration, .child]
        var allowedMasks: [KeySet] = []
        for k in Schema.kinds {
            for role in roles {
                let context = ViewContext(depth: 1, site: role)
                allowedMasks.append(KeySet(ViewKeys.allowed(kind: k, context: context).map(id)).subtracting(kindOrComponent))
            }
        }
        self.allowedMasks = allowedMasks
        instanceMasks = roles.map { role in
            KeySet(ViewKeys.allowed(kind: Self.instanceSpec, context: ViewContext(depth: 1, site: role)).map(id))
                .subtracting(kindOrComponent)
        }

        modifierIDs = Schema.modifiers.map { id($0.name) }
        modifierKeyNames = Schema.modifiers.map(\.name)
        modifierNames = Schema.modifiers.map { ModifierName($0.name) }
        modifierBounds = Schema.modifiers.map(\.numberBounds)
        modifierMask = KeySet(Schema.modifiers.map { id($0.name) })
        modifierList = id(Schema.modifierList.name)
        var common = [KeySpec?](repeating: nil, count: names.count)
        for a in Schema.attributes + Schema.inherited where common[id(a.name)] == nil { common[id(a.name)] = a }
        self.common = common
        attributeMask = KeySet((Schema.attributes + Schema.inherited).map { id($0.name) })

        self.id = id("id")
        layoutPriority = id("layoutPriority")
        alignmentGuides = id("alignmentGuides")
        zIndex = id("zIndex")
        hidden = id("hidden")
        when = id("when")
        ignoresSafeArea = id("ignoresSafeArea")
        position = id("position")
        font = id("font")
        lineLimit = id("lineLimit")
        multilineAlignment = id("multilineAlignment")
        truncation = id("truncation")
        size = id("size")
        resizable = id("resizable")
        fill = id("fill")
        minLength = id("minLength")
        spacing = id("spacing")
        alignment = id(Schema.decorationAlignment.name)
        lineSpacing = id("lineSpacing")
        columns = id("columns")
        cells = id("cells")
        rowHeight = id("rowHeight")
        justifyLastRow = id("justifyLastRow")
        minWidth = id("minWidth")
        maxWidth = id("maxWidth")
    }

    func allowed(kind: Int, context: ViewContext) -> KeySet {
        allowedMasks[kind &* 4 &+ context.roleIndex]
    }

    /// The keys allowed beside a component instance's kind key, by role: those of a kind
    /// without parameters.
    func instanceAllowed(context: ViewContext) -> KeySet {
        instanceMasks[context.roleIndex]
    }

    /// A kind with no parameters, standing for a component instance where keys are listed.
    static let instanceSpec = KindSpec("", value: .null, parameters: [], doc: "A component instance.", isContainer: false)

    /// The spec of an attribute or inherited key.
    func commonSpec(_ id: Int) -> KeySpec { common[id]! }
}

/// A view's known keys that are allowed where it is, by `ViewKeyTable` index.
struct ViewFields {
    let mapping: KeyedPairs
    let mask: KeySet

    subscript(id: Int) -> YAMLPair? {
        mask.contains(id) ? mapping[id] : nil
    }

    func has(_ mask: KeySet) -> Bool { !self.mask.isDisjoint(with: mask) }
}
