import TatamiLayout

/// Text with the little formatting hover and completion documentation use: bold names, code
/// spans, paragraphs, lists, and label–detail rows. Kept as structure so that it can be written
/// as Markdown for editors that render it and as plain text for those that do not.
public struct RichText: Sendable, Hashable {
    /// A run of inline text.
    public enum Span: Sendable, Hashable {
        case text(String)
        /// A name or a piece of the file: `` `x` `` in Markdown, bare in plain text.
        case code(String)
        /// `**x**` in Markdown, bare in plain text.
        case strong(String)
    }

    /// One row of a `rows` block: a label (a viewport, a parameter, "Default") and what it says.
    public struct Row: Sendable, Hashable {
        public var label: [Span]
        /// What Markdown puts between the label and the detail (`": "` or `" "`); plain text
        /// aligns the details in a column instead.
        public var joiner: String
        public var detail: [Span]

        public init(_ label: [Span], _ joiner: String = ": ", _ detail: [Span]) {
            self.label = label
            self.joiner = joiner
            self.detail = detail
        }
    }

    public enum Block: Sendable, Hashable {
        case paragraph([Span])
        /// Bulleted items.
        case list([[Span]])
        /// Label–detail rows: a bulleted list in Markdown, two aligned columns in plain text.
        case rows([Row])
    }

    public var blocks: [Block]

    public init(_ blocks: [Block] = []) { self.blocks = blocks }

    public mutating func append(_ block: Block) { blocks.append(block) }
    public mutating func append(contentsOf other: RichText) { blocks.append(contentsOf: other.blocks) }

    /// Markdown: blocks separated by a blank line, list items and rows as `- ` lines. Empty
    /// blocks are left out.
    public var markdown: String {
        blocks.compactMap { block -> String? in
            switch block {
            case .paragraph(let spans):
                return spans.isEmpty ? nil : Self.markdown(spans)
            case .list(let items):
                return items.isEmpty ? nil : items.map { "- " + Self.markdown($0) }.joined(separator: "\n")
            case .rows(let rows):
                guard !rows.isEmpty else { return nil }
                return rows.map { "- " + Self.markdown($0.label) + $0.joiner + Self.markdown($0.detail) }.joined(separator: "\n")
            }
        }.joined(separator: "\n\n")
    }

    /// Plain text: no Markdown syntax. Blocks are separated by a blank line, list items start
    /// with `- `, and rows are indented two columns with their details lined up in a column
    /// (widths counted in terminal cells, so wide characters in a label keep the alignment).
    public var plainText: String {
        blocks.compactMap { block -> String? in
            switch block {
            case .paragraph(let spans):
                return spans.isEmpty ? nil : Self.plain(spans)
            case .list(let items):
                return items.isEmpty ? nil : items.map { "- " + Self.plain($0) }.joined(separator: "\n")
            case .rows(let rows):
                guard !rows.isEmpty else { return nil }
                let labels = rows.map { Self.plain($0.label) }
                let widths = labels.map(Self.cells)
                let column = widths.max() ?? 0
                return zip(rows, zip(labels, widths)).map { row, label in
                    let detail = Self.plain(row.detail)
                    guard !detail.isEmpty else { return "  " + label.0 }
                    return "  " + label.0 + String(repeating: " ", count: column - label.1 + 2) + detail
                }.joined(separator: "\n")
            }
        }.joined(separator: "\n\n")
    }

    static func markdown(_ spans: [Span]) -> String {
        spans.map { span in
            switch span {
            case .text(let s): return s
            case .code(let s): return "`\(s)`"
            case .strong(let s): return "**\(s)**"
            }
        }.joined()
    }

    static func plain(_ spans: [Span]) -> String {
        spans.map { span in
            switch span {
            case .text(let s), .code(let s), .strong(let s): return s
            }
        }.joined()
    }

    static func cells(_ s: String) -> Int { s.reduce(0) { $0 + CellWidth.of($1) } }

    // MARK: Reading the Markdown the schema table and the services write

    /// Inline text whose code spans are written between backticks (the schema table's doc
    /// strings): `` a `b` c `` → text, code, text. An unmatched backtick is text.
    public static func spans(_ markdown: String) -> [Span] {
        var out: [Span] = []
        var rest = Substring(markdown)
        while let open = rest.firstIndex(of: "`") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "`") else { break }
            if open > rest.startIndex { out.append(.text(String(rest[..<open]))) }
            out.append(.code(String(rest[after..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { out.append(.text(String(rest))) }
        return out
    }

    /// The structure of the small Markdown subset completion documentation is written in:
    /// paragraphs separated by blank lines, `- ` list items, code spans, and `**bold**` words.
    public init(markdown: String) {
        var blocks: [Block] = []
        var paragraph: [String] = []
        var items: [[Span]] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append(.paragraph(Self.inline(paragraph.joined(separator: "\n")))) }
            if !items.isEmpty { blocks.append(.list(items)) }
            paragraph = []
            items = []
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                flush()
            } else if line.hasPrefix("- ") {
                if !paragraph.isEmpty { flush() }
                items.append(Self.inline(String(line.dropFirst(2))))
            } else {
                if !items.isEmpty { flush() }
                paragraph.append(String(line))
            }
        }
        flush()
        self.blocks = blocks
    }

    /// Code spans, then `**bold**` inside the text between them.
    private static func inline(_ s: String) -> [Span] {
        spans(s).flatMap { span -> [Span] in
            guard case .text(let t) = span else { return [span] }
            var out: [Span] = []
            let parts = t.components(separatedBy: "**")
            for (i, part) in parts.enumerated() where !part.isEmpty {
                // Odd parts sit between a pair of `**`; a last odd part has no closing pair.
                let closed = i % 2 == 1 && i < parts.count - 1
                out.append(closed ? .strong(part) : .text(i % 2 == 1 ? "**" + part : part))
            }
            return out
        }
    }
}

extension CompletionCandidate {
    /// The documentation without Markdown syntax, for clients that do not render Markdown.
    public var plainDocumentation: String? {
        documentation.map { RichText(markdown: $0).plainText }
    }
}
