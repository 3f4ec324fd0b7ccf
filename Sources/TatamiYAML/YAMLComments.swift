import TatamiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document's comments as trivia: where each is, the node it belongs to, and the node a
/// rewrite keeps it with. The one place comments are found and placed: the formatter writes
/// them where this table says, and the pipeline reads suppression comments
/// (`CommentDirective`) from the same scan.
///
/// libyaml drops comments, so they are found in the source afterwards: a `#` at the start of a
/// line or after a space or tab, outside every scalar, runs to the end of its line. Lines here are
/// libyaml's, ended by any break it counts (`YAMLLineBreaks`: CR, NEL, U+2028 and U+2029 as well
/// as LF). Each is then attached to a node:
///
/// - a comment on a line of its own leads the outermost node that starts first after it (none
///   when it comes after everything);
/// - a comment after code on its line trails the node that ends last before it on that line
///   (for `key: value  # note` the value; for `size: [20, 20]  # note` the whole flow list);
///   `key:  # note` before a nested value trails the key;
/// - with no node ending there, a comment after the opening bracket of a flow collection that
///   starts on its line (`frame: [  # note`) trails that collection (the outermost such), unless
///   the collection has a comment after it already; any other (`- # note` after a list item's
///   dash, `--- # note`) leads the next node, from its line.
///
/// Where a rewrite keeps it (`keptWith`) is that node, but for a comment on a line of its own
/// above a line of code that starts with a mapping key (after blanks and list dashes): that
/// one stands above the key's line and moves with the key when keys are reordered. The comments
/// at the top of a file whose document is a mapping, above its first key, are its header and
/// stay with the document, except a line's suppression standing alone (`# tatami-ignore:`),
/// which keeps silencing the line below it.
struct CommentTable: Sendable {
    struct Record: Sendable {
        var start: Int32
        var end: Int32
        /// The node it is attached to, -1 for none.
        var node: Int32
        /// The node a rewrite keeps it with (`node`, or the key below it), -1 for none.
        var keptWith: Int32
        var trailing: Bool
        /// On a line of its own (only blanks, or a byte-order mark, before it).
        var ownLine: Bool
        var directive: CommentDirective?
    }

    private(set) var records: [Record] = []
    /// Every suppression comment of the text, past a syntax error too (`YAMLParseResult.directives`).
    private(set) var directives: [CommentDirective] = []
    /// Per node index: the comments leading it, in order.
    private var leadingByNode: [UInt32: [Int32]] = [:]
    private var trailingByNode: [UInt32: Int32] = [:]
    /// Per node index: the leading comments a rewrite keeps with it, in order.
    private var keptByNode: [UInt32: [Int32]] = [:]

    init() {}

    /// Finds the comments of `bytes` outside the scalars of `nodes` (in `bytes[..<limit]`: past
    /// a syntax error the text may be inside an unclosed quote) and attaches them; beyond
    /// `limit`, every `#` after a blank is read for suppression comments only.
    init(bytes: [UInt8], nodes: [YAMLStore.NodeRecord], children: [UInt32], root: UInt32?, scannedUpTo limit: Int) {
        let found = bytes.withUnsafeBufferPointer { b in Self.scan(b, nodes, from: 0, to: limit) }
        let resume = max(min(limit, bytes.count), found.last?.end ?? 0)
        let tail = bytes.withUnsafeBufferPointer { b in Self.scan(b, nodes, from: resume, to: bytes.count) }
        directives = (found + tail).compactMap(\.directive)
        guard !found.isEmpty else { return }
        // Comments after code that trail a node first, so that a comment after a flow
        // collection's opening bracket only takes that collection when no comment follows it.
        var trailing: [Int?] = found.map { c in
            c.ownLine ? nil : Self.nodeEndingBefore(c.start, lineStart: c.lineStart, nodes)
        }
        var taken = Set(trailing.compactMap { $0 })
        for (i, c) in found.enumerated() where !c.ownLine && trailing[i] == nil {
            if let n = Self.flowOpenedBefore(c.start, lineStart: c.lineStart, nodes), !taken.contains(n) {
                trailing[i] = n
                taken.insert(n)
            }
        }
        // The header ends where a mapping that is the document starts.
        let headerEnd = root.map { nodes[Int($0)].kind == .mapping ? Int(nodes[Int($0)].start) : -1 } ?? -1
        // The last line of code found below a comment, and its key: the comments on the lines
        // before it have the same line below them (a block of comment lines is read once).
        var below: (start: Int, key: Int?) = (-1, nil)
        for (i, c) in found.enumerated() {
            var record = Record(start: Int32(c.start), end: Int32(c.end), node: -1, keptWith: -1, trailing: false,
                                ownLine: c.ownLine, directive: c.directive)
            if let n = trailing[i] {
                record.node = Int32(n)
                record.keptWith = Int32(n)
                record.trailing = true
                trailingByNode[UInt32(n)] = Int32(i)
            } else if let n = Self.firstNode(startingAtOrAfter: c.end, nodes) {
                record.node = Int32(n)
                record.keptWith = Int32(n)
                leadingByNode[UInt32(n), default: []].append(Int32(i))
                // (A suppression standing alone silences the line below it, wherever that goes.)
                let silencesBelow = c.directive.map { $0.kind == .ignoreLine && $0.standsAlone } ?? false
                let header = c.start < headerEnd && !silencesBelow
                if c.ownLine && !header {
                    if c.start >= below.start { below = Self.lineOfCode(after: c.end, bytes, nodes, children) }
                    if let key = below.key { record.keptWith = Int32(key) }
                }
                keptByNode[UInt32(record.keptWith), default: []].append(Int32(i))
            }
            records.append(record)
        }
    }

    /// A table of comments placed already (a block reparse's, for the collections it wrote):
    /// each record's `node` and `keptWith` name a node of the store it goes in, or -1.
    init(placed: [Record]) {
        records = placed
        directives = placed.compactMap(\.directive)
        for (i, r) in placed.enumerated() {
            if r.trailing {
                if r.node >= 0 { trailingByNode[UInt32(r.node)] = Int32(i) }
                continue
            }
            if r.node >= 0 { leadingByNode[UInt32(r.node), default: []].append(Int32(i)) }
            if r.keptWith >= 0 { keptByNode[UInt32(r.keptWith), default: []].append(Int32(i)) }
        }
    }

    func leading(of node: UInt32, base: Int) -> [SourceRange] {
        (leadingByNode[node] ?? []).map { range(Int($0), base) }
    }

    func trailing(of node: UInt32, base: Int) -> SourceRange? {
        trailingByNode[node].map { range(Int($0), base) }
    }

    func kept(with node: UInt32, base: Int) -> [SourceRange] {
        (keptByNode[node] ?? []).map { range(Int($0), base) }
    }

    func range(_ i: Int, _ base: Int) -> SourceRange {
        SourceRange(start: base + Int(records[i].start), end: base + Int(records[i].end))
    }

    // MARK: Finding

    private struct Found {
        var start: Int, end: Int, lineStart: Int
        var ownLine: Bool
        var directive: CommentDirective?
    }

    /// Comments in `bytes[from..<limit]`: each `#` (found with `memchr`, so a file without
    /// comments costs next to nothing) that follows a space, a tab or a line break and lies in no
    /// scalar (the last record starting at or before it is a scalar that covers it).
    private static func scan(_ b: UnsafeBufferPointer<UInt8>, _ nodes: [YAMLStore.NodeRecord], from: Int, to limit: Int) -> [Found] {
        var found: [Found] = []
        let limit = min(limit, b.count)
        guard let base = b.baseAddress else { return [] }
        var i = from
        while i < limit {
            guard let hit = memchr(base + i, Int32(UInt8(ascii: "#")), limit - i) else { break }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            i = at + 1
            // (A byte-order mark at the start of the file is not code.)
            let afterMark = at == 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
            if at > 0 && !isSpace(b[at - 1]) && !afterMark && !YAMLLineBreaks.endsBefore(b, at) { continue }
            let last = (firstNode(startingAtOrAfter: at + 1, nodes) ?? nodes.count) - 1
            if last >= 0 && nodes[last].kind == .scalar && Int(nodes[last].end) > at { continue }
            var lineStart = at
            while lineStart > 0 && !YAMLLineBreaks.endsBefore(b, lineStart) { lineStart -= 1 }
            var ownLine = true
            for k in lineStart..<at where !isSpace(b[k]) && !(k < 3 && b[k] >= 0x80) {
                ownLine = false  // (a byte-order mark at the start of the file is not code)
                break
            }
            var end = at
            while end < b.count && YAMLLineBreaks.length(b, at: end) == 0 { end += 1 }
            // A suppression concerns lines as diagnostics count them, LF lines (`Suppressions`):
            // alone on its LF line, it silences the next.
            let aloneOnLFLine = ownLine && (lineStart == 0 || b[lineStart - 1] == 0x0A || Self.onlyBlanksOnLFLine(b, before: at))
            found.append(Found(start: at, end: end, lineStart: lineStart, ownLine: ownLine,
                               directive: CommentDirective.read(b, start: at, end: end, ownLine: aloneOnLFLine)))
            i = end
        }
        return found
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// Whether only blanks and line breaks come before `at` on its LF line.
    private static func onlyBlanksOnLFLine(_ b: UnsafeBufferPointer<UInt8>, before at: Int) -> Bool {
        var k = at
        while k > 0 && b[k - 1] != 0x0A { k -= 1 }
        while k < at {
            let n = YAMLLineBreaks.length(b, at: k)
            if n > 0 {
                k += n
            } else if b[k] == 0x20 || b[k] == 0x09 || (k < 3 && b[k] >= 0x80) {  // (or a byte-order mark)
                k += 1
            } else {
                return false
            }
        }
        return true
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

    /// The outermost flow collection that holds `offset` and starts on its line (after
    /// `lineStart`): a comment there follows its opening bracket.
    private static func flowOpenedBefore(_ offset: Int, lineStart: Int, _ nodes: [YAMLStore.NodeRecord]) -> Int? {
        let next = firstNode(startingAtOrAfter: offset, nodes) ?? nodes.count
        guard next > 0 else { return nil }
        var n = next - 1
        var found: Int?
        while true {
            let r = nodes[n]
            if Int(r.start) < lineStart { break }
            if r.kind != .scalar && r.isFlow && Int(r.end) > offset { found = n }
            guard r.parent >= 0 else { break }
            n = Int(r.parent)
        }
        return found
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
            // Ending on the comment's line: past its start (a block scalar ends at the start of
            // the line after it), or empty there.
            if Int(r.end) > lineStart || (Int(r.end) == lineStart && r.start == r.end) {
                if found == nil || (r.kind != .scalar && r.isFlow) { found = n } else { break }
            }
            guard r.parent >= 0 else { break }
            n = Int(r.parent)
        }
        return found
    }

    /// The first line of code after the comment ending at `commentEnd` (lines that are blank or
    /// hold only a comment are passed over; `Int.max` when none), and the scalar mapping key
    /// that starts it, with only blanks and list items' dashes (`- `) before it (nil when the
    /// line starts otherwise).
    private static func lineOfCode(after commentEnd: Int, _ b: [UInt8], _ nodes: [YAMLStore.NodeRecord],
                                   _ children: [UInt32]) -> (start: Int, key: Int?) {
        var lineEnd = commentEnd
        var first = -1
        while first < 0 {
            while lineEnd < b.count && YAMLLineBreaks.length(b, at: lineEnd) == 0 { lineEnd += 1 }
            guard lineEnd < b.count else { return (Int.max, nil) }
            let start = lineEnd + YAMLLineBreaks.length(b, at: lineEnd)
            lineEnd = start
            while lineEnd < b.count && YAMLLineBreaks.length(b, at: lineEnd) == 0 { lineEnd += 1 }
            guard let k = (start..<lineEnd).first(where: { b[$0] != 0x20 && b[$0] != 0x09 }) else { continue }
            if b[k] == UInt8(ascii: "#") { continue }
            first = start
        }
        // Past the blanks and dashes that may come before a key starting its line.
        var p = first
        while p < lineEnd {
            if b[p] == 0x20 || b[p] == 0x09 {
                p += 1
            } else if b[p] == UInt8(ascii: "-") && p + 1 < b.count && (b[p + 1] == 0x20 || b[p + 1] == 0x09) {
                p += 2
            } else {
                break
            }
        }
        guard p < lineEnd, var n = firstNode(startingAtOrAfter: p, nodes) else { return (first, nil) }
        while n < nodes.count && Int(nodes[n].start) == p {
            if isKey(n, nodes, children) { return (first, n) }
            n += 1
        }
        return (first, nil)
    }

    /// Whether node `n` is a scalar in a key slot of the mapping holding it.
    private static func isKey(_ n: Int, _ nodes: [YAMLStore.NodeRecord], _ children: [UInt32]) -> Bool {
        let r = nodes[n]
        guard r.kind == .scalar, r.parent >= 0 else { return false }
        let m = nodes[Int(r.parent)]
        guard m.kind == .mapping else { return false }
        // The slots hold indexes in document order (an alias's slot apart, which names an
        // earlier node): search them for `n`.
        var lo = Int(m.first), hi = Int(m.first + m.count)
        let slots = lo
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(children[mid]) < n { lo = mid + 1 } else { hi = mid }
        }
        return lo < Int(m.first + m.count) && Int(children[lo]) == n && (lo - slots) % 2 == 0
    }
}
