import TatamiModel
import TatamiBase
import TatamiYAML

/// What a component's body holds, found once when it is declared: its references (`$name`,
/// `${name}`, `$$`), the components it uses, and the cycles among the file's components.
extension DeclarationReader {
    /// Finds the references (`$name`, `${name}`, `$$`) and the components a body uses.
    func scanBody(_ d: ComponentDecl) {
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
        if found {
            d.holdsReferences.insert(id)
            // What a copy writes for it: a record (none for a whole `$name`, which becomes its
            // argument) and a slot per child.
            if d.references[id]?.whole == nil { d.copySize.records += 1 }
            if let pairs = node.pairs {
                d.copySize.slots += 2 * pairs.count
            } else if let items = node.items {
                d.copySize.slots += items.count
            }
        }
        return found
    }

    /// The references of one scalar; reports unknown names and interpolated `view` parameters.
    private func references(in s: YAMLScalar, _ d: ComponentDecl) -> ScalarReferences? {
        guard s.text.utf8.contains(UInt8(ascii: "$")) else { return nil }
        let b = Array(s.text.utf8)
        var refs = ScalarReferences()
        for r in ParameterReferences.scan(b) {
            let name = String(decoding: b[r.name], as: UTF8.self)
            let written = String(decoding: b[r.bytes], as: UTF8.self)
            switch r.kind {
            case .whole:
                if let i = d.paramIndex[name] { return ScalarReferences(whole: i) }
                reportUnknownReference(name, written: written, bytes: r.bytes, nameBytes: r.name, s, d)
                return ScalarReferences(whole: -1)
            case .dollar:
                refs.parts.append((r.bytes, -2))
            case .braced:
                if let p = d.paramIndex[name] {
                    if d.params[p].type == .view {
                        report(.wrongType, "`\(name)` is a `view` parameter of `\(d.name)`: "
                                   + "it stands where a view is expected (`- $\(name)`), not inside a text",
                               at: s.sourceRange(ofValueBytes: r.bytes))
                        refs.parts.append((r.bytes, -1))
                    } else {
                        refs.parts.append((r.bytes, p))
                    }
                } else {
                    reportUnknownReference(name, written: written, bytes: r.bytes, nameBytes: r.name, s, d)
                    refs.parts.append((r.bytes, -1))
                }
            }
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
            if Schema.isComponentKey(k) {
                uses.append((k, p.key))
                for a in p.value.pairs ?? .empty { collectUses(a.value, into: &uses, depth: depth + 1) }
            } else if k == "background" || k == "overlay" {
                collectUses(p.value, into: &uses, depth: depth + 1)
            } else if k == "modifiers", let items = p.value.items {
                for item in items {
                    for q in item.pairs ?? .empty where q.key.keyText == "background" || q.key.keyText == "overlay" {
                        collectUses(q.value, into: &uses, depth: depth + 1)
                    }
                }
            } else if let items = p.value.items, Schema.kind(named: k)?.isContainer == true {
                for item in items { collectUses(item, into: &uses, depth: depth + 1) }
            }
        }
    }

    /// Reports every use that closes a cycle among `decls`, naming the chain.
    func findCycles(_ decls: [ComponentDecl]) {
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
}
