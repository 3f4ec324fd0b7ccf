import TatamiBase

/// One try of `YAMLParser.reparse`: the region of `path.levels[level]` parsed alone, checked,
/// and put in place of its old entry.
struct Splice {
    let path: BlockPath
    let level: Int
    /// In the old text.
    let region: Range<Int>
    let edit: TextEdit
    let old: YAMLParseResult
    let bytes: [UInt8]
    let table: LineTable
    /// The region's entry as parsed alone, its nodes moved to the new text's offsets: an item,
    /// or a pair's key and value.
    private let entry: [YAMLNode]

    init?(path: BlockPath, level: Int, region: Range<Int>, edit: TextEdit, old: YAMLParseResult, bytes: [UInt8],
          table: LineTable, limits: YAMLLimits) {
        self.path = path
        self.level = level
        self.region = region
        self.edit = edit
        self.old = old
        self.bytes = bytes
        self.table = table
        let newRegion = region.lowerBound..<(region.upperBound + edit.delta)
        // Regions are cut at LF lines: none may hold a line break libyaml counts and a line
        // table does not.
        guard newRegion.count > 0, !YAMLLineBreaks.hasOthers(old.lineTable.bytes, in: region),
              !YAMLLineBreaks.hasOthers(bytes, in: newRegion) else { return nil }
        // The region's collection stands `level` collections deep: its entries may nest as
        // deep as the limit leaves them.
        var partLimits = limits
        partLimits.maxDepth = limits.maxDepth - level
        let part = YAMLParser.parse(bytes: Array(bytes[newRegion]), limits: partLimits)
        let holder = path.levels[level].node
        guard part.isComplete, part.diagnostics.isEmpty, !part.usesAliases, part.comments.isEmpty, let partRoot = part.root,
              !partRoot.isFlow, partRoot.range.end <= Self.lastCharacterEnd(bytes, newRegion) - newRegion.lowerBound
        else { return nil }
        let moved = partRoot.relocated(by: newRegion.lowerBound)
        // The same kind of collection at the same column, with one entry.
        let column = moved.range.start - table.lineStarts[table.line(ofByte: moved.range.start)]
        let oldTable = old.lineTable
        let holderColumn = holder.range.start - oldTable.lineStarts[oldTable.line(ofByte: holder.range.start)]
        guard column == holderColumn else { return nil }
        switch (moved.content, holder.content) {
        case (.sequence(let items), .sequence):
            guard items.count == 1 else { return nil }
            entry = [items[0]]
        case (.mapping(let pairs), .mapping(let oldPairs)):
            // The key as it was: keys are checked for duplicates across the whole mapping.
            guard pairs.count == 1, pairs[0].key.hasSameScalarValue(as: oldPairs[path.levels[level].entry].key) else { return nil }
            entry = [pairs[0].key, pairs[0].value]
        default:
            return nil
        }
    }

    /// Just past the region's last character that is not a blank or a line break.
    private static func lastCharacterEnd(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var k = range.upperBound
        while k > range.lowerBound {
            let c = bytes[k - 1]
            guard c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D else { break }
            k -= 1
        }
        return k
    }

    /// Where the new tree has `node`, a node inside the region that a comment above the region
    /// belongs to (it leads the entry: the entry's first node; or it is kept with the key that
    /// starts the entry's first line): nil when the new region does not have it at the same place
    /// (then the comment may belong elsewhere now: the text is parsed whole).
    private func regionNode(for node: YAMLNode, keptWith: Bool) -> YAMLNode? {
        let start = node.range.start
        guard start < edit.start else { return nil }
        let holder = path.levels[level].node
        let oldFirst: YAMLNode
        switch holder.content {
        case .sequence(let items): oldFirst = items[path.levels[level].entry]
        case .mapping(let pairs): oldFirst = pairs.key(at: path.levels[level].entry)
        case .scalar: return nil
        }
        if !keptWith {
            guard node.store === oldFirst.store && node.index == oldFirst.index, entry[0].range.start == start else { return nil }
            return entry[0]
        }
        // The scalar key that starts the entry's first line: down the first children.
        guard node.isScalar else { return nil }
        var n = entry[0]
        while true {
            if n.range.start == start && n.isScalar { return n }
            switch n.content {
            case .sequence(let items) where !items.isEmpty && items[0].range.start <= start: n = items[0]
            case .mapping(let pairs) where !pairs.isEmpty && pairs.key(at: 0).range.start <= start: n = pairs.key(at: 0)
            default: return nil
            }
        }
    }

    /// The new parse, or nil when a comment outside the region belongs to a node inside it.
    func result() -> YAMLParseResult? {
        var spine = SpineWriter(edit: edit, regionEnd: region.upperBound)
        let levels = path.levels[0...level]
        // The collections on the way down are named by their place on it (0: the root).
        guard let comments = SpineComments(old: old, path: levels.map(\.node), region: region, spine: &spine,
                                           inside: { n, kept in regionNode(for: n, keptWith: kept) })
        else { return nil }
        // The region's store answers for the comments above the region that belong to its entry.
        let part = comments.regionRecords.isEmpty ? entry[0].store : entry[0].store.replacingComments(CommentTable(placed: comments.regionRecords))
        // Written from the inside out: a block collection ends where its last child ends.
        var inner = entry.map { YAMLNode(store: part, index: $0.index) }
        var written = [YAMLNode?](repeating: nil, count: levels.count)
        for (i, l) in levels.enumerated().reversed() {
            guard let node = spine.write(l.node, entry: l.entry, with: inner, comments: comments.tables[i]) else { return nil }
            written[i] = node
            inner = [node]
        }
        let spineNodes = written.map { $0! }
        let trivia = comments.comments(spine: spineNodes, region: part)
        return YAMLParseResult(root: spineNodes[0], diagnostics: [], lineTable: table, isComplete: true, usesAliases: false,
                               comments: trivia, directives: trivia.compactMap(\.directive))
    }
}

/// Writes the collections on the way down to a spliced entry, each in a store of its own (one
/// record, no source text; so that a later reparse taking one of them whole, moved or not, takes
/// its children's slots and not those of the whole way down): their starts as they were (before
/// the edit), their other children taken whole.
struct SpineWriter {
    let edit: TextEdit
    /// Nodes starting here or later lie after the edit (in the old text).
    let regionEnd: Int
    /// Per store of the last tree, a copy whose base is moved by the edit's length.
    private var moved: [ObjectIdentifier: YAMLStore] = [:]

    init(edit: TextEdit, regionEnd: Int) {
        self.edit = edit
        self.regionEnd = regionEnd
    }

    /// A node of the last tree where the new tree has it: the same handle before the edit, one
    /// into a moved copy of its store after it.
    mutating func carried(_ node: YAMLNode) -> YAMLNode {
        guard node.range.start >= regionEnd else { return node }
        return YAMLNode(store: node.store.moved(by: edit.delta, memo: &moved), index: node.index)
    }

    /// The copy of `node`, a block collection, with its children: entry `entry` replaced by
    /// `inner` (an item; a pair's value, or for the spliced entry its key and value), the others
    /// taken whole; it ends where its last child now ends. nil when a node the edit touched
    /// would be taken whole.
    mutating func write(_ node: YAMLNode, entry: Int, with inner: [YAMLNode], comments: CommentTable) -> YAMLNode? {
        var children: [YAMLNode] = []
        switch node.content {
        case .sequence(let items):
            children.reserveCapacity(items.count)
            for (j, item) in items.enumerated() {
                if j == entry { children += inner } else { children.append(carried(item)) }
            }
        case .mapping(let pairs):
            children.reserveCapacity(pairs.count * 2)
            for j in 0..<pairs.count {
                let p = pairs[j]
                if j == entry {
                    if inner.count == 1 { children.append(carried(p.key)) }
                    children += inner
                } else {
                    children.append(carried(p.key))
                    children.append(carried(p.value))
                }
            }
        case .scalar:
            return nil
        }
        // Every child taken whole lies wholly before the edit or after the region.
        for c in children where !inner.contains(where: { $0.store === c.store && $0.index == c.index }) {
            let r = c.range
            if r.end > edit.start && r.start < regionEnd + edit.delta { return nil }
        }
        // (No source: a collection's record reads none, and holding the text would keep every
        // revision's alive as long as an item written then is.)
        var builder = YAMLStoreBuilder()
        let isMapping: Bool
        if case .mapping = node.content { isMapping = true } else { isMapping = false }
        let record = builder.openCollection(isMapping: isMapping, start: node.range.start, tag: node.tag, isFlow: false, parent: -1)
        let slots = children.map { builder.addShared($0) }
        slots.withUnsafeBufferPointer { builder.close(record, end: children[children.count - 1].range.end, children: $0) }
        return YAMLNode(store: builder.store(source: [], comments: comments), index: record)
    }
}

/// The last parse's comments in the new tree: those after the edit moved by it, each attached to
/// the same node where the new tree has it (a collection on the way down: its new record). None
/// may lie in the region (it has none now, and had none), nor belong to a node inside it.
struct SpineComments {
    private enum Target {
        case none
        /// A collection on the way down, by its place on the way (0: the root).
        case spine(UInt32)
        /// A node of the region as parsed alone: its record in that store.
        case region(UInt32)
        case node(YAMLNode)
    }

    private struct Placed {
        var range: SourceRange
        var placement: YAMLComment.Placement
        var node: Target
        var keptWith: Target
        var standsAlone: Bool
        var directive: CommentDirective?
    }

    private var placed: [Placed] = []
    /// Per collection on the way down, the comments that belong to it, for its store.
    let tables: [CommentTable]
    /// The comments that belong to a node of the region, for its store (offsets less its base).
    private(set) var regionRecords: [CommentTable.Record] = []

    /// `path`: the collections on the way down, in the order of their records (0, 1, …).
    /// `inside`: where the new tree has a node of the region a comment belongs to (true: as the
    /// node it is kept with), nil when it cannot tell.
    init?(old: YAMLParseResult, path: [YAMLNode], region: Range<Int>, spine: inout SpineWriter,
          inside: (YAMLNode, Bool) -> YAMLNode?) {
        let delta = spine.edit.delta
        func target(_ n: YAMLNode?, kept: Bool) -> Target? {
            guard let n else { return Target.none }
            if let i = path.firstIndex(where: { $0.store === n.store && $0.index == n.index }) { return .spine(UInt32(i)) }
            if region.contains(n.range.start) { return inside(n, kept).map { .region($0.index) } }
            return .node(spine.carried(n))
        }
        var records = [[CommentTable.Record]](repeating: [], count: path.count)
        placed.reserveCapacity(old.comments.count)
        for c in old.comments {
            guard !region.contains(c.range.start), let node = target(c.node, kept: false),
                  let kept = target(c.keptWith, kept: true) else { return nil }
            let after = c.range.start >= region.upperBound
            let range = after ? SourceRange(start: c.range.start + delta, end: c.range.end + delta) : c.range
            let directive = after ? c.directive.map { $0.moved(by: delta) } : c.directive
            placed.append(Placed(range: range, placement: c.placement, node: node, keptWith: kept, standsAlone: c.standsAlone,
                                 directive: directive))
            let record = CommentTable.Record(start: Int32(range.start), end: Int32(range.end), node: -1, keptWith: -1,
                                             trailing: c.placement == .trailing, ownLine: c.standsAlone, directive: directive)
            // A collection on the way down is record 0 of its store; a node of the region keeps
            // its record in the region's store, whose offsets are less the region's start.
            if case .spine(let i) = node {
                var r = record
                r.node = 0
                if case .spine(let k) = kept, k == i { r.keptWith = 0 }
                records[Int(i)].append(r)
            }
            var r = record
            r.start -= Int32(region.lowerBound)
            r.end -= Int32(region.lowerBound)
            if case .region(let i) = node { r.node = Int32(i) }
            if case .region(let i) = kept { r.keptWith = Int32(i) }
            if r.node >= 0 || r.keptWith >= 0 { regionRecords.append(r) }
        }
        tables = records.map { CommentTable(placed: $0) }
    }

    /// The comments with handles into the new tree: its collections on the way down, and the
    /// region's store.
    func comments(spine: [YAMLNode], region: YAMLStore) -> [YAMLComment] {
        func handle(_ t: Target) -> YAMLNode? {
            switch t {
            case .none: return nil
            case .spine(let i): return spine[Int(i)]
            case .region(let i): return YAMLNode(store: region, index: i)
            case .node(let n): return n
            }
        }
        return placed.map {
            YAMLComment(range: $0.range, placement: $0.placement, node: handle($0.node), keptWith: handle($0.keptWith),
                        standsAlone: $0.standsAlone, directive: $0.directive)
        }
    }
}
