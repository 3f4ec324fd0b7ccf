import TatamiValidation
import TatamiBase
import TatamiModel
import TatamiYAML

/// What a completion candidate is, so an editor can pick an icon.
public enum CompletionKind: String, Sendable, Hashable {
    /// A key of a mapping (top-level, a parameter, an attribute, a key of `frame`…).
    case key
    /// A view kind (`hstack`, `text`…), inserted as a snippet.
    case kind
    /// A modifier key (`padding`, `frame`…).
    case modifier
    /// A word a key takes (`tail`, `true`, `auto`…).
    case value
    /// A component's name.
    case component
    /// An argument of a component instance.
    case parameter
    /// A view's `id`. docs/format.md has no place that refers to an id, so none is offered yet.
    case id
    /// A font name.
    case font
    /// An alignment name (built-in or declared).
    case alignment
    /// A viewport's name. docs/format.md has no place that refers to a viewport, so none is offered yet.
    case viewport
    /// A colour name.
    case color
    /// A name an expression may use (`width`, `landscape`, a guide).
    case expressionName
    /// A function an expression may call.
    case function
    /// A larger piece of text (an instance's arguments).
    case snippet
}

/// A line a candidate inserts after its first one.
public struct CompletionLine: Sendable, Hashable {
    /// The column (in spaces from the start of the line) where `text` belongs in the file.
    public var column: Int
    public var text: String

    public init(column: Int, text: String) {
        self.column = column
        self.text = text
    }
}

/// How an editor inserts the line breaks of a candidate's text.
public enum CompletionLineBreaks: Sendable, Hashable {
    /// The editor indents each later line by the leading whitespace of the line it inserts
    /// into (up to the insertion): later lines carry only the indentation beyond it.
    case indentedByEditor
    /// The text lands as written: each later line carries the full indentation it needs.
    case asWritten
    /// The editor cannot insert a line break: the first line only (a container's key alone,
    /// `vstack:`), which is a complete value on its own.
    case none
}

/// One completion candidate.
public struct CompletionCandidate: Sendable, Hashable {
    /// What the list shows.
    public var label: String
    public var kind: CompletionKind
    /// A short line beside the label (the value a key takes, a font's metrics).
    public var detail: String?
    /// Markdown, from the schema table.
    public var documentation: String?
    /// The first line of the text to insert, in place of `replaceRange`. When `isSnippet`, it
    /// uses LSP snippet syntax (`$1`, `${1:text}`, `$0`).
    public var insertText: String
    /// The lines after the first (a block container's first item, `- `, two columns right of
    /// its key); empty for a one-line candidate. `text(_:)` joins them for an editor.
    public var laterLines: [CompletionLine]
    /// The leading spaces of the cursor's line before the insertion, which an editor that
    /// indents later lines itself adds to each of them.
    public var lineIndent: Int
    public var isSnippet: Bool
    /// The text the insertion replaces (the word being typed); nil: insert at the cursor.
    public var replaceRange: SourceRange?

    public init(label: String, kind: CompletionKind, detail: String? = nil, documentation: String? = nil,
                insertText: String, laterLines: [CompletionLine] = [], lineIndent: Int = 0, isSnippet: Bool = false,
                replaceRange: SourceRange? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.insertText = insertText
        self.laterLines = laterLines
        self.lineIndent = lineIndent
        self.isSnippet = isSnippet
        self.replaceRange = replaceRange
    }

    /// The whole text to insert, for an editor that takes line breaks `lineBreaks`' way. Every
    /// form is valid YAML where the candidate is offered.
    public func text(_ lineBreaks: CompletionLineBreaks) -> String {
        var out = insertText
        switch lineBreaks {
        case .none:
            break
        case .asWritten:
            for l in laterLines { out += "\n" + String(repeating: " ", count: l.column) + l.text }
        case .indentedByEditor:
            for l in laterLines { out += "\n" + String(repeating: " ", count: max(0, l.column - lineIndent)) + l.text }
        }
        return out
    }
}

extension EditorServices {
    /// The candidates for the text at `offset` (clamped), in the order an editor should list
    /// them:
    ///
    /// - where a key goes (an empty line inside a mapping too): the keys valid there that the
    ///   mapping does not hold yet; inside a view without a kind key, the kinds (as snippets)
    ///   and the components first; inside an instance's arguments, its parameters;
    /// - after `key: `: the words the key takes (enumerations, booleans, alignments of the
    ///   stack's axis, fonts, colours), views as flow snippets where a view goes, and inside
    ///   expressions the names and functions available there;
    /// - where a list item goes in a container: the kinds and components;
    /// - after `$` that starts a scalar, and after `${` inside one, in a component's body: the
    ///   component's parameters (`$label`; `label}` after `${`, where `view` parameters cannot
    ///   stand).
    ///
    /// Inside a component's declaration, neither the component nor any of the file's
    /// components whose bodies use it (directly or through others) is offered: it would
    /// contain itself.
    ///
    /// The place is read from the text's indentation, so half-typed files complete too.
    /// Empty inside comments and where nothing is expected.
    ///
    /// In `imports:` (a list item, or the value after `imports: `), the workspace's Tatami files
    /// (`workspace.tatamiFiles()`) as paths relative to the importing file, nearest first.
    public static func completions(_ analysis: Analysis, at offset: Int,
                                   workspace: (any EditorWorkspace)? = nil) -> [CompletionCandidate] {
        guard let outline = AssistOutline(analysis.lineTable, offset: offset), !outline.afterDollar else { return [] }
        if !analysis.isWorkspaceFile, let bracketed = Self.importSlot(outline) {
            guard let workspace else { return [] }
            return AssistCompletions(analysis: analysis, outline: outline).importPaths(workspace, bracketed: bracketed)
        }
        if Self.isFontFileSlot(outline) {
            guard let workspace else { return [] }
            return AssistCompletions(analysis: analysis, outline: outline).fontPaths(workspace)
        }
        let document = analysis.document
        var place = analysis.isWorkspaceFile ? AssistPlace.workspaceTopLevel : .topLevel
        // The component whose declaration holds the cursor (the level entered through its
        // name under `components:`), and whether its body does.
        var component: String? = nil
        var componentLevel = -1
        var inBody = false
        for (i, level) in outline.levels.enumerated() {
            switch level {
            case .mapping(let keys, let via):
                if component == nil, case .names(_, of: .component) = place {
                    component = via
                    componentLevel = i
                } else if component != nil, i == componentLevel + 1 {
                    inBody = via == "body"
                }
                place = AssistSchema.step(key: via, in: place, keys: keys, document: document).1
            case .sequence(let item):
                place = AssistSchema.item(item, in: place)
            }
        }
        if component != nil, componentLevel == outline.levels.count - 1, case .value(key: "body", _, _) = outline.slot {
            inBody = true  // `body: $content`
        }
        if let reference = outline.reference {
            guard let c = component, inBody else { return [] }
            // What goes where the reference stands.
            var expected: AssistPlace? = nil
            switch outline.slot {
            case .value(let key, let present, _):
                expected = AssistSchema.step(key: key, in: place, keys: present + [key], document: document).1
            case .item:
                expected = AssistSchema.item(0, in: place)
            case .key(let present):
                // `- $‸`: the list item itself (the walk has entered it).
                if present.isEmpty, case .sequence? = outline.levels.last { expected = place }
            }
            return AssistCompletions(analysis: analysis, outline: outline).references(reference, of: c, expected: expected)
        }
        var builder = AssistCompletions(analysis: analysis, outline: outline)
        if let c = component { builder.excluded = AssistNames.componentsUsing(c, analysis) }
        switch outline.slot {
        case .key(let present):
            if place.isList { return builder.items(in: place, needsDash: true) }
            return builder.keys(in: place, present: present)
        case .value(let key, let present, let quoted):
            let (_, value) = AssistSchema.step(key: key, in: place, keys: present + [key], document: document)
            return builder.values(for: value, quoted: quoted)
        case .item(let needsDash, let quoted):
            if quoted { return builder.values(for: AssistSchema.item(0, in: place), quoted: true) }
            return builder.items(in: place, needsDash: needsDash)
        }
    }
}

extension EditorServices {
    /// Whether the outline's slot is a path of the top-level `imports`: false for an item of its
    /// list (`imports: [‸]`, `- ‸` under it), true for its value (`imports: ‸`), which a
    /// candidate writes as a list. nil elsewhere.
    static func importSlot(_ outline: AssistOutline) -> Bool? {
        let levels = outline.levels
        switch outline.slot {
        case .value(key: "imports", _, _) where levels.isEmpty:
            return true
        case .item where levels.count == 1:
            if case .mapping(_, via: "imports") = levels[0] { return false }
        case .key(let present) where present.isEmpty && levels.count == 2:
            if case .mapping(_, via: "imports") = levels[0], case .sequence = levels[1] { return false }
        default:
            break
        }
        return nil
    }
}

extension EditorServices {
    /// Whether the outline's slot is a font file's path: a font's `file` (`fonts: {name: {file:
    /// ‸}}`), or an item of its `fallback` list, in a Tatami file or a workspace file.
    static func isFontFileSlot(_ outline: AssistOutline) -> Bool {
        let levels = outline.levels
        guard levels.count >= 2, case .mapping(_, via: "fonts") = levels[0], case .mapping = levels[1] else { return false }
        switch outline.slot {
        case .value(key: "file", _, _) where levels.count == 2:
            return true
        case .item where levels.count == 3:
            if case .mapping(_, via: "fallback") = levels[2] { return true }
        case .key(let present) where present.isEmpty && levels.count == 4:
            // `- ‸` under `fallback:` (a path, or a `{file, index}` mapping: the path is offered)
            if case .mapping(_, via: "fallback") = levels[2], case .sequence = levels[3] { return true }
        case .value(key: "file", _, _) where levels.count == 4:
            // `fallback: [{file: ‸}]`
            if case .mapping(_, via: "fallback") = levels[2] { return true }
            if case .sequence = levels[2] { return true }
        default:
            break
        }
        return false
    }
}

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
                    m.file.map { "\(String($0.faces[0].path.split(separator: "/").last ?? "")) \(formatNumber($0.size)) pt" }
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

extension AssistNames {
    /// `name` and the file's own components whose bodies use it, directly or through others:
    /// inside `name`'s declaration, each of them would make it contain itself.
    static func componentsUsing(_ name: String, _ analysis: Analysis) -> Set<String> {
        // Who uses whom, among the file's own components (an imported component resolves names
        // in its own file, which cannot reach back into this one).
        var users: [String: [String]] = [:]
        for sig in analysis.document.components where sig.filePath == nil {
            for used in sig.uses { users[used, default: []].append(sig.name) }
        }
        var found: Set<String> = [name]
        var queue = [name]
        while let next = queue.popLast() {
            for user in users[next] ?? [] where found.insert(user).inserted { queue.append(user) }
        }
        return found
    }

    /// The parameters of the file's own component `name`: the validator's, or, when validation
    /// did not reach the declaration (a syntax error cut the file, as an unclosed `"${` does),
    /// those its text declares.
    static func parameters(of name: String, _ analysis: Analysis) -> [ComponentSignature.Parameter] {
        if let sig = analysis.document.components.first(where: { $0.name == name && $0.filePath == nil }) {
            return sig.parameters
        }
        return parametersFromText(of: name, analysis.lineTable)
    }

    /// Reads the lines of `name`'s declaration under the top-level `components:` and parses
    /// them alone, so an error elsewhere (in its own body too, after `params`) does not hide
    /// its parameters.
    static func parametersFromText(of name: String, _ table: LineTable) -> [ComponentSignature.Parameter] {
        var i = 0
        var inside = false
        var column: Int? = nil
        var start: Int? = nil
        var end = table.bytes.count
        while i < table.lineCount {
            let l = AssistLine(table, line: i)
            i += 1
            if l.isBlank { continue }
            if start != nil {
                // The declaration runs until a line as far left as its name.
                if l.indent <= column! {
                    end = l.start
                    break
                }
                continue
            }
            if l.content == 0 && l.dashes.isEmpty {
                if inside { return [] }
                inside = l.key == "components" && l.value == nil
                continue
            }
            guard inside, let k = l.key, l.dashes.isEmpty else { continue }
            if column == nil { column = l.content }
            if l.content == column, k == name { start = l.start }
        }
        guard let s = start, s < end else { return [] }
        let parsed = YAMLParser.parse(bytes: Array(table.bytes[s..<end]))
        guard let declaration = parsed.root?.pairs?.first(where: { $0.key.keyText == name })?.value,
              let params = declaration["params"]?.pairs else { return [] }
        let types: Set<String> = ["string", "number", "bool", "color", "view"]
        return params.compactMap { p in
            guard let n = p.key.keyText, !n.isEmpty else { return nil }
            let type = p.value["type"]?.scalar?.text
            let defaultText = p.value["default"].map { node -> String in
                let r = node.range
                let text = String(decoding: parsed.lineTable.bytes[r.start..<r.end], as: UTF8.self)
                return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
            }
            return ComponentSignature.Parameter(name: n, type: type.flatMap { types.contains($0) ? $0 : nil }, defaultText: defaultText)
        }
    }

    /// The components the file can use: the validator's list, and names declared under this
    /// file's `components:` that it did not get to (the text after a syntax error).
    static func components(_ analysis: Analysis) -> [ComponentSignature] {
        var found = analysis.document.components
        var known = Set(found.map(\.name))
        let table = analysis.lineTable
        var i = 0
        var column: Int? = nil
        var inside = false
        while i < table.lineCount {
            let l = AssistLine(table, line: i)
            i += 1
            if l.isBlank { continue }
            if l.content == 0 && l.dashes.isEmpty {
                if inside { break }
                inside = l.key == "components" && l.value == nil
                continue
            }
            guard inside, let k = l.key, l.dashes.isEmpty else { continue }
            if column == nil { column = l.content }
            if l.content == column, Schema.isComponentKey(k), known.insert(k).inserted {
                found.append(ComponentSignature(name: k, parameters: [], nameRange: l.keyRange))
            }
        }
        return found
    }
}
