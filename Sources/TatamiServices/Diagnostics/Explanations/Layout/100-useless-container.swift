import TatamiLayout

extension DiagnosticExplanation {
    static let uselessContainer = DiagnosticExplanation(
        .uselessContainer,
        summary: "A stack with a single child and no modifiers.",
        when: [
            """
            An `hstack`, `vstack` or `zstack` holds exactly one view and has no modifiers, so it changes \
            nothing: the view alone lays out the same. Children are counted as written, whatever their \
            `when`. It is reported once per file, whatever the viewport.
            """,
        ],
        example: """
            body:
              vstack:
                - text: Hello

            """,
        fix: [
            """
            Remove the stack and keep its child. If the stack is there for later additions, silence the \
            warning with `# tatami-ignore: useless-container` after its kind key.
            """,
        ],
        fixed: """
            body:
              text: Hello

            """)
}
