import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// A minimum larger than its maximum (`minWidth` > `maxWidth`).
    public static let minExceedsMax = DiagnosticCode("min-exceeds-max", .error)
}

/// Validates views against the schema table and the file's declarations, and builds the model.
///
/// What it reads of the file is `file`, which does not change while views are read; where the
/// views stand in component expansion comes down the recursion as an `ExpansionContext`; what it
/// builds goes into the `ViewResults` the caller passes in, and its findings into `sink`. Its
/// own fields are those and caches of pure functions, so reading a subtree leaves nothing behind
/// but its results and its findings.
final class ViewValidator: ValueChecking {
    let file: FileContext
    let source: ValidationSource
    let sink: DiagnosticSink
    /// What template checks found that does not depend on arguments, reported after the rest.
    let templateReports: DiagnosticSink
    let suggestions: SuggestionCache
    /// The view keys of the schema, indexed.
    let viewKeys = ViewKeyTable.shared
    /// The keys of the modifiers' mappings, indexed.
    let modifierKeys = ModifierKeys.shared
    /// A cache: the keys suggested for an unknown key in each place a view can be, worked out
    /// once per run when needed.
    var allowedKeys: [ViewKeys.Place: [String]] = [:]
    /// Told the schema place of each view as it is read where it is written (tests compare the
    /// validator's places with `SchemaPlace`'s own walk).
    var observeView: ((YAMLNode, SchemaPlace) -> Void)? = nil
    /// The file's items kept from the last analysis and for the next (nil: none kept).
    var chunks: ChunkSession? = nil

    init(file: FileContext, sink: DiagnosticSink, templateReports: DiagnosticSink, suggestions: SuggestionCache) {
        self.file = file
        self.source = file.source
        self.sink = sink
        self.templateReports = templateReports
        self.suggestions = suggestions
    }

    /// A text longer than the limit is reported and cut there.
    func limitedText(_ text: String, at range: SourceRange) -> String {
        guard text.utf8.count > ValidationLimits.maxTextLength, text.count > ValidationLimits.maxTextLength else { return text }
        report(.tooComplex, "this text has \(text.count) characters; at most \(ValidationLimits.maxTextLength) are allowed", at: range)
        return String(text.prefix(ValidationLimits.maxTextLength))
    }

    /// `min-exceeds-max` at the minimum, related to the maximum.
    func reportMinExceedsMax(_ minPair: YAMLPair, _ maxPair: YAMLPair, _ lo: Double, _ hi: Double) {
        let minName = minPair.key.keyText ?? "", maxName = maxPair.key.keyText ?? ""
        report(.minExceedsMax, "`\(minName)` (\(formatNumber(lo))) is larger than `\(maxName)` (\(formatNumber(hi)))",
               at: minPair.value.range, related: [RelatedLocation(range: maxPair.value.range, message: "`\(maxName)` here")])
    }
}
