import TatamiBase
import TatamiYAML

/// What validating one file produced: the model, as complete as the file allows, and every
/// problem found.
public struct ValidationResult: Sendable {
    public let document: TatamiDocument
    /// The YAML stage's diagnostics followed by the validator's, sorted for display.
    public let diagnostics: [Diagnostic]

    public init(document: TatamiDocument, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }
}

/// Checks a YAML tree against the Tatami schema and builds the typed model.
///
/// Validation never throws and never traps: every problem is a diagnostic, and the check carries
/// on with a default so the rest of the file is still checked. Recursion is bounded by
/// `ValidationLimits.maxViewDepth` views; callers run it on a thread with a large stack.
public enum Validator {
    public static func validate(_ yaml: YAMLParseResult) -> ValidationResult {
        // After a syntax error, the nodes open where parsing stopped are cut (only a mapping
        // root is read further).
        let cut = yaml.isComplete ? nil : yaml.root.flatMap { $0.pairs == nil ? nil : $0 }
        let pass = ValidationPass(table: yaml.lineTable, cutFrom: cut)
        let document = TatamiDocument()
        pass.validateFile(yaml, into: document)
        document.viewCount = pass.nextSerial
        var seen = Set<Diagnostic>()
        // A subtree reached through several aliases is checked once per alias: keep one copy.
        let all = (yaml.diagnostics + pass.diagnostics).filter { seen.insert($0).inserted }
        return ValidationResult(document: document, diagnostics: all.sortedForDisplay())
    }
}

extension ValidationPass {
    func validateFile(_ yaml: YAMLParseResult, into document: TatamiDocument) {
        guard let root = yaml.root else {
            if yaml.isComplete {
                report(.missingRequired, "the file is empty; it needs at least a `body`", at: .at(table.bytes.count))
            }
            return
        }
        guard let raw = root.pairs else {
            report(.wrongType, "expected a mapping of top-level keys such as `body`, found \(root.kindDescription)",
                   at: root.range)
            return
        }
        let pairs = uniquePairs(raw)
        var byName: [String: YAMLPair] = [:]
        let topNames = Schema.topLevel.map(\.name)
        for p in pairs {
            let k = p.key.keyText ?? ""
            if topNames.contains(k) {
                byName[k] = p
            } else if Schema.kind(named: k) != nil {
                reportUnknownKey(p.key, candidates: topNames, context: "at the top level; views go under `body`")
            } else {
                reportUnknownKey(p.key, candidates: topNames)
            }
        }

        if let p = byName["tatami"] { validateVersion(p) }
        document.viewports = validateViewports(byName["viewports"])
        validateFonts(byName["fonts"])
        document.fonts = fonts
        document.alignments = validateAlignments(byName["alignments"])
        validateComponents(byName["components"])
        validateImports(byName["imports"])

        if let body = byName["body"] {
            let context = ViewContext(depth: 1, role: .body)
            document.body = view(body.value, key: body.key, context: context)?.node
        } else if yaml.isComplete {
            let at = pairs.first?.key.range ?? root.range
            report(.missingRequired, "the file has no `body`; add the root view under `body:`", at: at)
        }
        reportDuplicateIDs()
    }

    /// `tatami: 1`.
    private func validateVersion(_ pair: YAMLPair) {
        let v: Double
        switch pair.value.scalar?.resolved {
        case .int(let i)?: v = Double(i)
        case .float(let d)?: v = d
        default:
            reportWrongType(pair.value, key: pair.key, expected: "the format version `1`", for: "`tatami`")
            return
        }
        if v != 1 {
            report(.invalidValue, "unsupported format version `\(snippet(pair.value))`; this version of Tatami reads version 1",
                   at: range(of: pair.value, key: pair.key))
        }
    }

    /// TODO(components): validate `components:` (FORMAT.md §8) and fill `componentNames`.
    /// Until then their contents are accepted unchecked.
    func validateComponents(_ pair: YAMLPair?) {}

    /// TODO(imports): validate `imports:` (FORMAT.md §8.3). Until then accepted unchecked.
    func validateImports(_ pair: YAMLPair?) {}
}
