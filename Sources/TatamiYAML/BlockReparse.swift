import TatamiBase

/// A parse made from the last one by parsing again only the block that holds an edit
/// (rust-analyzer's block reparse, on indentation): ARCHITECTURE.md, "The YAML store in chunks".
///
/// The text is compared with the last parse's to find the one span that changed. Going down the
/// last tree from the root through the block collections that hold that span, each entry on the
/// way (a list item, or a mapping's pair) bounds a region: from the start of its first line to the
/// start of the line after its last character. The smallest region that holds the edit is parsed alone; the new tree is then its
/// entry, put in place of the old one: a new record for each collection on the way down (its end
/// moved by the edit's length), and every other node taken whole, by reference, from the store
/// it lies in (`YAMLStore.shared`), those after the edit through a copy of that store whose base
/// is moved by the edit's length (the arrays are shared, not copied: `YAMLStore.moved(by:)`).
///
/// A region is parsed alone only where that gives what parsing the whole text would: it must
/// parse whole with no finding, no alias and no comment, as one entry of a block collection of
/// the same kind at the same column, ending at its last character (an empty value or a block
/// scalar last in the region would end where the next token starts, which differs); a pair must
/// keep its key (duplicate keys are checked across the mapping); no comment outside the region
/// may belong to a node inside it; and no line break but LF and CR LF may be in it (the region
/// is cut at LF lines). Otherwise the next larger region is tried, and past the largest the text
/// is parsed whole (`reparse` answers nil). A last parse with findings, aliases or an early stop
/// is never reused.
///
/// What the new parse gives is exactly what parsing the whole text gives, node for node:
/// ranges, values, tags, comments and the nodes they belong to, suppressions
/// (`BlockReparseTests`, the fuzz-invariants target). One exception by design: `YAMLNode.parent`
/// answers within a node's own store, so a node taken whole keeps the parent it had there.
public struct BlockReparse: Sendable {
    /// The parse of the new text.
    public let result: YAMLParseResult
    /// The region parsed again, in the new text (empty when the text did not change).
    public let region: SourceRange
    /// How many collections hold the region (1: an entry of the root).
    public let depth: Int
}

extension YAMLParser {
    /// The parse of `bytes` made from `old`, the parse of the text before an edit, by parsing
    /// only the block that holds the edit; nil when that cannot be done exactly (then parse the
    /// whole text). `lineTable`: the new text's, when the caller has it (`LineTable(bytes:)`).
    public static func reparse(_ old: YAMLParseResult, bytes: [UInt8], lineTable: LineTable? = nil,
                               limits: YAMLLimits = .standard) -> BlockReparse? {
        guard old.isComplete, !old.usesAliases, old.diagnostics.isEmpty, let root = old.root,
              bytes.count <= limits.maxBytes else { return nil }
        let oldBytes = old.lineTable.bytes
        guard let edit = TextEdit(from: oldBytes, to: bytes) else {
            let table = lineTable ?? LineTable(bytes: bytes)
            let same = YAMLParseResult(root: root, diagnostics: [], lineTable: table, isComplete: true, usesAliases: false,
                                       comments: old.comments, directives: old.directives)
            return BlockReparse(result: same, region: .at(0), depth: 0)
        }
        let path = BlockPath(root: root, edit: edit, table: old.lineTable)
        let table = lineTable ?? LineTable(bytes: bytes)
        var tried = 0
        for level in path.levels.indices.reversed() {
            guard let region = path.levels[level].region else { continue }
            // Past half the text, parsing it whole costs about as much.
            if region.count > oldBytes.count / 2 || tried == 3 { break }
            tried += 1
            if let made = Splice(path: path, level: level, region: region, edit: edit, old: old, bytes: bytes, table: table,
                                 limits: limits)?.result() {
                return BlockReparse(result: made, region: SourceRange(start: region.lowerBound, end: region.upperBound + edit.delta),
                                    depth: level + 1)
            }
        }
        return nil
    }
}

/// The one span in which two texts differ: `start..<oldEnd` of the old text is
/// `start..<newEnd` of the new (the longest common prefix and suffix around it).
struct TextEdit {
    let start: Int
    let oldEnd: Int
    let newEnd: Int
    var delta: Int { newEnd - oldEnd }

    /// nil when the texts are the same.
    init?(from old: [UInt8], to new: [UInt8]) {
        let shorter = min(old.count, new.count)
        let prefix = old.withUnsafeBytes { a in new.withUnsafeBytes { b in Self.commonPrefix(a, b, shorter) } }
        if prefix == shorter && old.count == new.count { return nil }
        let suffix = old.withUnsafeBytes { a in new.withUnsafeBytes { b in Self.commonSuffix(a, b, shorter - prefix) } }
        start = prefix
        oldEnd = old.count - suffix
        newEnd = new.count - suffix
    }

    /// Eight bytes at a time, then one.
    private static func commonPrefix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ limit: Int) -> Int {
        var i = 0
        while i + 8 <= limit && a.loadUnaligned(fromByteOffset: i, as: UInt64.self) == b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
            i += 8
        }
        while i < limit && a[i] == b[i] { i += 1 }
        return i
    }

    /// The common suffix, at most `limit` bytes (so that it does not overlap the prefix).
    private static func commonSuffix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ limit: Int) -> Int {
        var n = 0
        let ea = a.count, eb = b.count
        while n + 8 <= limit
            && a.loadUnaligned(fromByteOffset: ea - n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: eb - n - 8, as: UInt64.self) {
            n += 8
        }
        while n < limit && a[ea - n - 1] == b[eb - n - 1] { n += 1 }
        return n
    }
}

/// The block collections of the last tree that hold an edit, from the root down, each with the
/// entry that holds it and, where that entry can be parsed alone, the entry's region (in the old
/// text).
struct BlockPath {
    struct Level {
        /// A block mapping or sequence.
        let node: YAMLNode
        /// The entry that holds the edit: an item's index, or a pair's.
        let entry: Int
        let region: Range<Int>?
    }

    private(set) var levels: [Level] = []

    init(root: YAMLNode, edit: TextEdit, table: LineTable) {
        var node = root
        var limit = table.bytes.count
        // (Entries are looked up by binary search, not listed: a list may hold thousands.)
        while !node.isFlow, let count = Self.entryCount(node) {
            // The last entry that starts at or before the edit.
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Self.entry(node, mid).start <= edit.start { lo = mid + 1 } else { hi = mid }
            }
            let entry = lo - 1
            guard entry >= 0 else { break }
            // From the start of the entry's first line to the start of the line after its last
            // character (the comments and blank lines before the next entry are not in it).
            let first = Self.entry(node, entry)
            let regionStart = table.lineStarts[table.line(ofByte: first.start)]
            let lastLine = table.line(ofByte: max(first.start, first.end - 1))
            let regionEnd = min(limit, lastLine + 1 < table.lineCount ? table.lineStarts[lastLine + 1] : table.bytes.count)
            let usable = regionEnd > regionStart && edit.oldEnd < regionEnd
                && Self.opensLine(node, entryStart: first.start, regionStart: regionStart, bytes: table.bytes)
                && edit.start > Self.firstNonBlank(table.bytes, from: regionStart)
                && (regionStart > 0 || edit.start >= 4)  // (a byte-order mark stays as it was)
            levels.append(Level(node: node, entry: entry, region: usable ? regionStart..<regionEnd : nil))
            guard regionEnd > regionStart else { break }
            limit = regionEnd
            switch node.content {
            case .sequence(let items): node = items[entry]
            case .mapping(let pairs): node = pairs[entry].value
            case .scalar: return
            }
        }
    }

    /// How many entries a collection has (items, pairs); nil for a scalar.
    private static func entryCount(_ node: YAMLNode) -> Int? {
        switch node.content {
        case .sequence(let items): return items.count
        case .mapping(let pairs): return pairs.count
        case .scalar: return nil
        }
    }

    /// Where entry `i` starts and ends: an item's node, a pair from its key to its value's end.
    private static func entry(_ node: YAMLNode, _ i: Int) -> SourceRange {
        switch node.content {
        case .sequence(let items): return items[i].range
        case .mapping(let pairs):
            let p = pairs[i]
            return SourceRange(start: p.key.range.start, end: max(p.key.range.end, p.value.range.end))
        case .scalar: preconditionFailure("a scalar has no entries")
        }
    }

    /// Whether the entry is what its first line starts with: a pair's key, or a list item's dash
    /// (a mapping that is a list item's content starts on the dash's line, and cannot be parsed
    /// alone).
    private static func opensLine(_ node: YAMLNode, entryStart: Int, regionStart: Int, bytes: [UInt8]) -> Bool {
        let first = firstNonBlank(bytes, from: regionStart)
        if case .mapping = node.content { return first == entryStart }
        return first < entryStart && bytes[first] == UInt8(ascii: "-")
    }

    static func firstNonBlank(_ bytes: [UInt8], from i: Int) -> Int {
        var k = i
        while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
        return k
    }
}
