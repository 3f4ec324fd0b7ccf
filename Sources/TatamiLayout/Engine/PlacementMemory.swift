import TatamiBase

/// What a placement leaves for the next placement of the same viewport (`FramePlacer.reuse`,
/// kept by `LayoutMemory` beside the measurements): its frames, and per frame what placing it
/// read (its node, unrounded origin, cell and inherited hiddenness; its proposal is its record's),
/// where its subtree's frames, links, extras, texts and borders lie in the stores (each
/// subtree's are contiguous: a view's frame is begun before, and its links written after,
/// everything inside it), and whether anything in it was reported.
///
/// Kept as parallel arrays of plain numbers, one element per frame (57 bytes a frame), the rare
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

        init(records: Int32, _ other: Stores) {
            (self.records, links, texts, borders, extras) = (records, other.links, other.texts, other.borders, other.extras)
        }

        private init(records: Int32, links: Int32, texts: Int32, borders: Int32, extras: Int32) {
            (self.records, self.links, self.texts, self.borders, self.extras) = (records, links, texts, borders, extras)
        }

        /// The sizes of the stores other than the records.
        var stores: Stores { Stores(links: links, texts: texts, borders: borders, extras: extras) }

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

    /// The sizes of the stores other than the records (16 bytes).
    struct Stores {
        var links: Int32, texts: Int32, borders: Int32, extras: Int32

        static func + (a: Stores, b: Stores) -> Stores {
            Stores(links: a.links + b.links, texts: a.texts + b.texts, borders: a.borders + b.borders, extras: a.extras + b.extras)
        }
    }

    /// A frame's inherited hiddenness, and whether nothing in its subtree was reported.
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let hidden = Flags(rawValue: 1)
        static let clean = Flags(rawValue: 2)
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
    /// Per frame: the other stores' sizes when it was begun and when its subtree was done.
    private(set) var begins: [Stores] = []
    private(set) var finishes: [Stores] = []
    /// The frames placed in a cell, with the cell.
    private(set) var cells: [Int32: Rect] = [:]
    /// Per node: the frame its placement began (-1: not placed); set by `finish`.
    private(set) var recordOfNode: [Int32] = []

    var count: Int { nodes.count }

    /// About how many bytes this adds to the frames it shares.
    var approximateBytes: Int {
        nodes.count * (4 + MemoryLayout<Point>.stride + 1 + 4 + 2 * MemoryLayout<Stores>.stride) + cells.count * 48
            + recordOfNode.count * 4
    }

    /// Room for `frames` frames.
    mutating func reserve(_ frames: Int) {
        nodes.reserveCapacity(frames)
        origins.reserveCapacity(frames)
        flags.reserveCapacity(frames)
        ends.reserveCapacity(frames)
        begins.reserveCapacity(frames)
        finishes.reserveCapacity(frames)
    }

    /// Records the frame about to be begun, the next of `parts`.
    mutating func begin(node: UInt32, origin: Point, cell: Rect?, hidden: Bool, at counts: Counts) {
        if let cell { cells[Int32(nodes.count)] = cell }
        nodes.append(node)
        origins.append(origin)
        flags.append(hidden ? .hidden : [])
        ends.append(counts.records)
        begins.append(counts.stores)
        finishes.append(counts.stores)
    }

    /// Records where frame `k`'s subtree ends, and whether it reported anything.
    mutating func finish(_ k: Int, at counts: Counts, clean: Bool) {
        ends[k] = counts.records
        finishes[k] = counts.stores
        if clean { flags[k].insert(.clean) }
    }

    /// Frame `k` of `old` copied, its store indices moved by `delta`.
    mutating func append(copyOf k: Int, in old: PlacementMemory, movedBy delta: Counts) {
        if !old.cells.isEmpty, let cell = old.cells[Int32(k)] { cells[Int32(nodes.count)] = cell }
        nodes.append(old.nodes[k])
        origins.append(old.origins[k])
        flags.append(old.flags[k])
        ends.append(old.ends[k] + delta.records)
        begins.append(old.begins[k] + delta.stores)
        finishes.append(old.finishes[k] + delta.stores)
    }

    /// Forgets the frames from `k` on (a copy abandoned half-way).
    mutating func truncate(to k: Int) {
        guard k < nodes.count else { return }
        nodes.removeSubrange(k...)
        origins.removeSubrange(k...)
        flags.removeSubrange(k...)
        ends.removeSubrange(k...)
        begins.removeSubrange(k...)
        finishes.removeSubrange(k...)
        if !cells.isEmpty { cells = cells.filter { $0.key < Int32(k) } }
    }

    /// The finished record: the frames placed, and per node of a tree of `nodeCount` nodes the
    /// frame it began.
    mutating func finish(parts: FrameParts, nodeCount: Int) {
        self.parts = parts
        recordOfNode = [Int32](repeating: -1, count: nodeCount)
        for (k, node) in nodes.enumerated() where Int(node) < nodeCount { recordOfNode[Int(node)] = Int32(k) }
    }

    /// Frame `k`'s counts when it was begun and when its subtree was done.
    func begin(_ k: Int) -> Counts { Counts(records: Int32(k), begins[k]) }
    func end(_ k: Int) -> Counts { Counts(records: ends[k], finishes[k]) }

    /// Both absent, or the same bits (`FrameParts.same`).
    static func same(_ a: Rect?, _ b: Rect?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return FrameParts.same(x, y)
        default: return false
        }
    }
}
