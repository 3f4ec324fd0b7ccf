import TatamiValidation

extension DiagnosticExplanation {
    static let missingKind = DiagnosticExplanation(
        .missingKind,
        summary: "A view has no kind key.",
        when: [
            """
            Where a view is expected (the `body`, a container's item, a background or overlay, a component's \
            body) there is a mapping without a kind key (`text`, `image`, `color`, `spacer`, `divider`, a \
            container or a component's name), or nothing at all (an empty list item, a null).
            """,
            "It often means a key meant for the view above slipped into a list item of its own.",
        ],
        example: """
            body:
              vstack:
                - text: Title
                - padding: 8
                - text: Subtitle

            """,
        fix: [
            """
            Give the view its kind, or move the keys to the view they were meant for (in the example, by \
            removing the `- ` that made `padding` an item of its own).
            """,
        ],
        fixed: """
            body:
              vstack:
                - text: Title
                  padding: 8
                - text: Subtitle

            """)
}
