import TatamiBase

/// A node's measurement cache: one slot per node in one flat array, holding the node's first
/// measurement (which the rigid shortcut reads), and past it a chain per node through shared
/// overflow entries. Keys are the proposals after `LayoutTree.cacheKey`; each key is computed
/// once per node, so any order of the entries is correct.
///
/// One slot, because nearly every node is measured for one key only: a second slot would stay
/// empty for most nodes and only add memory to touch. The overflow is a `PagedArray`: a
/// text-heavy file measures some nodes many times, and as one array the overflow would grow by
/// doubling, copying itself each time (the figures are in BENCHMARKS.md). Most lookups there
/// are misses (a proposal the node has not been measured for), so a node's slot also keeps a
/// 32-bit filter of its overflow keys: a key whose bit is clear is not in the chain, which then
/// is not walked.
struct MeasurementCache {
    private static let none = UInt32.max

    private struct Slot {
        var key: ProposedSize
        var measurement: Measurement
        /// One bit per overflow key of the node (`filterBit`); fits in what would otherwise be
        /// padding.
        var filter: UInt32 = 0
    }

    /// A key's bit in a node's filter: from a hash of its two dimensions (any NaN, which
    /// every key treats as unspecified, counting as one value).
    private static func filterBit(_ key: ProposedSize) -> UInt32 {
        let nan: UInt64 = 0x7FF8_0000_0000_0000
        let w = key.width?.bitPattern ?? nan, h = key.height?.bitPattern ?? nan
        let mixed = (w &* 0x9E37_79B9_7F4A_7C15) ^ (h &* 0xC2B2_AE3D_27D4_EB4F)
        return 1 &<< UInt32(truncatingIfNeeded: mixed &>> 59)
    }

    /// An overflow entry, with the next entry of its node's chain (`none`: the last).
    private struct Entry {
        var key: ProposedSize
        var measurement: Measurement
        var next: UInt32
    }

    private var slots: [Slot]
    /// Whether the node's slot holds a measurement.
    private var filled: [Bool]
    /// Per node, the first of its overflow entries (`none`: no entry).
    private var overflowHead: [UInt32]
    private var overflow = PagedArray<Entry>()
    /// While the cache is kept packed (`compacted`): the filled slots alone, with their nodes and
    /// overflow chains, in node order, and the per-node arrays above empty (a slot per node of a
    /// long list costs more than the few measurements kept); `unpack` spreads them out again.
    private var packedNodes: [UInt32] = []
    private var packedSlots: [Slot] = []
    private var packedHeads: [UInt32] = []
    private var packedNodeCount = 0

    init(nodeCount: Int) {
        let empty = Slot(key: .unspecified, measurement: Measurement(size: .zero))
        slots = Array(repeating: empty, count: nodeCount)
        filled = Array(repeating: false, count: nodeCount)
        overflowHead = Array(repeating: MeasurementCache.none, count: nodeCount)
    }

    /// The node's first measurement, if any.
    func first(_ id: NodeID) -> Measurement? {
        filled[id.index] ? slots[id.index].measurement : nil
    }

    func find(_ id: NodeID, _ key: ProposedSize) -> Measurement? {
        let i = id.index
        guard filled[i] else { return nil }
        if slots[i].key == key { return slots[i].measurement }
        if slots[i].filter & MeasurementCache.filterBit(key) == 0 { return nil }
        var e = overflowHead[i]
        while e != MeasurementCache.none {
            let entry = overflow[Int(e)]
            if entry.key == key { return entry.measurement }
            e = entry.next
        }
        return nil
    }

    /// Forgets the node's measurements (`LayoutContext.adopt`); its overflow entries stay in the
    /// store unreachable until the context is dropped.
    mutating func forget(_ id: NodeID) {
        filled[id.index] = false
        slots[id.index].filter = 0
        overflowHead[id.index] = MeasurementCache.none
    }

    /// Overflow entries stored, reachable or not.
    var overflowCount: Int { overflow.count }

    /// About how many bytes the cache holds.
    var approximateBytes: Int {
        slots.count * (MemoryLayout<Slot>.stride + 5) + packedSlots.count * (MemoryLayout<Slot>.stride + 8)
            + overflow.count * MemoryLayout<Entry>.stride
    }

    mutating func insert(_ id: NodeID, _ key: ProposedSize, _ m: Measurement) {
        let i = id.index
        guard filled[i] else {
            slots[i] = Slot(key: key, measurement: m)
            filled[i] = true
            return
        }
        slots[i].filter |= MeasurementCache.filterBit(key)
        overflow.append(Entry(key: key, measurement: m, next: overflowHead[i]))
        overflowHead[i] = UInt32(truncatingIfNeeded: overflow.count - 1)
    }

    /// A cache holding only the measurements of the nodes `keep` marks, each as `move` returns it
    /// (`LayoutContext.compact`: what a measurement refers to copied into new stores), packed
    /// (`unpack` before it is read again). Each kept node's first measurement stays its first
    /// (the rigid shortcut reads it); the overflow holds the rest and nothing unreachable.
    func compacted(keeping keep: [Bool], _ move: (NodeID, Measurement) -> Measurement) -> MeasurementCache {
        if packedNodeCount > 0 {
            var dense = self
            dense.unpack()
            return dense.compacted(keeping: keep, move)
        }
        var new = MeasurementCache(nodeCount: slots.count)
        var chain: [UInt32] = []
        for i in slots.indices where keep[i] && filled[i] {
            let id = NodeID(i)
            new.insert(id, slots[i].key, move(id, slots[i].measurement))
            // The chain runs newest first: walked backwards, the new chain keeps the same order.
            chain.removeAll(keepingCapacity: true)
            var e = overflowHead[i]
            while e != MeasurementCache.none {
                chain.append(e)
                e = overflow[Int(e)].next
            }
            for e in chain.reversed() {
                let entry = overflow[Int(e)]
                new.insert(id, entry.key, move(id, entry.measurement))
            }
        }
        new.pack(new.filledCount)
        return new
    }

    /// Packs the cache (as `compacted` does) when fewer than half its nodes hold a measurement:
    /// a kept context whose cache was compacted to a frontier stays packed between layouts.
    mutating func packIfSparse() {
        guard packedNodeCount == 0, !slots.isEmpty else { return }
        let count = filledCount
        if count < slots.count / 2 { pack(count) }
    }

    /// How many nodes hold a measurement (unpacked).
    private var filledCount: Int {
        var count = 0
        for f in filled where f { count += 1 }
        return count
    }

    /// Keeps the `count` filled slots alone (`packedSlots`).
    private mutating func pack(_ count: Int) {
        packedNodeCount = slots.count
        packedNodes.reserveCapacity(count)
        packedSlots.reserveCapacity(count)
        packedHeads.reserveCapacity(count)
        for i in slots.indices where filled[i] {
            packedNodes.append(UInt32(truncatingIfNeeded: i))
            packedSlots.append(slots[i])
            packedHeads.append(overflowHead[i])
        }
        slots = []
        filled = []
        overflowHead = []
    }

    /// A packed cache made readable again: a slot per node.
    mutating func unpack() {
        guard packedNodeCount > 0 else { return }
        var dense = MeasurementCache(nodeCount: packedNodeCount)
        for (k, node) in packedNodes.enumerated() {
            let i = Int(node)
            dense.slots[i] = packedSlots[k]
            dense.filled[i] = true
            dense.overflowHead[i] = packedHeads[k]
        }
        dense.overflow = overflow
        self = dense
    }
}
