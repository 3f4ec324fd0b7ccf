import TatamiValidation

extension DiagnosticExplanation {
    static let importError = DiagnosticExplanation(
        .importError,
        summary: "An import that cannot be used.",
        when: [
            """
            An entry of `imports:` cannot be read: the file is not found, cannot be read, is not a \
            `.tatami.yaml` or `.tatami.yml` file, is an absolute path, leads outside the workspace root \
            (also through a symbolic link), or imports back the file that imports it. Text read from \
            standard input cannot import, since there is no file to find paths from.
            """,
            """
            It also fires when the imported file has errors (the first is summarised, with its line), and \
            when two imported files declare a component of the same name (the first one is used).
            """,
            """
            While an import cannot be read, a capitalised key that names no declared component may be one of \
            the components it would have given: such uses are not reported one by one (no \
            `unknown-component`), and the first failed import carries one related note naming them, at the \
            first.
            """,
        ],
        example: """
            imports: [libary.tatami.yaml]
            body:
              Badge: {label: Inbox}

            """,
        fix: [
            """
            Correct the path: it is relative to the importing file and must stay inside the workspace root \
            (`--root`, by default the directory given to `tatami lint`). Fix the errors of the imported \
            file, and rename one of two components with the same name.
            """,
        ],
        fixed: """
            imports: [library.tatami.yaml]
            body:
              Badge: {label: Inbox}

            """,
        files: [.init(path: "library.tatami.yaml", text: """
            components:
              Badge:
                params:
                  label: {type: string}
                body:
                  text: $label
            body:
              Badge: {label: Sample}

            """)])
}
