import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// A mapping where a view is expected has no kind key.
    public static let missingKind = DiagnosticCode("missing-kind", .error)
    /// A view has two kind keys.
    public static let multipleKinds = DiagnosticCode("multiple-kinds", .error)
    /// A key the schema knows, written where it has no meaning.
    public static let misplacedKey = DiagnosticCode("misplaced-key", .error)
    /// A capitalised kind key that names no declared component.
    public static let unknownComponent = DiagnosticCode("unknown-component", .error)
    /// A bare scalar under `background:` or `overlay:` that names a colour: it is a text view
    /// showing the colour's name, which is rarely what was meant.
    public static let colorAsText = DiagnosticCode("color-as-text", .warning)
}

/// Where a view sits, which decides the keys it may have.
struct ViewContext {
    enum Role {
        case body
        case child(of: String)
        case canvasChild
        /// A `background` or `overlay`.
        case decoration(String)
    }

    var depth: Int
    var role: Role

    var isBody: Bool { if case .body = role { return true } else { return false } }
    var isCanvasChild: Bool { if case .canvasChild = role { return true } else { return false } }
    var isDecoration: Bool { if case .decoration = role { return true } else { return false } }

    /// The role as a number, for `ViewKeyTable.allowed`: the keys a view may have depend on it.
    var roleIndex: Int {
        switch role {
        case .body: return 0
        case .canvasChild: return 1
        case .decoration: return 2
        case .child: return 3
        }
    }

    /// The schema's name for the place.
    var site: ViewSite {
        switch role {
        case .body: return .body
        case .canvasChild: return .canvasChild
        case .decoration: return .decoration
        case .child: return .child
        }
    }

    func child(of kind: String) -> ViewContext {
        ViewContext(depth: depth + 1, role: kind == "canvas" ? .canvasChild : .child(of: kind))
    }

    func decoration(_ key: String) -> ViewContext {
        ViewContext(depth: depth + 1, role: .decoration(key))
    }
}

/// A validated view, and where it goes when it is a background or overlay.
struct BuiltView {
    let node: ViewIndex
    let placement: Alignment2D
}

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

        let componentMask = KeySet(index.names.filter(ValidationPass.isComponentName).map(id))
        self.componentMask = componentMask
        let kindOrComponent = kindMask.union(componentMask)

        let roles: [ViewContext.Role] = [.body, .canvasChild, .decoration("background"), .child(of: "")]
        var allowedMasks: [KeySet] = []
        for k in Schema.kinds {
            for role in roles {
                let context = ViewContext(depth: 1, role: role)
                allowedMasks.append(KeySet(ViewKeys.allowed(kind: k, context: context).map(id)).subtracting(kindOrComponent))
            }
        }
        self.allowedMasks = allowedMasks
        instanceMasks = roles.map { role in
            KeySet(ViewKeys.allowed(kind: Self.instanceSpec, context: ViewContext(depth: 1, role: role)).map(id))
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

extension ValidationPass {
    /// Validates a view; nil when there is no usable view (reported).
    func view(_ node: YAMLNode, key: YAMLNode?, context: ViewContext) -> BuiltView? {
        if context.depth > ValidationLimits.maxViewDepth {
            if !reportedDepth {
                reportedDepth = true
                let at = node.pairs?.first?.key.range ?? range(of: node, key: key)
                report(.tooComplex, "views are nested more than \(ValidationLimits.maxViewDepth) deep; the deeper ones are ignored", at: at)
            }
            return nil
        }
        if !frames.isEmpty {
            // Inside an expansion: an argument's views are read where the instance is written;
            // an unresolved `$slot` is left out (its instance has been told).
            let id = node.id
            if let c = argumentContext(of: id) {
                let savedScope = scope, savedAnchor = modelAnchor, savedChain = chain
                scope = c.scope
                modelAnchor = c.anchor
                chain = c.chain
                defer {
                    scope = savedScope
                    modelAnchor = savedAnchor
                    chain = savedChain
                }
                return plainView(node, key: key, context: context)
            }
            if node.scalar != nil, frames[frames.count - 1].unresolved.contains(id) { return nil }
        }
        return plainView(node, key: key, context: context)
    }

    private func plainView(_ node: YAMLNode, key: YAMLNode?, context: ViewContext) -> BuiltView? {
        switch node.content {
        case .sequence:
            reportWrongType(node, key: key, expected: "a view", for: nil)
            return nil
        case .scalar(let s):
            return bareText(node, s, key: key, context: context)
        case .mapping(let raw):
            return mappingView(node, raw, key: key, context: context)
        }
    }

    func takeSerial() -> Int {
        if !frames.isEmpty {
            // Views built from component bodies, counted against the expansion limit (template
            // checks apart: their views are not kept).
            if templateDepth > 0 { templateViews += 1 } else { expandedViews += 1 }
        }
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// `- Hello` means `- text: Hello`.
    private func bareText(_ node: YAMLNode, _ s: YAMLScalar, key: YAMLNode?, context: ViewContext) -> BuiltView? {
        if case .null = s.resolved {
            if isCut(node) { return nil }
            report(.missingKind, "expected a view, found nothing; a view is a mapping with a kind key such as `text`",
                   at: range(of: node, key: key))
            return nil
        }
        let serial = takeSerial()
        let text = limitedText(s.text, at: node.range)
        checkStrayReferences(node, what: "this text")
        if context.isCanvasChild && !isCut(node) {
            report(.missingRequired, "a canvas child needs a `position`; write it as `text: ...` with a `position` beside it",
                   at: node.range)
        }
        if context.isDecoration, ColorValue(parsing: text) != nil {
            // `background: red` reads as `background: {text: red}`: the word, not the colour.
            // Its layout warnings (the word cut to the decorated view's size) would only repeat this.
            explainedViews.insert(serial)
            let written = sources.text(node.range)
            report(.colorAsText,
                   "`\(text)` here is a text view that shows the word `\(text)`; for the colour, write `{color: \(written)}`",
                   at: node.range,
                   fixes: [FixIt(title: "use the colour `\(text)`", range: node.range, replacement: "{color: \(written)}")])
        }
        let view = views.append(.text(text, truncation: .tail), range: modelRange(node.range),
                                kindRange: modelKindRange(node.range), serial: serial)
        return BuiltView(node: view, placement: .center)
    }

    /// "; did you mean …?" for a capitalised key that names no component: a kind whose name it
    /// is but for case (`Text`, `VStack`), else the closest components, else the closest kinds
    /// (`Vstak`).
    /// `kind`: the one kind suggested, if that is the suggestion.
    func unknownComponentHint(_ name: String, replacing range: SourceRange) -> (hint: String, fixes: [FixIt], kind: String?) {
        func kindHint(_ kinds: [String]) -> (String, [FixIt], String?) {
            let words = kinds.count == 1 ? "the \(Suggestions.alternatives(kinds)) kind" : "one of the kinds \(Suggestions.alternatives(kinds))"
            return ("; did you mean \(words)? Kind keys are lower case (a capitalised key names a component)",
                    kinds.map { FixIt(title: "replace with `\($0)`", range: range, replacement: $0) },
                    kinds.count == 1 ? kinds[0] : nil)
        }
        let lower = name.lowercased()
        if Schema.kind(named: lower) != nil { return kindHint([lower]) }
        let components = closest(to: name, in: scope.names)
        if !components.isEmpty {
            return ("; did you mean \(Suggestions.alternatives(components))?",
                    components.map { FixIt(title: "replace with `\($0)`", range: range, replacement: $0) }, nil)
        }
        let kinds = closest(to: name, in: Schema.kindNames)
        return kinds.isEmpty ? ("", [], nil) : kindHint(kinds)
    }

    static func isComponentName(_ key: String) -> Bool {
        Schema.isComponentKey(key)
    }

    private func mappingView(_ node: YAMLNode, _ raw: YAMLPairs, key: YAMLNode?, context: ViewContext) -> BuiltView? {
        let table = viewKeys
        let mapping = keyedPairs(raw, table.index)
        let pairs = mapping.pairs
        var kindPair: YAMLPair? = nil
        var kindIndex = -1
        var hasComponent = false
        var component: ComponentDecl? = nil
        var unknownComponents: [YAMLPair] = []
        let kindBits = mapping.present.intersection(table.kindMask)
        if mapping.unknownCount == 0 && mapping.present.isDisjoint(with: table.componentMask) && kindBits.count == 1 {
            // One kind key, no component: nothing to report.
            let id = kindBits.first!
            kindPair = mapping[id]
            kindIndex = table.kindOfKey[id]
        } else {
            for p in pairs {
                let k = p.key.keyText ?? ""
                if let id = table.index.index(of: k), table.kindOfKey[id] >= 0 {
                    if let first = kindPair {
                        reportSecondKind(p, after: first)
                    } else {
                        kindPair = p
                        kindIndex = table.kindOfKey[id]
                    }
                } else if Self.isComponentName(k) {
                    if let decl = scope.lookup(k) {
                        if let first = kindPair {
                            reportSecondKind(p, after: first)
                        } else {
                            kindPair = p
                            component = decl
                        }
                        continue
                    }
                    hasComponent = true
                    if !scope.failedImports.isEmpty {
                        // It may be one of the components the failed import would have given:
                        // the import's error says so once (`noteUnresolvedUses`).
                        scope.unresolvedUses.append((k, p.key.range))
                        continue
                    }
                    unknownComponents.append(p)
                }
            }
        }
        // A capitalised kind (`Text:`, `VStack:`) or a near miss of one (`Imgae:`): when it is the
        // view's only kind-like key, the rest of the view is checked as that kind, so that one
        // capital letter does not hide every problem below it.
        var guessedKindPair: YAMLPair? = nil
        for p in unknownComponents {
            let k = p.key.keyText ?? ""
            var (hint, fixes, kind) = unknownComponentHint(k, replacing: p.key.range)
            if let kind, kindPair == nil, component == nil, unknownComponents.count == 1, let id = table.index.index(of: kind) {
                hint += "; the rest of this view is checked as `\(kind)`"
                kindPair = p
                kindIndex = table.kindOfKey[id]
                guessedKindPair = p
            }
            report(.unknownComponent, "no component named `\(k)` is declared" + hint, at: p.key.range, fixes: fixes)
        }
        if let component, let kindPair {
            return instanceView(node, mapping: mapping, kindPair: kindPair, decl: component, context: context)
        }
        // A misspelt kind (`vstak:`): reported once, and the rest of the mapping is validated as
        // the kind it was meant to be, so one typo does not hide every other problem below it.
        if kindPair == nil, component == nil, !hasComponent, mapping.unknownCount != 0,
           let (p, kind) = misspeltKind(pairs) {
            let name = p.key.keyText ?? ""
            report(.unknownKey, "unknown key `\(name)`; did you mean `\(kind)`? (the rest of this view is checked as `\(kind)`)",
                   at: p.key.range,
                   fixes: [FixIt(title: "replace with `\(kind)`", range: p.key.range, replacement: kind)])
            if let id = table.index.index(of: kind) {
                kindPair = p
                kindIndex = table.kindOfKey[id]
                guessedKindPair = p
            }
        }
        guard let kindPair, kindIndex >= 0 else {
            kindlessView(node, pairs, hasComponent: hasComponent)
            return nil
        }
        let kind = table.kinds[kindIndex]

        let serial = takeSerial()
        let allowed = table.allowed(kind: kindIndex, context: context)
        if mapping.unknownCount != 0 || !mapping.present.subtracting(table.kindMask).subtracting(table.componentMask).subtracting(allowed).isEmpty {
            for p in pairs {
                if let guessed = guessedKindPair, p.key.range == guessed.key.range { continue }
                let k = p.key.keyText ?? ""
                let id = table.index.index(of: k)
                if let id, table.kindOfKey[id] >= 0 { continue }
                if Self.isComponentName(k) { continue }
                if let id, allowed.contains(id) { continue }
                if let message = misplacedMessage(k, kind: kind.spec.name, context: context) {
                    report(.misplacedKey, message, at: p.key.range)
                } else {
                    reportUnknownKey(p.key, candidates: unknownKeyCandidates(kind.spec, context: context), beside: pairs)
                }
            }
        }
        let fields = ViewFields(mapping: mapping, mask: mapping.present.intersection(allowed))

        var content = KindContent(name: kind.spec.name, which: kind.which)
        readKindContent(kind, kindPair, fields: fields, context: context, into: &content)
        var placement = Alignment2D.center
        if context.isDecoration {
            if let name = content.alignmentName {
                placement = Alignment2D(name: name) ?? .center
            } else if !kind.hasAlignmentParameter, let p = fields[table.alignment],
                      let name = alignmentName(p, set: .nine, owner: "a background or overlay") {
                placement = Alignment2D(name: name) ?? .center
            }
        }

        let (modifiers, attributes) = modifiersAndAttributes(fields, kindPair: kindPair, node: node, context: context)

        var lostChild = false
        var childMark: Int? = nil
        if kind.spec.isContainer {
            let childContext = context.child(of: kind.spec.name)
            childMark = views.childMark
            for item in content.childNodes {
                if let child = view(item, key: nil, context: childContext) {
                    views.addChild(child.node)
                } else if item.scalar?.resolved != .null || !isCut(item) {
                    // A written child that could not be read (reported where it is): the
                    // container holds fewer views than the file gives it.
                    lostChild = true
                }
            }
        }

        // A container cut short by a syntax error holds only the children read before it; one
        // read as a guessed kind is not what the file says.
        if kind.spec.isContainer
            && (isCut(node) || guessedKindPair != nil || lostChild || shortenedBySlots[kindPair.value.id] != nil) {
            provisionalViews.insert(serial)
        }
        let view = views.append(
            content.makeContent(), range: modelRange(node.range), kindRange: modelKindRange(kindPair.key.range),
            modifiers: modifiers, attributes: attributes, childrenFrom: childMark, serial: serial)
        return BuiltView(node: view, placement: placement)
    }

    /// The keys to suggest for an unknown key of a view: the keys allowed where it is, worked out
    /// once per place. Never a kind: the view has one, and a second is an error
    /// (`multiple-kinds`).
    private func unknownKeyCandidates(_ kind: KindSpec, context: ViewContext) -> [String] {
        let place = ViewKeys.Place(kind: kind.name, isBody: context.isBody, isCanvasChild: context.isCanvasChild,
                                   isDecoration: context.isDecoration)
        if let known = allowedKeys[place] { return known }
        let candidates = ViewKeys.allowed(kind: kind, context: context)
        allowedKeys[place] = candidates
        return candidates
    }

    /// The one key of a kindless mapping that is a close misspelling of exactly one kind, with
    /// that kind: nil when no key, or more than one, looks like a kind, or when the closest kinds
    /// tie (`stack` is as close to `hstack` as to `vstack`). Keys that are known view keys or
    /// component names are not candidates.
    private func misspeltKind(_ pairs: YAMLPairs) -> (YAMLPair, String)? {
        var found: (YAMLPair, String)? = nil
        for p in pairs {
            guard let k = p.key.keyText, !k.isEmpty, !Self.isComponentName(k),
                  viewKeys.index.index(of: k) == nil, !ViewKeys.anywhere.contains(k) else { continue }
            let kinds = Suggestions.closestAll(to: k, in: Schema.kindNames)
            guard !kinds.isEmpty else { continue }
            if found != nil || kinds.count > 1 { return nil }
            found = (p, kinds[0])
        }
        return found
    }

    /// A mapping without a usable kind: its unknown keys are reported (a misspelt kind key is
    /// the usual cause, so `missing-kind` is left out then), else `missing-kind`.
    private func kindlessView(_ node: YAMLNode, _ pairs: YAMLPairs, hasComponent: Bool) {
        var foundUnknown = false
        let candidates = Schema.kindNames + ViewKeys.anywhereOrdered
        for p in pairs {
            let k = p.key.keyText ?? ""
            if Self.isComponentName(k) || ViewKeys.anywhere.contains(k) { continue }
            reportUnknownKey(p.key, candidates: candidates, beside: pairs)
            foundUnknown = true
        }
        if !foundUnknown && !hasComponent && !isCut(node) {
            let kinds = Schema.kindNames.map { "`\($0)`" }.joined(separator: ", ")
            report(.missingKind, "this view has no kind key; it needs one of \(kinds)",
                   at: pairs.first?.key.range ?? node.range)
        }
    }

    /// Why a known key does not belong here, and where it does; nil for keys the schema does not
    /// know as view keys.
    func misplacedMessage(_ key: String, kind: String, context: ViewContext) -> String? {
        switch key {
        case "position":
            return "`position` applies only to children of a `canvas`"
        case "ignoresSafeArea":
            return "`ignoresSafeArea` applies only to the body"
        default:
            break
        }
        if Schema.topLevel.contains(where: { $0.name == key }) {
            return "`\(key)` belongs at the top level of the file, not in a view"
        }
        if let owners = ViewKeys.parameterOwners[key] {
            var places = owners.map { "`\($0)`" }.joined(separator: ", ")
            if key == Schema.decorationAlignment.name { places += ", and to backgrounds and overlays" }
            if let modifier = ViewKeys.nestedModifierKeys[key] { places += ", or inside `\(modifier)`" }
            return "`\(key)` is not a parameter of `\(kind)`; it belongs to \(places)"
        }
        if let modifier = ViewKeys.nestedModifierKeys[key] {
            return "`\(key)` is not a key of a view; write it inside `\(modifier)`"
        }
        return nil
    }

    /// A text longer than the limit is reported and cut there.
    func limitedText(_ text: String, at range: SourceRange) -> String {
        guard text.utf8.count > ValidationLimits.maxTextLength, text.count > ValidationLimits.maxTextLength else { return text }
        report(.tooComplex, "this text has \(text.count) characters; at most \(ValidationLimits.maxTextLength) are allowed", at: range)
        return String(text.prefix(ValidationLimits.maxTextLength))
    }
}

extension ValidationPass {
    /// A view's modifiers (the fixed-order keys, then a `modifiers` list) and attributes; a
    /// canvas child without attributes lacks its `position`. Shared by views and component
    /// instances.
    func modifiersAndAttributes(
        _ fields: ViewFields, kindPair: YAMLPair, node: YAMLNode, context: ViewContext
    ) -> ([ModifierRecord], ViewAttributes) {
        let table = viewKeys
        var written: WrittenModifierOrder? = nil
        var modifiers = fields.has(table.modifierMask) ? directModifiers(fields, context: context, written: &written) : []
        if let p = fields[table.modifierList] { modifiers += modifierList(p, context: context) }
        var attributes = ViewAttributes()
        attributes.writtenModifierOrder = written
        if fields.has(table.attributeMask) {
            readViewAttributes(fields, kindKey: kindPair.key, node: node, context: context, into: &attributes)
        } else if context.isCanvasChild && !isCut(node) {
            report(.missingRequired, "a canvas child needs a `position`", at: kindPair.key.range)
        }
        return (modifiers, attributes)
    }

    /// `multiple-kinds` at a second kind key, related to the first.
    func reportSecondKind(_ second: YAMLPair, after first: YAMLPair) {
        let k = second.key.keyText ?? "", firstName = first.key.keyText ?? ""
        report(.multipleKinds, "a view has one kind key; `\(k)` is a second one besides `\(firstName)`",
               at: second.key.range, related: [RelatedLocation(range: first.key.range, message: "first kind key `\(firstName)`")])
    }
}
