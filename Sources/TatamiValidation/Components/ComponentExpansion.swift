import TatamiModel
import TatamiBase
import TatamiYAML

extension ViewValidator {
    /// A view whose kind key names a declared component (docs/format.md §8.1): its modifiers and
    /// attributes as for any view, its arguments checked, and its body expanded.
    func instanceView(_ node: YAMLNode, mapping: KeyedPairs, kindPair: YAMLPair, decl: ComponentDecl,
                      context: ViewContext, in x: ExpansionContext, into out: inout ViewResults) -> BuiltView? {
        let table = viewKeys
        let serial = out.takeSerial(x)
        let allowed = table.instanceAllowed(context: context)
        for p in mapping.pairs where p.key !== kindPair.key {
            let k = p.key.keyText ?? ""
            if let id = table.index.index(of: k) {
                if table.kindOfKey[id] >= 0 || allowed.contains(id) { continue }
            }
            if Schema.isComponentKey(k) { continue }
            if decl.paramIndex[k] != nil {
                report(.misplacedKey, "`\(k)` is a parameter of `\(decl.name)`; give it with the arguments, `\(decl.name): {\(k): …}`",
                       at: p.key.range)
            } else if let message = misplacedMessage(k, kind: decl.name, context: context) {
                report(.misplacedKey, message, at: p.key.range)
            } else {
                reportUnknownKey(p.key, candidates: instanceKeyCandidates(context), beside: mapping.pairs)
            }
        }
        let fields = ViewFields(mapping: mapping, mask: mapping.present.intersection(allowed))

        var placement = Alignment2D.center
        if context.isDecoration, let p = fields[table.alignment],
           let name = alignmentName(p, set: .nine, owner: "a background or overlay") {
            placement = Alignment2D(name: name) ?? .center
        }
        let (modifiers, attributes) = modifiersAndAttributes(fields, kindPair: kindPair, node: node, context: context,
                                                             in: x, into: &out)

        guard let body = expand(decl, kindPair: kindPair, context: context, in: x, into: &out) else { return nil }
        let mark = out.views.childMark
        out.views.addChild(body)
        let view = out.views.append(
            .component(name: decl.name), range: x.modelRange(node.range), kindRange: x.modelKindRange(kindPair.key.range),
            modifiers: modifiers, attributes: attributes, childrenFrom: mark, serial: serial)
        return BuiltView(node: view, placement: placement)
    }

    /// The keys to suggest for an unknown key beside an instance (never a kind: it has one).
    private func instanceKeyCandidates(_ context: ViewContext) -> [String] {
        let place = ViewKeys.Place(kind: "", isBody: context.isBody, isCanvasChild: context.isCanvasChild,
                                   isDecoration: context.isDecoration)
        if let known = allowedKeys[place] { return known }
        let candidates = ViewKeys.allowed(kind: ViewKeyTable.instanceSpec, context: context)
        allowedKeys[place] = candidates
        return candidates
    }

    // MARK: Arguments

    /// Checks an instance's arguments. Returns the value of each parameter (argument, default,
    /// or nil) and the argument nodes.
    private func arguments(_ value: YAMLNode, key: YAMLNode, decl: ComponentDecl, in x: ExpansionContext)
        -> (values: [ParamValue?], arguments: [(node: YAMLNode, param: Int)]) {
        var values = [ParamValue?](repeating: nil, count: decl.params.count)
        var given = [Bool](repeating: false, count: decl.params.count)
        var arguments: [(node: YAMLNode, param: Int)] = []
        var pairs = YAMLPairs.empty
        if case .null? = value.scalar?.resolved {
        } else if let raw = value.pairs {
            pairs = uniquePairs(raw)
        } else {
            let example = decl.params.first.map { "`{\($0.name): …}`" } ?? "`{}`"
            report(.wrongType, "expected a mapping of arguments such as \(example) for `\(decl.name)`, found \(value.kindDescription)",
                   at: range(of: value, key: key))
        }
        for p in pairs {
            let name = p.key.keyText ?? ""
            guard let i = decl.paramIndex[name] else {
                reportUnknownArgument(p.key, name, decl, beside: pairs)
                continue
            }
            given[i] = true
            guard let type = decl.params[i].type else {
                values[i] = .node(p.value)
                arguments.append((p.value, i))
                continue
            }
            if type == .string { checkStrayReferences(p.value, what: "the argument `\(name)`", in: x) }
            if let v = paramValue(p.value, key: p.key, type: type, what: "`\(name)` of `\(decl.name)`") {
                values[i] = v
                if case .node(let n) = v { arguments.append((n, i)) }
            } else {
                // An unusable argument: the default stands in, so the body is still checked.
                values[i] = decl.params[i].defaultValue
            }
        }
        let missing = decl.params.indices.filter { !given[$0] && !decl.params[$0].hasDefault }
        if !missing.isEmpty && !isCut(value) {
            let names = missing.map { "`\(decl.params[$0].name)`" }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            let message = missing.count == 1
                ? "`\(decl.name)` needs an argument for \(list), which has no default"
                : "`\(decl.name)` needs arguments for \(list), which have no default"
            report(.missingParam, message, at: key.range)
        }
        for i in decl.params.indices where !given[i] { values[i] = decl.params[i].defaultValue }
        return (values, arguments)
    }

    /// `unknown-param`; an argument already given (`pairs`) is never suggested.
    private func reportUnknownArgument(_ key: YAMLNode, _ name: String, _ decl: ComponentDecl, beside pairs: YAMLPairs) {
        let names = decl.params.map(\.name)
        var message = "`\(decl.name)` has no parameter `\(name)`"
        var fixes: [FixIt] = []
        let suggestions = closest(to: name, in: Self.absent(names, from: pairs))
        if !suggestions.isEmpty {
            message += "; did you mean \(Suggestions.alternatives(suggestions))?"
            fixes += suggestions.map { FixIt(title: "replace with `\($0)`", range: key.range, replacement: $0) }
        } else if ViewKeys.anywhere.contains(name) {
            message += "; modifiers and attributes of an instance go beside `\(decl.name):`, not among its arguments"
        } else if names.isEmpty {
            message += "; it takes no arguments"
        } else {
            message += "; its parameters are " + names.map { "`\($0)`" }.joined(separator: ", ")
        }
        report(.unknownParam, message, at: key.range, fixes: fixes)
    }

    // MARK: Expansion

    /// The body of one instance, arguments substituted; nil when it cannot be expanded (no
    /// body, a cycle, a limit, or arguments that use a parameter nobody gave).
    private func expand(_ decl: ComponentDecl, kindPair: YAMLPair, context: ViewContext, in x: ExpansionContext,
                        into out: inout ViewResults) -> ViewIndex? {
        if !x.isTemplate { out.noteUsed(decl) }
        let (values, arguments) = arguments(kindPair.value, key: kindPair.key, decl: decl, in: x)
        guard let bodyPair = decl.body else { return nil }
        // Arguments built from a reference nobody resolved: the enclosing instance has
        // already been told (or it is a template); this one is checked with its own arguments.
        if x.isUnresolvedAnywhere(kindPair.value.id) { return nil }
        // A component inside itself: `component-cycle` is reported at its declaration.
        if x.chain.contains(where: { $0 === decl }) { return nil }
        guard withinLimits(kindPair, in: x, into: &out) else { return nil }
        // Every template is checked before the body is read; this is for a component first
        // instantiated by another's template.
        if decl.state == .unchecked { checkTemplate(decl, in: x, into: &out) }

        var contexts: [YAMLNode.ID: ArgumentContext] = [:]
        for a in arguments {
            let id = a.node.id
            contexts[id] = x.argumentContext(of: id) ?? x.argumentHere
        }
        let frame = ExpansionFrame(decl: decl, isTemplate: false, instanceKey: kindPair.key.range, values: values,
                                   arguments: arguments, argumentContexts: contexts)
        let (built, produced) = run(frame, bodyPair, context: context.child(of: decl.name), in: x, into: &out)
        for d in produced {
            if frame.isMuted(d.range) || decl.templateDiagnostics.contains(d) { continue }
            if let param = frame.argument(holding: d.range) {
                // The argument's own problem: reported at it, with where the body uses it.
                var e = d
                for site in decl.useSites[param].prefix(3) {
                    e.related.append(source.sources.related(site, "`$\(decl.params[param].name)` is used here, in `\(decl.name)`"))
                }
                append(e)
            } else {
                append(repointed(d, to: frame))
            }
        }
        return built
    }

    /// Whether one more instance may be expanded here: instances nest at most
    /// `maxInstanceNesting` deep and build at most `maxExpandedViews` views per file (template
    /// checks counted apart); the first instance past a limit is reported, once per file.
    private func withinLimits(_ kindPair: YAMLPair, in x: ExpansionContext, into out: inout ViewResults) -> Bool {
        let spent = x.isTemplate ? out.budget.templateViews : out.budget.expandedViews
        let tooDeep = x.frames.count >= ValidationLimits.maxInstanceNesting
        guard tooDeep || spent >= ValidationLimits.maxExpandedViews else { return true }
        if !out.budget.reportedExpansionLimit {
            out.budget.reportedExpansionLimit = true
            let why = tooDeep
                ? "component instances are nested more than \(ValidationLimits.maxInstanceNesting) deep"
                : "component instances have built more than \(ValidationLimits.maxExpandedViews) views"
            report(.tooComplex, "\(why); this one and those after it are left out", at: kindPair.key.range)
        }
        return false
    }

    /// A problem found in a body, moved to the instance (docs/format.md §8.2).
    private func repointed(_ d: Diagnostic, to frame: ExpansionFrame) -> Diagnostic {
        let sources = source.sources
        let place = sources.locate(d.range)
        let line = place.table.line(ofByte: place.range.start) + 1
        let whereText = place.path == nil ? "line \(line)" : "\(place.display), line \(line)"
        var related = [sources.related(d.range, "in the body of `\(frame.decl.name)`")]
        related += d.related
        return Diagnostic(d.code, "\(d.message) (in the body of `\(frame.decl.name)`, \(whereText))", at: frame.instanceKey,
                          severity: d.severity, viewport: d.viewport, related: related)
    }

    /// Checks a component's body once, with each parameter's default where it has one and the
    /// reference left in place where it has none. Problems that do not depend on the arguments
    /// are reported here, in the body; instances do not repeat them. `x` is where the check
    /// starts: outside every body for the file's components, or inside the template being checked
    /// that first instantiates this one.
    ///
    /// A template's views are not kept: they are read into results of their own, of which only
    /// the file-wide facts are kept (`ViewResults.keepFileFacts(of:)`).
    func checkTemplate(_ d: ComponentDecl, in x: ExpansionContext, into out: inout ViewResults) {
        guard d.state == .unchecked else { return }
        out.budget.templateChecks += 1
        d.state = .checking
        defer { d.state = .checked }
        guard let bodyPair = d.body else { return }
        let frame = ExpansionFrame(decl: d, isTemplate: true, instanceKey: d.key.range, values: d.params.map(\.defaultValue),
                                   arguments: [], argumentContexts: [:])
        var part = out.scratch()
        let (_, produced) = run(frame, bodyPair, context: .componentBody, in: x, into: &part)
        out.keepFileFacts(of: part)
        d.templateDiagnostics = Set(produced)
        for p in produced where !frame.isMuted(p.range) { templateReports.append(p) }
    }

    /// Validates a frame's body copy inside the frame, collecting its diagnostics apart.
    private func run(_ frame: ExpansionFrame, _ bodyPair: YAMLPair, context: ViewContext, in x: ExpansionContext,
                     into out: inout ViewResults) -> (ViewIndex?, [Diagnostic]) {
        let substituted = substitute(bodyPair.value, frame)
        let inner = x.entering(frame)
        let (built, produced) = sink.collecting {
            substituted.flatMap { view($0, key: bodyPair.key, context: context, in: inner, into: &out) }
        }
        return (built?.node, produced)
    }
}
