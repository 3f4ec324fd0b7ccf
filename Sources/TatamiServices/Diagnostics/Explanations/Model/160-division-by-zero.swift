import TatamiModel

extension DiagnosticExplanation {
    static let divisionByZero = DiagnosticExplanation(
        .divisionByZero,
        summary: "An expression divides by zero; the division gives 0.",
        when: [
            """
            A division's divisor is 0. When the divisor uses no name (`width / 0`) it is 0 everywhere, and \
            the check reports it once. When it is 0 only with some viewport's values (`width / (height - \
            width)` in a square viewport), layout reports it in that viewport, and the message names it.
            """,
            """
            The division counts as 0 and the layout goes on. The right side of `&&` and `||` is only \
            computed when it decides the result, so a guard in front of the division avoids it.
            """,
        ],
        example: """
            viewports:
              phone: {width: 390, height: 844}
              square: {width: 600, height: 600}
            body:
              vstack:
                - text: Everywhere
                - text: Tall screens only
                  when: "width / (height - width) > 1"

            """,
        fix: [
            "Rewrite the expression so the divisor cannot be 0, or guard it: `height != width && …` computes the division only when it is defined.",
        ],
        fixed: """
            viewports:
              phone: {width: 390, height: 844}
              square: {width: 600, height: 600}
            body:
              vstack:
                - text: Everywhere
                - text: Tall screens only
                  when: "height != width && width / (height - width) > 1"

            """)
}
