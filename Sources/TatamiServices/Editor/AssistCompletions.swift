import TatamiValidation
import TatamiBase
import TatamiModel

/// Builds the candidates of one request.
struct AssistCompletions {
    let analysis: Analysis
    let outline: AssistOutline
    /// Components not to offer: the one whose declaration holds the cursor and those using it.
    var excluded: Set<String> = []

    var document: TatamiDocument { analysis.document }
    var range: SourceRange { outline.partial }

    // MARK: Keys

    func keys(in place: AssistPlace, present: [String]) -> [CompletionCandidate] {
        let taken = Set(present)
        switch place {
        case .topLevel:
            return Schema.topLevel.filter { !taken.contains($0.name) }.map { key($0, kind: .key) }
        case .workspaceTopLevel:
            return Schema.workspaceTopLevel.filter { !taken.contains($0.name) }.map { key($0, kind: .key) }
        case .view(let site):
            guard let kindName = AssistSchema.kindKey(present) else {
                // No kind key yet: the kinds and components first, then what any view may hold.
                return kindCandidates(block: true, dash: false)
                    + Schema.viewKeys(of: nil, at: site).filter { !taken.contains($0.name) }.map(viewKey)
            }
            return Schema.viewKeys(of: Schema.kind(named: kindName), at: site).filter { !taken.contains($0.name) }.map(viewKey)
        case .arguments(let component):
            guard let sig = document.components.first(where: { $0.name == component }) else { return [] }
            return sig.parameters.filter { !taken.contains($0.name) }.map { p in
                CompletionCandidate(label: p.name, kind: .parameter, detail: AssistCompletions.parameterDetail(p),
                                    documentation: "Parameter of `\(component)`.", insertText: keyText(p.name), replaceRange: range)
            }
        case .shape(let shape, _, _):
            if case .guideMap = shape {
                return guideNames().filter { !taken.contains($0.name) }.map { g in
                    CompletionCandidate(label: g.name, kind: .alignment, detail: g.detail, documentation: g.doc,
                                        insertText: keyText(g.name), replaceRange: range)
                }
            }
            guard let keys = AssistSchema.objectKeys(shape) else { return [] }
            return keys.filter { !taken.contains($0.name) }.map { key($0, kind: .key) }
        case .views, .names, .unknown:
            return []
        }
    }

    private func keyText(_ name: String) -> String { outline.colonFollows ? name : name + ": " }

    private func key(_ spec: KeySpec, kind: CompletionKind) -> CompletionCandidate {
        var doc = spec.doc
        if let d = spec.defaultDescription { doc += "\n\nDefault: \(d)" }
        if spec.required { doc += "\n\nRequired." }
        return CompletionCandidate(label: spec.name, kind: kind, detail: spec.shape.summary, documentation: doc,
                                   insertText: keyText(spec.name), replaceRange: range)
    }

    private func viewKey(_ spec: KeySpec) -> CompletionCandidate {
        let isModifier = Schema.modifiers.contains { $0.name == spec.name } || spec.name == Schema.modifierList.name
        return key(spec, kind: isModifier ? .modifier : .key)
    }

    static func parameterDetail(_ p: ComponentSignature.Parameter) -> String {
        (p.type ?? "any type") + (p.defaultText.map { ", default \($0)" } ?? ", required")
    }

    /// Built-in guides, then the file's alignments.
    private func guideNames() -> [(name: String, detail: String, doc: String)] {
        var names = GuideName.builtIn.map { g in
            (g.rawValue, "built-in \(g.builtInAxis?.rawValue ?? "") guide", "The view's own `\(g.rawValue)` guide, replaced for this view.")
        }
        for a in document.alignments.values.sorted(by: { $0.name < $1.name }) {
            names.append((a.name, "custom \(a.axis.rawValue) alignment", "Declared under `alignments:`; default `\(a.defaultValue.text)`."))
        }
        return names
    }

    // MARK: Views

    /// Items of a list: views where a container's children go, otherwise the words its
    /// items take.
    func items(in place: AssistPlace, needsDash: Bool) -> [CompletionCandidate] {
        let item = AssistSchema.item(0, in: place)
        if case .view = item { return kindCandidates(block: true, dash: needsDash) }
        return needsDash ? [] : values(for: item, quoted: false)
    }

    /// The kinds, then the components, as snippets: block ones where a view's key goes (with
    /// `- ` first where a list item is not started yet), flow ones after `key: `. A block
    /// container's first item is a later line at its key's column plus 2; its first line alone
    /// (`vstack:`) is valid too, for editors that insert one line.
    func kindCandidates(block: Bool, dash: Bool) -> [CompletionCandidate] {
        let prefix = dash ? "- " : ""
        // The kind key's column: after the text replaced before it and the dash.
        let keyColumn = range.start - outline.lineStart + prefix.utf8.count
        var out: [CompletionCandidate] = []
        for kind in Schema.kinds {
            let text: String
            var later: [CompletionLine] = []
            switch (kind.name, block) {
            case ("text", true): text = "text: \"$1\""
            case ("text", false): text = "{text: \"$1\"}"
            case ("image", true): text = "image: ${1:name}"
            case ("image", false): text = "{image: ${1:name}}"
            case ("color", true): text = "color: ${1:blue}"
            case ("color", false): text = "{color: ${1:blue}}"
            case ("spacer", true), ("divider", true): text = kind.name + ":$0"
            case ("spacer", false), ("divider", false): text = "{\(kind.name): null}$0"
            case (let name, true):
                text = "\(name):"
                later = [CompletionLine(column: keyColumn + 2, text: "- $0")]
            case (let name, false): text = "{\(name): [$0]}"
            }
            out.append(CompletionCandidate(label: kind.name, kind: .kind, detail: kind.isContainer ? "container" : "view",
                                           documentation: kind.doc, insertText: prefix + text, laterLines: later,
                                           lineIndent: outline.lineIndent, isSnippet: true, replaceRange: range))
        }
        for sig in AssistNames.components(analysis) where !excluded.contains(sig.name) {
            let value = Self.argumentsSnippet(sig)
            let text = block ? "\(sig.name): \(value)" : "{\(sig.name): \(value)}"
            out.append(CompletionCandidate(label: sig.name, kind: .component, detail: "component",
                                           documentation: componentDoc(sig), insertText: prefix + text, isSnippet: true,
                                           replaceRange: range))
        }
        return out
    }

    /// An instance's arguments as a flow snippet on one line: each parameter without a default
    /// with a placeholder holding an empty value of its type (`""`, `0`, `false`, `clear`,
    /// `{text: ""}`: `ParameterPlaceholder`), so the text is valid as inserted. A client
    /// without snippets inserts the placeholders' values (`Card: {title: ""}`), which lints
    /// without an error; one with snippets selects each to be typed over. No parameter without
    /// a default: `{}`, the cursor inside.
    static func argumentsSnippet(_ sig: ComponentSignature) -> String {
        var n = 0
        let args = sig.parameters.filter { $0.defaultText == nil }.map { p -> String in
            n += 1
            return "\(p.name): ${\(n):\(snippetEscaped(ParameterPlaceholder.value(forType: p.type)))}"
        }
        return "{" + args.joined(separator: ", ") + (args.isEmpty ? "$0}" : "}")
    }

    /// Text for inside a snippet placeholder: `\`, `$` and `}` escaped.
    static func snippetEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "\\" || c == "$" || c == "}" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    private func componentDoc(_ sig: ComponentSignature) -> String {
        var lines = [sig.file.map { "Declared in `\($0)`." } ?? "Declared in this file."]
        if !sig.parameters.isEmpty {
            lines.append("")
            for p in sig.parameters { lines.append("- `\(p.name)`: " + Self.parameterDetail(p)) }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Imports

    /// The workspace's Tatami files but this one and those already imported, as paths relative
    /// to this file's directory: the same directory first, then deeper, then up through `..`.
    func importPaths(_ workspace: any EditorWorkspace, bracketed: Bool) -> [CompletionCandidate] {
        let own = EditorPaths.absolute(analysis.path)
        let ownCanonical = workspace.canonicalPath(own) ?? own
        let directory = ImportPath.directory(of: ownCanonical)
        let written = Set((analysis.yaml.root?["imports"]?.items ?? .empty).compactMap { $0.scalar?.text })
        var found: [(ups: Int, depth: Int, path: String)] = []
        for file in workspace.tatamiFiles() where file != ownCanonical && file != own {
            let relative = Self.relativePath(file, from: directory)
            guard !written.contains(relative) else { continue }
            let parts = relative.split(separator: "/")
            let ups = parts.prefix { $0 == ".." }.count
            found.append((ups, parts.count - ups, relative))
        }
        found.sort { ($0.ups, $0.depth, $0.path) < ($1.ups, $1.depth, $1.path) }
        return found.map { f in
            CompletionCandidate(label: f.path, kind: .value, detail: "Tatami file",
                                documentation: "Imports the components of `\(f.path)` (docs/format.md §8.3).",
                                insertText: bracketed ? "[\(f.path)]" : f.path, replaceRange: range)
        }
    }

    /// The workspace's font files as paths relative to the file being edited (a font's path is
    /// relative to the file that declares it), nearest first.
    func fontPaths(_ workspace: any EditorWorkspace) -> [CompletionCandidate] {
        let own = EditorPaths.absolute(analysis.path)
        let directory = ImportPath.directory(of: workspace.canonicalPath(own) ?? own)
        var found: [(ups: Int, depth: Int, path: String)] = []
        for file in workspace.fontFiles() {
            let relative = Self.relativePath(file, from: directory)
            let parts = relative.split(separator: "/")
            let ups = parts.prefix { $0 == ".." }.count
            found.append((ups, parts.count - ups, relative))
        }
        found.sort { ($0.ups, $0.depth, $0.path) < ($1.ups, $1.depth, $1.path) }
        return found.map { f in
            CompletionCandidate(label: f.path, kind: .value, detail: "font file",
                                documentation: "Texts in this font are shaped in `\(f.path)` (docs/format.md §5.1).",
                                insertText: f.path, replaceRange: range)
        }
    }

    /// `path` relative to `directory` (both absolute, normalised): `a/b.tatami.yaml`,
    /// `../c.tatami.yaml`.
    static func relativePath(_ path: String, from directory: String) -> String {
        let target = path.split(separator: "/"), base = directory.split(separator: "/")
        var common = 0
        while common < base.count && common < target.count - 1 && base[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }

    // MARK: References

    /// The parameters of `component` after `$` or `${` (the outline's reference). A whole
    /// `$name` where the schema knows what goes (`expected`) offers only the parameters whose
    /// type fits there, the closest first (`ParameterPlaceholder.fit`).
    func references(_ reference: AssistOutline.ParameterReference, of component: String,
                    expected: AssistPlace? = nil) -> [CompletionCandidate] {
        var parameters = AssistNames.parameters(of: component, analysis)
        switch reference {
        case .whole:
            if let expected, case .unknown = expected {} else if let expected {
                parameters = parameters.enumerated().compactMap { i, p in
                    ParameterPlaceholder.fit(p.type, expected).map { (rank: $0, index: i, p: p) }
                }.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.p)
            }
            return parameters.map { p in
                CompletionCandidate(label: "$" + p.name, kind: .parameter, detail: Self.parameterDetail(p),
                                    documentation: "Parameter of `\(component)`: the value is its argument" + (p.type == "view" ? " (a view)." : "."),
                                    insertText: "$" + p.name, replaceRange: range)
            }
        case .interpolated(let closed):
            // A `view` parameter cannot stand inside a text (the validator says so).
            return parameters.filter { $0.type != "view" }.map { p in
                CompletionCandidate(label: p.name, kind: .parameter, detail: Self.parameterDetail(p),
                                    documentation: "Parameter of `\(component)`: `${\(p.name)}` puts its argument inside the text.",
                                    insertText: closed ? p.name : p.name + "}", replaceRange: range)
            }
        }
    }

    // MARK: Values

    func values(for place: AssistPlace, quoted: Bool) -> [CompletionCandidate] {
        switch place {
        case .shape(_, _, let expression?):
            return expressionNames(expression)
        case .shape(let shape, _, nil):
            var seen = Set<String>()
            return words(shape).filter { seen.insert($0.label).inserted }
        case .view:
            return quoted ? [] : kindCandidates(block: false, dash: false)
        case .arguments(let component):
            guard !quoted, let sig = document.components.first(where: { $0.name == component }) else { return [] }
            return [CompletionCandidate(label: "{" + sig.parameters.map(\.name).joined(separator: ", ") + "}", kind: .snippet,
                                        detail: "arguments of \(component)", documentation: componentDoc(sig),
                                        insertText: Self.argumentsSnippet(sig), isSnippet: true, replaceRange: range)]
        default:
            return []
        }
    }

    /// The words a shape takes.
    private func words(_ shape: ValueShape) -> [CompletionCandidate] {
        func word(_ w: String, _ kind: CompletionKind = .value, detail: String? = nil, doc: String? = nil) -> CompletionCandidate {
            CompletionCandidate(label: w, kind: kind, detail: detail, documentation: doc, insertText: w, replaceRange: range)
        }
        switch shape {
        case .enumeration(let list):
            return list.map { word($0) }
        case .boolean:
            return [word("true"), word("false")]
        case .color:
            return ColorValue.names.map { word($0, .color) }
        case .fontName:
            return AssistNames.fonts(document).map { name in
                let m = document.fonts[name]
                return word(name, .font, detail: m.map { m in
                    m.file.map { "\($0.faces[0].displayName) \(formatNumber($0.size)) pt" }
                        ?? "\(formatNumber(m.width))×\(formatNumber(m.height))"
                },
                            doc: FontMetrics.defaults[name] != nil ? "A default font." : "Declared under `fonts:`.")
            }
        case .alignment(let set):
            var out = set.builtInNames.map { word($0, .alignment, detail: "built-in") }
            if let axis = set.customAxis {
                for a in document.alignments.values.filter({ $0.axis == axis }).sorted(by: { $0.name < $1.name }) {
                    out.append(word(a.name, .alignment, detail: "custom \(axis.rawValue) alignment",
                                    doc: "Declared under `alignments:`; default `\(a.defaultValue.text)`."))
                }
            }
            return out
        case .number(let b):
            return b.allowsInfinity ? [word("infinity", doc: "Takes all the space offered.")] : []
        case .oneOf(let options):
            return options.flatMap(words)
        default:
            return []
        }
    }

    /// Names and functions an expression may use where it is.
    private func expressionNames(_ place: AssistExpressionPlace) -> [CompletionCandidate] {
        let whose: String
        switch place {
        case .condition: whose = "the viewport's (a canvas placement's: the canvas's)"
        case .guide: whose = "the view's"
        case .placement: whose = "the canvas's"
        }
        var out: [CompletionCandidate] = place.names.map { name in
            let type = place.table[name] == .boolean ? "condition" : "number"
            let doc: String
            switch name {
            case "width", "height": doc = "The \(name) of \(whose) frame."
            case "landscape": doc = "Whether the width is greater than the height."
            case "portrait": doc = "Whether the width is at most the height."
            default: doc = "\(whose.prefix(1).uppercased() + whose.dropFirst()) built-in `\(name)` guide."
            }
            return CompletionCandidate(label: name, kind: .expressionName, detail: type, documentation: doc,
                                       insertText: name, replaceRange: range)
        }
        for fn in ExpressionFunction.allCases {
            out.append(CompletionCandidate(label: fn.rawValue, kind: .function, detail: fn.signature,
                                           documentation: "`\(fn.signature)` (docs/format.md §10).",
                                           insertText: "\(fn.rawValue)($1)", isSnippet: true, replaceRange: range))
        }
        return out
    }
}
