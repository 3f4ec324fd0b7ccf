import TatamiYAML

extension DiagnosticExplanation {
    static let duplicateKey = DiagnosticExplanation(
        .duplicateKey,
        summary: "A key appears twice in one mapping.",
        when: [
            """
            Two keys of the same mapping are spelled the same. YAML does not allow it; Tatami reads the \
            first and ignores the second, so the line you edited last may be the one that has no effect.
            """,
            "The diagnostic is on the second key and points at the first.",
        ],
        example: """
            body:
              text: Hello
              padding: 8
              padding: 16

            """,
        fix: [
            "Keep one of the two. To apply a modifier twice (two paddings, two frames), list them in order under `modifiers:`.",
        ],
        fixed: """
            body:
              text: Hello
              padding: 16

            """)
}
