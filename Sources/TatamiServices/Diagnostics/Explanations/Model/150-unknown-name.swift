import TatamiValidation

extension DiagnosticExplanation {
    static let unknownName = DiagnosticExplanation(
        .unknownName,
        summary: "An expression uses a name or function that does not exist there.",
        when: [
            """
            An expression names something unknown where it is written. Conditions (`when`) know `width`, \
            `height`, `landscape` and `portrait`; canvas placements know `width` and `height` (the \
            canvas's); alignment guide values know `width`, `height` and the built-in guides (`top`, \
            `bottom`, `leading`, …). It also fires for an unknown function, and for a value called like a \
            function.
            """,
            "A close name is suggested, and editors offer the fix.",
        ],
        example: """
            viewports:
              phone: {width: 390, height: 844}
            body:
              vstack:
                - text: Everywhere
                - text: Wide screens only
                  when: "widht > 600"

            """,
        fix: [
            "Correct the name, using one the message or completion offers.",
        ],
        fixed: """
            viewports:
              phone: {width: 390, height: 844}
            body:
              vstack:
                - text: Everywhere
                - text: Wide screens only
                  when: "width > 600"

            """)
}
