import TatamiLayout

extension DiagnosticExplanation {
    static let modifierOrder = DiagnosticExplanation(
        .modifierOrder,
        summary: "A view's modifier keys are written in another order than they apply in, and the order written would lay it out differently.",
        when: [
            """
            Modifier keys beside a kind key (`frame`, `padding`, `background`, …) apply in one fixed order \
            whatever order they are written in: `fixedSize`, `aspectRatio`, `frame`, `padding`, \
            `background`, `overlay`, `border`, `offset`, innermost first (docs/format.md §6). In SwiftUI, \
            modifiers apply in the order they are written, so `padding`, `background`, then `frame: \
            {maxWidth: 260}` reads as a frame around the padded, coloured view, while Tatami puts the frame \
            inside the padding.
            """,
            """
            The view is laid out again with its keys in the written order, for the proposal it got; where \
            one of its frames (its own, its content, a background or overlay, a border) comes out \
            differently in some viewport, this information names the modifier that applies first and the two \
            sizes. A view whose keys are written out of order but lays out the same either way gets nothing.
            """,
        ],
        example: """
            viewports:
              phone: {width: 320, height: 200}
            body:
              text: Are we still on for lunch tomorrow at noon?
              padding: 12
              background: {color: blue}
              frame: {maxWidth: 260}

            """,
        fix: [
            """
            If the fixed order is what you meant, write the keys in that order. If the written order is, \
            list the modifiers under `modifiers:`, which applies them first to last (editors offer this \
            rewrite as a code action; `lint --fix` never applies it, since it changes the layout).
            """,
        ],
        fixed: """
            viewports:
              phone: {width: 320, height: 200}
            body:
              text: Are we still on for lunch tomorrow at noon?
              modifiers:
                - padding: 12
                - background: {color: blue}
                - frame: {maxWidth: 260}

            """)
}
