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

extension ViewValidator {
    /// Validates a view; nil when there is no usable view (reported). `x` says where the view
    /// stands in component expansion; what it builds goes into `out`.
    func view(_ node: YAMLNode, key: YAMLNode?, context: ViewContext, in x: ExpansionContext,
              into out: inout ViewResults) -> BuiltView? {
        if context.depth > ValidationLimits.maxViewDepth {
            if !out.budget.reportedDepth {
                out.budget.reportedDepth = true
                let at = node.pairs?.first?.key.range ?? range(of: node, key: key)
                report(.tooComplex, "views are nested more than \(ValidationLimits.maxViewDepth) deep; the deeper ones are ignored", at: at)
            }
            return nil
        }
        if x.isExpanding {
            // Inside an expansion: an argument's views are read where the instance is written;
            // an unresolved `$slot` is left out (its instance has been told).
            let id = node.id
            if let c = x.argumentContext(of: id) {
                return plainView(node, key: key, context: context, in: x.inArgument(c), into: &out)
            }
            if node.scalar != nil, x.isUnresolvedHere(id) { return nil }
        }
        observeView?(node, context.place)
        return plainView(node, key: key, context: context, in: x, into: &out)
    }

    private func plainView(_ node: YAMLNode, key: YAMLNode?, context: ViewContext, in x: ExpansionContext,
                           into out: inout ViewResults) -> BuiltView? {
        switch node.content {
        case .sequence:
            reportWrongType(node, key: key, expected: "a view", for: nil)
            return nil
        case .scalar(let s):
            return bareText(node, s, key: key, context: context, in: x, into: &out)
        case .mapping(let raw):
            return mappingView(node, raw, key: key, context: context, in: x, into: &out)
        }
    }

    /// `- Hello` means `- text: Hello`.
    private func bareText(_ node: YAMLNode, _ s: YAMLScalar, key: YAMLNode?, context: ViewContext, in x: ExpansionContext,
                          into out: inout ViewResults) -> BuiltView? {
        if case .null = s.resolved {
            if isCut(node) { return nil }
            report(.missingKind, "expected a view, found nothing; a view is a mapping with a kind key such as `text`",
                   at: range(of: node, key: key))
            return nil
        }
        let serial = out.takeSerial(x)
        let text = limitedText(s.text, at: node.range)
        checkStrayReferences(node, what: "this text", in: x)
        if context.isCanvasChild && !isCut(node) {
            report(.missingRequired, "a canvas child needs a `position`; write it as `text: ...` with a `position` beside it",
                   at: node.range)
        }
        if context.isDecoration, ColorValue(parsing: text) != nil {
            // `background: red` reads as `background: {text: red}`: the word, not the colour.
            // Its layout warnings (the word cut to the decorated view's size) would only repeat this.
            out.explainedViews.insert(serial)
            let written = source.sources.text(node.range)
            report(.colorAsText,
                   "`\(text)` here is a text view that shows the word `\(text)`; for the colour, write `{color: \(written)}`",
                   at: node.range,
                   fixes: [FixIt(title: "use the colour `\(text)`", range: node.range, replacement: "{color: \(written)}")])
        }
        let view = out.views.append(.text(text, truncation: .tail), range: x.modelRange(node.range),
                                    kindRange: x.modelKindRange(node.range), serial: serial)
        return BuiltView(node: view, placement: .center)
    }

    /// "; did you mean …?" for a capitalised key that names no component: a kind whose name it
    /// is but for case (`Text`, `VStack`), else the closest components, else the closest kinds
    /// (`Vstak`).
    /// `kind`: the one kind suggested, if that is the suggestion.
    func unknownComponentHint(_ name: String, replacing range: SourceRange, scope: ComponentScope) -> (hint: String, fixes: [FixIt], kind: String?) {
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

    /// The keys to suggest for an unknown key of a view: the keys allowed where it is, worked out
    /// once per place. Never a kind: the view has one, and a second is an error
    /// (`multiple-kinds`).
    func unknownKeyCandidates(_ kind: KindSpec, context: ViewContext) -> [String] {
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
    /// component names are not candidates. The pair is given by its position in `pairs`.
    func misspeltKind(_ pairs: YAMLPairs) -> (index: Int, kind: String)? {
        var found: (Int, String)? = nil
        for i in pairs.indices {
            guard let k = pairs.key(at: i).keyText, !k.isEmpty, !Schema.isComponentKey(k),
                  viewKeys.index.index(of: k) == nil, !ViewKeys.anywhere.contains(k) else { continue }
            let kinds = Suggestions.closestAll(to: k, in: Schema.kindNames)
            guard !kinds.isEmpty else { continue }
            if found != nil || kinds.count > 1 { return nil }
            found = (i, kinds[0])
        }
        return found
    }

    /// A mapping without a usable kind: its unknown keys are reported (a misspelt kind key is
    /// the usual cause, so `missing-kind` is left out then), else `missing-kind`.
    func kindlessView(_ node: YAMLNode, _ pairs: YAMLPairs, hasComponent: Bool) {
        var foundUnknown = false
        let candidates = Schema.kindNames + ViewKeys.anywhereOrdered
        for p in pairs {
            let k = p.key.keyText ?? ""
            if Schema.isComponentKey(k) || ViewKeys.anywhere.contains(k) { continue }
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
}
