import TatamiValidation

extension DiagnosticExplanation {
    static let duplicateID = DiagnosticExplanation(
        .duplicateID,
        summary: "Two views share an `id`.",
        when: [
            """
            The same `id` is given to two views of the file. Ids name views in `tatami frames` output and \
            for tools, so each must be unique. The diagnostic is on the second and points at the first.
            """,
        ],
        example: """
            body:
              vstack:
                - text: Name
                  id: label
                - text: Email
                  id: label

            """,
        fix: [
            "Rename one of them (the editor's rename updates every use).",
        ],
        fixed: """
            body:
              vstack:
                - text: Name
                  id: nameLabel
                - text: Email
                  id: emailLabel

            """)
}
