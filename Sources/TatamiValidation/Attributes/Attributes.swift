import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// `font:` names no default or declared font.
    public static let unknownFont = DiagnosticCode("unknown-font", .error)
    /// Two views share an `id`.
    public static let duplicateID = DiagnosticCode("duplicate-id", .error)
}

/// Attributes (`id` … `ignoresSafeArea`) and inherited keys (docs/format.md §6, §6.2–6.4, §7.4.3).
extension ViewValidator {
    /// Reads a view's attributes and inherited keys into `a`.
    func readViewAttributes(_ fields: ViewFields, kindKey: YAMLNode, node: YAMLNode, context: ViewContext, in x: ExpansionContext,
                            into a: inout ViewAttributes, _ out: inout ViewResults) {
        let t = viewKeys
        func number(_ id: Int) -> Double? {
            guard let p = fields[id] else { return nil }
            return self.number(p, spec: t.commonSpec(id))
        }
        if let p = fields[t.id], let id = string(p.value, key: p.key, name: "`id`") {
            if id.isEmpty {
                report(.invalidValue, "`id` must not be empty", at: range(of: p.value, key: p.key))
            } else {
                a.id = id
                recordID(id, p.value, in: x, into: &out)
            }
        }
        if let v = number(t.layoutPriority) { a.layoutPriority = v }
        if let p = fields[t.alignmentGuides] { a.alignmentGuides = guideOverrides(p, in: x) }
        if let v = number(t.zIndex) { a.zIndex = v }
        if let v = bool(fields[t.hidden], name: "hidden") { a.hidden = v }
        if let p = fields[t.when] {
            a.condition = expression(p.value, key: p.key, names: Schema.conditionNames, expected: .boolean, what: "`when`", in: x)
        }
        if let v = bool(fields[t.ignoresSafeArea], name: "ignoresSafeArea") { a.ignoresSafeArea = v }
        if context.isCanvasChild {
            if let p = fields[t.position] {
                a.placements = placements(p, in: x)
            } else if !isCut(node) {
                report(.missingRequired, "a canvas child needs a `position`", at: kindKey.range)
            }
        }

        if let p = fields[t.font] { a.environment.font = fontName(p) }
        if let v = number(t.lineLimit) { a.environment.lineLimit = Int(v) }
        if let p = fields[t.multilineAlignment], let w = word(p, spec: t.commonSpec(t.multilineAlignment)) {
            a.environment.multilineAlignment = HorizontalPart(rawValue: w)
        }
    }

    /// Compiles an expression and keeps its diagnostics. In a component's body, the model's
    /// expression stands at the instance (layout reports division by zero there).
    func expression(_ node: YAMLNode, key: YAMLNode?, names: [String: ExpressionType], expected: ExpressionType, what: String,
                    in x: ExpansionContext) -> Expression? {
        var found: [Diagnostic] = []
        let e = ExpressionCompiler.compile(node, names: names, expected: expected, what: what, key: key, diagnostics: &found)
        found.forEach(append)
        if let e, let at = x.modelAnchor {
            return Expression(text: e.text, root: e.root, type: e.type, range: at, offsetMap: .none,
                              constantDivisionsByZero: e.constantDivisionsByZero)
        }
        return e
    }

    /// Notes an `id` for the uniqueness check. Inside a component body the same written `id`
    /// is met once per expansion: `FileMerge.reportDuplicateIDs` counts one use per place. Unresolved
    /// references and imported files' ids are left out (the latter are that file's).
    private func recordID(_ id: String, _ node: YAMLNode, in x: ExpansionContext, into out: inout ViewResults) {
        if x.isExpanding {
            if SourceSet.isImported(node.range) || x.isUnresolvedHere(node.id) { return }
        }
        out.ids.append((id, node.range))
    }

    private func fontName(_ pair: YAMLPair) -> String? {
        guard let name = string(pair.value, key: pair.key, name: "`font`") else { return nil }
        let fonts = file.declarations.fonts, fontNames = file.declarations.fontNames
        if fonts[name] != nil { return name }
        let (hint, fixes) = suggestionHint(name, in: fontNames, pair.value,
                                           otherwise: "; fonts here are " + fontNames.map { "`\($0)`" }.joined(separator: ", "))
        // Written as a name in an imported component's body (not passed in as an argument): its
        // file's own fonts do not come with it.
        let at = pair.value.range
        let imported = SourceSet.isImported(at) && !file.source.sources.text(at).contains("$")
            ? "; a component's fonts come from the file that uses it (fonts are not imported): declare `\(name)` "
                + "in the workspace file (tatami.config.yaml) to share it with every file"
            : ""
        report(.unknownFont, "unknown font `\(snippet(pair.value))`" + hint + imported,
               at: range(of: pair.value, key: pair.key), fixes: fixes)
        return nil
    }

    /// `alignmentGuides: {guide: value}`: built-in or declared guides, numbers or expressions.
    private func guideOverrides(_ pair: YAMLPair, in x: ExpansionContext) -> [GuideOverride] {
        guard let raw = pair.value.pairs else {
            reportWrongType(pair.value, key: pair.key, expected: "a mapping of guide names to values", for: "`alignmentGuides`")
            return []
        }
        var result: [GuideOverride] = []
        for p in uniquePairs(raw) {
            let name = p.key.keyText ?? ""
            let guide = GuideName(name)
            if !guide.isBuiltIn && file.declarations.alignmentAxes[name] == nil {
                let candidates = GuideName.builtIn.map(\.rawValue) + file.declarations.alignmentOrder
                var message = "unknown alignment guide `\(name)`"
                var fixes: [FixIt] = []
                let suggestions = closest(to: name, in: candidates)
                if !suggestions.isEmpty {
                    message += "; did you mean \(Suggestions.alternatives(suggestions))?"
                    fixes += suggestions.map { FixIt(title: "replace with `\($0)`", range: p.key.range, replacement: $0) }
                } else {
                    message += "; declare it under `alignments:` or use a built-in guide"
                }
                report(.unknownAlignment, message, at: p.key.range, fixes: fixes)
                continue
            }
            if let e = expression(p.value, key: p.key, names: Schema.guideExpressionNames, expected: .number, what: "`\(name)`", in: x) {
                result.append(GuideOverride(guide: guide, value: e))
            }
        }
        return result
    }
}
