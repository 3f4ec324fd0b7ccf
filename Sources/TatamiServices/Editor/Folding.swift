import TatamiBase
import TatamiYAML

/// A range of lines an editor can fold.
public struct FoldingRangeInfo: Hashable, Sendable {
    /// 0-based; the line that stays visible.
    public var startLine: Int
    /// 0-based, greater than `startLine`: the last line hidden.
    public var endLine: Int

    public init(startLine: Int, endLine: Int) {
        self.startLine = startLine
        self.endLine = endLine
    }
}

extension EditorServices {
    /// One range per mapping or sequence spanning more than one line (views, children lists,
    /// declarations, flow collections written over several lines), the root excepted. A collection that is a
    /// key's value folds from the key's line, so `body:` folds the whole body. When several
    /// collections start on one line (`- hstack:` and its list), the longest is kept. Sorted by
    /// start line.
    public static func foldingRanges(_ a: Analysis) -> [FoldingRangeInfo] {
        guard let root = a.yaml.root else { return [] }
        let table = a.lineTable
        var endByStart: [Int: Int] = [:]
        var visited = Set<YAMLNode.ID>()
        // Iterative: no stack to run out of, however deep the file.
        var pending: [(node: YAMLNode, from: Int)] = [(root, root.range.start)]
        func fold(_ from: Int, _ node: YAMLNode) {
            let start = table.line(ofByte: from)
            let end = table.line(ofByte: max(node.range.start, node.range.end - 1))
            if end > start { endByStart[start] = max(endByStart[start] ?? 0, end) }
        }
        while let (node, from) = pending.popLast() {
            switch node.content {
            case .scalar:
                continue
            case .mapping(let pairs):
                guard visited.insert(node.id).inserted else { continue }
                // The root would fold the whole file, hiding its first key's own range.
                if node !== root { fold(from, node) }
                for p in pairs.reversed() {
                    pending.append((p.value, min(p.key.range.start, p.value.range.start)))
                    pending.append((p.key, p.key.range.start))
                }
            case .sequence(let items):
                guard visited.insert(node.id).inserted else { continue }
                if node !== root { fold(from, node) }
                for item in items.reversed() { pending.append((item, item.range.start)) }
            }
        }
        return endByStart.sorted { $0.key < $1.key }.map { FoldingRangeInfo(startLine: $0.key, endLine: $0.value) }
    }
}
