import TatamiValidation

extension DiagnosticExplanation {
    static let missingParam = DiagnosticExplanation(
        .missingParam,
        summary: "An instance leaves out an argument that has no default.",
        when: [
            "A component is used without an argument for one of its parameters, and that parameter declares no `default`.",
        ],
        example: """
            components:
              Badge:
                params:
                  label: {type: string}
                body:
                  text: $label
            body:
              hstack:
                - text: Inbox
                - Badge: {}

            """,
        fix: [
            "Give the argument (the editor's code action adds the missing ones), or give the parameter a `default` in the component's `params:`.",
        ],
        fixed: """
            components:
              Badge:
                params:
                  label: {type: string}
                body:
                  text: $label
            body:
              hstack:
                - text: Inbox
                - Badge: {label: New}

            """)
}
