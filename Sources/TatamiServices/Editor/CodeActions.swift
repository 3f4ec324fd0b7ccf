import TatamiValidation
import TatamiBase
import TatamiModel
import TatamiYAML

/// A fix an editor can offer for diagnostics.
public struct CodeActionInfo: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case quickFix = "quickfix"
    }

    /// "Change to `hstack`", "Remove `hstak`", "Add argument `title`".
    public var title: String
    public var kind: Kind
    /// Edits of the analysed file (`Analysis.path`), not overlapping.
    public var edits: [FileEdit]
    /// The diagnostics it fixes.
    public var diagnostics: [Diagnostic]
    /// Whether it may be applied without asking (ruff's words: safe and unsafe fixes).
    public var applicability: Applicability

    /// How far a fix may be applied without asking (docs/format.md §12.1).
    public enum Applicability: String, Hashable, Sendable {
        /// Safe, and the one fix of its diagnostic (a single "did you mean"): what an editor
        /// applies without asking (`isPreferred`) and `lint --fix` applies.
        case preferred
        /// The one fix of its diagnostic, but it invents content (a placeholder argument such as
        /// `label: ""`, a viewport's `height: 0`): the problem goes, a wrong value comes. Applied
        /// only by `lint --fix --unsafe-fixes`, never preferred.
        case unsafe
        /// One choice among several, or a removal: offered, never applied without asking.
        case manual
    }

    /// The fix an editor may apply without asking: `applicability == .preferred`.
    public var isPreferred: Bool { applicability == .preferred }

    public init(title: String, kind: Kind = .quickFix, edits: [FileEdit], diagnostics: [Diagnostic],
                applicability: Applicability) {
        self.title = title
        self.kind = kind
        self.edits = edits
        self.diagnostics = diagnostics
        self.applicability = applicability
    }

    public init(title: String, kind: Kind = .quickFix, edits: [FileEdit], diagnostics: [Diagnostic], isPreferred: Bool) {
        self.init(title: title, kind: kind, edits: edits, diagnostics: diagnostics, applicability: isPreferred ? .preferred : .manual)
    }
}

extension EditorServices {
    /// Quick fixes for the diagnostics that intersect `range` (touching counts):
    /// - each "did you mean" fix-it a diagnostic carries ("Change to `hstack`");
    /// - `unknown-key`, and `unknown-param` on an argument: remove the key with its value (the
    ///   whole lines of a block mapping entry);
    /// - `missing-param`: add each missing argument, and all of them at once, with a
    ///   placeholder of the parameter's type (`""`, `0`, `false`, `clear`, `{text: ""}`);
    /// - `missing-required`: add the missing key of a declaration or object (a viewport's
    ///   `height`, a parameter's `type`, a component's `body`, the file's `body`, a canvas
    ///   child's `position`) with a placeholder value.
    ///
    /// A single "did you mean" is `.preferred`; adding keys or arguments invents their values,
    /// so the one addition that fixes a diagnostic is `.unsafe` (never preferred); the rest
    /// are `.manual`.
    ///
    /// `workspace` lets `missing-param` read an imported component's parameter types; without
    /// it the names come from the message and the placeholders are `""`.
    public static func codeActions(_ a: Analysis, in range: SourceRange,
                                   workspace: (any EditorWorkspace)? = nil) -> [CodeActionInfo] {
        let lo = a.lineTable.clampOffset(range.start), hi = max(lo, a.lineTable.clampOffset(range.end))
        let relevant = a.diagnostics.filter { $0.range.start <= hi && lo <= $0.range.end }
        guard !relevant.isEmpty else { return [] }
        return LargeStack.run {
            var planner = CodeActionPlanner(a, workspace: workspace)
            for d in relevant { planner.actions(for: d) }
            return planner.result
        }
    }
}

/// What the code actions need to know about the file, gathered in one walk.
private struct CodeActionSites: SemanticVisitor {
    /// Objects with known keys, with where their `missing-required` is reported.
    var objects: [(node: YAMLNode, at: SourceRange, keys: [KeySpec])] = []
    /// Views by kind key: instances (for `missing-param`) and canvas children (`position`).
    var instances: [SourceRange: SemanticViewSite] = [:]
    var canvasChildren: [SourceRange: SemanticViewSite] = [:]
    /// Keys that mean nothing where they stand, and instances' argument keys: the only keys
    /// `unknown-key` and `unknown-param` may remove (not an instance's kind key, where a
    /// problem inside its body is reported).
    var unknownKeys = Set<SourceRange>()
    var argumentKeys = Set<SourceRange>()

    mutating func key(_ key: YAMLNode, _ role: SemanticKeyRole, _ context: SemanticContext) {
        switch role {
        case .unknown: unknownKeys.insert(key.range)
        case .argument: argumentKeys.insert(key.range)
        default: break
        }
    }

    mutating func object(_ node: YAMLNode, owner: YAMLNode?, keys: [KeySpec]) {
        objects.append((node, owner?.range ?? node.pairs?.first?.key.range ?? node.range, keys))
    }

    mutating func enter(_ scope: SemanticScope, _ context: SemanticContext) {
        guard case .view(let site) = scope, let key = site.kindKey else { return }
        if site.isInstance { instances[key.range] = site }
        if case .child(of: "canvas") = site.role { canvasChildren[key.range] = site }
    }
}

/// Builds the actions of one request.
private struct CodeActionPlanner {
    let a: Analysis
    let workspace: (any EditorWorkspace)?
    let sites: CodeActionSites
    /// Imported components' parameters are read through this, each file parsed once.
    let files: ReferenceFileSet
    private(set) var result: [CodeActionInfo] = []

    init(_ a: Analysis, workspace: (any EditorWorkspace)?) {
        self.a = a
        self.workspace = workspace
        files = ReferenceFileSet(a, workspace: workspace)
        var walker = SemanticWalker(CodeActionSites(), source: a.lineTable.bytes)
        walker.walkFile(a.yaml.root, workspaceFile: a.isWorkspaceFile)
        sites = walker.visitor
    }

    private var bytes: [UInt8] { a.lineTable.bytes }

    /// Adds an action, or merges the diagnostic into an equal one already offered.
    private mutating func offer(_ title: String, _ edits: [(SourceRange, String)], for d: Diagnostic,
                                _ applicability: CodeActionInfo.Applicability) {
        let fileEdits = edits.map { FileEdit(path: a.path, range: $0.0, newText: $0.1) }
        if let i = result.firstIndex(where: { $0.title == title && $0.edits == fileEdits }) {
            if !result[i].diagnostics.contains(d) { result[i].diagnostics.append(d) }
            return
        }
        result.append(CodeActionInfo(title: title, edits: fileEdits, diagnostics: [d], applicability: applicability))
    }

    mutating func actions(for d: Diagnostic) {
        // A fix inside an imported file's body has offsets of another file: not offered here.
        for fix in d.fixes where fix.range.end <= bytes.count {
            offer(Self.title(of: fix), [(fix.range, fix.replacement)], for: d, d.fixes.count == 1 ? .preferred : .manual)
        }
        switch d.code {
        case .unknownKey, .unknownParam:
            let removable = d.code == .unknownKey ? sites.unknownKeys : sites.argumentKeys
            if removable.contains(d.range), let edit = removal(ofKeyAt: d.range) {
                let name = a.lineTable.text(d.range)
                offer(d.code == .unknownParam ? "Remove argument `\(name)`" : "Remove `\(name)`", [edit], for: d, .manual)
            }
        case .missingParam:
            missingArguments(d)
        case .missingRequired:
            missingKeys(d)
        case .modifierOrder:
            if let edit = modifiersListInWrittenOrder(d) {
                offer("Apply the modifiers in the written order (as a `modifiers:` list)", [edit], for: d, .manual)
            }
        default:
            break
        }
    }

    // MARK: Modifier order

    /// `modifier-order`: the view's modifier keys (the diagnostic's related locations, in written
    /// order) rewritten as a `modifiers:` list in that order, where the first of them stood; the
    /// other lines between them stay. Only for a block mapping whose modifier keys each start
    /// their line and which has no `modifiers:` list yet (the keyed modifiers would go in front
    /// of it; that rewrite is left to the user). Never preferred: it changes the layout.
    func modifiersListInWrittenOrder(_ d: Diagnostic) -> (SourceRange, String)? {
        let keys = d.related.map(\.range)
        guard keys.count > 1, keys.allSatisfy({ $0.end <= bytes.count }), let root = a.yaml.root,
              let (mapping, _) = Self.pair(withKey: keys[0], in: root), !mapping.isFlow, let pairs = mapping.pairs else { return nil }
        guard !pairs.contains(where: { $0.key.keyText == "modifiers" }) else { return nil }
        let table = a.lineTable
        // Each modifier pair's whole lines, by written order.
        var spans: [(first: Int, last: Int)] = []
        for key in keys {
            guard let pair = pairs.first(where: { $0.key.range == key }) else { return nil }
            let first = table.line(ofByte: key.start)
            let lineStart = table.lineStarts[first]
            guard bytes[lineStart..<key.start].allSatisfy({ $0 == 0x20 }) else { return nil }
            let end = max(pair.key.range.end, pair.value.range.end)
            spans.append((first, table.line(ofByte: max(key.start, end - 1))))
        }
        func lineText(_ l: Int) -> String {
            let start = table.lineStarts[l], end = l + 1 < table.lineCount ? table.lineStarts[l + 1] : bytes.count
            var text = String(decoding: bytes[start..<end], as: UTF8.self)
            if !text.hasSuffix("\n") { text += "\n" }
            return text
        }
        let indent = table.scalarPosition(ofByte: keys[0].start).column
        let pad = String(repeating: " ", count: indent)
        // The list: each pair's lines, its key after `- `, the lines below moved as far.
        var list = pad + "modifiers:\n"
        for span in spans {
            for l in span.first...span.last {
                let text = lineText(l)
                list += l == span.first ? pad + "  - " + text.drop { $0 == " " } : "    " + text
            }
        }
        let firstLine = spans.map(\.first).min()!, lastLine = spans.map(\.last).max()!
        let removed = Set(spans.flatMap { Array($0.first...$0.last) })
        var replacement = ""
        for l in firstLine...lastLine {
            if l == firstLine { replacement += list }
            if !removed.contains(l) { replacement += lineText(l) }
        }
        let start = table.lineStarts[firstLine]
        let end = lastLine + 1 < table.lineCount ? table.lineStarts[lastLine + 1] : bytes.count
        // A file whose last line has no line break keeps it so.
        if end == bytes.count, bytes.last != 0x0A, replacement.hasSuffix("\n") { replacement.removeLast() }
        return (SourceRange(start: start, end: end), replacement)
    }

    /// "replace with `x`" → "Change to `x`"; other titles capitalised.
    static func title(of fix: FixIt) -> String {
        let prefix = "replace with "
        if fix.title.hasPrefix(prefix) { return "Change to " + fix.title.dropFirst(prefix.count) }
        return fix.title.prefix(1).uppercased() + fix.title.dropFirst()
    }

    // MARK: Removing a key

    /// The edit deleting the pair whose key is at `range`: a flow entry with its comma; a block
    /// entry with its whole lines; the first entry of a list item up to the next key (so the
    /// next key moves onto the `- ` line); a list item's only entry with the item.
    func removal(ofKeyAt range: SourceRange) -> (SourceRange, String)? {
        guard let root = a.yaml.root, let (mapping, i) = Self.pair(withKey: range, in: root) else { return nil }
        let pairs = mapping.pairs ?? .empty
        let p = pairs[i]
        let end = max(p.key.range.end, p.value.range.end)
        if mapping.isFlow {
            if i + 1 < pairs.count { return (SourceRange(start: p.key.range.start, end: pairs[i + 1].key.range.start), "") }
            if i > 0 {
                let previous = pairs[i - 1]
                return (SourceRange(start: max(previous.key.range.end, previous.value.range.end), end: end), "")
            }
            return (SourceRange(start: p.key.range.start, end: end), "")
        }
        let table = a.lineTable
        let first = table.line(ofByte: p.key.range.start)
        let lineStart = table.lineStarts[first]
        let before = bytes[lineStart..<p.key.range.start]
        let last = table.line(ofByte: max(p.key.range.start, end - 1))
        let wholeLines = SourceRange(start: lineStart, end: last + 1 < table.lineCount ? table.lineStarts[last + 1] : bytes.count)
        if before.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return (wholeLines, "") }
        if i + 1 < pairs.count { return (SourceRange(start: p.key.range.start, end: pairs[i + 1].key.range.start), "") }
        // A list item's only entry (`- txt: a`): the item goes, as it holds nothing else.
        let trimmed = before.filter { $0 != 0x20 && $0 != 0x09 }
        if pairs.count == 1 && trimmed.elementsEqual([UInt8(ascii: "-")]) { return (wholeLines, "") }
        return nil
    }

    /// The mapping holding a pair whose key is at `range`, and the pair's index: a descent
    /// along the nodes containing the range.
    static func pair(withKey range: SourceRange, in root: YAMLNode) -> (YAMLNode, Int)? {
        var node = root
        for _ in 0..<(YAMLLimits.standard.maxDepth + 8) {
            let next: YAMLNode?
            switch node.content {
            case .scalar:
                return nil
            case .mapping(let pairs):
                if let i = pairs.firstIndex(where: { $0.key.range == range }) { return (node, i) }
                next = pairs.first { $0.value.range.start <= range.start && range.end <= $0.value.range.end && !$0.value.range.isEmpty }?.value
            case .sequence(let items):
                next = items.first { $0.range.start <= range.start && range.end <= $0.range.end }
            }
            guard let next else { return nil }
            node = next
        }
        return nil
    }

    // MARK: Adding keys

    /// The edit adding `entries` (key, value text) to a mapping value: a null becomes a flow
    /// mapping, a flow mapping gets `, key: value`, a block mapping new lines at its
    /// indentation after its last entry. nil for other values.
    func insertion(of entries: [(String, String)], into value: YAMLNode, after key: YAMLNode?) -> (SourceRange, String)? {
        guard !entries.isEmpty else { return nil }
        let flow = entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        switch value.content {
        case .scalar(let s):
            guard case .null = s.resolved else { return nil }
            if !value.range.isEmpty { return (value.range, "{\(flow)}") }
            // Nothing written: just after the colon that follows the key.
            var i = key?.range.end ?? value.range.start
            while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            let at = i < bytes.count && bytes[i] == UInt8(ascii: ":") ? i + 1 : value.range.start
            return (.at(at), " {\(flow)}")
        case .sequence:
            return nil
        case .mapping(let pairs):
            if value.isFlow {
                guard let last = pairs.last else { return (value.range, "{\(flow)}") }
                return (.at(max(last.key.range.end, last.value.range.end)), ", " + flow)
            }
            guard let first = pairs.first, let last = pairs.last else { return nil }
            let table = a.lineTable
            let indent = first.key.range.start - table.lineStarts[table.line(ofByte: first.key.range.start)]
            let lastLine = table.line(ofByte: max(last.key.range.start, max(last.key.range.end, last.value.range.end) - 1))
            let content = table.contentRange(ofLine: lastLine)
            let newline = content.upperBound < bytes.count && bytes[content.upperBound] == 0x0D ? "\r\n" : "\n"
            let pad = String(repeating: " ", count: indent)
            return (.at(content.upperBound), entries.map { newline + pad + "\($0.0): \($0.1)" }.joined())
        }
    }

    private func names(_ list: [String]) -> String {
        let quoted = list.map { "`\($0)`" }
        return quoted.count <= 1 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }

    private mutating func missingArguments(_ d: Diagnostic) {
        guard let site = sites.instances[d.range], let key = site.kindKey, let name = key.keyText,
              let value = site.kindValue else { return }
        let given = Set((value.pairs ?? .empty).compactMap { $0.key.keyText })
        var missing: [(String, String)] = []
        if let params = declaredParameters(of: name) {
            for (param, type, hasDefault) in params where !hasDefault && !given.contains(param) {
                missing.append((param, Self.placeholder(forParameterType: type)))
            }
        } else {
            // Not readable here: the names are the ones the message lists.
            let quoted = d.message.split(separator: "`", omittingEmptySubsequences: false)
            var i = 3
            while i < quoted.count {
                let word = String(quoted[i])
                if Schema.isValidParameterName(word) && !given.contains(word) { missing.append((word, "\"\"")) }
                i += 2
            }
        }
        guard !missing.isEmpty else { return }
        for m in missing {
            if let edit = insertion(of: [m], into: value, after: key) {
                offer("Add argument `\(m.0)`", [edit], for: d, missing.count == 1 ? .unsafe : .manual)
            }
        }
        if missing.count > 1, let edit = insertion(of: missing, into: value, after: key) {
            offer("Add arguments \(names(missing.map(\.0)))", [edit], for: d, .unsafe)
        }
    }

    /// A component's parameters (name, type, has a default), from this file or, through the
    /// workspace, the import that provides it; nil when it cannot be read.
    private func declaredParameters(of component: String) -> [(String, String?, Bool)]? {
        let target = workspace == nil
            ? (files.current.components[component] != nil ? ComponentTarget(file: files.current, name: component) : nil)
            : files.resolveComponent(component, in: files.current)
        guard let target, let decl = target.file.components[component] else { return nil }
        return (decl.value["params"]?.pairs ?? .empty).compactMap { p in
            guard let name = p.key.keyText else { return nil }
            return (name, p.value["type"]?.scalar?.text, p.value.pairs?.contains { $0.key.keyText == "default" } ?? false)
        }
    }

    static func placeholder(forParameterType type: String?) -> String {
        ParameterPlaceholder.value(forType: type)
    }

    private mutating func missingKeys(_ d: Diagnostic) {
        // A canvas child without `position`.
        if let site = sites.canvasChildren[d.range], d.message.contains("`position`") {
            if let edit = insertion(of: [("position", "{absolute: [0, 0, 100, 100]}")], into: site.node, after: nil) {
                offer("Add `position`", [edit], for: d, .unsafe)
            }
            return
        }
        // An empty file.
        if a.yaml.root == nil {
            if a.yaml.isComplete && d.range.start == bytes.count {
                let newline = bytes.isEmpty || bytes.last == 0x0A ? "" : "\n"
                offer("Add `body`", [(.at(bytes.count), newline + "body:\n  text: \"\"\n")], for: d, .unsafe)
            }
            return
        }
        // The key the message names, in an object reported at the diagnostic's place.
        let named = d.message.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }.last
        for site in sites.objects where site.at == d.range {
            let present = Set((site.node.pairs ?? .empty).compactMap { $0.key.keyText })
            let missing = site.keys.filter { $0.required && !present.contains($0.name) }
            guard let spec = missing.first(where: { $0.name == named }) ?? (missing.count == 1 ? missing.first : nil) else { continue }
            if let edit = insertion(of: [(spec.name, Self.placeholder(for: spec.shape))], into: site.node, after: nil) {
                offer("Add `\(spec.name)`", [edit], for: d, .unsafe)
                return
            }
        }
    }

    /// A value of the shape, to be edited: the first enumeration word, a zero, an empty text.
    static func placeholder(for shape: ValueShape, depth: Int = 0) -> String {
        switch shape {
        case .string, .character: return "\"\""
        case .number(let b):
            if let min = b.min { return formatNumber(b.minIsExclusive ? min + 1 : min) }
            return "0"
        case .boolean: return "false"
        case .enumeration(let words): return words.first ?? "\"\""
        case .color: return "clear"
        case .view: return "{text: \"\"}"
        case .viewList: return "[]"
        case .expression(let t): return t == .boolean ? "true" : "0"
        case .alignment(let set): return set.builtInNames.first ?? "center"
        case .fontName: return FontMetrics.defaultFontName
        case .guideMap, .map: return "{}"
        case .object(let keys):
            guard depth < 4 else { return "{}" }
            let required = keys.filter(\.required).map { "\($0.name): \(placeholder(for: $0.shape, depth: depth + 1))" }
            return "{" + required.joined(separator: ", ") + "}"
        case .list: return "[]"
        case .tuple(let items): return "[" + items.map { placeholder(for: $0, depth: depth + 1) }.joined(separator: ", ") + "]"
        case .oneOf(let options): return options.first.map { placeholder(for: $0, depth: depth + 1) } ?? "null"
        case .null: return "null"
        }
    }
}
