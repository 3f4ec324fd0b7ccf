import TatamiValidation

extension DiagnosticExplanation {
    static let invalidValue = DiagnosticExplanation(
        .invalidValue,
        summary: "A value of the right type but not one the key allows.",
        when: [
            """
            The type is right but the value is not allowed: a number out of range (lengths go from 0 to \
            1,000,000, a viewport's `scale` from above 0 to 16, `aspectRatio` above 0), a word that is not \
            one of the key's choices (a close one is suggested), a colour that is neither a known name nor \
            `#RRGGBB`, a list with the wrong number of items (`absolute` takes four numbers), a custom \
            alignment where it cannot apply (one of the other axis, or where only the built-in points are \
            allowed), or a name that cannot name a component (a capital letter first, then letters, digits \
            and `_`) or a parameter.
            """,
        ],
        example: """
            body:
              color: "#12345"

            """,
        fix: [
            """
            Use a value from the range or the choices the message lists. Colours are names such as `red` or \
            `systemBlue`, or six hexadecimal digits after `#`, quoted (an unquoted `#` starts a YAML \
            comment).
            """,
        ],
        fixed: """
            body:
              color: "#123456"

            """)
}
