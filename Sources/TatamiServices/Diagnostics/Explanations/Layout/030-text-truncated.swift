import TatamiLayout

extension DiagnosticExplanation {
    static let textTruncated = DiagnosticExplanation(
        .textTruncated,
        summary: "A text is cut with `…` to fit.",
        when: [
            """
            In some viewport, a text does not fit in the frame it gets, within its `lineLimit` if it has \
            one, so it is cut and ends with `…`. The message shows what is left.
            """,
        ],
        example: """
            viewports:
              small: {width: 160, height: 60}
            body:
              text: This sentence is far too long for one line
              lineLimit: 1

            """,
        fix: [
            """
            Give the text more room or more lines, shorten it, or pick a smaller font. Where cutting is what \
            you want (a preview line in a list), silence the warning on that view with `# tatami-ignore: \
            text-truncated` after its kind key.
            """,
        ],
        fixed: """
            viewports:
              small: {width: 160, height: 60}
            body:
              text: This sentence is far too long for one line
              lineLimit: 3

            """)
}
