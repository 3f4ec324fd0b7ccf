import TatamiValidation

extension DiagnosticExplanation {
    static let wrongType = DiagnosticExplanation(
        .wrongType,
        summary: "A value of the wrong type.",
        when: [
            """
            A value is not the kind of YAML value the key takes: a string where a number is expected, a list \
            where a mapping is, a number where `true` or `false` is, nothing (null) where a value is \
            required. Tatami reads YAML 1.2, where only `true` and `false` are booleans: `yes`, `no`, `on` \
            and `off` are strings, and so is a quoted number such as `"8"`.
            """,
            """
            Where `true` or `false` would do, a word YAML 1.1 read as a boolean (`yes`, `no`, `on`, `off`, \
            `y`, `n`, in any case) gets a message that says so, and a fix to the boolean a YAML 1.1 reader \
            saw (`yes` → `true`), which `tatami lint --fix` applies.
            """,
            "Expressions have types too: `when` needs a condition (`width > 400`), not a number (`width`), and the arithmetic operators need numbers.",
        ],
        example: """
            body:
              text: Hello
              hidden: yes

            """,
        fix: [
            """
            Write the value in the type the message expects: `true` or `false`, a number without quotes, a \
            list `[a, b]` or a mapping `{key: value}`. `tatami schema` gives each key's type.
            """,
        ],
        fixed: """
            body:
              text: Hello
              hidden: true

            """)
}
