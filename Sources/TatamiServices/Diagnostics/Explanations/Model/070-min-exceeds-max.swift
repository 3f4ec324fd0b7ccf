import TatamiValidation

extension DiagnosticExplanation {
    static let minExceedsMax = DiagnosticExplanation(
        .minExceedsMax,
        summary: "A minimum is larger than its maximum.",
        when: [
            "Two bounds of the same length contradict each other: `minWidth` larger than `maxWidth`, or `minHeight` larger than `maxHeight`.",
        ],
        example: """
            body:
              color: blue
              frame: {minWidth: 200, maxWidth: 100}

            """,
        fix: [
            "Swap or correct the numbers so that the minimum is at most the maximum. For an exact size, use `width` or `height` instead of both bounds.",
        ],
        fixed: """
            body:
              color: blue
              frame: {minWidth: 100, maxWidth: 200}

            """)
}
