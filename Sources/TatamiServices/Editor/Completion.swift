import TatamiBase
import TatamiModel

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
    /// A view's `id`. FORMAT.md has no place that refers to an id, so none is offered yet.
    case id
    /// A font name.
    case font
    /// An alignment name (built-in or declared).
    case alignment
    /// A viewport's name. FORMAT.md has no place that refers to a viewport, so none is offered yet.
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

/// One completion candidate.
public struct CompletionCandidate: Sendable, Hashable {
    /// What the list shows.
    public var label: String
    public var kind: CompletionKind
    /// A short line beside the label (the value a key takes, a font's metrics).
    public var detail: String?
    /// Markdown, from the schema table.
    public var documentation: String?
    /// The text to insert. When `isSnippet`, it uses LSP snippet syntax (`$1`, `${1:text}`,
    /// `$0`). Lines after the first are indented relative to the cursor line's leading
    /// whitespace, as LSP's `InsertTextMode.adjustIndentation` does.
    public var insertText: String
    public var isSnippet: Bool
    /// The text the insertion replaces (the word being typed); nil: insert at the cursor.
    public var replaceRange: SourceRange?

    public init(label: String, kind: CompletionKind, detail: String? = nil, documentation: String? = nil,
                insertText: String, isSnippet: Bool = false, replaceRange: SourceRange? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.insertText = insertText
        self.isSnippet = isSnippet
        self.replaceRange = replaceRange
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
    /// - where a list item goes in a container: the kinds and components.
    ///
    /// The place is read from the text's indentation, so half-typed files complete too.
    /// Empty inside comments and where nothing is expected.
    public static func completions(_ analysis: Analysis, at offset: Int) -> [CompletionCandidate] {
        guard let outline = AssistOutline(analysis.lineTable, offset: offset) else { return [] }
        let document = analysis.document
        var place = AssistPlace.topLevel
        for level in outline.levels {
            switch level {
            case .mapping(let keys, let via): place = AssistSchema.step(key: via, in: place, keys: keys, document: document).1
            case .sequence(let item): place = AssistSchema.item(item, in: place)
            }
        }
        let builder = AssistCompletions(analysis: analysis, outline: outline)
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

/// Builds the candidates of one request.
struct AssistCompletions {
    let analysis: Analysis
    let outline: AssistOutline

    var document: TatamiDocument { analysis.document }
    var range: SourceRange { outline.partial }

    // MARK: Keys

    func keys(in place: AssistPlace, present: [String]) -> [CompletionCandidate] {
        let taken = Set(present)
        switch place {
        case .topLevel:
            return Schema.topLevel.filter { !taken.contains($0.name) }.map { key($0, kind: .key) }
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
    /// `- ` first where a list item is not started yet), flow ones after `key: `.
    func kindCandidates(block: Bool, dash: Bool) -> [CompletionCandidate] {
        let prefix = dash ? "- " : ""
        // Later lines of a block snippet: the kind key's column plus 2, from the line's indentation.
        let pad = String(repeating: " ", count: max(2, outline.keyColumn + 2 - outline.lineIndent))
        var out: [CompletionCandidate] = []
        for kind in Schema.kinds {
            let text: String
            switch (kind.name, block) {
            case ("text", true): text = "text: \"$1\""
            case ("text", false): text = "{text: \"$1\"}"
            case ("image", true): text = "image: ${1:name}"
            case ("image", false): text = "{image: ${1:name}}"
            case ("color", true): text = "color: ${1:blue}"
            case ("color", false): text = "{color: ${1:blue}}"
            case ("spacer", true), ("divider", true): text = kind.name + ":$0"
            case ("spacer", false), ("divider", false): text = "{\(kind.name): null}$0"
            case (let name, true): text = "\(name):\n\(pad)- $0"
            case (let name, false): text = "{\(name): [$0]}"
            }
            out.append(CompletionCandidate(label: kind.name, kind: .kind, detail: kind.isContainer ? "container" : "view",
                                           documentation: kind.doc, insertText: prefix + text, isSnippet: true, replaceRange: range))
        }
        for sig in AssistNames.components(analysis) {
            var n = 0
            let args = sig.parameters.filter { $0.defaultText == nil }.map { p -> String in
                n += 1
                return "\(p.name): $\(n)"
            }
            let value = "{" + args.joined(separator: ", ") + (args.isEmpty ? "$0}" : "}")
            let text = block ? "\(sig.name): \(value)" : "{\(sig.name): \(value)}"
            out.append(CompletionCandidate(label: sig.name, kind: .component, detail: "component",
                                           documentation: componentDoc(sig), insertText: prefix + text, isSnippet: true,
                                           replaceRange: range))
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
            var n = 0
            let args = sig.parameters.filter { $0.defaultText == nil }.map { p -> String in
                n += 1
                return "\(p.name): $\(n)"
            }
            return [CompletionCandidate(label: "{" + sig.parameters.map(\.name).joined(separator: ", ") + "}", kind: .snippet,
                                        detail: "arguments of \(component)", documentation: componentDoc(sig),
                                        insertText: "{" + args.joined(separator: ", ") + (args.isEmpty ? "$0}" : "}"),
                                        isSnippet: true, replaceRange: range)]
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
                return word(name, .font, detail: m.map { "\(formatNumber($0.width))×\(formatNumber($0.height))" },
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
                                           documentation: "`\(fn.signature)` (FORMAT.md §10).",
                                           insertText: "\(fn.rawValue)($1)", isSnippet: true, replaceRange: range))
        }
        return out
    }
}

extension AssistNames {
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
            if l.content == column, AssistSchema.isComponentName(k), known.insert(k).inserted {
                found.append(ComponentSignature(name: k, parameters: [], nameRange: l.keyRange))
            }
        }
        return found
    }
}
