import TatamiLayout

extension DiagnosticExplanation {
    static let tooDeep = DiagnosticExplanation(
        .tooDeep,
        summary: "Containers nested more than 10 deep.",
        when: [
            """
            A container (a stack, `flow`, `grid`, `bricks` or `canvas`) sits inside more than 10 other \
            containers. Such a layout is hard to read and to change; the layout is still computed. It is \
            reported once per file, at the first container past the limit, whatever the viewport. Component \
            instances do not count as containers, but the containers of their bodies do.
            """,
        ],
        example: """
            body:
              vstack:
                - text: "1"
                - vstack:
                    - text: "2"
                    - vstack:
                        - text: "3"
                        - vstack:
                            - text: "4"
                            - vstack:
                                - text: "5"
                                - vstack:
                                    - text: "6"
                                    - vstack:
                                        - text: "7"
                                        - vstack:
                                            - text: "8"
                                            - vstack:
                                                - text: "9"
                                                - vstack:
                                                    - text: "10"
                                                    - vstack:
                                                        - text: "11"
                                                        - text: "12"

            """,
        fix: [
            """
            Flatten the layout: a stack of stacks on the same axis is usually one stack (with `spacing` or a \
            `spacer`), a wrapper that only adds space is a `padding` or `frame` on the view itself, and rows \
            of cells are a `grid`, `flow` or `bricks`.
            """,
        ],
        fixed: """
            body:
              vstack:
                - text: "1"
                - text: "2"
                - text: "3"
                - text: "4"
                - text: "5"
                - text: "6"
                - text: "7"
                - text: "8"
                - text: "9"
                - text: "10"
                - text: "11"
                - text: "12"

            """)
}
