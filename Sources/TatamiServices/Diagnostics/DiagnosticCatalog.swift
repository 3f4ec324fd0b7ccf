import TatamiValidation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiYAML

extension DiagnosticCode {
    /// Every code any stage can report, stage by stage (YAML, model, layout, services), in the
    /// page's order. The codes are declared beside their checks in their modules; the stages'
    /// lists are generated from those declarations and the explanations' files
    /// (`DiagnosticCodes.generated.swift`, scripts/generate-diagnostic-codes.py).
    public static let allCodes: [DiagnosticCode] = yamlStageCodes + modelStageCodes + layoutStageCodes + servicesStageCodes
}

/// One diagnostic code explained for users: what `tatami explain CODE` prints and what
/// `docs/diagnostics.md` holds. The severity is the code's own, never written here.
public struct DiagnosticExplanation: Sendable {
    /// A file an example needs beside it (an imported library), by its path relative to the
    /// example.
    public struct SupportingFile: Sendable {
        public let path: String
        public let text: String
        /// A binary file (a font) that is a copy of this file of Tatami's repository, instead of
        /// `text`.
        public let copyOf: String?

        init(path: String, text: String) {
            self.path = path
            self.text = text
            copyOf = nil
        }

        init(path: String, copyOf: String) {
            self.path = path
            text = ""
            self.copyOf = copyOf
        }
    }

    public let code: DiagnosticCode
    /// One line: what the diagnostic means.
    public let summary: String
    /// When it fires, as paragraphs.
    public let when: [String]
    /// A complete file that reports the code (tests run it through the pipeline).
    public let example: String
    /// How to fix it, as paragraphs.
    public let fix: [String]
    /// The example fixed: reports nothing at all (tested too).
    public let fixed: String
    /// Files both examples need beside them.
    public let files: [SupportingFile]
    /// Other codes the example reports as a consequence (tested: the example reports exactly
    /// its own code and these).
    public let alsoReports: [DiagnosticCode]

    public var severity: Severity { code.severity }
}

/// The explanation of every diagnostic code, read by `tatami explain` and written out as
/// `docs/diagnostics.md`. Each code's explanation is a file of its own, beside the others of its
/// stage: `Explanations/<Stage>/<NNN>-<code>.swift`, its place on the page, then its code.
/// `table` and the stages' lists are generated from those files and the codes' declarations
/// (scripts/generate-diagnostic-codes.py, whose `--check` CI and a test run); tests hold each
/// example to the pipeline (it reports its code, its fixed version nothing).
public enum DiagnosticCatalog {
    /// The command that writes `docs/diagnostics.md` from this table.
    public static let regenerateCommand = "swift run tatami explain --all --format markdown > docs/diagnostics.md"

    /// The stages in the order the page lists them, each with its codes.
    public static let stages: [(title: String, intro: String, codes: [DiagnosticCode])] = [
        ("Reading the YAML",
         "The file is read as YAML first. Past one of these errors the rest of the file may not be read at all, so fix them first.",
         DiagnosticCode.yamlStageCodes),
        ("Checking the file",
         "The YAML tree is checked against the format: keys, types and values, views, expressions, components and imports.",
         DiagnosticCode.modelStageCodes),
        ("Laying out",
         """
         These come from computing the frames, in each viewport the file declares, and the message names the \
         viewport (but for `too-deep` and `useless-container`, which are found once per file). The layout is \
         still computed, but probably not as meant.
         """,
         DiagnosticCode.layoutStageCodes),
        ("Suppression comments",
         "`# tatami-ignore` comments are read last, after every other check.",
         DiagnosticCode.servicesStageCodes),
    ]

    /// The explanations in the page's order (stage by stage): the generated `table`, one per
    /// declared code.
    public static var entries: [DiagnosticExplanation] { table }

    /// The explanation of `name`, compared without case; nil for an unknown code.
    public static func explanation(named name: String) -> DiagnosticExplanation? {
        let wanted = name.lowercased()
        return table.first { $0.code.name == wanted }
    }

    /// The known code closest to `name`, for "did you mean".
    public static func closestCode(to name: String) -> String? {
        Suggestions.closest(to: name, in: DiagnosticCode.allCodes.map(\.name))
    }

    /// `unknown-code` for each written name that is not a code (in a suppression comment or a
    /// workspace file's `rules`), with the closest code as a fix; `effect` says what the name
    /// therefore fails to do ("this comment silences nothing").
    static func unknownCodes(_ written: [(code: String, range: SourceRange)], effect: String) -> [Diagnostic] {
        let known = Set(DiagnosticCode.allCodes.map(\.name))
        return written.filter { !known.contains($0.code) }.map { name, range in
            var message = "`\(name)` is not a diagnostic code, so \(effect)"
            var fixes: [FixIt] = []
            if let closest = closestCode(to: name) {
                message += "; did you mean `\(closest)`?"
                fixes = [FixIt(title: "replace with `\(closest)`", range: range, replacement: closest)]
            } else {
                message += " (`tatami explain --list` lists the codes)"
            }
            return Diagnostic(.unknownCode, message, at: range, fixes: fixes)
        }
    }
}

extension DiagnosticExplanation {
    init(
        _ code: DiagnosticCode, summary: String, when: [String], example: String, fix: [String], fixed: String,
        files: [SupportingFile] = [], alsoReports: [DiagnosticCode] = []
    ) {
        self.code = code
        self.summary = summary
        self.when = when
        self.example = example
        self.fix = fix
        self.fixed = fixed
        self.files = files
        self.alsoReports = alsoReports
    }
}
