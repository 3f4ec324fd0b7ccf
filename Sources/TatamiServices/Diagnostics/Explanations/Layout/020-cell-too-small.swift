import TatamiLayout

extension DiagnosticExplanation {
    static let cellTooSmall = DiagnosticExplanation(
        .cellTooSmall,
        summary: "A grid cell, a brick or a canvas rectangle is smaller than the view placed in it.",
        when: [
            """
            In some viewport, a `grid`, `bricks` or `canvas` gives a child a rectangle (its cell) and the \
            child, proposed that size, takes more: a fixed `frame`, an image that is not resizable, a \
            padding larger than the cell. The child is centred on its cell and sticks out of it, over its \
            neighbours. The message gives the child's size and the cell's. Hidden children are not reported.
            """,
            """
            A grid takes its proposal and shares it among its cells, so more children than the room holds \
            (or one column where several would fit) make cells smaller than their children.
            """,
        ],
        example: """
            viewports:
              phone: {width: 200, height: 200}
            body:
              grid:
                - color: red
                  frame: {width: 48, height: 48}
                - color: green
                  frame: {width: 48, height: 48}
                - color: blue
                  frame: {width: 48, height: 48}
                - color: yellow
                  frame: {width: 48, height: 48}
                - color: gray
                  frame: {width: 48, height: 48}
              columns: 1

            """,
        fix: [
            """
            Give the cells room: more columns (`columns: {minWidth: …}` or `columns: auto`), a smaller \
            `spacing`, a larger container, or smaller children. Children with flexible sizes (a `color` \
            without a fixed frame, a resizable image, `frame: {maxWidth: 48, maxHeight: 48}`) take the cell \
            they get instead of sticking out.
            """,
        ],
        fixed: """
            viewports:
              phone: {width: 200, height: 200}
            body:
              grid:
                - color: red
                  frame: {maxWidth: 48, maxHeight: 48}
                - color: green
                  frame: {maxWidth: 48, maxHeight: 48}
                - color: blue
                  frame: {maxWidth: 48, maxHeight: 48}
                - color: yellow
                  frame: {maxWidth: 48, maxHeight: 48}
                - color: gray
                  frame: {maxWidth: 48, maxHeight: 48}
              columns: 1

            """)
}
