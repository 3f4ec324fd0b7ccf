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
