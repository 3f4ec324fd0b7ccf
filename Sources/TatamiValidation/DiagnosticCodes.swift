import TatamiModel
import TatamiBase

extension DiagnosticCode {
    /// Every code the model stage (validation, components, imports, expressions) declares, in
    /// the order `docs/diagnostics.md` lists them. The codes are declared beside their checks; a
    /// test scans `Sources/TatamiValidation` and `Sources/TatamiModel` (the expression
    /// evaluator's `division-by-zero`, which layout reports too) for declarations and checks
    /// this list holds each of them.
    public static let modelStageCodes: [DiagnosticCode] = [
        // The file's structure and the schema.
        .missingRequired, .unknownKey, .misplacedKey, .wrongType, .invalidValue, .conflictingKeys, .minExceedsMax,
        // Views.
        .missingKind, .multipleKinds, .colorAsText, .duplicateID, .unknownFont, .unknownAlignment,
        // Expressions.
        .invalidExpression, .unknownName, .divisionByZero,
        // Components and imports.
        .unknownComponent, .unknownParam, .missingParam, .componentCycle, .unusedComponent, .referenceOutsideComponent,
        .importError,
        // Font files.
        .fontFileError,
    ]
}
