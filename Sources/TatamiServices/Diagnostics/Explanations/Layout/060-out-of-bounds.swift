import TatamiLayout

extension DiagnosticExplanation {
    static let outOfBounds = DiagnosticExplanation(
        .outOfBounds,
        summary: "A canvas child's rectangle leaves the canvas.",
        when: [
            """
            In some viewport, the rectangle a canvas placement gives a child reaches outside the canvas \
            (when the canvas has a finite size). The child is still placed there and drawn past the canvas's \
            edge.
            """,
        ],
        example: """
            viewports:
              phone: {width: 100, height: 100}
            body:
              canvas:
                - color: red
                  position: {absolute: [80, 10, 40, 40]}

            """,
        fix: [
            """
            Correct the placement so the rectangle stays inside. Placements relative to the canvas's size \
            (`relative`, `insets`, `anchor`, or expressions over `width` and `height`) keep a child inside \
            in every viewport.
            """,
        ],
        fixed: """
            viewports:
              phone: {width: 100, height: 100}
            body:
              canvas:
                - color: red
                  position: {anchor: {from: topTrailing, x: -10, y: 10, width: 40, height: 40}}

            """)
}
