import TatamiLayout

extension DiagnosticExplanation {
    static let unknownCode = DiagnosticExplanation(
        .unknownCode,
        summary: "A `tatami-ignore` comment, or a workspace file's `rules:`, names something that is not a diagnostic code.",
        when: [
            """
            A `# tatami-ignore:` or `# tatami-ignore-file:` comment lists a name that no check reports, most \
            often a misspelt code. Such a name silences nothing, so the diagnostic it was meant to hide \
            still shows.
            """,
            "A key under `rules:` in `tatami.config.yaml` is not a code (docs/workspace.md): the rule changes nothing.",
        ],
        example: """
            body:
              vstack:  # tatami-ignore: useless-containr
                - text: Hello

            """,
        fix: [
            "Correct the name (the message suggests the closest code, and editors offer the fix), or remove it. `tatami explain --list` lists every code.",
        ],
        fixed: """
            body:
              vstack:  # tatami-ignore: useless-container
                - text: Hello

            """,
        alsoReports: [.uselessContainer])
}
