import TatamiValidation

extension DiagnosticExplanation {
    static let invalidExpression = DiagnosticExplanation(
        .invalidExpression,
        summary: "An expression that cannot be read.",
        when: [
            """
            An expression (a `when` condition, a canvas placement's `x`, `y`, `width` or `height`, an \
            alignment guide's value) does not follow the expression grammar: a missing operand, unbalanced \
            parentheses, a character that is not part of the language. The diagnostic points at the exact \
            characters.
            """,
            """
            Expressions know numbers, the names of their place (such as `width`, `height`, `landscape`, \
            `portrait`), `+ - * /`, comparisons `< <= > >= == !=`, `&& || !`, parentheses and a few \
            functions such as `min` and `max`.
            """,
        ],
        example: """
            viewports:
              phone: {width: 390, height: 844}
            body:
              vstack:
                - text: Everywhere
                - text: Wide screens only
                  when: "width >"

            """,
        fix: [
            """
            Complete or correct the expression at the characters shown. Quote an expression that YAML might \
            read otherwise (one starting with `!`, `*`, `[` or holding `: `).
            """,
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
