import TatamiBase
import TatamiModel

/// What a placement leaves for the next placement of the same viewport (`FramePlacer.reuse`,
/// kept by `LayoutMemory` beside the measurements): its frames, and per frame what placing it
/// read (its node, unrounded origin, cell and inherited hiddenness; its proposal is its record's),
/// where its subtree's frames end, and what was reported while placing it: the diagnostics, each
/// with the nodes whose views it names, so that a copy reports them again at those views' new
/// places (`FramePlacer.reuse`). Where the subtree's
/// links, extras, texts and borders lie is read from its frames (`span`): each subtree's are
/// contiguous, since a view's frame is begun before, and its links, extra and borders written
/// after, everything inside it.
///
/// Kept as parallel arrays of plain numbers, one element per frame (33 bytes a frame), the rare
/// cells in a table of their own: no record per frame with optionals and padding.
struct PlacementMemory {
    /// Store sizes at one moment of a placement.
    struct Counts {
        var records: Int32, links: Int32, texts: Int32, borders: Int32, extras: Int32

        init(_ parts: FrameParts) {
            records = Int32(parts.records.count)
            links = Int32(parts.links.count)
            texts = Int32(parts.texts.count)
            borders = Int32(parts.borderLists.count)
            extras = Int32(parts.extras.count)
        }

        init(records: Int32, links: Int32, texts: Int32, borders: Int32, extras: Int32) {
            (self.records, self.links, self.texts, self.borders, self.extras) = (records, links, texts, borders, extras)
        }

        /// Store by store: how far one moment's sizes are from another's, and a moment moved so.
        static func - (a: Counts, b: Counts) -> Counts {
            Counts(records: a.records - b.records, links: a.links - b.links, texts: a.texts - b.texts,
                   borders: a.borders - b.borders, extras: a.extras - b.extras)
        }

        static func + (a: Counts, b: Counts) -> Counts {
            Counts(records: a.records + b.records, links: a.links + b.links, texts: a.texts + b.texts,
                   borders: a.borders + b.borders, extras: a.extras + b.extras)
        }
    }

    /// A frame's inherited hiddenness.
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let hidden = Flags(rawValue: 1)
    }

    /// The frames (the layout result's, shared).
    private(set) var parts = FrameParts()
    /// Per frame: the outermost node placed.
    private(set) var nodes: [UInt32] = []
    /// Per frame: the origin it was placed at, unrounded.
    private(set) var origins: [Point] = []
    private(set) var flags: [Flags] = []
    /// Per frame: the frame after its subtree's last.
    private(set) var ends: [Int32] = []
    /// The frames placed in a cell, with the cell.
    private(set) var cells: [Int32: Rect] = [:]
    /// Per node: the frame its placement began (-1: not placed); set by `finish`.
    private(set) var recordOfNode: [Int32] = []
    /// Per frame: the diagnostics reported while its subtree was placed, `reportBegins[k]..<reportEnds[k]`
    /// of `reports`.
    private(set) var reportBegins: [Int32] = []
    private(set) var reportEnds: [Int32] = []
    /// The placement's diagnostics, in the order reported; set by `finish`.
    private(set) var reports: [Diagnostic] = []
    /// Per diagnostic: the node whose view it is at, then the nodes of its related locations in
    /// order. (A canvas's note names a view, not a node; but a context holding notes is never
    /// kept, `LayoutContext.isReusable`, nor then is its placement.)
    private(set) var reportNodes: [[UInt32]] = []

    var count: Int { nodes.count }

    /// About how many bytes this adds to the frames it shares.
    var approximateBytes: Int {
        nodes.count * (4 + MemoryLayout<Point>.stride + 1 + 4 + 8) + cells.count * 48
            + recordOfNode.count * 4 + reports.count * (MemoryLayout<Diagnostic>.stride + 48)
    }

    /// Room for `frames` frames.
    mutating func reserve(_ frames: Int) {
        nodes.reserveCapacity(frames)
        origins.reserveCapacity(frames)
        flags.reserveCapacity(frames)
        ends.reserveCapacity(frames)
        reportBegins.reserveCapacity(frames)
        reportEnds.reserveCapacity(frames)
    }

    /// Records the frame about to be begun, the next of `parts`, `reported` diagnostics having
    /// been reported so far.
    mutating func begin(node: UInt32, origin: Point, cell: Rect?, hidden: Bool, reported: Int) {
        if let cell { cells[Int32(nodes.count)] = cell }
        nodes.append(node)
        origins.append(origin)
        flags.append(hidden ? .hidden : [])
        ends.append(Int32(nodes.count))
        reportBegins.append(Int32(reported))
        reportEnds.append(Int32(reported))
    }

    /// Records where frame `k`'s subtree ends (`records`: the frames placed so far; `reported`:
    /// the diagnostics reported so far).
    mutating func finish(_ k: Int, records: Int, reported: Int) {
        ends[k] = Int32(records)
        reportEnds[k] = Int32(reported)
    }

    /// Frames `range` of `old` copied, moved by `delta` frames and their diagnostics by `reportDelta`
    /// in the list of diagnostics.
    mutating func append(copiesOf range: Range<Int>, in old: PlacementMemory, movedBy delta: Int32, reportsMovedBy reportDelta: Int32) {
        if !old.cells.isEmpty {
            for k in range { if let cell = old.cells[Int32(k)] { cells[Int32(k) + delta] = cell } }
        }
        nodes.append(contentsOf: old.nodes[range])
        origins.append(contentsOf: old.origins[range])
        flags.append(contentsOf: old.flags[range])
        let first = ends.count
        ends.append(contentsOf: old.ends[range])
        ends.withUnsafeMutableBufferPointer { b in
            for i in first..<b.count { b[i] += delta }
        }
        reportBegins.append(contentsOf: old.reportBegins[range])
        reportEnds.append(contentsOf: old.reportEnds[range])
        guard reportDelta != 0 else { return }
        for i in first..<reportBegins.count {
            reportBegins[i] += reportDelta
            reportEnds[i] += reportDelta
        }
    }

    /// The finished record: the frames placed, the diagnostics reported with their nodes, and per
    /// node of a tree of `nodeCount` nodes the frame it began.
    mutating func finish(parts: FrameParts, reports: [Diagnostic], nodes reportNodes: [[UInt32]], nodeCount: Int) {
        assert(reportBegins.count == nodes.count && reports.count == reportNodes.count, "a report range per frame, nodes per report")
        self.parts = parts
        self.reports = reports
        self.reportNodes = reportNodes
        recordOfNode = [Int32](repeating: -1, count: nodeCount)
        for (k, node) in nodes.enumerated() where Int(node) < nodeCount { recordOfNode[Int(node)] = Int32(k) }
    }

    /// The stores' sizes when frame `r` was begun and when its subtree was done, read from the
    /// subtree's frames: its links run from the least `linkStart` to the end of the last one's
    /// (each frame's links, children then backgrounds and overlays, are one run), its texts,
    /// extras and borders from the least index named to the greatest (none: an empty run).
    func span(_ r: Int) -> (begin: Counts, end: Counts) {
        let end = Int(ends[r])
        var links = (Int32.max, Int32.min), texts = (Int32.max, Int32.min), extras = (Int32.max, Int32.min)
        var borders = (Int32.max, Int32.min)
        func widen(_ run: inout (Int32, Int32), _ from: Int32, _ to: Int32) {
            run = (min(run.0, from), max(run.1, to))
        }
        for k in r..<end {
            let record = parts.records[k]
            var linkCount = record.childCount
            if record.extra >= 0 {
                let e = parts.extras[Int(record.extra)]
                linkCount += e.backgroundCount + e.overlayCount
                widen(&extras, record.extra, record.extra + 1)
                if e.borders >= 0 { widen(&borders, e.borders, e.borders + 1) }
            }
            widen(&links, record.linkStart, record.linkStart + linkCount)
            if case .text(let t) = record.drawing { widen(&texts, t, t + 1) }
        }
        func run(_ r: (Int32, Int32)) -> (Int32, Int32) { r.0 > r.1 ? (0, 0) : r }
        let (l, t, e, b) = (run(links), run(texts), run(extras), run(borders))
        return (Counts(records: Int32(r), links: l.0, texts: t.0, borders: b.0, extras: e.0),
                Counts(records: Int32(end), links: l.1, texts: t.1, borders: b.1, extras: e.1))
    }

    /// Both absent, or the same bits (`FrameParts.same`).
    static func same(_ a: Rect?, _ b: Rect?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return FrameParts.same(x, y)
        default: return false
        }
    }
}

/// Subtrees of the last placement copied by `FramePlacer.reuse` and not yet appended: copies that
/// follow one another in the last placement, frames and every store's entries alike, are
/// appended as one run when something else is about to be appended (`FramePlacer.flushCopies`),
/// not subtree by subtree. A run moves every index in it by one amount per store, as copying its
/// subtrees one by one would.
struct CopyRun {
    /// The last placement's frames in the run.
    private(set) var records = 0..<0
    /// Per store other than the frames, the run's entries `begin.x..<end.x` (−1 in both: none yet).
    private(set) var begin = CopyRun.none, end = CopyRun.none
    /// The run's subtrees' first frames (offsets into the run), with their parents and steps in
    /// the new placement; the other frames' parents move with the run.
    private(set) var firsts: [(offset: Int32, parent: Int32, step: Int32)] = []
    /// How far the run's diagnostics move in the list of diagnostics: the same for every subtree
    /// in it (what is reported between two copies, a cell too small, is reported alike each time).
    private(set) var reportDelta: Int32 = 0
    /// The layout tree's nodes and views when the run began (the copies name the tree's views).
    private(set) var treeNodes: [NodeInfo] = []
    private(set) var views: [ViewIndex] = []

    private static let none = PlacementMemory.Counts(records: -1, links: -1, texts: -1, borders: -1, extras: -1)

    /// Whether a run was begun and not yet appended.
    private(set) var isActive = false

    /// Begins a run with the subtree of frames `range` (its entries `span`, `PlacementMemory.span`).
    mutating func start(_ range: Range<Int>, span: (begin: PlacementMemory.Counts, end: PlacementMemory.Counts), parent: Int32,
                        step: Int32, reportDelta: Int32, treeNodes: [NodeInfo], views: [ViewIndex]) {
        records = range.lowerBound..<range.lowerBound
        self.treeNodes = treeNodes
        self.views = views
        self.reportDelta = reportDelta
        isActive = true
        let added = add(range, span: span, parent: parent, step: step, reportDelta: reportDelta)
        assert(added, "a run takes its first subtree")
    }

    /// Adds the subtree of frames `range`, whose diagnostics move by `reportDelta`, when it follows
    /// the run in every store it has entries in and its diagnostics move as the run's; false
    /// (nothing added) otherwise, or when there is no run.
    mutating func add(_ range: Range<Int>, span: (begin: PlacementMemory.Counts, end: PlacementMemory.Counts), parent: Int32,
                      step: Int32, reportDelta: Int32) -> Bool {
        guard isActive, range.lowerBound == records.upperBound, reportDelta == self.reportDelta else { return false }
        let (b, e) = span
        // An empty entry run (`span` gives 0..<0) joins anything; a store the run has no entries
        // in yet starts wherever the subtree's do.
        func follows(_ runBegin: Int32, _ runEnd: Int32, _ from: Int32, _ to: Int32) -> Bool {
            to == from || runBegin < 0 || from == runEnd
        }
        guard follows(begin.links, end.links, b.links, e.links), follows(begin.texts, end.texts, b.texts, e.texts),
              follows(begin.borders, end.borders, b.borders, e.borders), follows(begin.extras, end.extras, b.extras, e.extras)
        else { return false }
        func join(_ runBegin: inout Int32, _ runEnd: inout Int32, _ from: Int32, _ to: Int32) {
            guard to > from else { return }
            if runBegin < 0 { runBegin = from }
            runEnd = to
        }
        join(&begin.links, &end.links, b.links, e.links)
        join(&begin.texts, &end.texts, b.texts, e.texts)
        join(&begin.borders, &end.borders, b.borders, e.borders)
        join(&begin.extras, &end.extras, b.extras, e.extras)
        firsts.append((Int32(range.lowerBound - records.lowerBound), parent, step))
        records = records.lowerBound..<range.upperBound
        return true
    }

    /// How far the run's indices move, store by store, when it is appended to stores of sizes `at`.
    func delta(to at: PlacementMemory.Counts) -> PlacementMemory.Counts {
        func by(_ now: Int32, _ from: Int32) -> Int32 { from < 0 ? 0 : now - from }
        return PlacementMemory.Counts(records: at.records - Int32(records.lowerBound), links: by(at.links, begin.links),
                                      texts: by(at.texts, begin.texts), borders: by(at.borders, begin.borders),
                                      extras: by(at.extras, begin.extras))
    }

    /// No run (the arrays' room kept).
    mutating func clear() {
        isActive = false
        records = 0..<0
        begin = Self.none
        end = Self.none
        firsts.removeAll(keepingCapacity: true)
        treeNodes = []
        views = []
    }
}
