import TatamiBase

/// A suppression comment (docs/format.md §11): `# tatami-ignore: codes` silences codes on a line,
/// `# tatami-ignore-file: codes` in the whole file.
///
/// Recognised here, where comments are found, because it takes part in where a comment is kept
/// (a line's suppression stays with that line when a rewrite moves keys: `YAMLComment.keptWith`);
/// the pipeline reads the codes from `YAMLParseResult.directives`. The marker is the first `#`
/// of the comment, or of a later `#` after a blank inside it, that spaces and then
/// `tatami-ignore` follow; after it come (spaces or tabs and) `tatami-ignore:` or
/// `tatami-ignore-file:`, else the comment is none.
public struct CommentDirective: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `# tatami-ignore: codes`: the line it ends, or the next line when it stands alone.
        case ignoreLine
        /// `# tatami-ignore-file: codes`: the whole file.
        case ignoreFile
    }

    public let kind: Kind
    /// The byte offset of the directive's `#`.
    public let start: Int
    /// The list of codes as written: from after the marker's colon to the end of the line.
    public let codes: SourceRange
    /// Whether only blanks come before it on its line (then it concerns the line below). Lines
    /// here are LF lines, as diagnostics' lines are (`LineTable`): a CR alone, NEL, U+2028 or
    /// U+2029 before it counts as a blank.
    public let standsAlone: Bool

    public init(kind: Kind, start: Int, codes: SourceRange, standsAlone: Bool) {
        self.kind = kind
        self.start = start
        self.codes = codes
        self.standsAlone = standsAlone
    }

    /// The same directive `delta` bytes later in the text.
    func moved(by delta: Int) -> CommentDirective {
        CommentDirective(kind: kind, start: start + delta, codes: SourceRange(start: codes.start + delta, end: codes.end + delta),
                         standsAlone: standsAlone)
    }

    /// The directive of the comment `bytes[start..<end]` (from its `#` to the end of its line),
    /// nil for an ordinary comment. `ownLine`: nothing but blanks before the comment.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, ownLine: Bool) -> CommentDirective? {
        var hash = start
        while hash < end {
            if hash == start || bytes[hash - 1] == 0x20 || bytes[hash - 1] == 0x09, bytes[hash] == UInt8(ascii: "#") {
                var i = hash + 1
                while i < end && bytes[i] == 0x20 { i += 1 }
                if has(bytes, at: i, end: end, "tatami-ignore") { break }
            }
            hash += 1
        }
        guard hash < end else { return nil }
        var i = hash + 1
        while i < end && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        let kind: Kind
        if has(bytes, at: i, end: end, fileMarker) {
            kind = .ignoreFile
            i += fileMarker.utf8.count
        } else if has(bytes, at: i, end: end, lineMarker) {
            kind = .ignoreLine
            i += lineMarker.utf8.count
        } else {
            return nil
        }
        return CommentDirective(kind: kind, start: hash, codes: SourceRange(start: i, end: end),
                                standsAlone: ownLine && hash == start)
    }

    static let lineMarker = "tatami-ignore:"
    static let fileMarker = "tatami-ignore-file:"

    private static func has(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int, _ text: String) -> Bool {
        let u = text.utf8
        guard end - i >= u.count else { return false }
        var k = i
        for c in u {
            if bytes[k] != c { return false }
            k += 1
        }
        return true
    }
}
