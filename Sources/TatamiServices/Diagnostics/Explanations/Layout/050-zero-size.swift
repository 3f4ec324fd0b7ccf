import TatamiLayout

extension DiagnosticExplanation {
    static let zeroSize = DiagnosticExplanation(
        .zeroSize,
        summary: "A view that draws something is 0 wide or 0 tall.",
        when: [
            """
            In some viewport, a view that would draw something (a text, an image, a colour other than \
            `clear`, or a container holding one) ends up 0 points wide or tall, so nothing of it shows. \
            Often a flexible view got no room because its siblings took it all. It is reported once, for the \
            outermost such view; hidden views are not reported.
            """,
        ],
        example: """
            viewports:
              phone: {width: 100, height: 50}
            body:
              hstack:
                - color: red
                  frame: {width: 100}
                - color: blue
              spacing: 0

            """,
        fix: [
            "Give the view room: make its siblings smaller or flexible, give it a `minWidth` or `minHeight`, or remove it if it was not meant to show.",
        ],
        fixed: """
            viewports:
              phone: {width: 100, height: 50}
            body:
              hstack:
                - color: red
                  frame: {width: 60}
                - color: blue
              spacing: 0

            """)
}
