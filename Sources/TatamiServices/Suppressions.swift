import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// A suppression comment names something that is not a diagnostic code.
    public static let unknownCode = DiagnosticCode("unknown-code", .warning)
}

/// `# tatami-ignore: code, code` and `# tatami-ignore-file: code` comments (docs/format.md §11).
///
/// A comment after content on a line silences its codes for diagnostics that start on that
/// line; a comment alone on its line silences them for the next line. The comments are the YAML
/// layer's: the parse finds every comment once, and recognises these among them
/// (`CommentDirective`, `YAMLParseResult.directives`); here their codes are read.
public struct Suppressions: Sendable {
    /// Codes silenced per 0-based line.
    public private(set) var byLine: [Int: Set<String>] = [:]
    public private(set) var fileWide: Set<String> = []
    /// Every code a comment names, with its place: the pipeline warns about names that are not
    /// codes (`unknown-code`), which would otherwise silence nothing without a word.
    public private(set) var written: [(code: String, range: SourceRange)] = []

    /// The suppressions a parse found (`YAMLParseResult.directives`) in the text of `table`.
    public init(_ directives: [CommentDirective], in table: LineTable) {
        let bytes = table.bytes
        for d in directives {
            let codes = Suppressions.codes(bytes, d.codes.start..<d.codes.end)
            written += codes
            switch d.kind {
            case .ignoreFile:
                fileWide.formUnion(codes.map(\.code))
            case .ignoreLine:
                let line = table.line(ofByte: d.start)
                byLine[d.standsAlone ? line + 1 : line, default: []].formUnion(codes.map(\.code))
            }
        }
    }

    /// The suppressions of the text of `table`, parsed for its comments (the pipeline reads the
    /// parse it has: `init(_:in:)`).
    public init(_ table: LineTable) {
        self.init(YAMLParser.parse(bytes: table.bytes).directives, in: table)
    }

    /// The codes of a comment's list (`a, b c`), each with its byte range.
    private static func codes(_ bytes: [UInt8], _ range: Range<Int>) -> [(code: String, range: SourceRange)] {
        var result: [(code: String, range: SourceRange)] = []
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound && (bytes[i] == 0x2C || bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            let start = i
            while i < range.upperBound && bytes[i] != 0x2C && bytes[i] != 0x20 && bytes[i] != 0x09 { i += 1 }
            if i > start {
                result.append((String(decoding: bytes[start..<i], as: UTF8.self), SourceRange(start: start, end: i)))
            }
        }
        return result
    }

    /// Whether no comment silences anything.
    public var isEmpty: Bool { byLine.isEmpty && fileWide.isEmpty }

    public func silences(_ d: Diagnostic, in table: LineTable) -> Bool {
        if fileWide.contains(d.code.name) { return true }
        guard !byLine.isEmpty else { return false }
        let line = table.line(ofByte: d.range.start)
        return byLine[line]?.contains(d.code.name) ?? false
    }
}
