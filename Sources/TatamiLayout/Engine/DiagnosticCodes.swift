import TatamiBase

extension DiagnosticCode {
    /// Every code the layout stage declares, in the order `docs/diagnostics.md` lists them. The
    /// codes are declared beside their checks; a test scans `Sources/TatamiLayout` for
    /// declarations and checks this list holds each of them.
    public static let layoutStageCodes: [DiagnosticCode] = [
        .overflow, .cellTooSmall, .textTruncated, .missingGlyph, .zeroSize, .outOfBounds, .noPosition, .modifierOrder, .tooDeep, .uselessContainer,
    ]
}
