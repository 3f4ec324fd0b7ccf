import TatamiBase

/// Where a file's findings go, in the order they are found.
///
/// Ranges are kept as found (they may belong to an imported file until an expansion moves them
/// to its instance); `Validator.validate` clamps them to the file at the end. An expansion
/// collects its body's findings apart (`collecting`) and passes on, sorted, what belongs to its
/// instance.
final class DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []

    func report(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                related: [RelatedLocation] = [], fixes: [FixIt] = []) {
        diagnostics.append(Diagnostic(code, message, at: range, related: related, fixes: fixes))
    }

    func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Changes the last diagnostic found so far that `matches` (nothing when none does).
    func amendLast(where matches: (Diagnostic) -> Bool, _ change: (inout Diagnostic) -> Void) {
        if let i = diagnostics.lastIndex(where: matches) { change(&diagnostics[i]) }
    }

    /// Runs `body` with no findings so far and returns, beside its result, what it found; the
    /// findings from before are back in place when it returns.
    func collecting<T>(_ body: () -> T) -> (T, [Diagnostic]) {
        let saved = diagnostics
        diagnostics = []
        let result = body()
        let produced = diagnostics
        diagnostics = saved
        return (result, produced)
    }
}

/// `Suggestions.closestAll`, remembered for a run: a file tends to repeat its mistakes. A
/// cache of a pure function, never read as state.
final class SuggestionCache {
    private struct Key: Hashable {
        let word: String
        let candidates: [String]
    }

    private var known: [Key: [String]] = [:]

    func closest(to word: String, in candidates: [String]) -> [String] {
        let key = Key(word: word, candidates: candidates)
        if let found = known[key] { return found }
        let found = Suggestions.closestAll(to: word, in: candidates)
        if known.count < 10_000 { known[key] = found }
        return found
    }
}
