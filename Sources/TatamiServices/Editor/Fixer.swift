import TatamiBase

/// `tatami lint --fix`: applies the fixes the language server marks as preferred (the code
/// actions an editor applies without asking), then checks the file again.
///
/// A pass analyses the text, takes the preferred action of every diagnostic, keeps those whose
/// edits overlap none already kept (in document order), and applies them from the end of the
/// file back. A fix can uncover another (a kind key corrected, then a misspelt key inside the
/// view), so passes repeat until one changes nothing, at most `maximumPasses` times; a text
/// seen before ends the loop too, so two fixes that undo each other cannot cycle.
public enum Fixer {
    public static let maximumPasses = 10

    public struct Result: Sendable {
        /// The fixed text (the input when nothing applied).
        public let bytes: [UInt8]
        /// The titles of the fixes applied, in the order applied.
        public let applied: [String]
        /// The analysis of the fixed text: what is left.
        public let analysis: Analysis
    }

    /// `analyze` analyses a text (as the CLI does, with its viewports and root); `workspace`
    /// lets a fix read imported components (argument placeholders of their types).
    public static func fix(
        _ bytes: [UInt8], workspace: (any EditorWorkspace)? = nil, analyze: ([UInt8]) -> Analysis
    ) -> Result {
        var text = bytes
        var applied: [String] = []
        var seen: Set<[UInt8]> = [text]
        var analysis = analyze(text)
        for _ in 0..<maximumPasses {
            let whole = SourceRange(start: 0, end: text.count)
            let actions = EditorServices.codeActions(analysis, in: whole, workspace: workspace)
                .filter { $0.isPreferred && !$0.edits.isEmpty && $0.edits.allSatisfy { $0.path == analysis.path } }
            let chosen = nonOverlapping(actions)
            guard !chosen.isEmpty else { break }
            let next = apply(chosen.flatMap(\.edits), to: text)
            guard next != text, seen.insert(next).inserted else { break }
            text = next
            applied += chosen.map(\.title)
            analysis = analyze(text)
        }
        return Result(bytes: text, applied: applied, analysis: analysis)
    }

    /// The actions, in order of their first edit, leaving out any whose edits overlap (or touch
    /// at an insertion point) the edits of one already kept.
    static func nonOverlapping(_ actions: [CodeActionInfo]) -> [CodeActionInfo] {
        let ordered = actions.enumerated().sorted { a, b in
            let sa = a.element.edits.map(\.range.start).min() ?? 0, sb = b.element.edits.map(\.range.start).min() ?? 0
            return sa != sb ? sa < sb : a.offset < b.offset
        }.map(\.element)
        var kept: [CodeActionInfo] = []
        var taken: [SourceRange] = []
        func clashes(_ r: SourceRange) -> Bool {
            // Ranges that share a byte (an insertion strictly inside a range counts), or that
            // start at one place (two insertions there would come out in either order).
            taken.contains { t in (r.start < t.end && t.start < r.end) || r.start == t.start }
        }
        for action in ordered {
            let ranges = action.edits.map(\.range)
            if ranges.contains(where: clashes) { continue }
            kept.append(action)
            taken += ranges
        }
        return kept
    }

    /// The text with non-overlapping edits applied (from the end back, so offsets hold).
    static func apply(_ edits: [FileEdit], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            let lo = min(max(0, e.range.start), out.count), hi = min(max(lo, e.range.end), out.count)
            out.replaceSubrange(lo..<hi, with: Array(e.newText.utf8))
        }
        return out
    }
}
