import TatamiValidation

extension DiagnosticExplanation {
    static let multipleKinds = DiagnosticExplanation(
        .multipleKinds,
        summary: "A view has two kind keys.",
        when: [
            """
            One mapping holds two kind keys, such as `text` and `image`: a view is exactly one thing. It \
            usually means a `- ` is missing between two items of a list. The first kind is used and the \
            second ignored.
            """,
        ],
        example: """
            body:
              hstack:
                - text: Title
                  image: logo
                - text: Subtitle

            """,
        fix: [
            "Split the mapping into two views, each its own list item, or remove one kind.",
        ],
        fixed: """
            body:
              hstack:
                - text: Title
                - image: logo
                  size: [16, 16]
                - text: Subtitle

            """)
}
