import TatamiBase
import TatamiYAML

extension EditorServices {
    /// For each offset, the ranges an editor's "expand selection" steps through, innermost
    /// first, each containing the one before: a quoted scalar's value, the scalar with its
    /// quotes, its key and value together, the mapping holding them (a view, an object value,
    /// a declaration), a list item with its `- `, the list, its key and value, … up to the
    /// whole document, which is always last. Read from the YAML tree alone, so whatever the
    /// tree holds after a syntax error still has its ranges. A range equal to the one before
    /// is left out; past `maximumSelectionDepth` ranges, the outermost ones but the document
    /// are dropped.
    public static func selectionRanges(_ a: Analysis, at offsets: [Int]) -> [[SourceRange]] {
        offsets.map { EnclosingNodes.selection(at: a.lineTable.clampOffset($0), in: a.yaml.root, table: a.lineTable) }
    }

    /// The most ranges one position gets (the document included): the client receives them as
    /// nested JSON objects, one level per range.
    public static let maximumSelectionDepth = 128
}

/// Descents of the YAML tree by source position, without recursion (aliases are never
/// followed: a node reached through one lies elsewhere in the text).
enum EnclosingNodes {
    /// Selection ranges at `offset`, innermost first.
    static func selection(at offset: Int, in root: YAMLNode?, table: LineTable) -> [SourceRange] {
        let document = SourceRange(start: 0, end: table.bytes.count)
        // Outermost first while descending.
        var chain: [SourceRange] = [document]
        func push(_ r: SourceRange) {
            guard !r.isEmpty else { return }
            let outer = chain[chain.count - 1]
            // Kept inside the range before it (a node's range always is; this is a guard).
            let clipped = SourceRange(start: min(max(r.start, outer.start), outer.end), end: min(max(r.end, outer.start), outer.end))
            if clipped != outer { chain.append(clipped) }
        }
        var node = root
        while let current = node, current.range.touches(offset) {
            node = nil
            push(current.range)
            switch current.content {
            case .scalar(let s):
                if s.valueRange != current.range, s.valueRange.touches(offset) { push(s.valueRange) }
            case .mapping(let pairs):
                let spans = pairs.map { SourceRange(start: $0.key.range.start, end: max($0.key.range.end, $0.value.range.end)) }
                guard let i = pick(spans, offset) else { break }
                push(spans[i])
                let p = pairs[i]
                // Inside the key or the value; else at the end of a non-empty value, else of the key.
                if p.key.range.contains(offset) {
                    node = p.key
                } else if p.value.range.contains(offset) || (!p.value.range.isEmpty && p.value.range.touches(offset)) {
                    node = p.value
                } else if p.key.range.touches(offset) {
                    node = p.key
                }
            case .sequence(let items):
                let spans = items.map { item in
                    current.isFlow ? item.range : SourceRange(start: dash(before: item.range.start, table) ?? item.range.start, end: item.range.end)
                }
                guard let i = pick(spans, offset) else { break }
                push(spans[i])
                if items[i].range.touches(offset) { node = items[i] }
            }
        }
        if chain.count > EditorServices.maximumSelectionDepth {
            chain.removeSubrange(1...(chain.count - EditorServices.maximumSelectionDepth))
        }
        return chain.reversed()
    }

    /// The scalar whose range, or whose value's range, is `range`; nil when none is.
    static func scalar(at range: SourceRange, in root: YAMLNode?) -> (node: YAMLNode, scalar: YAMLScalar)? {
        var node = root
        while let current = node {
            node = nil
            switch current.content {
            case .scalar(let s):
                if current.range == range || s.valueRange == range { return (current, s) }
            case .mapping(let pairs):
                for p in pairs {
                    if p.key.range.start <= range.start && range.end <= p.key.range.end { node = p.key; break }
                    if p.value.range.start <= range.start && range.end <= p.value.range.end { node = p.value; break }
                }
            case .sequence(let items):
                node = items.first { $0.range.start <= range.start && range.end <= $0.range.end }
            }
        }
        return nil
    }

    /// The child span holding the offset: the one containing it, else the last one ending there.
    private static func pick(_ spans: [SourceRange], _ offset: Int) -> Int? {
        if let i = spans.firstIndex(where: { $0.contains(offset) }) { return i }
        return spans.lastIndex { $0.touches(offset) }
    }

    /// The offset of the `-` introducing a block sequence item that starts at `start`: the
    /// nearest `-` before it on its line with only spaces between.
    private static func dash(before start: Int, _ table: LineTable) -> Int? {
        let bytes = table.bytes
        var i = min(start, bytes.count) - 1
        while i >= 0, bytes[i] == 0x20 { i -= 1 }
        guard i >= 0, bytes[i] == UInt8(ascii: "-") else { return nil }
        return i
    }
}
