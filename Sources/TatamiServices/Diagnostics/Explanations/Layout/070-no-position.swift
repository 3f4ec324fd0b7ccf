import TatamiLayout

extension DiagnosticExplanation {
    static let noPosition = DiagnosticExplanation(
        .noPosition,
        summary: "No placement of a canvas child applies in a viewport, so it is not shown there.",
        when: [
            """
            A canvas child's `position` is a list of placements with `when` conditions, and in some viewport \
            none of them holds: the child has no place there and is left out. This may be what you meant, so \
            it is information, not a warning.
            """,
        ],
        example: """
            viewports:
              portrait: {width: 300, height: 500}
              landscape: {width: 500, height: 300}
            body:
              canvas:
                - text: Sidebar
                  position:
                    - {when: landscape, absolute: [0, 0, 100, 300]}

            """,
        fix: [
            """
            End the list with a placement without `when`, which applies when no other does. To show the view \
            only in some viewports, give the view itself a `when`.
            """,
        ],
        fixed: """
            viewports:
              portrait: {width: 300, height: 500}
              landscape: {width: 500, height: 300}
            body:
              canvas:
                - text: Sidebar
                  when: landscape
                  position: {absolute: [0, 0, 100, 300]}

            """)
}
