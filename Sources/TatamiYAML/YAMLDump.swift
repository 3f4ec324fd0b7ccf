import TatamiBase

extension YAMLNode {
    /// A readable dump of the tree with `@line:col-line:col` ranges (1-based, scalar columns),
    /// for tests and debugging.
    public func dump(_ table: LineTable) -> String {
        var out = ""
        func pos(_ r: SourceRange) -> String {
            let a = table.scalarPosition(ofByte: r.start), b = table.scalarPosition(ofByte: r.end)
            return "@\(a.line + 1):\(a.column + 1)-\(b.line + 1):\(b.column + 1)"
        }
        // Iterative to stay safe on deep trees.
        var stack: [(YAMLNode, Int, String)] = [(self, 0, "")]
        while let (node, depth, label) = stack.popLast() {
            let indent = String(repeating: "  ", count: depth)
            switch node.content {
            case .scalar(let s):
                out += "\(indent)\(label)scalar \(String(reflecting: s.text)) \(pos(node.range))\n"
            case .sequence(let items):
                out += "\(indent)\(label)sequence \(pos(node.range))\n"
                for item in items.reversed() { stack.append((item, depth + 1, "- ")) }
            case .mapping(let pairs):
                out += "\(indent)\(label)mapping \(pos(node.range))\n"
                for p in pairs.reversed() {
                    stack.append((p.value, depth + 2, ""))
                    stack.append((p.key, depth + 1, "key: "))
                }
            }
        }
        return out
    }
}

extension YAMLParseResult {
    /// Everything the parse gives, written out node by node in document order: each node's
    /// kind, range, tag, flow style, a scalar's value, style, reading, value range and the source
    /// offset of each value byte, the comments each node leads, trails and keeps; then every
    /// comment (range, placement, the range and kind of the node it belongs to and of the node
    /// it is kept with, directive), the suppressions, the findings and the flags. Two parses
    /// that give the same dump are the same to every reader (`BlockReparseTests`, the
    /// fuzz-invariants target).
    public func fullDump() -> String {
        var out = "complete \(isComplete) aliases \(usesAliases)\n"
        func r(_ range: SourceRange) -> String { "\(range.start)-\(range.end)" }
        func n(_ node: YAMLNode?) -> String { node.map { "\($0.kindDescription)@\(r($0.range))" } ?? "none" }
        var stack: [YAMLNode] = root.map { [$0] } ?? []
        while let node = stack.popLast() {
            out += "\(node.kindDescription) \(r(node.range)) tag \(node.tag ?? "-") flow \(node.isFlow)"
            switch node.content {
            case .scalar(let s):
                let map = (0...s.text.utf8.count).map { String(s.sourceRange(ofValueBytes: $0..<$0).start) }
                out += " \(s.style) \(String(reflecting: s.text)) \(s.resolved) value \(r(s.valueRange)) map \(map.joined(separator: ","))"
            case .sequence(let items):
                for item in items.reversed() { stack.append(item) }
            case .mapping(let pairs):
                for p in pairs.reversed() { stack += [p.value, p.key] }
            }
            out += " leading \(node.leadingComments.map(r)) trailing \(node.trailingComment.map(r) ?? "-")"
            out += " kept \(node.commentsKeptBefore.map(r))\n"
        }
        for c in comments {
            out += "comment \(r(c.range)) \(c.placement) \(n(c.node)) kept \(n(c.keptWith)) alone \(c.standsAlone) \(String(describing: c.directive))\n"
        }
        out += "directives \(directives)\ndiagnostics \(diagnostics)\n"
        return out
    }
}
