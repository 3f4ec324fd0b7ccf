import TatamiValidation

extension DiagnosticExplanation {
    static let conflictingKeys = DiagnosticExplanation(
        .conflictingKeys,
        summary: "Two keys that cannot be used together.",
        when: [
            """
            A value mixes keys that exclude each other: a `frame` with a fixed size (`width`, `height`) and \
            flexible bounds (`minWidth`, `maxWidth`, `minHeight`, `maxHeight`) at once, a canvas placement \
            with two rules (`absolute` and `relative`, or either with `{x, y, width, height}`), or a \
            `spacer` given its minimum length both as its value and as `minLength`.
            """,
            "The diagnostic is on the second key and points at the first; the second is ignored.",
        ],
        example: """
            body:
              color: blue
              frame: {width: 100, maxHeight: 50}

            """,
        fix: [
            """
            Keep one of the two. A frame is either fixed or flexible; to get both effects, apply two frames \
            in order under `modifiers:` (or make both dimensions fixed).
            """,
        ],
        fixed: """
            body:
              color: blue
              modifiers:
                - frame: {maxHeight: 50}
                - frame: {width: 100}

            """)
}
