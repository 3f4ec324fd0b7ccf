import TatamiLayout

extension DiagnosticExplanation {
    static let missingGlyph = DiagnosticExplanation(
        .missingGlyph,
        summary: "A text has characters no face of its font has a glyph for.",
        when: [
            """
            A text set in a font given by a file (`fonts: {name: {file: …, size: …}}`) holds characters that \
            neither the font's file nor any of its `fallback` files has a glyph for. A screen would draw \
            them in some other font its system picks, so the width Tatami computes for them (the primary \
            face's missing-glyph box) is a guess. It is reported once per text, naming the first few such \
            characters.
            """,
        ],
        example: """
            fonts:
              body: {file: Inter-Regular.otf, size: 17}
            body:
              text: 東京 Tokyo

            """,
        fix: [
            """
            Add a face that has those characters to the font's `fallback` list (a CJK face, an emoji face), \
            as a web page lists them in `font-family`; or write the text without them.
            """,
        ],
        fixed: """
            fonts:
              body: {file: Inter-Regular.otf, size: 17}
            body:
              text: Tokyo

            """,
        files: [.init(path: "Inter-Regular.otf", copyOf: "Examples/fonts/Inter-Regular.otf")])
}
