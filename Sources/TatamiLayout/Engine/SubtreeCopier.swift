import TatamiBase
import TatamiModel

/// Where one view's subtree lies in a `LayoutTree` and what it was built under: the nodes made
/// while building it (`start..<end`; the last is the view's outer node) and what it inherited
/// (the text settings and the axis of the stack it stands in). Sixteen bytes per view.
struct SubtreeMark: Equatable {
    var start: UInt32
    var end: UInt32
    /// The inherited line limit; −1 for none.
    let lineLimit: Int32
    /// The inherited font, as its index in the tree's `fonts`.
    let font: UInt16
    let alignment: HorizontalPart
    /// The axis of the stack the view stands in, if any.
    let stackAxis: Axis?

    /// The mark of a view built at `start` under `env` (its font `font`); nil when the
    /// settings do not fit the mark (a line limit beyond 32 bits), and the subtree is never copied.
    init?(start: Int, env: TextEnvironment, font: UInt16, stackAxis: Axis?) {
        let limit = env.lineLimit ?? -1
        guard limit >= -1, limit <= Int(Int32.max) else { return nil }
        self.start = UInt32(truncatingIfNeeded: start)
        end = self.start
        lineLimit = Int32(limit)
        self.font = font
        alignment = env.alignment
        self.stackAxis = stackAxis
    }

    /// A mark that no later build matches (a view whose settings do not fit one).
    static func unmatchable(start: Int) -> SubtreeMark {
        SubtreeMark(start: UInt32(truncatingIfNeeded: start), lineLimit: -2)
    }

    private init(start: UInt32, lineLimit: Int32) {
        self.start = start
        end = start
        self.lineLimit = lineLimit
        font = 0
        alignment = .leading
        stackAxis = nil
    }

    /// Whether a view built under `other` inherits what the marked one did.
    func sameSettings(as other: SubtreeMark) -> Bool {
        lineLimit == other.lineLimit && lineLimit >= -1 && font == other.font && alignment == other.alignment
            && stackAxis == other.stackAxis
    }
}

/// Copies subtrees of a kept layout tree into a new build (`NodeBuilder`) for the views the new
/// document took whole from the store the kept tree was built from (`CopiedViews`: a validation
/// that took items over): such a view, its children, bodies and decorations are the old ones, so
/// building it under the same inherited settings would make the same nodes, which are copied
/// instead, moved to where they land (`LayoutTree.appendCopy`).
///
/// Only a tree whose build read no `when` and made no written-order chains is copied from
/// (`LayoutTree.copyable`), with the same fonts: what a build makes of a view then depends on
/// nothing but the view, its subtree and the settings compared. A kept tree is also one whose
/// context had no missing glyphs (`LayoutMemory` keeps only those), so a copy misses no finding.
/// The tree built so is the tree built from nothing (`SubtreeCopyTests`, and the incremental
/// differential tests and fuzzers through the results).
struct SubtreeCopier {
    private let old: LayoutTree
    private let store: ViewStore
    private let runs: [CopiedViews.Run]
    /// Per view of the old store: its index among the old tree's views, or −1.
    private var oldTreeView: [Int32] = []
    /// Nodes copied so far (the verbose log, tests).
    private(set) var nodesCopied = 0
    /// The copies that landed where they were in the kept tree, less each one's outer node:
    /// nodes that compare equal to the kept tree's without being compared
    /// (`LayoutTree.changedNodes(in:alike:)`).
    private(set) var inPlace: [Range<Int>] = []
    /// The kept tree's build.
    let source: BuildToken

    init?(old: LayoutTree, store: ViewStore, fonts: [FontMetrics]) {
        let from = store.copied
        guard old.copyable, let build = old.build, old.fonts == fonts, let copiedFrom = from.source, copiedFrom === old.viewStore,
              !from.runs.isEmpty else { return nil }
        self.old = old
        self.store = store
        runs = from.runs
        source = build
    }

    /// Copies the subtree the kept tree built for the view `view` came from, when the new store
    /// copied `view` (it lies in a run) and the kept tree built it under the same settings as
    /// `mark`; nil (nothing appended) otherwise. The first view of a copied item a build meets is
    /// the item's: its descendants are then never asked about.
    mutating func copy(_ view: ViewIndex, settings mark: SubtreeMark, into tree: inout LayoutTree) -> NodeID? {
        guard let run = run(containing: view.rawValue) else { return nil }
        if oldTreeView.isEmpty { oldTreeView = Self.treeViews(of: old) }
        let from = Int(view.rawValue - run.to + run.from)
        guard from < oldTreeView.count, oldTreeView[from] >= 0 else { return nil }
        let was = old.subtrees[Int(oldTreeView[from])]
        guard was.end > was.start, was.sameSettings(as: mark) else { return nil }
        nodesCopied += Int(was.end - was.start)
        let (outer, same) = tree.appendCopy(of: old, nodes: Int(was.start)..<Int(was.end), storeShift: run.to - run.from, store: store)
        if same && was.end - was.start > 1 { inPlace.append(Int(was.start)..<Int(was.end) - 1) }
        return outer
    }

    /// The run holding the new store's view `v` (the runs ascend).
    private func run(containing v: Int32) -> CopiedViews.Run? {
        var lo = 0, hi = runs.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = runs[mid]
            if v < r.to { hi = mid - 1 } else if v >= r.to + r.count { lo = mid + 1 } else { return r }
        }
        return nil
    }

    private static func treeViews(of tree: LayoutTree) -> [Int32] {
        var map = [Int32](repeating: -1, count: tree.viewStore?.count ?? 0)
        for (k, v) in tree.views.enumerated() where Int(v.rawValue) < map.count { map[Int(v.rawValue)] = Int32(k) }
        return map
    }
}
