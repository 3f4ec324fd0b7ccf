import TatamiValidation

extension DiagnosticExplanation {
    static let referenceOutsideComponent = DiagnosticExplanation(
        .referenceOutsideComponent,
        summary: "`$name`, `${name}` or `$$` written outside a component's body, where it is shown as written.",
        when: [
            """
            A text, an image name or a component's string argument written outside every component's body \
            holds what a body would read as a reference: `$name` as the whole value, `${name}` or `$$` \
            inside it. Only a component's body is substituted (docs/format.md §8.1), so here the characters \
            are shown as they are: `$title` shows `$title`, `Only $$5` shows two dollars.
            """,
            "A `$` followed by anything else (`$5`, `US$ 5`) is an ordinary character and is not reported.",
        ],
        example: """
            body:
              vstack:
                - text: $title
                - text: Only $$5

            """,
        fix: [
            """
            To show a value that changes, declare a component whose body uses the parameter and give the \
            value as an argument. For a dollar sign outside a body, write one `$` (the fix offered for a \
            lone `$$`). When the text really is meant to show the characters, silence the warning on its \
            line with `# tatami-ignore: reference-outside-component`.
            """,
        ],
        fixed: """
            components:
              Offer:
                params:
                  title: {type: string}
                body:
                  vstack:
                    - text: $title
                    - text: Only $$5
            body:
              Offer: {title: Today}

            """)
}
