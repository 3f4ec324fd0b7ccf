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

    /// Every code the YAML stage declares, in the order `docs/diagnostics.md` lists them. A test
    /// scans `Sources/TatamiYAML` for declarations and checks this list holds each of them.
    public static let yamlStageCodes: [DiagnosticCode] = [.yamlSyntax, .duplicateKey, .multipleDocuments, .tooComplex]
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

    public static func parse(bytes: [UInt8], limits: YAMLLimits = .standard) -> YAMLParseResult {
        let table = LineTable(bytes: bytes)
        if bytes.count > limits.maxBytes {
            let d = Diagnostic(.tooComplex, "the file is \(bytes.count) bytes; the limit is \(limits.maxBytes)", at: .at(0))
            return YAMLParseResult(root: nil, diagnostics: [d], lineTable: table, isComplete: false)
        }
        var builder = TreeBuilder(table: table, limits: limits)
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = EventDecoder(table: table)
            decoder.readAll(from: EventReader(input: buffer), chunkSize: 256, into: &builder)
        }
        builder.finish()
        return YAMLParseResult(root: builder.root, diagnostics: builder.diagnostics, lineTable: table, isComplete: builder.isComplete,
                               usesAliases: builder.usesAliases)
    }
}

/// Converts libyaml marks (0-based line, Unicode-scalar column; a BOM not counted) to byte
/// offsets. Marks mostly arrive in increasing order, so a cursor makes that O(1) amortised even
/// on one very long line.
struct MarkConverter {
    let table: LineTable
    let bomLength: Int
    private var cursorLine = -1
    private var cursorColumn = 0
    private var cursorByte = 0

    /// Lines holding a byte ≥ 0x80: elsewhere a column is a byte count.
    private let nonASCIILines: Set<Int>
    /// The table's line starts and size, kept here so the per-event conversion makes no calls.
    private let lineStarts: [Int]
    private let byteCount: Int

    init(table: LineTable) {
        self.table = table
        let b = table.bytes
        lineStarts = table.lineStarts
        byteCount = b.count
        bomLength = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        var lines = Set<Int>()
        if !table.isASCII {
            for line in 0..<table.lineCount where LineTable.containsNonASCII(b, table.contentRange(ofLine: line)) {
                lines.insert(line)
            }
        }
        nonASCIILines = lines
    }

    mutating func offset(line: Int, column: Int) -> Int {
        guard line < lineStarts.count else { return byteCount }
        let lineStart = lineStarts[line] + (line == 0 ? bomLength : 0)
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : byteCount
        if nonASCIILines.isEmpty || !nonASCIILines.contains(line) {
            return min(lineStart + column, end)
        }
        if line != cursorLine || column < cursorColumn {
            cursorLine = line
            cursorColumn = 0
            cursorByte = lineStart
        }
        let bytes = table.bytes
        while cursorColumn < column && cursorByte < end {
            cursorByte = min(end, cursorByte + LineTable.sequenceLength(bytes[cursorByte]))
            cursorColumn += 1
        }
        return cursorByte
    }
}

/// Builds the tree from the decoded events (`ParsedEvent`) with an explicit stack (no recursion).
struct TreeBuilder {
    /// An open collection. Its children so far are `pending[base...]` (a mapping's as key,
    /// value, key, value…): one buffer shared by every open collection, so a collection costs
    /// one exact-size array when it closes and nothing while it is open.
    private struct Frame {
        let isMapping: Bool
        let start: Int
        let tag: String?
        let anchor: String?
        let isFlow: Bool
        let base: Int
        /// Expanded size of the children so far (aliases counted in full).
        var size = 1
    }

    let limits: YAMLLimits
    let table: LineTable
    var root: YAMLNode?
    var diagnostics: [Diagnostic] = []
    var isComplete = true
    /// Whether an alias was read (`YAMLParseResult.usesAliases`).
    var usesAliases = false
    private var stack: [Frame] = []
    private var pending: [YAMLNode] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var aliasBudgetUsed = 0
    private var documents = 0

    init(table: LineTable, limits: YAMLLimits) {
        self.limits = limits
        self.table = table
    }

    /// After the last event: closes what an error or an early stop left open.
    mutating func finish() {
        closeOpenCollections()
    }

    /// Handles one event; false stops the parse.
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
        case .scalar(let node, let anchor):
            add(node, size: 1, anchor: anchor)
            return true
        case .collectionStart(let isMapping, let start, let tag, let anchor, let isFlow):
            if stack.count >= limits.maxDepth {
                diagnostics.append(Diagnostic(
                    .tooComplex,
                    "nesting is deeper than \(limits.maxDepth) levels; the rest of the file is ignored",
                    at: SourceRange(start: start, end: start + 1)))
                isComplete = false
                return false
            }
            stack.append(Frame(isMapping: isMapping, start: start, tag: tag, anchor: anchor, isFlow: isFlow, base: pending.count))
            return true
        case .collectionEnd(let end):
            close(endMark: end)
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
            add(target.node, size: target.size, anchor: nil)
            return true
        }
    }

    private mutating func add(_ node: YAMLNode, size: Int, anchor: String?) {
        if let anchor { anchors[anchor] = (node, size) }
        if !stack.isEmpty {
            pending.append(node)
            stack[stack.count - 1].size += size
        } else if root == nil {
            root = node
        }
    }

    /// The end of the last child added to the innermost open collection, if it has any.
    private var lastChildEnd: Int? {
        guard let top = stack.last, pending.count > top.base else { return nil }
        return pending[pending.count - 1].range.end
    }

    private mutating func close(endMark: Int) {
        guard let frame = stack.last else { return }
        let end = frame.isFlow ? endMark : (lastChildEnd ?? frame.start)
        stack.removeLast()
        let node = collection(frame, range: SourceRange(start: frame.start, end: end))
        // No slice of `pending` may be alive here, or this would copy the whole buffer.
        pending.removeSubrange(frame.base...)
        add(node, size: frame.size, anchor: frame.anchor)
    }

    private mutating func collection(_ frame: Frame, range: SourceRange) -> YAMLNode {
        guard frame.isMapping else {
            return YAMLNode(content: .sequence(Array(pending[frame.base...])), range: range, tag: frame.tag, isFlow: frame.isFlow)
        }
        var pairs: [YAMLPair] = []
        pairs.reserveCapacity((pending.count - frame.base) / 2)
        var i = frame.base
        while i + 1 < pending.count {
            pairs.append(YAMLPair(key: pending[i], value: pending[i + 1]))
            i += 2
        }
        checkDuplicateKeys(pairs)
        return YAMLNode(content: .mapping(pairs), range: range, tag: frame.tag, isFlow: frame.isFlow)
    }

    private mutating func checkDuplicateKeys(_ pairs: [YAMLPair]) {
        // Small mappings (nearly all of them) are checked by comparing keys directly; a
        // dictionary pays off only for large ones.
        guard pairs.count > 1 else { return }
        var seen: [ByteKey: YAMLNode] = [:]
        let useDictionary = pairs.count > 16
        for (i, pair) in pairs.enumerated() {
            guard let k = pair.key.keyText else { continue }
            var first: YAMLNode?
            if useDictionary {
                first = seen[ByteKey(text: k)]
                if first == nil { seen[ByteKey(text: k)] = pair.key }
            } else {
                first = pairs[..<i].first(where: { $0.key.keyText.map { sameBytes($0, k) } ?? false })?.key
            }
            if let first {
                let p = table.scalarPosition(ofByte: first.range.start)
                diagnostics.append(Diagnostic(
                    .duplicateKey,
                    "`\(k)` is already set on line \(p.line + 1); a key may appear once in a mapping",
                    at: pair.key.range,
                    related: [RelatedLocation(range: first.range, message: "first `\(k)` here")]))
            }
        }
    }

    /// Keys are compared as bytes (YAML compares content, not canonical Unicode equivalence),
    /// which is also much cheaper than `String ==`.
    private func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    /// A key as large mappings look it up: hashed and compared by its UTF-8 bytes, as small
    /// ones compare keys (a `String` key would merge canonically equivalent spellings).
    private struct ByteKey: Hashable {
        let text: String

        static func == (a: ByteKey, b: ByteKey) -> Bool {
            var x = a.text, y = b.text
            guard x.utf8.count == y.utf8.count else { return false }
            return x.withUTF8 { p in y.withUTF8 { q in p.elementsEqual(q) } }
        }

        func hash(into hasher: inout Hasher) {
            var t = text
            t.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// After an error or an early stop: close what is open so the partial tree is usable.
    private mutating func closeOpenCollections() {
        while let top = stack.last {
            // A key without its value yet gets a null value.
            if top.isMapping, (pending.count - top.base) % 2 == 1 {
                let keyEnd = pending[pending.count - 1].range.end
                add(nullNode(.at(keyEnd)), size: 1, anchor: nil)
            }
            close(endMark: lastChildEnd ?? top.start)
        }
    }

    private func nullNode(_ range: SourceRange) -> YAMLNode {
        YAMLNode(content: .scalar(YAMLScalar(text: "", style: .plain, valueRange: range, offsetMap: .none)), range: range)
    }
}
