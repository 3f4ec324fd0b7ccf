import TatamiValidation

extension DiagnosticExplanation {
    static let unusedComponent = DiagnosticExplanation(
        .unusedComponent,
        summary: "A component the file declares but no view uses.",
        when: [
            """
            A component declared under `components:` is used neither by the file's views nor by another \
            component they use. Components imported from other files are not counted; a library file is \
            checked on its own, where its `body` can show each of its components.
            """,
        ],
        example: """
            components:
              Badge:
                params:
                  label: {type: string}
                body:
                  text: $label
            body:
              text: Inbox

            """,
        fix: [
            """
            Use the component or remove it. In a library, show it in the file's `body`, or silence the \
            warning for the file with `# tatami-ignore-file: unused-component`.
            """,
        ],
        fixed: """
            components:
              Badge:
                params:
                  label: {type: string}
                body:
                  text: $label
            body:
              Badge: {label: Inbox}

            """)
}
