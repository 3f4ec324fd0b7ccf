import TatamiBase

/// A document's comments as trivia: where each is, and the node it belongs to.
///
/// libyaml drops comments, so they are found in the source afterwards: a `#` at the start of a
/// line or after a space or tab, outside every scalar, runs to the end of its line. Each is then
/// attached to a node (the formatter places them back by these rules):
///
/// - a comment on a line of its own leads the outermost node that starts first after it (none
///   when it comes after everything);
/// - a comment after code on its line trails the node that ends last before it on that line
///   (for `key: value  # note` the value; for `size: [20, 20]  # note` the whole flow list);
///   `key:  # note` before a nested value trails the key; with no node ending there, it leads
///   the next node.
struct CommentTable: Sendable {
    struct Record: Sendable {
        var start: Int32
        var end: Int32
        /// The node it is attached to, -1 for none.
        var node: Int32
        var trailing: Bool
    }

    private(set) var records: [Record] = []
    /// Per node index: the comments leading it, in order.
    private var leadingByNode: [UInt32: [Int32]] = [:]
    private var trailingByNode: [UInt32: Int32] = [:]

    init() {}

    /// Finds the comments of `bytes` outside the scalars of `nodes` and attaches them.
    init(bytes: [UInt8], nodes: [YAMLStore.NodeRecord], scannedUpTo limit: Int) {
        let found = Self.scan(bytes, nodes, limit)
        guard !found.isEmpty else { return }
        for (i, c) in found.enumerated() {
            var record = Record(start: Int32(c.start), end: Int32(c.end), node: -1, trailing: false)
            if c.ownLine {
                if let n = Self.firstNode(startingAtOrAfter: c.end, nodes) {
                    record.node = Int32(n)
                    leadingByNode[UInt32(n), default: []].append(Int32(i))
                }
            } else if let n = Self.nodeEndingBefore(c.start, lineStart: c.lineStart, nodes) {
                record.node = Int32(n)
                record.trailing = true
                trailingByNode[UInt32(n)] = Int32(i)
            } else if let n = Self.firstNode(startingAtOrAfter: c.end, nodes) {
                record.node = Int32(n)
                leadingByNode[UInt32(n), default: []].append(Int32(i))
            }
            records.append(record)
        }
    }

    func leading(of node: UInt32, base: Int) -> [SourceRange] {
        (leadingByNode[node] ?? []).map { range(Int($0), base) }
    }

    func trailing(of node: UInt32, base: Int) -> SourceRange? {
        trailingByNode[node].map { range(Int($0), base) }
    }

    func range(_ i: Int, _ base: Int) -> SourceRange {
        SourceRange(start: base + Int(records[i].start), end: base + Int(records[i].end))
    }

    // MARK: Finding

    private struct Found {
        var start: Int, end: Int, lineStart: Int
        var ownLine: Bool
    }

    /// Comments in `bytes[..<limit]`, skipping every scalar's range (scalars are in `nodes` in
    /// order of their starts).
    private static func scan(_ bytes: [UInt8], _ nodes: [YAMLStore.NodeRecord], _ limit: Int) -> [Found] {
        var found: [Found] = []
        let limit = min(limit, bytes.count)
        var scalarIndex = 0
        var i = 0
        var lineStart = 0
        var onlySpaceSoFar = true
        while i < limit {
            // Jump over the scalar that covers i, if any.
            while scalarIndex < nodes.count && (nodes[scalarIndex].kind != .scalar || Int(nodes[scalarIndex].end) <= i) {
                scalarIndex += 1
            }
            if scalarIndex < nodes.count, Int(nodes[scalarIndex].start) <= i {
                let end = Int(nodes[scalarIndex].end)
                while i < end && i < limit {
                    if bytes[i] == 0x0A { lineStart = i + 1 }
                    i += 1
                }
                onlySpaceSoFar = false
                continue
            }
            let b = bytes[i]
            if b == 0x0A {
                lineStart = i + 1
                onlySpaceSoFar = true
            } else if b == UInt8(ascii: "#") && (i == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i - 1])) {
                var end = i
                while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
                found.append(Found(start: i, end: end, lineStart: lineStart, ownLine: onlySpaceSoFar))
                i = end
                continue
            } else if b != 0x20 && b != 0x09 && b != 0x0D && !(i == 0 && b == 0xEF) {
                onlySpaceSoFar = false
            }
            i += 1
        }
        return found
    }

    /// The first record starting at or after `offset` (the outermost at that place: a
    /// collection comes before its children).
    private static func firstNode(startingAtOrAfter offset: Int, _ nodes: [YAMLStore.NodeRecord]) -> Int? {
        var lo = 0, hi = nodes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(nodes[mid].start) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < nodes.count ? lo : nil
    }

    /// The node a comment at `offset`, after code on the line starting at `lineStart`, trails:
    /// the innermost node ending on that line before it, or the outermost flow collection
    /// holding that node and ending before it too (a flow collection is written on one line).
    private static func nodeEndingBefore(_ offset: Int, lineStart: Int, _ nodes: [YAMLStore.NodeRecord]) -> Int? {
        let next = firstNode(startingAtOrAfter: offset, nodes) ?? nodes.count
        guard next > 0 else { return nil }
        var n = next - 1
        var found: Int?
        while true {
            let r = nodes[n]
            if Int(r.end) > offset { break }
            if Int(r.end) >= lineStart {
                if found == nil || (r.kind != .scalar && r.isFlow) { found = n } else { break }
            }
            guard r.parent >= 0 else { break }
            n = Int(r.parent)
        }
        return found
    }
}
