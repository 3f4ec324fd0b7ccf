import TatamiValidation

extension DiagnosticExplanation {
    static let unknownParam = DiagnosticExplanation(
        .unknownParam,
        summary: "An argument, or a `$name` in a component's body, that names no parameter.",
        when: [
            """
            An instance gives an argument the component does not declare under `params:`, or the component's \
            body uses `$name` or `${name}` for a parameter it does not have. A close parameter is suggested. \
            Modifiers and attributes of an instance (`padding`, `frame`, `id`, …) go beside the component's \
            name, not among its arguments.
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
              hstack:
                - text: Inbox
                - Badge: {label: New, tint: red}

            """,
        fix: [
            """
            Correct the name, remove the argument, or declare the parameter in the component's `params:` \
            (with a `type`, and a `default` if instances may leave it out).
            """,
        ],
        fixed: """
            components:
              Badge:
                params:
                  label: {type: string}
                  tint: {type: color, default: blue}
                body:
                  text: $label
                  background: {color: $tint}
            body:
              hstack:
                - text: Inbox
                - Badge: {label: New, tint: red}

            """)
}
