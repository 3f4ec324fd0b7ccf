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
