import TatamiValidation

extension DiagnosticExplanation {
    static let componentCycle = DiagnosticExplanation(
        .componentCycle,
        summary: "A component uses itself, directly or through others.",
        when: [
            """
            A component's body uses the component itself, or uses another component that leads back to it \
            (`A → B → A`): expanding it would never end. The message gives the chain.
            """,
        ],
        example: """
            components:
              Card:
                body:
                  vstack:
                    - text: Card
                    - text: Details
                    - Card: {}
            body:
              Card: {}

            """,
        fix: [
            """
            Break the chain: a component cannot contain itself. To nest content of the caller's choosing, \
            give the component a `view` parameter (a slot) and pass the inner view as an argument.
            """,
        ],
        fixed: """
            components:
              Card:
                params:
                  content: {type: view}
                body:
                  vstack:
                    - text: Card
                    - text: Details
                    - $content
            body:
              Card:
                content: {text: Inside}

            """)
}
