import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// An argument, or a `$name` in a component's body, that names no parameter.
    public static let unknownParam = DiagnosticCode("unknown-param", .error)
    /// An instance leaves out an argument whose parameter has no default.
    public static let missingParam = DiagnosticCode("missing-param", .error)
    /// A component that uses itself, directly or through others.
    public static let componentCycle = DiagnosticCode("component-cycle", .error)
    /// A component of the file that no view uses.
    public static let unusedComponent = DiagnosticCode("unused-component", .warning)
}

/// What a component parameter takes (docs/format.md §8.1).
enum ParamType: String, CaseIterable {
    case string, number, bool, color, view

    /// For messages: "expected a number for …".
    var expected: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "`true` or `false`"
        case .color: return "a colour name or `\"#RRGGBB\"`"
        case .view: return "a view"
        }
    }
}

/// What `$name` stands for in one expansion.
enum ParamValue {
    case node(YAMLNode)
    /// A `view` parameter given `null`: the slot is left out.
    case empty
}

struct ComponentParam {
    let name: String
    let key: YAMLNode
    /// nil when the declaration's type is missing or unusable: any argument is accepted.
    var type: ParamType?
    var hasDefault = false
    /// The default as written, for editors.
    var defaultNode: YAMLNode?
    /// The default, checked; nil when there is none or it is unusable.
    var defaultValue: ParamValue?
}

/// The references inside one scalar of a component's body.
struct ScalarReferences {
    /// The whole scalar is `$name`: the parameter's index, or -1 for a name that is not one.
    var whole: Int?
    /// `${name}` (a parameter's index, or -1) and `$$` (-2, a literal `$`) inside the text, by
    /// the UTF-8 bytes of the value they cover.
    var parts: [(bytes: Range<Int>, param: Int)] = []
}

/// The component names usable in one file: its own, then those of the files it imports.
final class ComponentScope {
    private(set) var byName: [String: ComponentDecl] = [:]
    /// In the order they became usable, for suggestions.
    private(set) var names: [String] = []
    /// The file's imports that could not be read (missing, unreadable, outside the root, in a
    /// cycle), by where they are written: while there is one, a name that is not declared may be
    /// one of its components, so its uses are not reported (`unresolvedUses`).
    var failedImports: [(range: SourceRange, entry: String)] = []
    /// Uses of names that are not declared, while an import failed: the first failed import
    /// gets one related note about them.
    var unresolvedUses: [(name: String, range: SourceRange)] = []

    /// Adds or replaces (a file's own component wins over an imported one of the same name).
    func add(_ d: ComponentDecl) {
        if byName[d.name] == nil { names.append(d.name) }
        byName[d.name] = d
    }

    @inline(__always)
    func lookup(_ name: String) -> ComponentDecl? {
        byName.isEmpty ? nil : byName[name]
    }
}

/// One declared component: its parameters and body, what a scan of the body found, and the
/// result of checking the body once as a template.
final class ComponentDecl {
    enum TemplateState { case unchecked, checking, checked }

    let name: String
    /// The name key under `components:`.
    let key: YAMLNode
    var params: [ComponentParam] = []
    var paramIndex: [String: Int] = [:]
    var body: YAMLPair?
    /// The names its body resolves (the scope of the file declaring it).
    unowned let scope: ComponentScope

    /// Scalars of the body holding references, by node.
    var references: [YAMLNode.ID: ScalarReferences] = [:]
    /// Body nodes holding a reference at any depth (the ones an expansion rebuilds).
    var holdsReferences: Set<YAMLNode.ID> = []
    /// Per parameter: where the body uses it as a whole scalar (`$name`).
    var useSites: [[SourceRange]] = []
    /// Component names its body (and its `view` defaults) instantiates, with the key.
    var uses: [(name: String, key: YAMLNode)] = []

    var state = TemplateState.unchecked
    /// Everything the template check produced: an instance does not repeat these.
    var templateDiagnostics: Set<Diagnostic> = []
    var isCyclic = false
    /// Instantiated outside template checks (directly or through other components).
    var used = false

    init(name: String, key: YAMLNode, scope: ComponentScope) {
        self.name = name
        self.key = key
        self.scope = scope
    }
}

// MARK: Declarations

extension ValidationPass {
    /// A component's name: a capital letter, then letters, digits and `_`.
    static func isValidComponentName(_ name: String) -> Bool {
        Schema.isValidComponentName(name)
    }

    /// A parameter's name: ASCII letters, digits and `_`, not starting with a digit.
    static func isParamName(_ name: String) -> Bool {
        Schema.isValidParameterName(name)
    }

    @inline(__always)
    static func isIdentifierStart(_ c: UInt8) -> Bool {
        Schema.isIdentifierStart(c)
    }

    @inline(__always)
    static func isIdentifierByte(_ c: UInt8) -> Bool {
        Schema.isIdentifierByte(c)
    }

    /// `components:` (docs/format.md §8.1): declares the file's components, scans their bodies,
    /// reports cycles, and checks every body once as a template.
    func validateComponents(_ pair: YAMLPair?) {
        guard let pair else { return }
        if case .null? = pair.value.scalar?.resolved { return }
        guard let raw = pair.value.pairs else {
            reportWrongType(pair.value, key: pair.key, expected: "a mapping of components by name", for: "`components`")
            return
        }
        var declared: [ComponentDecl] = []
        for entry in uniquePairs(raw) {
            let name = entry.key.keyText ?? ""
            guard Self.isValidComponentName(name) else {
                reportBadComponentName(name, key: entry.key)
                continue
            }
            let decl = ComponentDecl(name: name, key: entry.key, scope: fileScope)
            if let f = object(entry.value, owner: entry.key, keys: .component, name: "component `\(name)`") {
                if let p = f["params"] { readParams(p, into: decl) }
                decl.body = f["body"]
            }
            decl.useSites = Array(repeating: [], count: decl.params.count)
            declared.append(decl)
            fileScope.add(decl)
        }
        localComponents += declared
        for d in declared { scanBody(d) }
        findCycles(declared)
        for d in declared { checkTemplate(d) }
    }

    private func reportBadComponentName(_ name: String, key: YAMLNode) {
        var message = "`\(name)` cannot name a component: a component's name starts with a capital letter and holds only letters, digits and `_`"
        var fixes: [FixIt] = []
        if let first = name.first, first.isLowercase {
            let fixed = first.uppercased() + name.dropFirst()
            if Self.isValidComponentName(fixed) {
                message += "; did you mean `\(fixed)`?"
                fixes.append(FixIt(title: "replace with `\(fixed)`", range: key.range, replacement: fixed))
            }
        }
        report(.invalidValue, message, at: key.range, fixes: fixes)
    }

    /// `params: {name: {type, default}}`.
    private func readParams(_ pair: YAMLPair, into decl: ComponentDecl) {
        if case .null? = pair.value.scalar?.resolved { return }
        guard let raw = pair.value.pairs else {
            reportWrongType(pair.value, key: pair.key, expected: "a mapping of parameters by name", for: "`params`")
            return
        }
        for entry in uniquePairs(raw) {
            let name = entry.key.keyText ?? ""
            guard Self.isParamName(name) else {
                report(.invalidValue, "`\(name)` cannot name a parameter: parameter names hold ASCII letters, digits and `_` and do not start with a digit, so that `$\(name)` can refer to them",
                       at: entry.key.range)
                continue
            }
            var param = ComponentParam(name: name, key: entry.key)
            if let s = entry.value.scalar, case .string(let word) = s.resolved, ParamType(rawValue: word) != nil {
                report(.wrongType, "expected a mapping for parameter `\(name)`, found a string; write `\(name): {type: \(word)}`",
                       at: entry.value.range)
            } else if let f = object(entry.value, owner: entry.key, keys: .componentParam, name: "parameter `\(name)`") {
                if let t = word(f["type"], spec: f.spec("type")) { param.type = ParamType(rawValue: t) }
                if let d = f["default"] {
                    param.hasDefault = true
                    param.defaultNode = d.value
                    if let type = param.type {
                        param.defaultValue = paramValue(d.value, key: d.key, type: type, what: "the default of `\(name)`")
                    } else if f["type"] == nil {
                        param.defaultValue = .node(d.value)
                    }
                }
            }
            decl.paramIndex[name] = decl.params.count
            decl.params.append(param)
        }
    }

    /// An argument (or default) checked against its parameter's type; nil when it is unusable
    /// (reported). A string parameter reads numbers and booleans as their text.
    func paramValue(_ node: YAMLNode, key: YAMLNode?, type: ParamType, what: @autoclosure () -> String) -> ParamValue? {
        switch type {
        case .view:
            if case .null? = node.scalar?.resolved { return .empty }
            if node.items != nil { break }
            return .node(node)
        case .string:
            guard let s = node.scalar else { break }
            switch s.resolved {
            case .null: break
            case .string: return .node(node)
            default:
                // The text as written, as a string.
                let scalar = YAMLScalar(text: s.text, style: .doubleQuoted, valueRange: s.valueRange, offsetMap: s.offsetMap)
                return .node(YAMLNode(content: .scalar(scalar), range: node.range, tag: node.tag))
            }
        case .number:
            switch node.scalar?.resolved {
            case .int?, .float?: return .node(node)
            case .string(let t)? where node.scalar?.style == .plain && (t == "infinity" || t == "+infinity"):
                return .node(node)
            default: break
            }
        case .bool:
            if case .bool? = node.scalar?.resolved { return .node(node) }
        case .color:
            guard let s = node.scalar, case .string(let text) = s.resolved else { break }
            if ColorValue(parsing: text) != nil { return .node(node) }
            let (hint, fixes) = colourHint(text, node)
            report(.invalidValue, "`\(snippet(node))` is not a colour" + hint + " (for \(what()))", at: node.range, fixes: fixes)
            return nil
        }
        reportWrongType(node, key: key, expected: type.expected, for: what(), acceptsBool: type == .bool)
        return nil
    }

    // MARK: Scanning bodies

    /// Finds the references (`$name`, `${name}`, `$$`) and the components a body uses.
    private func scanBody(_ d: ComponentDecl) {
        guard let body = d.body?.value else { return }
        var visited = Set<YAMLNode.ID>()
        _ = scanReferences(body, d, &visited)
        collectUses(body, into: &d.uses, depth: 0)
        for p in d.params where p.type == .view {
            if case .node(let n)? = p.defaultValue { collectUses(n, into: &d.uses, depth: 0) }
        }
    }

    /// Whether `node` holds a reference (recorded in `d`).
    private func scanReferences(_ node: YAMLNode, _ d: ComponentDecl, _ visited: inout Set<YAMLNode.ID>) -> Bool {
        let id = node.id
        if !visited.insert(id).inserted { return d.holdsReferences.contains(id) }
        var found = false
        switch node.content {
        case .scalar(let s):
            if let refs = references(in: s, d) {
                d.references[id] = refs
                if let p = refs.whole, p >= 0 { d.useSites[p].append(node.range) }
                found = true
            }
        case .mapping(let pairs):
            for p in pairs where scanReferences(p.value, d, &visited) { found = true }
        case .sequence(let items):
            for i in items where scanReferences(i, d, &visited) { found = true }
        }
        if found { d.holdsReferences.insert(id) }
        return found
    }

    /// The references of one scalar; reports unknown names and interpolated `view` parameters.
    private func references(in s: YAMLScalar, _ d: ComponentDecl) -> ScalarReferences? {
        let dollar = UInt8(ascii: "$")
        guard s.text.utf8.contains(dollar) else { return nil }
        let b = Array(s.text.utf8)
        // The whole scalar is `$name`.
        if b.count >= 2, b[0] == dollar, Self.isIdentifierStart(b[1]), b[2...].allSatisfy(Self.isIdentifierByte) {
            let name = String(decoding: b[1...], as: UTF8.self)
            if let i = d.paramIndex[name] { return ScalarReferences(whole: i) }
            reportUnknownReference(name, written: "$\(name)", bytes: 0..<b.count, nameBytes: 1..<b.count, s, d)
            return ScalarReferences(whole: -1)
        }
        var refs = ScalarReferences()
        var i = 0
        while i + 1 < b.count {
            guard b[i] == dollar else { i += 1; continue }
            if b[i + 1] == dollar {
                refs.parts.append((i..<(i + 2), -2))
                i += 2
                continue
            }
            guard b[i + 1] == UInt8(ascii: "{"), let close = b[(i + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
                i += 1
                continue
            }
            var lo = i + 2, hi = close
            while lo < hi && b[lo] == 0x20 { lo += 1 }
            while hi > lo && b[hi - 1] == 0x20 { hi -= 1 }
            let name = String(decoding: b[lo..<hi], as: UTF8.self)
            let written = String(decoding: b[i...close], as: UTF8.self)
            if let p = d.paramIndex[name] {
                if d.params[p].type == .view {
                    report(.wrongType, "`\(name)` is a `view` parameter of `\(d.name)`: it stands where a view is expected (`- $\(name)`), not inside a text",
                           at: s.sourceRange(ofValueBytes: i..<(close + 1)))
                    refs.parts.append((i..<(close + 1), -1))
                } else {
                    refs.parts.append((i..<(close + 1), p))
                }
            } else {
                reportUnknownReference(name, written: written, bytes: i..<(close + 1), nameBytes: lo..<hi, s, d)
                refs.parts.append((i..<(close + 1), -1))
            }
            i = close + 1
        }
        return refs.parts.isEmpty ? nil : refs
    }

    private func reportUnknownReference(_ name: String, written: String, bytes: Range<Int>, nameBytes: Range<Int>,
                                        _ s: YAMLScalar, _ d: ComponentDecl) {
        let names = d.params.map(\.name)
        var message = name.isEmpty ? "`\(written)` names no parameter" : "`\(written)`: `\(d.name)` has no parameter `\(name)`"
        var fixes: [FixIt] = []
        let suggestions = name.isEmpty ? [] : closest(to: name, in: names)
        if !suggestions.isEmpty {
            message += "; did you mean \(Suggestions.alternatives(suggestions))?"
            if !s.offsetMap.isEmpty {
                fixes += suggestions.map {
                    FixIt(title: "replace with `\($0)`", range: s.sourceRange(ofValueBytes: nameBytes), replacement: $0)
                }
            }
        } else if names.isEmpty {
            message += "; it declares no parameters (add them under `params:`)"
        } else {
            message += "; its parameters are " + names.map { "`\($0)`" }.joined(separator: ", ")
        }
        report(.unknownParam, message, at: s.sourceRange(ofValueBytes: bytes), fixes: fixes)
    }

    /// The component names instantiated in the views of a subtree (kind keys, arguments,
    /// children, backgrounds and overlays).
    private func collectUses(_ node: YAMLNode, into uses: inout [(name: String, key: YAMLNode)], depth: Int) {
        guard depth < ValidationLimits.maxViewDepth, let pairs = node.pairs else { return }
        for p in pairs {
            guard let k = p.key.keyText else { continue }
            if Self.isComponentName(k) {
                uses.append((k, p.key))
                for a in p.value.pairs ?? [] { collectUses(a.value, into: &uses, depth: depth + 1) }
            } else if k == "background" || k == "overlay" {
                collectUses(p.value, into: &uses, depth: depth + 1)
            } else if k == "modifiers", let items = p.value.items {
                for item in items {
                    for q in item.pairs ?? [] where q.key.keyText == "background" || q.key.keyText == "overlay" {
                        collectUses(q.value, into: &uses, depth: depth + 1)
                    }
                }
            } else if let items = p.value.items, Schema.kind(named: k)?.isContainer == true {
                for item in items { collectUses(item, into: &uses, depth: depth + 1) }
            }
        }
    }

    // MARK: Signatures

    /// The components this file can use, as editors show them.
    func componentSignatures() -> [ComponentSignature] {
        fileScope.names.compactMap { name in
            guard let d = fileScope.lookup(name) else { return nil }
            let place = sources.locate(d.key.range)
            let parameters = d.params.map { p in
                ComponentSignature.Parameter(name: p.name, type: p.type?.rawValue,
                                             defaultText: p.defaultNode.map { Self.shortText(sources.text($0.range)) })
            }
            var seen = Set<String>()
            let uses = d.uses.map(\.name).filter { seen.insert($0).inserted }
            return ComponentSignature(name: d.name, parameters: parameters, file: place.path == nil ? nil : place.display,
                                      filePath: place.path, nameRange: place.range, uses: uses)
        }
    }

    /// The first line of `text`, cut to 60 characters.
    private static func shortText(_ text: String) -> String {
        var line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if line.count > 60 { line = String(line.prefix(59)) + "…" }
        return text.contains("\n") && !line.hasSuffix("…") ? line + " …" : line
    }

    // MARK: Cycles and use

    /// Reports every use that closes a cycle among `decls`, naming the chain.
    private func findCycles(_ decls: [ComponentDecl]) {
        let local = Set(decls.map(ObjectIdentifier.init))
        var state: [ObjectIdentifier: Bool] = [:]  // false: on the path, true: done
        var path: [ComponentDecl] = []

        func visit(_ d: ComponentDecl) {
            state[ObjectIdentifier(d)] = false
            path.append(d)
            for use in d.uses {
                guard let target = d.scope.lookup(use.name), local.contains(ObjectIdentifier(target)) else { continue }
                switch state[ObjectIdentifier(target)] {
                case false?:
                    let start = path.lastIndex { $0 === target } ?? 0
                    let chain = path[start...].map(\.name) + [target.name]
                    for c in path[start...] { c.isCyclic = true }
                    let how = chain.count == 2 ? "uses itself" : "uses itself through other components"
                    report(.componentCycle, "`\(target.name)` \(how): \(chain.joined(separator: " → ")); a component cannot contain itself",
                           at: use.key.range)
                case true?:
                    continue
                case nil:
                    visit(target)
                }
            }
            path.removeLast()
            state[ObjectIdentifier(d)] = true
        }
        for d in decls where state[ObjectIdentifier(d)] == nil { visit(d) }
    }

    /// `unused-component` for the file's components that no view uses, directly or through
    /// other used components.
    func reportUnusedComponents() {
        guard !localComponents.isEmpty else { return }
        var reached = Set<ObjectIdentifier>()
        var queue: [ComponentDecl] = []
        for d in localComponents where d.used {
            reached.insert(ObjectIdentifier(d))
            queue.append(d)
        }
        while let d = queue.popLast() {
            for use in d.uses {
                if let t = d.scope.lookup(use.name), reached.insert(ObjectIdentifier(t)).inserted { queue.append(t) }
            }
        }
        for d in localComponents where !reached.contains(ObjectIdentifier(d)) {
            report(.unusedComponent, "the component `\(d.name)` is declared but no view uses it", at: d.key.range)
        }
    }
}
