import TatamiValidation

extension DiagnosticExplanation {
    static let colorAsText = DiagnosticExplanation(
        .colorAsText,
        summary: "A colour name written where a view is expected, under `background` or `overlay`.",
        when: [
            """
            A bare value where a view is expected is a text view (`- Hello` means `- text: Hello`), so \
            `background: red` puts the word `red` behind the view, not the colour. The value names a colour \
            (one of the named colours, or a quoted `"#RRGGBB"`), so the colour was almost certainly meant.
            """,
            """
            That text view gets no layout warnings of its own: the word cut to the decorated view's size \
            (`text-truncated`, once per viewport) would only repeat this.
            """,
        ],
        example: """
            body:
              text: Limited offer
              padding: 4
              background: orange

            """,
        fix: [
            "Write the colour as a view: `background: {color: orange}` (editors offer the fix). To show the word, write `background: {text: orange}`.",
        ],
        fixed: """
            body:
              text: Limited offer
              padding: 4
              background: {color: orange}

            """)
}
