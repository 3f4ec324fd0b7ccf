import TatamiYAML

extension DiagnosticExplanation {
    static let yamlSyntax = DiagnosticExplanation(
        .yamlSyntax,
        summary: "The text is not valid YAML.",
        when: [
            """
            libyaml could not read the file: a tab used for indentation, a quote or bracket never closed, an \
            item indented differently from its siblings, or a `: ` inside an unquoted value (YAML reads it \
            as the start of a mapping). The message is libyaml's, at the place it gave up, except for a \
            quote, `[` or `{` that is never closed: that is reported where it opens, with the place libyaml \
            gave up as related information; and for a line indented to a column that no mapping or list \
            above it uses (libyaml's "did not find expected key"): the message gives the column expected, \
            that of the nearest key or list item above further right, and the column found.
            """,
            "Nothing after the error is read. What was read before it is still checked, but a key the error cut off (such as `body`) is not reported missing.",
            """
            A file in UTF-16 or UTF-32 (told by its byte-order mark, or by the zero bytes of its first \
            character) is not read at all: Tatami files are UTF-8, and the error names the encoding found.
            """,
        ],
        example: """
            body:
              text: Note: read this first

            """,
        fix: [
            """
            Go to the position given and correct the YAML there. Indent with spaces only. Quote a value that \
            holds `: `, starts with a character YAML reserves (`*`, `&`, `!`, `%`, `@`, `` ` ``, `{`, `[`) \
            or should stay a string (`"1.0"`).
            """,
        ],
        fixed: """
            body:
              text: "Note: read this first"

            """)
}
