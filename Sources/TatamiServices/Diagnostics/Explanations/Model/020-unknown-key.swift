import TatamiValidation

extension DiagnosticExplanation {
    static let unknownKey = DiagnosticExplanation(
        .unknownKey,
        summary: "A key the format does not know.",
        when: [
            """
            A key is not part of the format where it is written, nor anywhere else as a view's key; it is \
            most often a typo. Keys are case-sensitive (`minwidth` is not `minWidth`), and a key that starts \
            with a capital letter names a component instead (see `unknown-component`).
            """,
            "When a known key is close, the message suggests it (\"did you mean `padding`?\") and editors offer the fix. The key and its value are ignored.",
            """
            A view whose only kind-like key is a close misspelling of one kind (`vstak:`, `txet:`) is \
            checked as that kind, so the problems inside it are reported too; when the spelling is as close \
            to several kinds (`stack:`), nothing is guessed and the view is skipped.
            """,
        ],
        example: """
            body:
              text: Hello
              paddng: 8

            """,
        fix: [
            "Correct the spelling, or remove the key. `tatami schema` prints every key the format knows, with its documentation.",
        ],
        fixed: """
            body:
              text: Hello
              padding: 8

            """)
}
