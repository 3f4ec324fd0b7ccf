import TatamiValidation

extension DiagnosticExplanation {
    static let unknownFont = DiagnosticExplanation(
        .unknownFont,
        summary: "A `font` that is neither a default font nor one the file declares.",
        when: [
            """
            `font:` names a font that does not exist here. The default fonts are `caption`, `body`, \
            `headline`, `title` and `largeTitle`; a file adds its own (or changes these) under `fonts:`. A \
            close name is suggested.
            """,
        ],
        example: """
            body:
              text: Welcome
              font: heading

            """,
        fix: [
            "Use one of the fonts the message lists, or declare the font under `fonts:` with its cell `width` and `height`.",
        ],
        fixed: """
            fonts:
              heading: {width: 12, height: 24}
            body:
              text: Welcome
              font: heading

            """)
}
