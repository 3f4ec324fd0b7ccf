import TatamiLayout

extension DiagnosticExplanation {
    static let overflow = DiagnosticExplanation(
        .overflow,
        summary: "A container's children need more room than it has.",
        when: [
            """
            In some viewport, the children of a stack (or another container) need more width or height than \
            the container was offered, even at their smallest, and the container ends up reaching outside \
            the area the body was given. Views that do not fit are drawn past the edge of the screen.
            """,
            "A shortfall that the parent absorbs (the container still fits on screen) is not reported.",
            """
            The related locations (`note:` lines in text) name the children that need the room: the largest \
            child along that axis, and the innermost view inside it that takes more than it was offered, \
            each with its size.
            """,
        ],
        example: """
            viewports:
              phone: {width: 200, height: 100}
            body:
              hstack:
                - color: red
                  frame: {width: 150, height: 40}
                - color: blue
                  frame: {width: 150, height: 40}

            """,
        fix: [
            """
            Make room: let the children shrink (flexible frames with `minWidth`/`maxWidth` instead of fixed \
            sizes, text that may wrap), wrap them with a `flow` instead of an `hstack`, or show fewer of \
            them in small viewports with `when`.
            """,
        ],
        fixed: """
            viewports:
              phone: {width: 200, height: 100}
            body:
              hstack:
                - color: red
                  frame: {minWidth: 50, maxWidth: 150}
                - color: blue
                  frame: {minWidth: 50, maxWidth: 150}

            """)
}
