import TatamiValidation

extension DiagnosticExplanation {
    static let unknownAlignment = DiagnosticExplanation(
        .unknownAlignment,
        summary: "An alignment or guide name that is not valid where it is written.",
        when: [
            """
            An `alignment` does not fit the container: a `vstack` lines its children up horizontally and \
            takes `leading`, `center` or `trailing`; an `hstack` lines them up vertically and takes `top`, \
            `center`, `bottom` or a text baseline; a `zstack` or a `frame` takes both (`topLeading`, \
            `center`, …). A custom alignment must be declared under `alignments:` with the matching axis.
            """,
            """
            It also fires for a name in `alignmentGuides` that is neither a built-in guide nor a declared \
            alignment, and for a canvas `anchor` point that does not exist. A close name is suggested.
            """,
        ],
        example: """
            body:
              vstack:
                - text: One
                - text: Two
              alignment: top

            """,
        fix: [
            "Use an alignment of the container's axis, as the message lists, or declare the custom one under `alignments:`.",
        ],
        fixed: """
            body:
              vstack:
                - text: One
                - text: Two
              alignment: leading

            """)
}
