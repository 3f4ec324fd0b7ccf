import CLibYAML
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

    public static func parse(bytes: [UInt8], limits: YAMLLimits = .standard) -> YAMLParseResult {
        let table = LineTable(bytes: bytes)
        if bytes.count > limits.maxBytes {
            let d = Diagnostic(.tooComplex, "the file is \(bytes.count) bytes; the limit is \(limits.maxBytes)", at: .at(0))
            return YAMLParseResult(root: nil, diagnostics: [d], lineTable: table, isComplete: false)
        }
        var builder = TreeBuilder(table: table, limits: limits)
        bytes.withUnsafeBufferPointer { buffer in
            builder.run(buffer)
        }
        return YAMLParseResult(root: builder.root, diagnostics: builder.diagnostics, lineTable: table, isComplete: builder.isComplete)
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
        if LineTable.containsNonASCII(b, 0..<b.count) {
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

    mutating func offset(_ mark: yaml_mark_t) -> Int {
        offset(line: Int(mark.line), column: Int(mark.column))
    }
}

/// Builds the tree from libyaml's event stream with an explicit stack (no recursion).
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
    var marks: MarkConverter
    var root: YAMLNode?
    var diagnostics: [Diagnostic] = []
    var isComplete = true
    private var stack: [Frame] = []
    private var pending: [YAMLNode] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var aliasBudgetUsed = 0
    private var documents = 0

    init(table: LineTable, limits: YAMLLimits) {
        self.limits = limits
        self.marks = MarkConverter(table: table)
    }

    mutating func run(_ input: UnsafeBufferPointer<UInt8>) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            fail("libyaml could not start (out of memory)", at: 0)
            return
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, input.baseAddress ?? UnsafePointer(bitPattern: 1), input.count)

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                syntaxError(parser)
                closeOpenCollections()
                return
            }
            let keepGoing = handle(&event)
            yaml_event_delete(&event)
            if !keepGoing { break }
        }
        closeOpenCollections()
    }

    /// Handles one event; false stops the parse.
    private mutating func handle(_ event: inout yaml_event_t) -> Bool {
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return false
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                let at = marks.offset(event.start_mark)
                diagnostics.append(Diagnostic(
                    .multipleDocuments,
                    "a Tatami file holds one YAML document; this second one is ignored",
                    at: SourceRange(start: at, end: marks.table.contentRange(ofLine: marks.table.line(ofByte: at)).upperBound)))
                return false
            }
            return true
        case YAML_SCALAR_EVENT:
            let start = marks.offset(event.start_mark)
            let end = marks.offset(event.end_mark)
            let s = event.data.scalar
            let text = string(s.value, length: s.length)
            let style = scalarStyle(s.style)
            let scalar = makeScalar(text: text, style: style, nodeRange: SourceRange(start: start, end: end),
                                    singleLine: event.start_mark.line == event.end_mark.line)
            let node = YAMLNode(content: .scalar(scalar), range: SourceRange(start: start, end: end), tag: cString(s.tag))
            add(node, size: 1, anchor: cString(s.anchor))
            return true
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let start = marks.offset(event.start_mark)
            if stack.count >= limits.maxDepth {
                diagnostics.append(Diagnostic(
                    .tooComplex,
                    "nesting is deeper than \(limits.maxDepth) levels; the rest of the file is ignored",
                    at: SourceRange(start: start, end: start + 1)))
                isComplete = false
                return false
            }
            let tag: String?, anchor: String?, isFlow: Bool
            if isMapping {
                let m = event.data.mapping_start
                tag = cString(m.tag); anchor = cString(m.anchor); isFlow = m.style == YAML_FLOW_MAPPING_STYLE
            } else {
                let q = event.data.sequence_start
                tag = cString(q.tag); anchor = cString(q.anchor); isFlow = q.style == YAML_FLOW_SEQUENCE_STYLE
            }
            stack.append(Frame(isMapping: isMapping, start: start, tag: tag, anchor: anchor, isFlow: isFlow, base: pending.count))
            return true
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close(endMark: marks.offset(event.end_mark))
            return true
        case YAML_ALIAS_EVENT:
            let start = marks.offset(event.start_mark)
            let end = marks.offset(event.end_mark)
            let name = cString(event.data.alias.anchor) ?? ""
            let range = SourceRange(start: start, end: end)
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
            add(target.node, size: target.size, anchor: nil)
            return true
        default:
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
        var seen: [String: YAMLNode] = [:]
        let useDictionary = pairs.count > 16
        for (i, pair) in pairs.enumerated() {
            guard let k = pair.key.keyText else { continue }
            var first: YAMLNode?
            if useDictionary {
                first = seen[k]
                if first == nil { seen[k] = pair.key }
            } else {
                first = pairs[..<i].first(where: { $0.key.keyText.map { sameBytes($0, k) } ?? false })?.key
            }
            if let first {
                let p = marks.table.scalarPosition(ofByte: first.range.start)
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

    private mutating func syntaxError(_ parser: yaml_parser_t) {
        isComplete = false
        let problem = cString(parser.problem) ?? "invalid YAML"
        let at = marks.offset(parser.problem_mark)
        let bytes = marks.table.bytes
        var message = problem
        if let context = cString(parser.context) { message += " " + context }
        if at < bytes.count && bytes[at] == 0x09 {
            message += " (a tab: YAML indents with spaces only)"
        }
        let end = at < bytes.count ? min(bytes.count, at + LineTable.sequenceLength(bytes[at])) : at
        var related: [RelatedLocation] = []
        if parser.context != nil {
            let ctxAt = marks.offset(parser.context_mark)
            if ctxAt != at {
                related.append(RelatedLocation(range: .at(ctxAt), message: cString(parser.context) ?? ""))
            }
        }
        diagnostics.append(Diagnostic(.yamlSyntax, message, at: SourceRange(start: at, end: end), related: related))
    }

    private mutating func fail(_ message: String, at offset: Int) {
        isComplete = false
        diagnostics.append(Diagnostic(.yamlSyntax, message, at: .at(offset)))
    }

    // MARK: Scalars

    private mutating func makeScalar(text: String, style: ScalarStyle, nodeRange: SourceRange, singleLine: Bool) -> YAMLScalar {
        let bytes = marks.table.bytes
        switch style {
        case .plain:
            // A plain scalar has no escapes: on one line, its value is its source text.
            let source = nodeRange.start..<min(nodeRange.end, bytes.count)
            if singleLine && source.count == text.utf8.count {
                return YAMLScalar(text: text, style: style, valueRange: nodeRange,
                                  offsetMap: .identity(start: source.lowerBound, count: source.count))
            }
            return YAMLScalar(text: text, style: style, valueRange: nodeRange, offsetMap: .none)
        case .singleQuoted, .doubleQuoted:
            let inner = SourceRange(start: min(nodeRange.start + 1, nodeRange.end), end: max(nodeRange.start + 1, nodeRange.end - 1))
            let map = ScalarOffsetMap.quoted(bytes: bytes, inner: inner, value: text, double: style == .doubleQuoted)
            return YAMLScalar(text: text, style: style, valueRange: inner, offsetMap: map)
        case .literal, .folded:
            // The content starts on the line after the indicator.
            let firstLine = marks.table.line(ofByte: nodeRange.start) + 1
            let start = firstLine < marks.table.lineCount ? marks.table.lineStarts[firstLine] : nodeRange.end
            return YAMLScalar(text: text, style: style, valueRange: SourceRange(start: min(start, nodeRange.end), end: nodeRange.end), offsetMap: .none)
        }
    }

    private func scalarStyle(_ s: yaml_scalar_style_t) -> ScalarStyle {
        switch s {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    private func string(_ p: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let p else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: length), as: UTF8.self)
    }

    private func cString(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let p else { return nil }
        return String(cString: p)
    }

    private func cString(_ p: UnsafePointer<CChar>?) -> String? {
        guard let p else { return nil }
        return String(cString: p)
    }
}
