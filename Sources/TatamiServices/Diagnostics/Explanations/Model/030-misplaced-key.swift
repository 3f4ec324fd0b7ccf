import TatamiValidation

extension DiagnosticExplanation {
    static let misplacedKey = DiagnosticExplanation(
        .misplacedKey,
        summary: "A key the format knows, written where it has no meaning.",
        when: [
            """
            The key exists, but not here: a container's parameter on a view that is not that container \
            (`spacing` on a `text`), a key that goes inside a modifier written beside the kind (`minWidth` \
            belongs inside `frame`), `position` outside a canvas child, `ignoresSafeArea` on a view other \
            than the body, a top-level key (`viewports`, `fonts`, …) inside a view, something other than a \
            modifier in a `modifiers:` list, or a component's parameter written beside the instance instead \
            of among its arguments.
            """,
            "The message says where the key belongs. It is ignored here.",
        ],
        example: """
            body:
              text: Hello
              spacing: 8

            """,
        fix: [
            """
            Move the key to where the message says it belongs, or remove it. In the example, `spacing` is \
            the gap between a stack's children, so it goes on the stack.
            """,
        ],
        fixed: """
            body:
              vstack:
                - text: Hello
                - text: World
              spacing: 8

            """)
}
