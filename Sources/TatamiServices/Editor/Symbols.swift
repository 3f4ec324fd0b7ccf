import TatamiBase
import TatamiModel
import TatamiYAML

/// One entry of a file's outline.
public struct DocumentSymbolInfo: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A top-level key: `viewports`, `fonts`, `alignments`, `components`, `imports`, `body`.
        case section
        /// A view of a built-in kind.
        case view
        /// A component instance.
        case instance
        case component, parameter, viewport, font, alignment
        /// An entry of `imports:`.
        case importPath = "import"
    }

    /// A view's kind key, with its id if it has one (`vstack #header`); a declaration's name.
    public var name: String
    /// A text's content, an image's name, a colour; where a view is placed (`background`, an
    /// argument's name); a viewport's or font's size; an alignment's axis; a parameter's type;
    /// a component's parameters.
    public var detail: String?
    public var kind: Kind
    /// All of it (a declaration's key and value; a view's mapping).
    public var range: SourceRange
    /// The part to select: the name key, a view's kind key. Inside `range`.
    public var selectionRange: SourceRange
    public var children: [DocumentSymbolInfo]

    public init(name: String, detail: String? = nil, kind: Kind, range: SourceRange, selectionRange: SourceRange,
                children: [DocumentSymbolInfo] = []) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}

extension EditorServices {
    /// The file's outline: one symbol per top-level section (except `tatami`), holding its
    /// declarations (viewports, fonts, alignments, components with their parameters and body,
    /// imports) or, for `body`, the view tree: every view with its children, backgrounds,
    /// overlays and `view` arguments, nested as in the file. Whatever the tree holds after a
    /// syntax error is shown. Nesting deeper than `maximumSymbolDepth` is left out.
    public static func documentSymbols(_ a: Analysis) -> [DocumentSymbolInfo] {
        LargeStack.run {
            var walker = SemanticWalker(DocumentSymbolBuilder(table: a.lineTable), source: a.lineTable.bytes)
            walker.walkFile(a.yaml.root, workspaceFile: a.isWorkspaceFile)
            return walker.visitor.roots
        }
    }

    /// The deepest outline nesting reported; an outline that deep is no longer readable, and
    /// the bound keeps the values small.
    public static let maximumSymbolDepth = 256
}

/// Builds the outline from the semantic walk's scopes.
private struct DocumentSymbolBuilder: SemanticVisitor {
    let table: LineTable
    private(set) var roots: [DocumentSymbolInfo] = []
    /// Symbols being built, outermost first; nil for a scope that makes none.
    private var open: [DocumentSymbolInfo?] = []

    init(table: LineTable) {
        self.table = table
    }

    mutating func enter(_ scope: SemanticScope, _ context: SemanticContext) {
        guard open.count < EditorServices.maximumSymbolDepth else {
            open.append(nil)
            return
        }
        open.append(symbol(for: scope))
    }

    mutating func exit(_ scope: SemanticScope) {
        guard let done = open.popLast() else { return }
        if let done { attach(done) }
    }

    mutating func value(_ node: YAMLNode, _ s: YAMLScalar, _ role: SemanticValueRole, _ context: SemanticContext) {
        guard role == .importPath, open.count < EditorServices.maximumSymbolDepth else { return }
        attach(DocumentSymbolInfo(name: s.text, kind: .importPath, range: node.range, selectionRange: node.range))
    }

    /// Adds a finished symbol to the innermost open one (or the roots), if it lies inside it:
    /// a node reached through an alias lies elsewhere and is left out.
    private mutating func attach(_ symbol: DocumentSymbolInfo) {
        guard let i = open.lastIndex(where: { $0 != nil }) else {
            roots.append(symbol)
            return
        }
        let parent = open[i]!.range
        guard parent.start <= symbol.range.start && symbol.range.end <= parent.end else { return }
        open[i]!.children.append(symbol)
    }

    private func symbol(for scope: SemanticScope) -> DocumentSymbolInfo? {
        switch scope {
        case .section(let p):
            guard let name = p.key.keyText, name != "tatami" else { return nil }
            return DocumentSymbolInfo(name: name, kind: .section, range: span(p), selectionRange: p.key.range)
        case .declaration(let kind, let p):
            let name = p.key.keyText ?? table.text(p.key.range)
            let v = p.value
            switch kind {
            case .viewport:
                return DocumentSymbolInfo(name: name, detail: size(v), kind: .viewport, range: span(p), selectionRange: p.key.range)
            case .font:
                return DocumentSymbolInfo(name: name, detail: size(v), kind: .font, range: span(p), selectionRange: p.key.range)
            case .alignment:
                return DocumentSymbolInfo(name: name, detail: v["axis"]?.scalar?.text, kind: .alignment, range: span(p),
                                          selectionRange: p.key.range)
            case .component:
                let params = (v["params"]?.pairs ?? .empty).compactMap { $0.key.keyText }
                return DocumentSymbolInfo(name: name, detail: "(" + params.joined(separator: ", ") + ")", kind: .component,
                                          range: span(p), selectionRange: p.key.range)
            case .parameter:
                return DocumentSymbolInfo(name: name, detail: v["type"]?.scalar?.text, kind: .parameter, range: span(p),
                                          selectionRange: p.key.range)
            }
        case .view(let site):
            // Without a kind key, the first key that is no view key: usually a kind being typed.
            var name = site.kindName
                ?? site.node.pairs?.lazy.compactMap({ $0.key.keyText }).first(where: { SchemaPlace.viewKey($0, of: nil) == nil })
                ?? "view"
            if let id = site.id { name += " #\(id)" }
            var details: [String] = []
            switch site.role {
            case .decoration(let key): details.append(key)
            case .argument(let key): details.append(key)
            case .parameterDefault: details.append("default")
            case .body, .child, .componentBody: break
            }
            if site.kindKey == nil, let s = site.node.scalar {
                details.append(snippet(s.text))
            } else if let s = site.kindValue?.scalar, !site.isInstance, !s.text.isEmpty {
                details.append(snippet(s.text))
            }
            let selection = site.kindKey?.range ?? site.node.pairs?.first?.key.range ?? site.node.range
            return DocumentSymbolInfo(name: name, detail: details.isEmpty ? nil : details.joined(separator: " · "),
                                      kind: site.isInstance ? .instance : .view, range: site.node.range, selectionRange: selection)
        }
    }

    /// A key and its value.
    private func span(_ p: YAMLPair) -> SourceRange {
        SourceRange(start: p.key.range.start, end: max(p.key.range.end, p.value.range.end))
    }

    /// "320×480" from `{width, height}` as written.
    private func size(_ v: YAMLNode) -> String? {
        guard let w = v["width"]?.scalar?.text, let h = v["height"]?.scalar?.text else { return nil }
        return "\(w)×\(h)"
    }

    /// The first line of a text, at most 40 characters.
    private func snippet(_ text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
