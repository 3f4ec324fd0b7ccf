import TatamiModel
import TatamiBase
import TatamiYAML

extension ViewValidator {
    /// A copy of a body subtree with the frame's values substituted (`BodyCopy`). A subtree
    /// without references is the body's own node, not a copy. nil: an empty slot (`view`
    /// parameter given `null`).
    func substitute(_ node: YAMLNode, _ frame: ExpansionFrame) -> YAMLNode? {
        guard frame.decl.holdsReferences.contains(node.id) else { return node }
        var copy = BodyCopy(frame: frame, over: node)
        switch copy.write(node, parent: -1) {
        case nil: return nil
        case .whole(let n)?: return n
        case .written(let slot)?: return copy.finish(root: slot)
        }
    }
}

/// One expansion's copy of a component body with its arguments substituted, written through one
/// `YAMLStoreBuilder` over the body's text into one store: the nodes holding a reference are
/// written anew (a scalar with its `${name}`s replaced, the collections around it), every other
/// subtree and every argument is taken whole, by reference, as rowan's green nodes share their
/// children.
struct BodyCopy {
    /// What writing a body node gave.
    enum Written {
        /// A node taken as it is: the body's own (no reference, or one left unresolved), or an
        /// argument.
        case whole(YAMLNode)
        /// A record written in the copy.
        case written(UInt32)
    }

    let frame: ExpansionFrame
    private var builder: YAMLStoreBuilder
    /// Records of the copy holding an unresolved reference, and lists shortened by an empty
    /// slot: named by their node once the store is made.
    private var unresolved: [UInt32] = []
    private var shortened: [UInt32] = []

    init(frame: ExpansionFrame, over node: YAMLNode) {
        self.frame = frame
        builder = YAMLStoreBuilder(over: node)
        let size = frame.decl.copySize
        builder.reserve(nodes: size.records, slots: size.slots)
    }

    /// Writes the copy of `node` (nil: an empty slot, left out of the collection around it).
    /// `parent`: the record of the collection it goes in, -1 for the root.
    mutating func write(_ node: YAMLNode, parent: Int32) -> Written? {
        let d = frame.decl
        let id = node.id
        guard d.holdsReferences.contains(id) else { return .whole(node) }
        switch node.content {
        case .scalar(let s):
            guard let refs = d.references[id] else { return .whole(node) }
            if let p = refs.whole {
                if p >= 0, let v = frame.values[p] {
                    switch v {
                    case .node(let n): return .whole(n)
                    case .empty: return nil
                    }
                }
                frame.unresolved.insert(id)
                frame.muted.append(node.range)
                return .whole(node)
            }
            let b = Array(s.text.utf8)
            var out: [UInt8] = []
            out.reserveCapacity(b.count + 16)
            var last = 0
            for part in refs.parts {
                out += b[last..<part.bytes.lowerBound]
                last = part.bytes.upperBound
                if part.param == -2 {
                    out.append(UInt8(ascii: "$"))
                } else if part.param >= 0, case .node(let n)? = frame.values[part.param], let text = n.scalar?.text {
                    out += text.utf8
                } else {
                    frame.unresolved.insert(id)
                    frame.muted.append(node.range)
                    return .whole(node)
                }
            }
            out += b[last...]
            return .written(builder.addScalar(copying: node, text: String(decoding: out, as: UTF8.self), parent: parent))
        case .mapping(let pairs):
            let index = builder.openCollection(copying: node, parent: parent)
            var holdsUnresolved = false
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * pairs.count) { slots in
                var count = 0
                for p in pairs {
                    guard let v = write(p.value, parent: Int32(index)) else { continue }
                    if isUnresolved(v) { holdsUnresolved = true }
                    slots[count] = builder.addShared(p.key)
                    slots[count + 1] = slot(v)
                    count += 2
                }
                builder.close(index, children: UnsafeBufferPointer(rebasing: slots[0..<count]))
            }
            if holdsUnresolved { unresolved.append(index) }
            return .written(index)
        case .sequence(let items):
            let index = builder.openCollection(copying: node, parent: parent)
            var holdsUnresolved = false
            let written = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: items.count) { slots in
                var count = 0
                for item in items {
                    guard let v = write(item, parent: Int32(index)) else { continue }
                    if isUnresolved(v) { holdsUnresolved = true }
                    slots[count] = slot(v)
                    count += 1
                }
                builder.close(index, children: UnsafeBufferPointer(rebasing: slots[0..<count]))
                return count
            }
            if holdsUnresolved { unresolved.append(index) }
            // An empty slot left out: the list is shorter than the body as written.
            if written < items.count { shortened.append(index) }
            return .written(index)
        }
    }

    private func isUnresolved(_ w: Written) -> Bool {
        switch w {
        case .whole(let n): return frame.unresolved.contains(n.id)
        case .written(let index): return unresolved.contains(index)
        }
    }

    private mutating func slot(_ w: Written) -> UInt32 {
        switch w {
        case .whole(let n): return builder.addShared(n)
        case .written(let index): return index
        }
    }

    /// Makes the store; the copy's root. The frame learns which of its nodes hold unresolved
    /// references and which lists an empty slot shortened.
    func finish(root: UInt32) -> YAMLNode {
        let nodes = builder.finish()
        for index in unresolved { frame.unresolved.insert(nodes[index].id) }
        for index in shortened {
            let n = nodes[index]
            frame.shortenedBySlots[n.id] = n
        }
        return nodes[root]
    }
}
