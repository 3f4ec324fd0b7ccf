import TatamiValidation

extension DiagnosticExplanation {
    static let fontFileError = DiagnosticExplanation(
        .fontFileError,
        summary: "A font file that cannot be used.",
        when: [
            """
            A font's `file` (or one of its `fallback` files) cannot be used: it is not found, cannot be \
            read, is an absolute path, leads outside the workspace root (also through a symbolic link), is \
            not a font FreeType can read (truncated, corrupted, another format), is one HarfBuzz cannot \
            shape (WOFF, WOFF2, Type 1: only TrueType and OpenType files and collections are read), or has \
            no face at the `index` given. Text read from standard input names no font file, since there is \
            no file to find paths from. Texts in that font are then measured with zero-width characters, so \
            the layout around them is not meaningful until the file is fixed.
            """,
        ],
        example: """
            fonts:
              body: {file: Inter-Regular.ttf, size: 17}
            body:
              text: Tokyo

            """,
        fix: [
            """
            Correct the path (it is relative to the file that declares the font and must stay inside the \
            workspace root), point it at a `.ttf`, `.otf` or `.ttc` file, or pick a face of a collection \
            that exists with `index`.
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
