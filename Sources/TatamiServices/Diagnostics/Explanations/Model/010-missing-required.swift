import TatamiValidation

extension DiagnosticExplanation {
    static let missingRequired = DiagnosticExplanation(
        .missingRequired,
        summary: "A required key is missing.",
        when: [
            """
            Something the format requires is not there: the file's `body` (an empty file has none), a \
            viewport's `width` or `height`, a font's `width` or `height`, a parameter's `type`, the \
            `position` of a canvas child, or a required part of a value (the `height` of `size`, `minWidth` \
            in `columns: {minWidth: …}`, a placement's rule or one of `x`, `y`, `width`, `height`).
            """,
            "The message names the key and what it belongs to.",
        ],
        example: """
            viewports:
              phone: {width: 390}
            body:
              text: Hello

            """,
        fix: [
            "Add the key the message names. The editor's code action \"add the missing key\" writes it with a placeholder value.",
        ],
        fixed: """
            viewports:
              phone: {width: 390, height: 844}
            body:
              text: Hello

            """)
}
