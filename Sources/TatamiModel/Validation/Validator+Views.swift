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

    func child(of kind: String) -> ViewContext {
        ViewContext(depth: depth + 1, role: kind == "canvas" ? .canvasChild : .child(of: kind))
    }

    func decoration(_ key: String) -> ViewContext {
        ViewContext(depth: depth + 1, role: .decoration(key))
    }
}

/// A validated view, and where it goes when it is a background or overlay.
struct BuiltView {
    let node: ViewNode
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
        var keys = kind.parameters.map(\.name)
        keys += Schema.modifiers.map(\.name)
        keys.append(Schema.modifierList.name)
        for a in Schema.attributes {
            if a.name == "position" && !context.isCanvasChild { continue }
            if a.name == "ignoresSafeArea" && !context.isBody { continue }
            keys.append(a.name)
        }
        keys += Schema.inherited.map(\.name)
        if context.isDecoration && !keys.contains(Schema.decorationAlignment.name) {
            keys.append(Schema.decorationAlignment.name)
        }
        return keys
    }
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
        switch node.content {
        case .sequence:
            reportWrongType(node, key: key, expected: "a view", for: nil)
            return nil
        case .scalar(let s):
            return bareText(node, s, key: key, context: context)
        case .mapping(let raw):
            return mappingView(node, uniquePairs(raw), key: key, context: context)
        }
    }

    func takeSerial() -> Int {
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
        if context.isCanvasChild && !isCut(node) {
            report(.missingRequired, "a canvas child needs a `position`; write it as `text: ...` with a `position` beside it",
                   at: node.range)
        }
        let view = ViewNode(kind: .text(text, truncation: .tail), range: node.range, kindRange: node.range, serial: serial)
        return BuiltView(node: view, placement: .center)
    }

    private static func isComponentName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }

    private func mappingView(_ node: YAMLNode, _ pairs: [YAMLPair], key: YAMLNode?, context: ViewContext) -> BuiltView? {
        var kindPair: YAMLPair? = nil
        var hasComponent = false
        for p in pairs {
            let k = p.key.keyText ?? ""
            if Schema.kind(named: k) != nil {
                if let first = kindPair {
                    let firstName = first.key.keyText ?? ""
                    report(.multipleKinds, "a view has one kind key; `\(k)` is a second one besides `\(firstName)`",
                           at: p.key.range, related: [RelatedLocation(range: first.key.range, message: "first kind key `\(firstName)`")])
                } else {
                    kindPair = p
                }
            } else if Self.isComponentName(k) {
                hasComponent = true
                var fixes: [FixIt] = []
                var message = "no component named `\(k)` is declared"
                if let suggestion = closest(to: k, in: componentNames) {
                    message += "; did you mean `\(suggestion)`?"
                    fixes.append(FixIt(title: "replace with `\(suggestion)`", range: p.key.range, replacement: suggestion))
                }
                report(.unknownComponent, message, at: p.key.range, fixes: fixes)
            }
        }
        guard let kindPair, let kind = Schema.kind(named: kindPair.key.keyText ?? "") else {
            kindlessView(node, pairs, hasComponent: hasComponent)
            return nil
        }

        let serial = takeSerial()
        let place = ViewKeys.Place(kind: kind.name, isBody: context.isBody, isCanvasChild: context.isCanvasChild,
                                   isDecoration: context.isDecoration)
        if allowedKeys[place] == nil {
            let list = ViewKeys.allowed(kind: kind, context: context)
            allowedKeys[place] = (list, Set(list), list + Schema.kindNames)
        }
        let (_, allowed, candidates) = allowedKeys[place]!
        var fields: [String: YAMLPair] = [:]
        for p in pairs {
            let k = p.key.keyText ?? ""
            if Schema.kind(named: k) != nil || Self.isComponentName(k) { continue }
            if allowed.contains(k) {
                fields[k] = p
            } else if let message = misplacedMessage(k, kind: kind.name, context: context) {
                report(.misplacedKey, message, at: p.key.range)
            } else {
                reportUnknownKey(p.key, candidates: candidates)
            }
        }

        var content = kindContent(kind, kindPair, fields: fields, context: context)
        var placement = Alignment2D.center
        if context.isDecoration {
            if let name = content.alignmentName {
                placement = Alignment2D(name: name) ?? .center
            } else if kind.parameter(named: Schema.decorationAlignment.name) == nil, let p = fields[Schema.decorationAlignment.name],
                      let name = alignmentName(p, set: .nine, owner: "a background or overlay") {
                placement = Alignment2D(name: name) ?? .center
            }
        }

        let modifiers = directModifiers(fields, context: context) + (fields[Schema.modifierList.name].map { modifierList($0, context: context) } ?? [])
        let attributes = viewAttributes(fields, kindKey: kindPair.key, node: node, context: context)

        if kind.isContainer {
            let childContext = context.child(of: kind.name)
            var children: [ViewNode] = []
            children.reserveCapacity(content.childNodes.count)
            for item in content.childNodes {
                if let child = view(item, key: nil, context: childContext) { children.append(child.node) }
            }
            content.children = children
        }

        let view = ViewNode(
            kind: content.makeKind(), range: node.range, kindRange: kindPair.key.range, modifiers: modifiers,
            id: attributes.id, layoutPriority: attributes.layoutPriority, alignmentGuides: attributes.alignmentGuides,
            zIndex: attributes.zIndex, hidden: attributes.hidden, condition: attributes.condition,
            ignoresSafeArea: attributes.ignoresSafeArea, environment: attributes.environment,
            placements: attributes.placements, serial: serial)
        return BuiltView(node: view, placement: placement)
    }

    /// A mapping without a usable kind: its unknown keys are reported (a misspelt kind key is
    /// the usual cause, so `missing-kind` is left out then), else `missing-kind`.
    private func kindlessView(_ node: YAMLNode, _ pairs: [YAMLPair], hasComponent: Bool) {
        var foundUnknown = false
        let candidates = Schema.kindNames + ViewKeys.anywhereOrdered
        for p in pairs {
            let k = p.key.keyText ?? ""
            if Self.isComponentName(k) || ViewKeys.anywhere.contains(k) { continue }
            reportUnknownKey(p.key, candidates: candidates)
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
    private func misplacedMessage(_ key: String, kind: String, context: ViewContext) -> String? {
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
