import TatamiBase
import TatamiModel
import TatamiYAML

// One walk over a file's YAML tree that knows what every key and value means (from the schema
// table): which keys are kinds, component instances, modifiers, declarations; which values are
// ids, font or alignment names, expressions, `$param` references. Symbols, navigation, rename,
// code actions and semantic tokens are visitors of this walk, so the format's structure is
// read in one place. The walk needs no validation: it reads whatever the tree holds, partial
// or wrong, and never descends into the same collection twice (aliases).

/// A name the file declares.
enum SemanticNameKind: Hashable {
    case viewport, font, alignment, component, parameter
}

/// What a key means where it stands.
enum SemanticKeyRole: Equatable {
    /// A known top-level key.
    case topLevel
    /// A kind key: `text`, `hstack`, …
    case kind
    /// A capitalised kind key: an instance of the component of that name.
    case instance
    /// A wrapping modifier (`padding`, `frame`, …) or `modifiers`.
    case modifier
    /// An attribute (`id`, `when`, …) or an inherited key (`font`, …).
    case attribute
    /// A parameter of the view's kind (`spacing`), or a decoration's `alignment`.
    case parameter
    /// A key inside an object value (a frame's `width`, a viewport's `height`).
    case property
    /// The name of a declaration (under `viewports`, `fonts`, `alignments`, `components`,
    /// a component's `params`).
    case declaration(SemanticNameKind)
    /// An argument of an instance: the name of one of the component's parameters.
    case argument(component: String)
    /// A key of `alignmentGuides`: a built-in or custom guide.
    case guide
    /// A key that means nothing where it stands.
    case unknown
}

/// What a scalar value means, where it is more than a plain value.
enum SemanticValueRole {
    case id, fontName, alignmentName, importPath, expression
    /// The value of a `color` view (a name or `#RRGGBB`, as written; not checked).
    case color
}

/// How a view is placed.
enum SemanticViewRole {
    case body
    case child(of: String)
    /// `background` or `overlay`, written as a key or in `modifiers`.
    case decoration(String)
    /// A component's `body`.
    case componentBody
    /// A `view` argument of an instance, by parameter name.
    case argument(String)
    /// The `default` of a `view` parameter.
    case parameterDefault

    /// Where the view stands, in the schema's terms.
    var site: ViewSite {
        switch self {
        case .body: return .body
        case .child(let container): return SchemaPlace.childSite(of: container)
        case .decoration: return .decoration
        case .componentBody, .argument, .parameterDefault: return .child
        }
    }
}

/// One view the walk enters.
struct SemanticViewSite {
    let node: YAMLNode
    /// The kind key (nil for a bare scalar, or a mapping without one).
    let kindKey: YAMLNode?
    /// `text` for a bare scalar; nil when the mapping has no kind key.
    let kindName: String?
    let isInstance: Bool
    /// The kind key's value (nil for a bare scalar).
    let kindValue: YAMLNode?
    let id: String?
    let role: SemanticViewRole
}

/// A region the walk enters and leaves: symbols nest by these.
enum SemanticScope {
    /// A top-level key and its value.
    case section(YAMLPair)
    case declaration(SemanticNameKind, YAMLPair)
    case view(SemanticViewSite)
}

/// Where the walk is.
struct SemanticContext {
    /// The name key of the component being declared (its params, defaults and body).
    var component: YAMLNode?
    /// Inside a component's `body`: values there may hold `$name` references.
    var inBody = false
    /// YAML nesting, bounded like the parser's.
    var depth = 0

    var componentName: String? { component?.keyText }
}

/// A `$name`, `${name}` reference in a value of a component's body.
struct ParameterReferenceSite {
    let name: String
    /// The name's bytes in the source (without `$`, `{`, `}`).
    let nameRange: SourceRange
    /// The whole reference (`$name`, `${ name }`).
    let range: SourceRange
    /// False when the scalar's source could not be mapped exactly (the ranges are then the
    /// scalar's value range).
    let isExact: Bool
    /// The scalar is exactly `$name`.
    let isWhole: Bool
}

/// Receives what the walk finds; every method has an empty default.
protocol SemanticVisitor {
    mutating func key(_ key: YAMLNode, _ role: SemanticKeyRole, _ context: SemanticContext)
    mutating func value(_ node: YAMLNode, _ scalar: YAMLScalar, _ role: SemanticValueRole, _ context: SemanticContext)
    mutating func parameterReference(_ reference: ParameterReferenceSite, in node: YAMLNode, _ context: SemanticContext)
    /// A mapping with known keys (`keys`), whose `missing-required` the validator reports at
    /// `owner` (else its first key, else itself).
    mutating func object(_ node: YAMLNode, owner: YAMLNode?, keys: [KeySpec])
    mutating func enter(_ scope: SemanticScope, _ context: SemanticContext)
    mutating func exit(_ scope: SemanticScope)
    /// The schema's place of a view the walk enters (tests compare it with `SchemaPlace`'s walk).
    mutating func place(_ node: YAMLNode, _ place: SchemaPlace)
}

extension SemanticVisitor {
    mutating func key(_ key: YAMLNode, _ role: SemanticKeyRole, _ context: SemanticContext) {}
    mutating func value(_ node: YAMLNode, _ scalar: YAMLScalar, _ role: SemanticValueRole, _ context: SemanticContext) {}
    mutating func parameterReference(_ reference: ParameterReferenceSite, in node: YAMLNode, _ context: SemanticContext) {}
    mutating func object(_ node: YAMLNode, owner: YAMLNode?, keys: [KeySpec]) {}
    mutating func enter(_ scope: SemanticScope, _ context: SemanticContext) {}
    mutating func exit(_ scope: SemanticScope) {}
    mutating func place(_ node: YAMLNode, _ place: SchemaPlace) {}
}

/// The schema's keys, looked up by name (built once).
enum SemanticKeys {
    static let topLevel: [String: KeySpec] = byName(Schema.topLevel)
    static let workspaceTopLevel: [String: KeySpec] = byName(Schema.workspaceTopLevel)
    static let modifiers: [String: KeySpec] = byName(Schema.modifiers)

    static func byName(_ keys: [KeySpec]) -> [String: KeySpec] {
        var table: [String: KeySpec] = [:]
        for k in keys where table[k.name] == nil { table[k.name] = k }
        return table
    }
}

/// The walk itself.
struct SemanticWalker<Visitor: SemanticVisitor> {
    var visitor: Visitor
    /// The file's bytes, to place references in scalars without an exact offset map.
    private let source: [UInt8]
    private var visited = Set<YAMLNode.ID>()
    /// Deeper than the YAML stage ever builds; a guard, not a limit users meet.
    static var maximumDepth: Int { YAMLLimits.standard.maxDepth + 8 }

    init(_ visitor: Visitor, source: [UInt8]) {
        self.visitor = visitor
        self.source = source
    }

    /// Walks a file; `visitor` holds what it gathered.
    /// `workspaceFile`: the file is a workspace file, whose top-level keys are
    /// `Schema.workspaceTopLevel` (its `viewports` and `fonts` are walked as a Tatami file's).
    mutating func walkFile(_ root: YAMLNode?, workspaceFile: Bool = false) {
        guard let root, let pairs = root.pairs else { return }
        let keys = workspaceFile ? SemanticKeys.workspaceTopLevel : SemanticKeys.topLevel
        visitor.object(root, owner: nil, keys: workspaceFile ? Schema.workspaceTopLevel : Schema.topLevel)
        let context = SemanticContext(depth: 1)
        for p in pairs {
            guard let k = p.key.keyText, keys[k] != nil else {
                visitor.key(p.key, .unknown, context)
                continue
            }
            visitor.key(p.key, .topLevel, context)
            visitor.enter(.section(p), context)
            var inner = context
            inner.depth += 1
            switch k {
            case "viewports": declarations(p.value, .viewport, keys: Schema.viewportKeys, inner)
            case "fonts": declarations(p.value, .font, keys: Schema.fontKeys, inner)
            case "alignments": declarations(p.value, .alignment, keys: Schema.alignmentDeclarationKeys, inner)
            case "components": components(p.value, inner)
            case "imports":
                for item in p.value.items ?? .empty {
                    if let s = item.scalar { visitor.value(item, s, .importPath, inner) }
                }
            case "body": view(p.value, role: .body, inner)
            default: break
            }
            visitor.exit(.section(p))
        }
    }

    // MARK: Declarations

    private mutating func declarations(_ node: YAMLNode, _ kind: SemanticNameKind, keys: [KeySpec], _ context: SemanticContext) {
        guard let pairs = node.pairs, enterCollection(node, context) else { return }
        for p in pairs {
            visitor.key(p.key, .declaration(kind), context)
            visitor.enter(.declaration(kind, p), context)
            object(p.value, owner: p.key, keys: keys, deeper(context))
            visitor.exit(.declaration(kind, p))
        }
    }

    private mutating func components(_ node: YAMLNode, _ context: SemanticContext) {
        guard let pairs = node.pairs, enterCollection(node, context) else { return }
        for p in pairs {
            var inner = deeper(context)
            inner.component = p.key
            visitor.key(p.key, .declaration(.component), inner)
            visitor.enter(.declaration(.component, p), inner)
            if let fields = p.value.pairs, enterCollection(p.value, inner) {
                visitor.object(p.value, owner: p.key, keys: Schema.componentKeys)
                for q in fields {
                    switch q.key.keyText {
                    case "params"?:
                        visitor.key(q.key, .property, inner)
                        parameters(q.value, deeper(inner))
                    case "body"?:
                        visitor.key(q.key, .property, inner)
                        var body = deeper(inner)
                        body.inBody = true
                        view(q.value, role: .componentBody, body)
                    default:
                        visitor.key(q.key, .unknown, inner)
                    }
                }
            }
            visitor.exit(.declaration(.component, p))
        }
    }

    private mutating func parameters(_ node: YAMLNode, _ context: SemanticContext) {
        guard let pairs = node.pairs, enterCollection(node, context) else { return }
        for p in pairs {
            visitor.key(p.key, .declaration(.parameter), context)
            visitor.enter(.declaration(.parameter, p), context)
            // Its `default` is a view when its `type` is `view` (`SchemaPlace.step`).
            let type = p.value.pairs?.first { $0.key.keyText == "type" }?.value.scalar?.text
            let declaration = SchemaPlace.shape(.object(Schema.componentParamKeys), owner: .entry(.parameter), expression: nil)
            var defaultIsView = false
            if case .view = declaration.step(key: "default", keys: [], sibling: { $0 == "type" ? type : nil }).value {
                defaultIsView = true
            }
            object(p.value, owner: p.key, keys: Schema.componentParamKeys, deeper(context), viewRole: .parameterDefault,
                   views: defaultIsView)
            visitor.exit(.declaration(.parameter, p))
        }
    }

    // MARK: Views

    private mutating func view(_ node: YAMLNode, role: SemanticViewRole, _ context: SemanticContext) {
        guard context.depth < Self.maximumDepth else { return }
        switch node.content {
        case .scalar(let s):
            let site = SemanticViewSite(node: node, kindKey: nil, kindName: "text", isInstance: false, kindValue: nil,
                                        id: nil, role: role)
            visitor.enter(.view(site), context)
            _ = references(node, s, context)
            visitor.exit(.view(site))
        case .sequence:
            plain(node, context)
        case .mapping(let pairs):
            guard enterCollection(node, context) else { return }
            var kindPair: YAMLPair? = nil
            var idText: String? = nil
            for p in pairs {
                guard let k = p.key.keyText else { continue }
                if kindPair == nil && (Schema.kind(named: k) != nil || Schema.isComponentKey(k)) { kindPair = p }
                if k == "id", idText == nil, let s = p.value.scalar, !s.text.isEmpty, !s.text.contains("$") { idText = s.text }
            }
            let kindName = kindPair?.key.keyText
            let kindSpec = kindName.flatMap(Schema.kind(named:))
            let site = SemanticViewSite(node: node, kindKey: kindPair?.key, kindName: kindName,
                                        isInstance: kindPair != nil && kindSpec == nil, kindValue: kindPair?.value,
                                        id: idText, role: role)
            let place = SchemaPlace.view(role.site)
            visitor.place(node, place)
            visitor.enter(.view(site), context)
            let inner = deeper(context)
            // The schema's step finds the kind key among the keys: given once here.
            let keys = kindName.map { [$0] } ?? []
            for p in pairs {
                guard let k = p.key.keyText else { continue }
                viewPair(p, k, place.step(key: k, keys: keys).role, context, inner)
            }
            visitor.exit(.view(site))
        }
    }

    /// One key of a view and its value, by the key's role in the schema.
    private mutating func viewPair(_ p: YAMLPair, _ k: String, _ role: SchemaKeyRole, _ context: SemanticContext,
                                   _ inner: SemanticContext) {
        switch role {
        case .kind(let spec):
            visitor.key(p.key, .kind, context)
            if case .viewList = spec.value, let items = p.value.items, enterCollection(p.value, inner) {
                for item in items { view(item, role: .child(of: k), deeper(inner)) }
            } else {
                value(p.value, spec.value, owner: p.key, inner)
            }
        case .instance:
            visitor.key(p.key, .instance, context)
            arguments(p.value, component: k, inner)
        case .viewKey(let spec, .parameter, _):
            visitor.key(p.key, .parameter, context)
            value(p.value, spec.shape, owner: p.key, inner)
        case .viewKey(let spec, let sort, _):
            visitor.key(p.key, Self.keyRole(sort), context)
            if k == "id" {
                scalarValue(p.value, .id, inner)
            } else if sort == .modifierList {
                modifierList(p.value, inner)
            } else {
                value(p.value, spec.shape, owner: p.key, inner, viewRole: .decoration(k))
            }
        default:
            visitor.key(p.key, .unknown, context)
            plain(p.value, inner)
        }
    }

    /// How the walk's visitors name a sort of view key.
    private static func keyRole(_ sort: ViewKeySort) -> SemanticKeyRole {
        switch sort {
        case .parameter, .decorationAlignment: return .parameter
        case .modifier, .modifierList: return .modifier
        case .attribute, .inherited: return .attribute
        }
    }

    private mutating func arguments(_ node: YAMLNode, component: String, _ context: SemanticContext) {
        guard let pairs = node.pairs else {
            plain(node, context)
            return
        }
        guard enterCollection(node, context) else { return }
        for p in pairs {
            visitor.key(p.key, .argument(component: component), context)
            // Without the component's signature, an argument is a view when it is a mapping
            // with a kind key (`SchemaPlace.untypedArgument`), as the formatter reads it.
            let isViewLike = p.value.pairs?.contains { $0.key.keyText.map { SchemaPlace.kindKey([$0]) != nil } ?? false } ?? false
            if case .view = SchemaPlace.untypedArgument(isViewLike: isViewLike) {
                view(p.value, role: .argument(p.key.keyText ?? ""), deeper(context))
            } else {
                plain(p.value, deeper(context))
            }
        }
    }

    private mutating func modifierList(_ node: YAMLNode, _ context: SemanticContext) {
        guard let items = node.items else {
            plain(node, context)
            return
        }
        guard enterCollection(node, context) else { return }
        for item in items {
            guard let pairs = item.pairs, enterCollection(item, deeper(context)) else { continue }
            for q in pairs {
                if let k = q.key.keyText, let spec = SemanticKeys.modifiers[k] {
                    visitor.key(q.key, .modifier, context)
                    value(q.value, spec.shape, owner: q.key, deeper(deeper(context)), viewRole: .decoration(k))
                } else {
                    visitor.key(q.key, .unknown, context)
                    plain(q.value, deeper(deeper(context)))
                }
            }
        }
    }

    // MARK: Values

    /// A value of a known shape.
    /// `views`: whether a mapping may be read as a view where the shape offers one among others.
    private mutating func value(_ node: YAMLNode, _ shape: ValueShape, owner: YAMLNode?, _ context: SemanticContext,
                                viewRole: SemanticViewRole = .parameterDefault, views: Bool = true) {
        guard context.depth < Self.maximumDepth else { return }
        switch shape {
        case .view:
            view(node, role: viewRole, context)
        case .viewList:
            guard let items = node.items, enterCollection(node, context) else { return plain(node, context) }
            for item in items { view(item, role: viewRole, deeper(context)) }
        case .expression:
            scalarValue(node, .expression, context)
        case .alignment:
            scalarValue(node, .alignmentName, context)
        case .fontName:
            scalarValue(node, .fontName, context)
        case .guideMap:
            guard let pairs = node.pairs, enterCollection(node, context) else { return plain(node, context) }
            for p in pairs {
                visitor.key(p.key, .guide, context)
                scalarValue(p.value, .expression, deeper(context))
            }
        case .object(let keys):
            object(node, owner: owner, keys: keys, context, viewRole: viewRole, views: views)
        case .map(let inner):
            guard let pairs = node.pairs, enterCollection(node, context) else { return plain(node, context) }
            for p in pairs {
                visitor.key(p.key, .property, context)
                value(p.value, inner, owner: p.key, deeper(context), viewRole: viewRole)
            }
        case .list(let inner):
            guard let items = node.items, enterCollection(node, context) else { return plain(node, context) }
            for item in items { value(item, inner, owner: nil, deeper(context), viewRole: viewRole) }
        case .tuple(let shapes):
            guard let items = node.items, enterCollection(node, context) else { return plain(node, context) }
            for (i, item) in items.enumerated() {
                value(item, i < shapes.count ? shapes[i] : .string, owner: nil, deeper(context), viewRole: viewRole)
            }
        case .oneOf(let options):
            oneOf(node, options, owner: owner, context, viewRole: viewRole, views: views)
        case .color:
            scalarValue(node, .color, context)
        case .string, .number, .boolean, .enumeration, .character, .null:
            plain(node, context)
        }
    }

    /// The option of a `oneOf` that fits the node: for a mapping, every object option at once
    /// (a placement's rules), else a map, a guide map or a view; for a list, the first list
    /// option; for a scalar, the first option that gives scalars a meaning.
    private mutating func oneOf(_ node: YAMLNode, _ options: [ValueShape], owner: YAMLNode?, _ context: SemanticContext,
                                viewRole: SemanticViewRole, views: Bool) {
        let flat = Self.flatten(options)
        switch node.content {
        case .mapping:
            var objects: [[KeySpec]] = []
            for case .object(let keys) in flat { objects.append(keys) }
            if objects.count == 1 {
                return object(node, owner: owner, keys: objects[0], context, viewRole: viewRole)
            }
            if !objects.isEmpty {
                // Which keys are required depends on the option the mapping means: none are here.
                var seen = Set<String>()
                let union = objects.joined().filter { seen.insert($0.name).inserted }.map(\.optional)
                return object(node, owner: owner, keys: union, context, viewRole: viewRole)
            }
            for option in flat {
                switch option {
                case .map, .guideMap: return value(node, option, owner: owner, context, viewRole: viewRole)
                case .view where views: return value(node, option, owner: owner, context, viewRole: viewRole)
                default: continue
                }
            }
            plain(node, context)
        case .sequence:
            for option in flat {
                switch option {
                case .list, .tuple, .viewList: return value(node, option, owner: owner, context, viewRole: viewRole)
                default: continue
                }
            }
            plain(node, context)
        case .scalar:
            for option in flat {
                switch option {
                case .expression, .alignment, .fontName: return value(node, option, owner: owner, context, viewRole: viewRole)
                default: continue
                }
            }
            plain(node, context)
        }
    }

    private static func flatten(_ options: [ValueShape]) -> [ValueShape] {
        var result: [ValueShape] = []
        var pending = Array(options.reversed())
        while let o = pending.popLast() {
            if case .oneOf(let inner) = o { pending.append(contentsOf: inner.reversed()) } else { result.append(o) }
        }
        return result
    }

    private mutating func object(_ node: YAMLNode, owner: YAMLNode?, keys: [KeySpec], _ context: SemanticContext,
                                 viewRole: SemanticViewRole = .parameterDefault, views: Bool = true) {
        guard let pairs = node.pairs else { return plain(node, context) }
        guard enterCollection(node, context) else { return }
        visitor.object(node, owner: owner, keys: keys)
        for p in pairs {
            if let k = p.key.keyText, let spec = keys.first(where: { $0.name == k }) {
                visitor.key(p.key, .property, context)
                value(p.value, spec.shape, owner: p.key, deeper(context), viewRole: viewRole, views: views)
            } else {
                visitor.key(p.key, .unknown, context)
                plain(p.value, deeper(context))
            }
        }
    }

    /// A scalar with a meaning; in a component's body, a value holding references is a
    /// reference instead.
    private mutating func scalarValue(_ node: YAMLNode, _ role: SemanticValueRole, _ context: SemanticContext) {
        guard let s = node.scalar else { return plain(node, context) }
        if references(node, s, context) { return }
        visitor.value(node, s, role, context)
    }

    /// A value without a meaning of its own: only its references matter (in a body).
    private mutating func plain(_ node: YAMLNode, _ context: SemanticContext) {
        guard context.inBody, context.depth < Self.maximumDepth else { return }
        switch node.content {
        case .scalar(let s):
            _ = references(node, s, context)
        case .mapping(let pairs):
            guard enterCollection(node, context) else { return }
            for p in pairs { plain(p.value, deeper(context)) }
        case .sequence(let items):
            guard enterCollection(node, context) else { return }
            for item in items { plain(item, deeper(context)) }
        }
    }

    /// Reports the references of a scalar in a body; whether it has any.
    private mutating func references(_ node: YAMLNode, _ s: YAMLScalar, _ context: SemanticContext) -> Bool {
        guard context.inBody else { return false }
        let found = ParameterReferenceScanner.references(in: s, source: source)
        for r in found { visitor.parameterReference(r, in: node, context) }
        return !found.isEmpty
    }

    // MARK: Bookkeeping

    private func deeper(_ context: SemanticContext) -> SemanticContext {
        var c = context
        c.depth += 1
        return c
    }

    /// False for a collection already walked (reached again through an alias) or too deep.
    private mutating func enterCollection(_ node: YAMLNode, _ context: SemanticContext) -> Bool {
        context.depth < Self.maximumDepth && visited.insert(node.id).inserted
    }
}

/// Finds `$name` and `${name}` in a value with the model's lexer (`ParameterReferences`), as the
/// validator does, and places them in the source.
enum ParameterReferenceScanner {
    /// References by value bytes: the whole reference and the name (`$$` left out: it names
    /// nothing). The lexer is the model's (`ParameterReferences`), the validator's too.
    static func scan(_ b: [UInt8]) -> [(range: Range<Int>, name: Range<Int>, whole: Bool)] {
        ParameterReferences.scan(b).compactMap { r in
            r.kind == .dollar ? nil : (r.bytes, r.name, r.kind == .whole)
        }
    }

    /// The references of a scalar with their source ranges. Where the scalar has no exact
    /// offset map (a multi-line or block scalar), the source text between its value's bounds is
    /// scanned instead; if that finds other names than the value, the references are reported
    /// inexact, at the value's range.
    static func references(in s: YAMLScalar, source: [UInt8]) -> [ParameterReferenceSite] {
        let bytes = Array(s.text.utf8)
        let found = scan(bytes)
        guard !found.isEmpty else { return [] }
        func name(_ r: Range<Int>, _ b: [UInt8]) -> String { String(decoding: b[r], as: UTF8.self) }
        if !s.offsetMap.isEmpty {
            return found.map {
                ParameterReferenceSite(name: name($0.name, bytes), nameRange: s.sourceRange(ofValueBytes: $0.name),
                                       range: s.sourceRange(ofValueBytes: $0.range), isExact: true, isWhole: $0.whole)
            }
        }
        let lo = max(0, min(s.valueRange.start, source.count)), hi = max(lo, min(s.valueRange.end, source.count))
        let slice = Array(source[lo..<hi])
        let inSource = scan(slice).filter { !$0.whole }
        if inSource.count == found.count,
           zip(inSource, found).allSatisfy({ name($0.name, slice) == name($1.name, bytes) }) {
            return zip(found, inSource).map { f, r in
                ParameterReferenceSite(name: name(f.name, bytes),
                                       nameRange: SourceRange(start: lo + r.name.lowerBound, end: lo + r.name.upperBound),
                                       range: SourceRange(start: lo + r.range.lowerBound, end: lo + r.range.upperBound),
                                       isExact: true, isWhole: f.whole)
            }
        }
        return found.map {
            ParameterReferenceSite(name: name($0.name, bytes), nameRange: s.valueRange, range: s.valueRange,
                                   isExact: false, isWhole: $0.whole)
        }
    }
}
