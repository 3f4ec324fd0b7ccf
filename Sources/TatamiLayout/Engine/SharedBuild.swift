import TatamiModel

/// Names one build of a `LayoutTree` (compared by identity).
final class BuildToken {}

/// What the layouts of one document in several viewports share (`LayoutEngine.layouts`).
///
/// A node tree depends on the viewport only through the `when` conditions its views are built
/// under (`NodeBuilder.readCondition`): a tree whose build read none is every viewport's, and
/// is built once. And when the kept layouts of two viewports hold one tree (they shared it last
/// time) and the new layouts share one too, what the edit changed between them
/// (`LayoutTree.changedNodes`) is found once.
struct SharedBuild {
    /// A context just built (nothing measured yet), with its root and written-order chains.
    var built: (context: LayoutContext, root: NodeID, alternatives: [WrittenOrderChain])?
    /// The last comparison made: its trees' builds and its answer.
    private var lastChange: (old: BuildToken, new: BuildToken, changed: [Bool]?)?

    /// The nodes of the built tree copied in place from a kept tree (`SubtreeCopier.inPlace`), and
    /// that tree's build.
    var copiedInPlace: (from: BuildToken, nodes: [Range<Int>])?

    /// `old.changedNodes(in: new)`, answered from the last comparison when it compared the same
    /// two trees; the nodes copied in place from `old` are not compared.
    mutating func changes(from old: LayoutTree, to new: LayoutTree) -> [Bool]? {
        if let last = lastChange, last.old === old.build, last.new === new.build { return last.changed }
        let alike = copiedInPlace.flatMap { $0.from === old.build ? $0.nodes : nil } ?? []
        let changed = old.changedNodes(in: new, alike: alike)
        if let o = old.build, let n = new.build { lastChange = (o, n, changed) }
        return changed
    }
}

extension LayoutContext {
    /// A context for `viewport` holding the tree built for another viewport (`built`, nothing
    /// measured yet), with what building found: texts' missing glyphs and the font chains.
    init(building built: LayoutContext, viewport: Viewport, options: LayoutOptions) {
        self.init(document: built.document, viewport: viewport, options: options)
        tree = built.tree
        textDiagnostics = built.textDiagnostics
        chains = built.chains
    }
}
