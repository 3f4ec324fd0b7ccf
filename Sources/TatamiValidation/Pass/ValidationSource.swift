import TatamiBase
import TatamiYAML

/// The text one file's validation reads, fixed for the whole run: the file's line table, the
/// files whose ranges may turn up (the file and its imports), and, after a syntax error, the
/// nodes that were still open where parsing stopped.
final class ValidationSource {
    let table: LineTable
    /// The files this run reads, for text and lines of any range.
    let sources: SourceSet
    /// After a syntax error: the nodes that were still open where parsing stopped (the last
    /// child at every level). What they lack may have come after the error, so nothing is
    /// reported missing from them, and the null values the YAML stage gave their last keys are
    /// left out.
    let cutNodes: Set<YAMLNode.ID>

    /// `cutFrom`: the root of an incomplete parse, whose open nodes are marked cut.
    init(table: LineTable, sources: SourceSet? = nil, cutFrom root: YAMLNode? = nil) {
        self.table = table
        self.sources = sources ?? SourceSet(main: table)
        cutNodes = root.map(Self.openNodes(from:)) ?? []
    }

    /// The nodes open at the point where an incomplete parse stopped.
    private static func openNodes(from root: YAMLNode) -> Set<YAMLNode.ID> {
        var nodes = Set<YAMLNode.ID>()
        var node: YAMLNode? = root
        var steps = 0
        while let n = node, steps < 10_000 {
            nodes.insert(n.id)
            switch n.content {
            case .mapping(let pairs): node = pairs.last?.value
            case .sequence(let items): node = items.last
            case .scalar: node = nil
            }
            steps += 1
        }
        return nodes
    }

    /// Whether `node` was cut off by a syntax error (see `cutNodes`).
    @inline(__always)
    func isCut(_ node: YAMLNode) -> Bool {
        !cutNodes.isEmpty && cutNodes.contains(node.id)
    }
}
