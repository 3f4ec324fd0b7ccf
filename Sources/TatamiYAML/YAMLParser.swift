import TatamiBase

extension DiagnosticCode {
    /// libyaml rejected the text.
    public static let yamlSyntax = DiagnosticCode("yaml-syntax", .error)
    /// A key appears twice in one mapping.
    public static let duplicateKey = DiagnosticCode("duplicate-key", .error)
    /// The file holds more than one YAML document.
    public static let multipleDocuments = DiagnosticCode("multiple-documents", .error)
    /// Alias expansion or nesting past the documented limits.
    public static let tooComplex = DiagnosticCode("too-complex", .error)
}

/// Limits that keep parsing bounded whatever the input (see docs/limits.md).
public struct YAMLLimits: Sendable {
    /// Deepest nesting of collections. libyaml itself has no limit; the tree is built without
    /// recursion, but every later stage walks it recursively, so depth is capped here.
    public var maxDepth: Int
    /// Nodes that aliases may add in total, counting every node of each aliased subtree
    /// (a "billion laughs" file exceeds it after a few levels).
    public var maxAliasExpansion: Int
    /// Largest input accepted, in bytes.
    public var maxBytes: Int

    public init(maxDepth: Int = 4_000, maxAliasExpansion: Int = 100_000, maxBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxBytes = maxBytes
    }

    public static let standard = YAMLLimits()
}

/// Parses YAML text with libyaml into an immutable `YAMLNode` tree with exact source ranges.
///
/// Never throws and never traps on bad input: problems come back as diagnostics, together with
/// as much of the tree as could be built.
public enum YAMLParser {
    public static func parse(_ text: String, limits: YAMLLimits = .standard) -> YAMLParseResult {
        parse(bytes: Array(text.utf8), limits: limits)
    }

    /// `lineTable`: the text's line table when the caller has it already (the language server
    /// keeps one per revision); it must be `LineTable(bytes: bytes)`.
    public static func parse(bytes: [UInt8], lineTable: LineTable? = nil, limits: YAMLLimits = .standard) -> YAMLParseResult {
        let table = lineTable ?? LineTable(bytes: bytes)
        if bytes.count > limits.maxBytes {
            let d = Diagnostic(.tooComplex, "the file is \(bytes.count) bytes; the limit is \(limits.maxBytes)", at: .at(0))
            return YAMLParseResult(root: nil, diagnostics: [d], lineTable: table, isComplete: false)
        }
        if let encoding = OtherEncoding(bytes) {
            // libyaml would read UTF-16 after a byte-order mark, but every offset here counts
            // UTF-8 bytes: the ranges would land anywhere. One clear error instead.
            let d = Diagnostic(.yamlSyntax, "the file is \(encoding.name), not UTF-8: Tatami files are UTF-8; convert it "
                                   + "(for example `iconv -f \(encoding.name) -t UTF-8`)",
                               at: SourceRange(start: 0, end: min(bytes.count, encoding.markLength)))
            return YAMLParseResult(root: nil, diagnostics: [d], lineTable: table, isComplete: false)
        }
        var builder = TreeBuilder(table: table, limits: limits)
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = EventDecoder(table: table)
            decoder.readAll(from: EventReader(input: buffer), into: &builder)
        }
        builder.finish()
        let rootEnd = builder.rootIndex.map { builder.store.range(of: $0).end } ?? 0
        let comments = CommentTable(bytes: bytes, nodes: builder.store.nodes, children: builder.store.children,
                                    root: builder.rootIndex, scannedUpTo: builder.isComplete ? bytes.count : rootEnd)
        let store = builder.store.store(source: bytes, comments: comments)
        let root = builder.rootIndex.map { YAMLNode(store: store, index: $0) }
        func node(_ i: Int32) -> YAMLNode? { i < 0 ? nil : YAMLNode(store: store, index: UInt32(i)) }
        let trivia = comments.records.enumerated().map { i, c in
            YAMLComment(range: comments.range(i, 0), placement: c.trailing ? .trailing : .leading, node: node(c.node),
                        keptWith: node(c.keptWith), standsAlone: c.ownLine, directive: c.directive)
        }
        return YAMLParseResult(root: root, diagnostics: builder.diagnostics, lineTable: table, isComplete: builder.isComplete,
                               usesAliases: builder.usesAliases, comments: trivia, directives: comments.directives)
    }
}

/// Converts libyaml marks to byte offsets, through their `index`: the count of Unicode scalars
/// before the mark (a byte-order mark at the start of the text not counted; every other
/// character one, CR LF two), which does not depend on what libyaml counts as a line break. Its
/// lines and columns do: libyaml starts a line at LF, CR, NEL, U+2028 and U+2029
/// (`YAMLLineBreaks`), where a `LineTable` starts one at LF only.
///
/// In an ASCII text the index is the byte offset. Elsewhere it is counted from the last mark
/// converted, forward or back, eight ASCII bytes at a time where it can: marks mostly arrive in
/// increasing order and close together, which makes that O(1) amortised; a mark further away is
/// found in the line table's column index.
struct MarkConverter {
    let table: LineTable
    let bomLength: Int
    private let isASCII: Bool
    private let byteCount: Int
    /// The last mark converted: its index and its byte offset.
    private var cursorIndex = 0
    private var cursorByte: Int

    /// Marks further than this from the last one are looked up in the column index.
    private static let walkLimit = 256

    init(table: LineTable) {
        self.table = table
        let b = table.bytes
        byteCount = b.count
        isASCII = table.isASCII
        bomLength = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        cursorByte = bomLength
    }

    /// The byte offset of a mark with index `index`.
    @inline(__always)
    mutating func offset(index: Int) -> Int {
        isASCII ? min(index, byteCount) : scalarOffset(index)
    }

    private mutating func scalarOffset(_ index: Int) -> Int {
        let distance = index - cursorIndex
        if distance > Self.walkLimit || distance < -Self.walkLimit {
            // The byte-order mark is one scalar of the text, not counted in the index.
            cursorByte = table.byteOffset(scalarIndex: index + (bomLength > 0 ? 1 : 0))
            cursorIndex = index
            return cursorByte
        }
        var i = cursorByte, n = cursorIndex
        let count = byteCount
        table.bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            while n < index && i < count {
                if index - n >= 8 && i + 8 <= count
                    && UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    n += 8
                } else {
                    i = min(count, i + LineTable.sequenceLength(b[i]))
                    n += 1
                }
            }
            while n > index && i > bomLength {
                i -= 1
                while i > bomLength && b[i] & 0xC0 == 0x80 { i -= 1 }
                n -= 1
            }
        }
        // (Short of `index` only past the text's end, which has no more scalars.)
        cursorIndex = n
        cursorByte = i
        return i
    }
}

/// Builds the store from the decoded events (`ParsedEvent`) with an explicit stack (no recursion).
struct TreeBuilder {
    /// An open collection. Its children so far are `pending[base...]` (a mapping's as key,
    /// value, key, value…): one buffer shared by every open collection. Plain values only (its
    /// anchor, when it has one, is in `openAnchors`), so reading and popping a frame copies
    /// no references.
    private struct Frame {
        let index: UInt32
        let isMapping: Bool
        let start: Int
        let isFlow: Bool
        let base: Int
        /// Expanded size of the children so far (aliases counted in full).
        var size = 1
    }

    let limits: YAMLLimits
    let table: LineTable
    var store: YAMLStoreBuilder
    var rootIndex: UInt32?
    var diagnostics: [Diagnostic] = []
    var isComplete = true
    /// Whether an alias was read (`YAMLParseResult.usesAliases`).
    var usesAliases = false
    private var stack: [Frame] = []
    /// The anchors of the open collections that have one, by their depth on `stack`.
    private var openAnchors: [Int: String] = [:]
    private var pending: [UInt32] = []
    private var anchors: [String: (index: UInt32, size: Int)] = [:]
    private var aliasBudgetUsed = 0
    private var documents = 0

    init(table: LineTable, limits: YAMLLimits) {
        self.limits = limits
        self.table = table
        store = YAMLStoreBuilder(source: table.bytes)
    }

    /// After the last event: closes what an error or an early stop left open.
    mutating func finish() {
        closeOpenCollections()
    }

    private var parentIndex: Int32 { stack.isEmpty ? -1 : Int32(stack[stack.count - 1].index) }

    /// Adds a scalar.
    mutating func scalar(_ scalar: YAMLStoreBuilder.Scalar, tag: String?, anchor: String?) {
        add(store.addScalar(scalar, tag: tag, parent: parentIndex), size: 1, anchor: anchor)
    }

    /// Adds a scalar without tag or anchor whose record holds all of it (`YAMLStoreBuilder.addInlineScalar`).
    mutating func inlineScalar(_ range: SourceRange, style: ScalarStyle, resolved: YAMLStore.Resolved, number: UInt64) {
        add(store.addInlineScalar(range, style: style, resolved: resolved, number: number, tag: false, parent: parentIndex),
            size: 1, anchor: nil)
    }

    /// Handles one event other than a scalar; false stops the parse.
    mutating func handle(_ event: ParsedEvent) -> Bool {
        switch event {
        case .streamEnd:
            return false
        case .failed(let diagnostic):
            isComplete = false
            diagnostics.append(diagnostic)
            return false
        case .documentStart(let at):
            documents += 1
            if documents > 1 {
                diagnostics.append(Diagnostic(
                    .multipleDocuments,
                    "a Tatami file holds one YAML document; this second one is ignored",
                    at: SourceRange(start: at, end: table.contentRange(ofLine: table.line(ofByte: at)).upperBound)))
                return false
            }
            return true
        case .alias(let name, let range):
            guard let target = anchors[name] else {
                // libyaml reports undefined aliases itself; this is a fallback.
                diagnostics.append(Diagnostic(.yamlSyntax, "found undefined alias `\(name)`", at: range))
                add(nullNode(range), size: 1, anchor: nil)
                return true
            }
            aliasBudgetUsed += target.size
            if aliasBudgetUsed > limits.maxAliasExpansion {
                diagnostics.append(Diagnostic(
                    .tooComplex,
                    "aliases expand to more than \(limits.maxAliasExpansion) nodes; the rest of the file is ignored",
                    at: range))
                isComplete = false
                return false
            }
            usesAliases = true
            add(target.index, size: target.size, anchor: nil)
            return true
        }
    }

    /// A collection starts at byte `start` (its first character, its anchor or tag excluded);
    /// false stops the parse.
    mutating func openCollection(isMapping: Bool, start: Int, tag: String?, anchor: String?, isFlow: Bool) -> Bool {
        if stack.count >= limits.maxDepth {
            diagnostics.append(Diagnostic(
                .tooComplex,
                "nesting is deeper than \(limits.maxDepth) levels; the rest of the file is ignored",
                at: SourceRange(start: start, end: start + 1)))
            isComplete = false
            return false
        }
        let index = store.openCollection(isMapping: isMapping, start: start, tag: tag, isFlow: isFlow, parent: parentIndex)
        if let anchor { openAnchors[stack.count] = anchor }
        stack.append(Frame(index: index, isMapping: isMapping, start: start, isFlow: isFlow, base: pending.count))
        return true
    }

    private mutating func add(_ node: UInt32, size: Int, anchor: String?) {
        if let anchor { anchors[anchor] = (node, size) }
        if !stack.isEmpty {
            pending.append(node)
            stack[stack.count - 1].size += size
        } else if rootIndex == nil {
            rootIndex = node
        }
    }

    /// The end of the last child added to the collection whose children start at `base` in
    /// `pending` (the innermost open one), if it has any.
    private func lastChildEnd(from base: Int) -> Int? {
        pending.count > base ? store.range(of: pending[pending.count - 1]).end : nil
    }

    /// The innermost open collection ends. `endMark`: just past a flow collection's closing
    /// bracket; for block collections, where libyaml put its end mark (the last child's end is
    /// used instead).
    mutating func close(endMark: Int) {
        guard let frame = stack.popLast() else { return }
        let end = frame.isFlow ? endMark : (lastChildEnd(from: frame.base) ?? frame.start)
        pending.withUnsafeBufferPointer { p in
            store.close(frame.index, end: end, children: UnsafeBufferPointer(rebasing: p[frame.base...]))
        }
        if frame.isMapping { checkDuplicateKeys(frame.base) }
        pending.removeLast(pending.count - frame.base)
        let anchor = openAnchors.isEmpty ? nil : openAnchors.removeValue(forKey: stack.count)
        add(frame.index, size: frame.size, anchor: anchor)
    }

    /// Duplicate keys among the pairs `pending[base...]` (key, value, key, value…).
    private mutating func checkDuplicateKeys(_ base: Int) {
        let pairCount = (pending.count - base) / 2
        guard pairCount > 1 else { return }
        var duplicates: [(key: UInt32, first: UInt32)] = []
        // Small mappings (nearly all of them) are checked by comparing keys directly; a
        // dictionary pays off only for large ones.
        if pairCount <= 16 {
            for i in 1..<pairCount {
                let key = pending[base + 2 * i]
                for j in 0..<i where store.sameKey(key, pending[base + 2 * j]) {
                    duplicates.append((key, pending[base + 2 * j]))
                    break
                }
            }
        } else {
            var seen: [ByteKey: UInt32] = [:]
            for i in 0..<pairCount {
                let key = pending[base + 2 * i]
                guard let k = store.keyBytes(key) else { continue }
                if let first = seen[ByteKey(bytes: k)] {
                    duplicates.append((key, first))
                } else {
                    seen[ByteKey(bytes: k)] = key
                }
            }
        }
        for (key, first) in duplicates {
            let firstRange = store.range(of: first)
            let p = table.scalarPosition(ofByte: firstRange.start)
            let text = String(decoding: store.keyBytes(key) ?? [], as: UTF8.self)
            diagnostics.append(Diagnostic(
                .duplicateKey,
                "`\(text)` is already set on line \(p.line + 1); a key may appear once in a mapping",
                at: store.range(of: key),
                related: [RelatedLocation(range: firstRange, message: "first `\(text)` here")]))
        }
    }

    /// A key as large mappings look it up: hashed and compared by its UTF-8 bytes (YAML
    /// compares content, not canonical Unicode equivalence).
    private struct ByteKey: Hashable {
        let bytes: ArraySlice<UInt8>
    }

    /// After an error or an early stop: close what is open so the partial tree is usable.
    private mutating func closeOpenCollections() {
        while let top = stack.last {
            // A key without its value yet gets a null value.
            if top.isMapping, (pending.count - top.base) % 2 == 1 {
                let keyEnd = store.range(of: pending[pending.count - 1]).end
                add(nullNode(.at(keyEnd)), size: 1, anchor: nil)
            }
            close(endMark: lastChildEnd(from: top.base) ?? top.start)
        }
    }

    private mutating func nullNode(_ range: SourceRange) -> UInt32 {
        store.addScalar(.init(nodeRange: range, valueRange: range, style: .plain, text: range.start == range.end ? nil : "",
                              table: nil, resolved: .null, number: 0),
                        tag: nil, parent: parentIndex)
    }
}

/// A text in UTF-16 or UTF-32, told by its first bytes as YAML 1.2 (§5.2) tells encodings: a
/// byte-order mark, or the zero bytes an ASCII first character has in those encodings (a UTF-8
/// text cannot start with a zero byte, nor have one second: YAML allows no NUL).
struct OtherEncoding {
    let name: String
    /// The byte-order mark's length, or the first character's bytes without one.
    let markLength: Int

    init?(_ b: [UInt8]) {
        func starts(_ prefix: [UInt8]) -> Bool { b.count >= prefix.count && Array(b.prefix(prefix.count)) == prefix }
        if starts([0x00, 0x00, 0xFE, 0xFF]) {
            (name, markLength) = ("UTF-32BE", 4)
        } else if starts([0xFF, 0xFE, 0x00, 0x00]) {
            (name, markLength) = ("UTF-32LE", 4)
        } else if starts([0xFE, 0xFF]) {
            (name, markLength) = ("UTF-16BE", 2)
        } else if starts([0xFF, 0xFE]) {
            (name, markLength) = ("UTF-16LE", 2)
        } else if b.count >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] != 0 {
            (name, markLength) = ("UTF-32BE", 4)
        } else if b.count >= 4 && b[0] != 0 && b[1] == 0 && b[2] == 0 && b[3] == 0 {
            (name, markLength) = ("UTF-32LE", 4)
        } else if b.count >= 2 && b[0] == 0 && b[1] != 0 {
            (name, markLength) = ("UTF-16BE", 2)
        } else if b.count >= 2 && b[0] != 0 && b[1] == 0 {
            (name, markLength) = ("UTF-16LE", 2)
        } else {
            return nil
        }
    }
}
