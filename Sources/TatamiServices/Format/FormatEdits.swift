import TatamiBase

/// What formatting a buffer in an editor changes: the formatter's text (`TatamiFormatter`) as
/// the few line replacements that make it (`TextDiff`), for a whole document or for a range.
///
/// A range is formatted by formatting the whole document and keeping the replacements that
/// touch the range. Applied alone, those could change what the document means (an entry
/// re-indented while the one holding it is not); so the text they make is formatted again and
/// must give the formatter's text. When it does not, the range is widened to the top-level
/// entries holding it (lines from one starting at column 0 to the next) and checked again; when
/// that fails too, the range cannot be formatted alone. A range reaching the end of the last
/// line also takes the insertions after it (at the end of the text).
public struct FormatEdits: Sendable {
    /// In the original text's offsets, in order, not overlapping.
    public let replacements: [TextDiff.Replacement]
    /// The formatter's text of the whole document (the replacing bytes come from it).
    public let formatted: [UInt8]
    /// Range formatting only: the replacements reach past the range asked for, to the
    /// top-level entries holding it.
    public let widened: Bool

    public enum Outcome: Sendable {
        case edits(FormatEdits)
        /// Not formatted (a syntax error, something the formatter leaves alone, a failed check).
        case failed(FormatFailure)
        /// Range formatting: neither the range nor the top-level entries holding it can be
        /// formatted without the rest of the document.
        case rangeNeedsWholeDocument
    }

    /// The replacements that format the whole document. `alreadyOnLargeStack`: the calling
    /// thread has `LargeStack.size` of stack (the language server's worker), so the formatter
    /// runs on it rather than on a thread of its own.
    public static func document(_ text: [UInt8], lineWidth: Int = TatamiFormatter.defaultLineWidth,
                                workspaceFile: Bool = false, alreadyOnLargeStack: Bool = false) -> Outcome {
        switch format(text, lineWidth: lineWidth, workspaceFile: workspaceFile, alreadyOnLargeStack: alreadyOnLargeStack) {
        case .failed(let f):
            return .failed(f)
        case .formatted(let new):
            return .edits(FormatEdits(replacements: TextDiff.lineReplacements(from: text, to: new), formatted: new, widened: false))
        }
    }

    /// The replacements of the whole document's formatting that touch `range` (UTF-8 offsets of
    /// `text`), if applying only them keeps the document's meaning (see above).
    public static func range(_ range: SourceRange, of text: [UInt8], lineWidth: Int = TatamiFormatter.defaultLineWidth,
                             workspaceFile: Bool = false, alreadyOnLargeStack: Bool = false) -> Outcome {
        let whole: FormatEdits
        switch document(text, lineWidth: lineWidth, workspaceFile: workspaceFile, alreadyOnLargeStack: alreadyOnLargeStack) {
        case .edits(let e): whole = e
        case let other: return other
        }
        let clamped = SourceRange(start: max(0, min(range.start, text.count)), end: max(0, min(range.end, text.count)))
        func check(_ picked: [TextDiff.Replacement]) -> Bool {
            if picked.count == whole.replacements.count || picked.isEmpty { return true }
            let partial = TextDiff.apply(picked, to: text, from: whole.formatted)
            let reformatted = format(partial, lineWidth: lineWidth, workspaceFile: workspaceFile,
                                     alreadyOnLargeStack: alreadyOnLargeStack)
            return reformatted.bytes == whole.formatted
        }
        var picked = TextDiff.replacements(whole.replacements, touching: clamped)
        // A range that reaches the end of the last line (a line break may follow: editors
        // select a whole buffer either way) also holds what goes after it: an insertion at the
        // end of the text, such as a missing final line break or a line the formatter moved to
        // the end.
        if text[clamped.end...].allSatisfy({ $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            let after = whole.replacements.filter { r in
                r.range.start >= clamped.end && !picked.contains { $0.range == r.range }
            }
            picked = (picked + after).sorted { $0.range.start < $1.range.start }
        }
        if check(picked) {
            return .edits(FormatEdits(replacements: picked, formatted: whole.formatted, widened: false))
        }
        let wider = TextDiff.replacements(whole.replacements, touching: topLevelEntries(holding: clamped, in: text))
        if wider != picked && check(wider) {
            return .edits(FormatEdits(replacements: wider, formatted: whole.formatted, widened: true))
        }
        return .rangeNeedsWholeDocument
    }

    private static func format(_ text: [UInt8], lineWidth: Int, workspaceFile: Bool, alreadyOnLargeStack: Bool) -> FormatResult {
        alreadyOnLargeStack
            ? TatamiFormatter.formatOnThisThread(bytes: text, lineWidth: lineWidth, workspaceFile: workspaceFile)
            : TatamiFormatter.format(bytes: text, lineWidth: lineWidth, workspaceFile: workspaceFile)
    }

    /// From the start of the last line at or before `range.start` that starts at column 0 with
    /// something other than a comment, to the start of the first such line after `range.end`'s
    /// line (or the end of the text).
    static func topLevelEntries(holding range: SourceRange, in text: [UInt8]) -> SourceRange {
        func startsEntry(_ lineStart: Int) -> Bool {
            guard lineStart < text.count else { return false }
            let c = text[lineStart]
            return c != UInt8(ascii: " ") && c != UInt8(ascii: "\t") && c != UInt8(ascii: "#")
                && c != UInt8(ascii: "\n") && c != UInt8(ascii: "\r")
        }
        func lineStart(_ offset: Int) -> Int {
            var i = offset
            while i > 0 && text[i - 1] != UInt8(ascii: "\n") { i -= 1 }
            return i
        }
        var start = lineStart(range.start)
        while start > 0 && !startsEntry(start) { start = lineStart(start - 1) }
        // The start of the line after the range's last one (a range ending at a line's start
        // ends before that line).
        var end = range.end
        if !(range.end > range.start && text[range.end - 1] == UInt8(ascii: "\n")) {
            while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
            if end < text.count { end += 1 }
        }
        while end < text.count && !startsEntry(end) {
            while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
            if end < text.count { end += 1 }
        }
        return SourceRange(start: start, end: end)
    }
}
