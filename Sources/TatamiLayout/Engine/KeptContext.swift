import TatamiBase

// What a kept layout context is made smaller to (`LayoutMemory.keep`): its stores rebuilt with
// only the measurements a later layout is likely to read, and nothing unreachable.
//
// The measurement cache is a memo: a measurement not found is computed again, from the same
// inputs by the same code, so it comes out the same bit for bit. Which measurements a context
// keeps therefore changes what the next layout computes, never what it finds.

extension LayoutTree {
    /// Per node, whether its measurements are worth keeping past a context that is too large to
    /// keep whole: the nodes whose parent's subtree has at least `minimumSubtree` nodes, and
    /// those subtrees' roots themselves. A node not marked has a parent with a small subtree, so
    /// measuring it again on a miss costs at most that many nodes' work; the marked ones are the
    /// few a long list's container asks about (each card of 5,000), where a miss would cost a
    /// large part of the layout. Children have lower IDs than their parents (`NodeBuilder`
    /// adds a node after everything inside it), so one pass upwards counts the subtrees.
    func frontier(minimumSubtree: Int) -> [Bool] {
        var size = [Int32](repeating: 1, count: count)
        var keep = [Bool](repeating: false, count: count)
        for i in 0..<count {
            forEachChild(of: NodeID(i)) { c in size[i] &+= size[c.index] }
            guard size[i] >= minimumSubtree else { continue }
            keep[i] = true
            forEachChild(of: NodeID(i)) { c in keep[c.index] = true }
        }
        return keep
    }

    /// Calls `body` with each node the node's role refers to: a container's children, a
    /// modifier's child and decoration.
    func forEachChild(of id: NodeID, _ body: (NodeID) -> Void) {
        switch roles[id.index] {
        case .container(_, let range):
            for c in children(range) { body(c) }
        case let role:
            if let c = role.wrappedChild { body(c) }
            if let d = role.decoration { body(d) }
        }
    }
}

extension LayoutContext {
    /// Rebuilds the stores that grow with measurements (the cache's overflow, placements,
    /// extras, cells, text metrics) holding only the measurements of the nodes `keep` marks and
    /// what those refer to: forgotten and unmarked ones are gone. Guide values and baselines of
    /// unmarked nodes go too; a container not marked loses its arrangement.
    mutating func compact(keeping keep: [Bool]) {
        var placements = PagedArray<ChildPlacement>()
        var extras: [MeasurementExtras] = []
        var cells: [Rect] = []
        var metrics = PagedArray<TextMetrics>()
        // A container of several children: its one range copied once, and every measurement of
        // it names the copy (`arranged` compares the range's key as well, so a measurement whose
        // arrangement the range no longer holds is still arranged again).
        var arrangementStart = [UInt32](repeating: Measurement.unrecorded, count: arrangements.count)
        for i in arrangementIndex.indices where arrangementIndex[i] >= 0 {
            let a = Int(arrangementIndex[i])
            let old = arrangements[a]
            guard keep[i], old.start != Measurement.unrecorded else {
                arrangements[a] = Arrangement(key: .unspecified, start: Measurement.unrecorded, count: 0)
                continue
            }
            arrangementStart[a] = UInt32(truncatingIfNeeded: placements.count)
            for k in 0..<Int(old.count) { placements.append(self.placements[Int(old.start) + k]) }
            arrangements[a].start = arrangementStart[a]
        }
        let old = self
        cache = old.cache.compacted(keeping: keep) { id, m in
            var moved = m
            // (A container's arrangement of one child or none is the measurement's own, as
            // `record` made it.)
            let a = Int(old.arrangementIndex[id.index])
            if a >= 0 && m.childCount > 1 {
                moved.firstChild = arrangementStart[a]
            } else {
                moved.firstChild = UInt32(truncatingIfNeeded: placements.count)
                for k in 0..<Int(m.childCount) { placements.append(old.placements[Int(m.firstChild) + k]) }
            }
            guard m.extras != Measurement.noExtras else { return moved }
            if case .text = old.tree.role(id) {
                metrics.append(old.textMetricsStore[Int(m.extras)])
                moved.extras = UInt32(truncatingIfNeeded: metrics.count - 1)
            } else {
                var e = old.extras[Int(m.extras)]
                let start = Int(e.cellStart)
                e.cellStart = UInt32(truncatingIfNeeded: cells.count)
                cells.append(contentsOf: old.cellRects[start..<start + Int(e.cellCount)])
                extras.append(e)
                moved.extras = UInt32(truncatingIfNeeded: extras.count - 1)
            }
            return moved
        }
        self.placements = placements
        self.extras = extras
        cellRects = cells
        textMetricsStore = metrics
        if !baselineCache.isEmpty { baselineCache = baselineCache.filter { keep[$0.key.node.index] } }
        if !guideCache.isEmpty { guideCache = guideCache.filter { keep[$0.key.node.index] } }
    }
}
