import TatamiModel
import TatamiBase
import TatamiYAML

/// `components:`: each component's name, parameters and body (docs/format.md §8.1).
extension DeclarationReader {
    /// `components:` (docs/format.md §8.1): declares the file's components, scans their bodies
    /// and reports cycles. Returns them in declaration order; their templates are checked once
    /// the file's context is complete (`ViewValidator.checkTemplate`).
    func declareComponents(_ pair: YAMLPair) -> [ComponentDecl] {
        if case .null? = pair.value.scalar?.resolved { return [] }
        guard let raw = pair.value.pairs else {
            reportWrongType(pair.value, key: pair.key, expected: "a mapping of components by name", for: "`components`")
            return []
        }
        var declared: [ComponentDecl] = []
        for entry in uniquePairs(raw) {
            let name = entry.key.keyText ?? ""
            guard Schema.isValidComponentName(name) else {
                reportBadComponentName(name, key: entry.key)
                continue
            }
            let decl = ComponentDecl(name: name, key: entry.key, scope: scope)
            if let f = object(entry.value, owner: entry.key, keys: .component, name: "component `\(name)`") {
                if let p = f["params"] { readParams(p, into: decl) }
                decl.body = f["body"]
            }
            decl.useSites = Array(repeating: [], count: decl.params.count)
            declared.append(decl)
            scope.add(decl)
        }
        for d in declared { scanBody(d) }
        findCycles(declared)
        return declared
    }

    private func reportBadComponentName(_ name: String, key: YAMLNode) {
        var message = "`\(name)` cannot name a component: a component's name starts with a capital letter and holds only letters, digits and `_`"
        var fixes: [FixIt] = []
        if let first = name.first, first.isLowercase {
            let fixed = first.uppercased() + name.dropFirst()
            if Schema.isValidComponentName(fixed) {
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
            guard Schema.isValidParameterName(name) else {
                report(.invalidValue, "`\(name)` cannot name a parameter: parameter names hold ASCII letters, digits and `_` "
                       + "and do not start with a digit, so that `$\(name)` can refer to them",
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
}

extension ValueChecking {
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
                // The text as written, as a string: a copy of the node, read as a quoted scalar.
                var builder = YAMLStoreBuilder(over: node)
                let copy = builder.addScalar(copying: node, style: .doubleQuoted, parent: -1)
                return .node(builder.finish()[copy])
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

    /// The hint for an unknown colour.
    func colourHint(_ text: String, _ node: YAMLNode) -> (String, [FixIt]) {
        suggestionHint(text, in: ColorValue.names, node, otherwise: "; use a colour name such as `red` or `#RRGGBB`")
    }
}
