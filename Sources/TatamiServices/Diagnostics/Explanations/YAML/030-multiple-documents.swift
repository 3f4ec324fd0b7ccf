import TatamiYAML

extension DiagnosticExplanation {
    static let multipleDocuments = DiagnosticExplanation(
        .multipleDocuments,
        summary: "The file holds more than one YAML document.",
        when: [
            """
            A line `---` (or `...` followed by more content) starts a second YAML document. A Tatami file is \
            one document; the second and any after it are ignored.
            """,
            "A single `---` before the first document is fine.",
        ],
        example: """
            body:
              text: First screen
            ---
            body:
              text: Second screen

            """,
        fix: [
            """
            Put each layout in a file of its own, or remove the `---` line if it was not meant to split the \
            file. To show one layout in several screen sizes, declare them under `viewports:`.
            """,
        ],
        fixed: """
            body:
              text: First screen

            """)
}
