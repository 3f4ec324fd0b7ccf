import TatamiBase
import TatamiYAML

/// Why a text was not formatted.
public struct FormatFailure: Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The text is not one well-formed YAML document: `diagnostics` say where.
        case syntaxError
        /// The text uses something the formatter leaves alone (anchors, aliases, tags, …).
        case unsupported
        /// The formatter's own check failed (a comment or a value would not have survived):
        /// a bug, reported rather than written.
        case internalError
    }

    public let kind: Kind
    public let message: String
    /// For `.syntaxError`: the YAML stage's errors, in the text's byte offsets.
    public let diagnostics: [Diagnostic]

    public var description: String { message }
}

/// What formatting a text gave: the formatted text, or why there is none.
public enum FormatResult: Sendable {
    case formatted([UInt8])
    case failed(FormatFailure)

    /// The formatted text (UTF-8 bytes), nil on failure.
    public var bytes: [UInt8]? {
        if case .formatted(let b) = self { return b }
        return nil
    }

    /// The formatted text, nil on failure.
    public var text: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    public var failure: FormatFailure? {
        if case .failed(let f) = self { return f }
        return nil
    }
}

/// `tatami format` (docs/format.md §12.6): a text in, the same document in the canonical shape
/// out (§15), or the reason it was left alone. A pure function: no files, no settings besides
/// the line width. An editor derives minimal edits by diffing the lines of the two texts.
///
/// The result is checked before it is returned: it parses to the same tree (the same values,
/// the keys of reordered mappings as a permutation) and holds every comment of the input
/// exactly once; otherwise the answer is an `.internalError` failure, never a lossy text.
public enum TatamiFormatter {
    /// The line width when the workspace file does not set `format.lineWidth`.
    public static let defaultLineWidth = 100
    /// The widths `format.lineWidth` accepts (docs/workspace.md).
    public static let lineWidthRange = 20...1_000

    public static func format(text: String, lineWidth: Int = defaultLineWidth, workspaceFile: Bool = false) -> FormatResult {
        format(bytes: Array(text.utf8), lineWidth: lineWidth, workspaceFile: workspaceFile)
    }

    /// Formats `bytes`; `workspaceFile` orders the top level as a `tatami.config.yaml`'s.
    /// Runs on a thread with a large stack (the tree is walked recursively, as validation does).
    public static func format(bytes: [UInt8], lineWidth: Int = defaultLineWidth, workspaceFile: Bool = false) -> FormatResult {
        LargeStack.run { formatOnThisThread(bytes: bytes, lineWidth: lineWidth, workspaceFile: workspaceFile) }
    }

    /// `format`, on the caller's thread (which must have `LargeStack.size` of stack for deeply
    /// nested input).
    public static func formatOnThisThread(bytes: [UInt8], lineWidth: Int = defaultLineWidth, workspaceFile: Bool = false) -> FormatResult {
        // Lines ended by CR alone (old Mac files) or by NEL (U+0085): libyaml reads a CR as a
        // line break, as it reads LF, and a NEL as it reads CR LF (in a scalar's value too, where
        // both become LF), so the text with LF and CR LF in their place (byte for byte: offsets
        // stay) is the same document, and that is what is formatted (the output's line breaks
        // are LF, §15). The result is also compared with the original text's values.
        if let lf = withLineFeeds(bytes) {
            let result = formatLineFeedText(lf, lineWidth: lineWidth, workspaceFile: workspaceFile)
            guard case .formatted(let out) = result else { return result }
            let original = YAMLParser.parse(bytes: bytes)
            switch (original.root, YAMLParser.parse(bytes: out).root) {
            case (nil, nil): return result
            case let (a?, b?) where original.isComplete && sameTree(a, b): return result
            default: return internalError("the formatted text holds other values than the text with CR or NEL line ends")
            }
        }
        return formatLineFeedText(bytes, lineWidth: lineWidth, workspaceFile: workspaceFile)
    }

    /// The text with each CR that is not followed by LF replaced with LF, and each NEL (U+0085,
    /// the bytes C2 85) with CR LF; nil when there is neither.
    static func withLineFeeds(_ bytes: [UInt8]) -> [UInt8]? {
        func loneCR(_ i: Int) -> Bool { bytes[i] == 13 && (i + 1 == bytes.count || bytes[i + 1] != 10) }
        func nel(_ i: Int) -> Bool { bytes[i] == 0xC2 && i + 1 < bytes.count && bytes[i + 1] == 0x85 }
        guard let first = bytes.indices.first(where: { loneCR($0) || nel($0) }) else { return nil }
        var out = bytes
        for i in first..<out.count {
            if loneCR(i) {
                out[i] = 10
            } else if nel(i) {
                out[i] = 13
                out[i + 1] = 10
            }
        }
        return out
    }

    /// `formatOnThisThread` of a text whose lines end in LF or CRLF.
    private static func formatLineFeedText(_ bytes: [UInt8], lineWidth: Int, workspaceFile: Bool) -> FormatResult {
        let width = min(max(lineWidth, lineWidthRange.lowerBound), lineWidthRange.upperBound)
        let parsed = YAMLParser.parse(bytes: bytes)
        let fatal: Set<String> = [DiagnosticCode.yamlSyntax.name, DiagnosticCode.multipleDocuments.name, DiagnosticCode.tooComplex.name]
        let errors = parsed.diagnostics.filter { fatal.contains($0.code.name) }
        if !parsed.isComplete || !errors.isEmpty {
            let first = errors.first?.message ?? "the YAML could not be read to the end"
            return .failed(FormatFailure(kind: .syntaxError, message: first, diagnostics: errors))
        }
        if parsed.usesAliases { return unsupported("it uses aliases (`*name`)") }

        var scalars: [SourceRange] = []
        var problem: String?
        if let root = parsed.root { collect(root, bytes, &scalars, &problem) }
        if let problem { return unsupported(problem) }
        let gaps = scanGaps(bytes, scalars: scalars, comments: parsed.comments.map(\.range), rootStart: parsed.root?.range.start)
        if let reason = gaps.problem { return unsupported(reason) }

        var printer = FormatPrinter(bytes: bytes, table: parsed.lineTable, width: width, workspace: workspaceFile)
        printer.read(parsed.comments)
        printer.printDocument(parsed.root, comments: parsed.comments, documentStart: gaps.documentStart)
        if let reason = printer.failure { return unsupported(reason) }
        var output = printer.out
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { output.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }

        if printer.written != parsed.comments.count {
            return internalError("\(parsed.comments.count) comments read but \(printer.written) written")
        }
        let again = YAMLParser.parse(bytes: output)
        guard again.isComplete, !again.diagnostics.contains(where: { fatal.contains($0.code.name) }) else {
            return internalError("the formatted text does not parse")
        }
        switch (parsed.root, again.root) {
        case (nil, nil): break
        case let (a?, b?): if !sameTree(a, b) { return internalError("the formatted text holds other values") }
        default: return internalError("the formatted text holds other values")
        }
        func texts(_ r: YAMLParseResult, _ source: [UInt8]) -> [[UInt8]] {
            r.comments.map { c -> [UInt8] in
                var end = c.range.end
                while end > c.range.start && (source[end - 1] == 0x20 || source[end - 1] == 0x09) { end -= 1 }
                return Array(source[c.range.start..<end])
            }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        if texts(parsed, bytes) != texts(again, output) {
            return internalError("a comment would have been lost or moved into a value")
        }
        return .formatted(output)
    }

    private static func unsupported(_ reason: String) -> FormatResult {
        .failed(FormatFailure(kind: .unsupported, message: "cannot format: \(reason)", diagnostics: []))
    }

    private static func internalError(_ reason: String) -> FormatResult {
        .failed(FormatFailure(kind: .internalError, message: "internal error, file left unchanged: \(reason)", diagnostics: []))
    }

    /// Every scalar's range in document order; tags and keys that are not scalars are reported.
    private static func collect(_ node: YAMLNode, _ bytes: [UInt8], _ scalars: inout [SourceRange], _ problem: inout String?) {
        if problem != nil { return }
        if node.tag != nil {
            problem = "it uses tags (`!name`)"
            return
        }
        if let style = node.scalarStyle {
            // An anchor or tag written before a scalar lies inside its range.
            let range = node.range
            let first = range.isEmpty ? nil : bytes[range.start]
            let clean: Bool
            switch style {
            case .plain: clean = first != UInt8(ascii: "&") && first != UInt8(ascii: "!")
            case .singleQuoted: clean = first == UInt8(ascii: "'")
            case .doubleQuoted: clean = first == UInt8(ascii: "\"")
            case .literal, .folded: clean = first == UInt8(ascii: "|") || first == UInt8(ascii: ">")
            }
            if !clean {
                problem = "it uses anchors or tags (`&name`, `!name`)"
                return
            }
            scalars.append(range)
        } else if let items = node.items {
            for i in items { collect(i, bytes, &scalars, &problem) }
        } else if let pairs = node.pairs {
            for i in 0..<pairs.count {
                let key = pairs.key(at: i)
                if !key.isScalar {
                    problem = "a key is a mapping or a list"
                    return
                }
                collect(key, bytes, &scalars, &problem)
                collect(pairs.value(at: i), bytes, &scalars, &problem)
            }
        }
    }

    /// Looks at what lies outside scalars and comments (indentation and YAML's punctuation) for
    /// anchors, tags, aliases, directives, complex keys and document markers; a `---` before
    /// the document's root is kept.
    private static func scanGaps(_ bytes: [UInt8], scalars: [SourceRange], comments: [SourceRange],
                                 rootStart: Int?) -> (problem: String?, documentStart: Int?) {
        var skip = (scalars + comments).filter { $0.end > $0.start }
        skip.sort { $0.start < $1.start }
        var documentStart: Int?
        var k = 0
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineStart = true
        while i < bytes.count {
            while k < skip.count && skip[k].end <= i { k += 1 }
            if k < skip.count && skip[k].start <= i {
                i = skip[k].end
                lineStart = false
                continue
            }
            let c = bytes[i]
            if c == 0x20 {
                // A run of spaces (indentation, mostly), up to the next scalar or comment at most.
                let limit = k < skip.count ? min(skip[k].start, bytes.count) : bytes.count
                i += 1
                while i < limit && bytes[i] == 0x20 { i += 1 }
                lineStart = false
                continue
            }
            switch c {
            case 0x20, 0x09, 13, UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "{"), UInt8(ascii: "}"):
                lineStart = false
            case 10:
                lineStart = true
                i += 1
                continue
            case UInt8(ascii: "-"):
                if lineStart && bytes[i...].starts(with: "---".utf8)
                    && (i + 3 == bytes.count || [0x20, 0x09, 10, 13].contains(bytes[i + 3])) {
                    if let rootStart, i > rootStart { return ("a document marker (`---`) after the document's start", nil) }
                    if documentStart != nil { return ("two document markers (`---`)", nil) }
                    documentStart = i
                    i += 3
                    lineStart = false
                    continue
                }
                lineStart = false
            case UInt8(ascii: "&"): return ("it uses anchors (`&name`)", nil)
            case UInt8(ascii: "!"): return ("it uses tags (`!name`)", nil)
            case UInt8(ascii: "*"): return ("it uses aliases (`*name`)", nil)
            case UInt8(ascii: "%"): return ("it uses directives (`%YAML`)", nil)
            case UInt8(ascii: "?"): return ("it uses explicit keys (`? key`)", nil)
            case UInt8(ascii: "."): return ("it uses a document end marker (`...`)", nil)
            default:
                if c == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    let name = bytes[i + 2] == 0xA8 ? "U+2028 LINE SEPARATOR" : "U+2029 PARAGRAPH SEPARATOR"
                    return ("a \(name) outside values, which YAML reads as a line break (write a line feed instead)", nil)
                }
                let character = bytes[i..<min(bytes.count, i + LineTable.sequenceLength(c))]
                return ("unexpected text outside values (`\(String(decoding: character, as: UTF8.self))`)", nil)
            }
            i += 1
        }
        return (nil, documentStart)
    }

    /// Whether two trees hold the same values: scalars by their reading, lists item by item,
    /// mappings as the same pairs in any order (the formatter reorders keys).
    static func sameTree(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        // Scalars by their reading, read from the stores (no scalar made).
        if a.isScalar || b.isScalar { return a.hasSameReading(as: b) }
        if let x = a.items {
            guard let y = b.items, x.count == y.count else { return false }
            for i in 0..<x.count where !sameTree(x[i], y[i]) { return false }
            return true
        }
        guard let x = a.pairs, let y = b.pairs, x.count == y.count else { return false }
        // Most mappings keep their key order: compare them pair by pair without sorting.
        var sameOrder = true
        for i in 0..<x.count where !x.key(at: i).hasSameKeyText(as: y.key(at: i)) {
            sameOrder = false
            break
        }
        if sameOrder {
            for i in 0..<x.count where !sameTree(x.value(at: i), y.value(at: i)) { return false }
            return true
        }
        func sortedPairs(_ p: YAMLPairs) -> [(String, Int)] {
            p.enumerated().map { ($0.element.key.keyText ?? "", $0.offset) }
                .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        }
        let sx = sortedPairs(x), sy = sortedPairs(y)
        for (p, q) in zip(sx, sy) {
            guard p.0 == q.0, sameTree(x.value(at: p.1), y.value(at: q.1)) else { return false }
        }
        return true
    }
}
