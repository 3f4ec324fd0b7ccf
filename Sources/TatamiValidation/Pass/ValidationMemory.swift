import Foundation
import TatamiModel
import TatamiBase

/// What a document's last validation read item by item, kept for its next one (the language
/// server keeps one per open document): the chunks of ARCHITECTURE.md's "Validation in chunks".
///
/// A chunk is one item of a list of views in the file's own body (outside component bodies),
/// keyed by the bytes of the lines it spans and the place it stands (`ViewContext`). An item whose
/// key and whose surroundings (`ChunkSurroundings`: the file outside the body, the imported
/// components, the declarations) are as they were gives the same views, diagnostics and file
/// facts as before, its positions moved by where it now starts: the validator takes them from
/// the last analysis's view store instead of reading the item again (`ViewValidator.chunkedView`).
/// Validation with a memory gives exactly what it gives without one
/// (`ValidationMemoryTests`, `IncrementalDifferentialTests`, the server fuzzer).
///
/// What is kept is small: for each item its span and where its views and serials lie in the last
/// store, and the findings it made; the views themselves are those of the last analysis's store,
/// held here until the next analysis is done.
public final class ValidationMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: ChunkTable?
    private var counts = (reused: 0, read: 0)

    public init() {}

    /// How many items the last validation with this memory took from the one before it, and how
    /// many it read (for the server's `--verbose` log and tests).
    public var lastCounts: (reused: Int, read: Int) { lock.withLock { counts } }

    /// Takes what the last validation kept (nothing is kept meanwhile: a validation running beside
    /// this one, which only a cancelled analysis can be, starts from nothing).
    func take() -> ChunkTable? {
        lock.withLock {
            defer { kept = nil }
            return kept
        }
    }

    /// A validation that could not use the memory (a text that does not parse whole, or uses
    /// aliases) reads every item; what was kept stays for the next text that can.
    func keepNothing() {
        lock.withLock { counts = (0, 0) }
    }

    func keep(_ table: ChunkTable, reused: Int, read: Int) {
        lock.withLock {
            kept = table
            counts = (reused, read)
        }
    }
}

/// What an item's validation depends on besides its own lines and place: the file outside its
/// `body` (its declarations, and the components' bodies that expansions copy from), the
/// declarations as read (with what the workspace file and font files gave), and the imported
/// components, as objects (an `ImportCache` gives the same objects while their files are
/// unchanged, and holding them here keeps their identities from being reused).
///
/// The body's own bytes are not part of it: an item reads nothing of the body but itself. What
/// follows the body counts by its offset too when it declares anything (an expansion's views and
/// messages name places there), not when it is only blank lines and comments.
struct ChunkSurroundings {
    let bytes: [UInt8]
    /// The body's value: what lies before and after it is the surroundings' text.
    let body: Range<Int>
    /// Where `after` starts, when it holds more than blank lines and comments.
    let pinnedAfter: Int?
    let declarations: FileDeclarations
    let scopeNames: [String]
    let imported: [ComponentDecl]
    let failedImports: [(range: SourceRange, entry: String)]
    let filePath: String?

    init(file: FileContext, body: SourceRange) {
        bytes = file.source.table.bytes
        self.body = body.start..<body.end
        pinnedAfter = Self.declaresAnything(bytes[body.end...]) ? body.end : nil
        declarations = file.declarations
        scopeNames = file.scope.names
        let local = Set(file.localComponents.map(ObjectIdentifier.init))
        imported = file.scope.names.compactMap { file.scope.lookup($0) }.filter { !local.contains(ObjectIdentifier($0)) }
        failedImports = file.scope.failedImports
        filePath = file.filePath
    }

    /// Whether the text holds anything but blank lines and comments.
    private static func declaresAnything(_ text: ArraySlice<UInt8>) -> Bool {
        var inComment = false
        for b in text {
            switch b {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): inComment = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "#"): inComment = true
            default: if !inComment { return true }
            }
        }
        return false
    }

    func matches(_ o: ChunkSurroundings) -> Bool {
        body.lowerBound == o.body.lowerBound && pinnedAfter == o.pinnedAfter && filePath == o.filePath
            && scopeNames == o.scopeNames && imported.count == o.imported.count
            && zip(imported, o.imported).allSatisfy { $0 === $1 }
            && failedImports.count == o.failedImports.count
            && zip(failedImports, o.failedImports).allSatisfy { $0.range == $1.range && $0.entry == $1.entry }
            && declarations == o.declarations
            && bytes.hasSameBytes(in: 0..<body.lowerBound, as: o.bytes, in: 0..<o.body.lowerBound)
            && bytes.hasSameBytes(in: body.upperBound..<bytes.count, as: o.bytes, in: o.body.upperBound..<o.bytes.count)
    }

    /// Whether a range of an item's results stays put while the item's lines move: it lies in
    /// an imported file, before the body, or in what follows it when that is pinned.
    func holdsStill(_ r: SourceRange) -> Bool {
        SourceSet.isImported(r) || r.end <= body.lowerBound || pinnedAfter.map { r.start >= $0 } == true
    }
}

/// The items one validation read or took over, by key, over the view store it built.
final class ChunkTable {
    let surroundings: ChunkSurroundings
    /// The text the items were read from (the surroundings keep it).
    var bytes: [UInt8] { surroundings.bytes }
    let store: ViewStore
    /// Every entry, inner ones included, in the order they were kept.
    private let all: [ChunkEntry]
    /// The first entry of each hash in `all`, and after each entry the next of its hash (−1:
    /// none): one table and one array, not an array per hash.
    private let first: [UInt64: Int32]
    private let next: [Int32]

    init(surroundings: ChunkSurroundings, store: ViewStore, items: [ChunkEntry]) {
        self.surroundings = surroundings
        self.store = store
        var all: [ChunkEntry] = []
        all.reserveCapacity(items.count)
        var stack = items
        while let e = stack.popLast() {
            all.append(e)
            stack += e.inner
        }
        var first: [UInt64: Int32] = [:]
        first.reserveCapacity(all.count)
        var next = [Int32](repeating: -1, count: all.count)
        // Linked from the last, so each hash's chain runs in the order the entries were kept.
        for i in all.indices.reversed() {
            let h = all[i].hash
            if let f = first[h] { next[i] = f }
            first[h] = Int32(i)
        }
        self.all = all
        self.first = first
        self.next = next
    }

    /// The item kept with this key: the same bytes, the item at the same place in them (items of
    /// a flow list share their lines), read at the same place in the tree.
    func lookup(hash: UInt64, span: Range<Int>, node: SourceRange, in text: [UInt8], context: ViewContext) -> ChunkEntry? {
        guard var i = first[hash] else { return nil }
        let start = node.start - span.lowerBound, end = node.end - span.lowerBound
        while i >= 0 {
            let e = all[Int(i)]
            if e.span.count == span.count && e.site == context.site && e.depth == context.depth && e.node == start..<end
                && bytes.hasSameBytes(in: e.span, as: text, in: span) {
                return e
            }
            i = next[Int(i)]
        }
        return nil
    }
}

/// A component an item instantiated: a file's own by name (the next analysis has its own
/// object for it), an imported one as the object the import cache gave.
enum InstantiatedComponent {
    case local(String)
    case imported(ComponentDecl)
}

/// One item as a validation read it: where its lines were, where its views lie in that
/// validation's store, and what else it found (file facts, findings), positions as they were.
final class ChunkEntry {
    let hash: UInt64
    let site: ViewSite
    let depth: Int
    let span: Range<Int>
    /// The item's node, from the start of its span.
    let node: Range<Int>
    let segment: ViewSegment
    /// The built view's offset in the segment; nil when the item gave no view.
    let root: Int32?
    let placement: Alignment2D
    let serialStart: Int
    let serialCount: Int
    let diagnostics: [Diagnostic]
    let ids: [(name: String, range: SourceRange)]
    let unresolvedUses: [(name: String, range: SourceRange)]
    /// Serials of the views marked, from `serialStart`.
    let provisional: [Int]
    let explained: [Int]
    let instantiated: [InstantiatedComponent]
    let expandedViews: Int
    /// The items inside it that were kept too (carried over when it is taken over whole).
    let inner: [ChunkEntry]
    /// It and the items inside it: what keeping it counts against `ValidationLimits.maxKeptItems`.
    let weight: Int

    init(hash: UInt64, site: ViewSite, depth: Int, span: Range<Int>, node: Range<Int>, segment: ViewSegment, root: Int32?,
         placement: Alignment2D, serialStart: Int, serialCount: Int, diagnostics: [Diagnostic],
         ids: [(name: String, range: SourceRange)], unresolvedUses: [(name: String, range: SourceRange)],
         provisional: [Int], explained: [Int], instantiated: [InstantiatedComponent], expandedViews: Int, inner: [ChunkEntry]) {
        self.hash = hash
        self.site = site
        self.depth = depth
        self.span = span
        self.node = node
        self.segment = segment
        self.root = root
        self.placement = placement
        self.serialStart = serialStart
        self.serialCount = serialCount
        self.diagnostics = diagnostics
        self.ids = ids
        self.unresolvedUses = unresolvedUses
        self.provisional = provisional
        self.explained = explained
        self.instantiated = instantiated
        self.expandedViews = expandedViews
        self.inner = inner
        weight = inner.reduce(1) { $0 + $1.weight }
    }

    /// The same item once taken over: its lines `delta` bytes later, its serials `serialShift`
    /// later, its views where the segment starting at `outer` landed at `mark`.
    func moved(delta: Int, serialShift: Int, from outer: ViewPartsMark, to mark: ViewPartsMark,
               findings: [Diagnostic]? = nil) -> ChunkEntry {
        // An item before the edit lands where it was: the entry is itself (no copy per item).
        if delta == 0 && serialShift == 0 && outer == mark { return self }
        let move = ChunkMove(span: span, delta: delta)
        return ChunkEntry(
            hash: hash, site: site, depth: depth, span: (span.lowerBound + delta)..<(span.upperBound + delta), node: node,
            segment: segment.moved(from: outer, to: mark), root: root, placement: placement,
            serialStart: serialStart + serialShift, serialCount: serialCount,
            diagnostics: findings ?? diagnostics.map(move.diagnostic), ids: ids.map { ($0.name, move.range($0.range)) },
            unresolvedUses: unresolvedUses.map { ($0.name, move.range($0.range)) }, provisional: provisional,
            explained: explained, instantiated: instantiated, expandedViews: expandedViews,
            inner: inner.map { $0.moved(delta: delta, serialShift: serialShift, from: outer, to: mark) })
    }
}

/// Moves the positions of an item's results with its lines: those inside its old span by
/// `delta`, the rest (before the body, in pinned text after it, in imported files) not at all.
struct ChunkMove {
    let span: Range<Int>
    let delta: Int

    var shift: SpanShift { SpanShift(span: span, delta: delta) }

    @inline(__always)
    func range(_ r: SourceRange) -> SourceRange { shift(r) }

    func diagnostic(_ d: Diagnostic) -> Diagnostic {
        guard delta != 0 else { return d }
        var d = d
        d.range = range(d.range)
        for i in d.related.indices where d.related[i].file == nil { d.related[i].range = range(d.related[i].range) }
        for i in d.fixes.indices { d.fixes[i].range = range(d.fixes[i].range) }
        return d
    }
}

/// A 64-bit hash of a run of bytes, eight at a time (equal keys are confirmed byte by byte).
enum ChunkHash {
    static func of(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        bytes.withUnsafeBytes { raw -> UInt64 in
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(range.count)
            var i = range.lowerBound
            while i + 8 <= range.upperBound {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 29
                i += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < range.upperBound {
                tail |= UInt64(raw[i]) << shift
                shift += 8
                i += 1
            }
            h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            return h ^ (h >> 32)
        }
    }
}
