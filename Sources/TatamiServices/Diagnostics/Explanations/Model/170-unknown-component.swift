import TatamiValidation

extension DiagnosticExplanation {
    static let unknownComponent = DiagnosticExplanation(
        .unknownComponent,
        summary: "A capitalised kind key that names no component.",
        when: [
            """
            A view's key starts with a capital letter, so it uses a component, but no component of that name \
            is declared in the file under `components:` nor in a file it imports. A close name is suggested: \
            a kind whose name it is but for case (`Text`, `VStack`), else a close component, else a close \
            kind (`Imgae`). When the suggestion is one kind and the view has no other kind key, the rest of \
            the view is checked as that kind.
            """,
            """
            It is not reported while an import of the file cannot be read: the name may be one of that \
            file's components, and the import's `import-error` says so once.
            """,
        ],
        example: """
            body:
              hstack:
                - text: Inbox
                - Badge: {label: New}
                - text: "3"

            """,
        fix: [
            "Correct the name, declare the component under `components:`, or import the file that declares it (`imports:`).",
        ],
        fixed: """
            components:
              Badge:
                params:
                  label: {type: string}
                body:
                  text: $label
                  padding: 4
            body:
              hstack:
                - text: Inbox
                - Badge: {label: New}
                - text: "3"

            """)
}
