import TatamiBase

/// The catalog written out: plain text for `tatami explain`, Markdown for `docs/diagnostics.md`.
/// Both are made from the same fields, so the page and the command say the same thing.
extension DiagnosticCatalog {
    /// `code  severity  summary`, one line per code, in the page's order.
    public static func list() -> String {
        let all = entries
        let codeWidth = all.map(\.code.name.count).max() ?? 0
        let severityWidth = all.map(\.severity.rawValue.count).max() ?? 0
        return all.map { e in
            pad(e.code.name, codeWidth) + "  " + pad(e.severity.rawValue, severityWidth) + "  " + e.summary
        }.joined(separator: "\n") + "\n"
    }

    /// One code's explanation as plain text, paragraphs wrapped at `width` columns; ANSI bold
    /// headings and a coloured severity when `color` is set.
    public static func text(_ e: DiagnosticExplanation, color: Bool = false, width: Int = 80) -> String {
        func bold(_ s: String) -> String { color ? "\u{1B}[1m" + s + "\u{1B}[0m" : s }
        func severity(_ s: Severity) -> String {
            guard color else { return s.rawValue }
            let tint: String
            switch s {
            case .error: tint = "31;1"
            case .warning: tint = "33;1"
            case .information, .hint: tint = "36;1"
            }
            return "\u{1B}[\(tint)m" + s.rawValue + "\u{1B}[0m"
        }
        func paragraphs(_ ps: [String]) -> String {
            ps.map { wrap($0, width: width, indent: "  ") }.joined(separator: "\n\n") + "\n"
        }
        func file(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n"
        }
        var out = bold(e.code.name) + " (" + severity(e.severity) + ")\n"
        out += wrap(e.summary, width: width, indent: "") + "\n\n"
        out += bold("When it fires") + "\n" + paragraphs(e.when) + "\n"
        out += bold("Example") + " (" + reports(e) + ")\n" + file(e.example) + "\n"
        out += bold("Fix") + "\n" + paragraphs(e.fix) + "\n"
        out += bold("Fixed") + " (reports nothing)\n" + file(e.fixed)
        for f in e.files {
            if let source = f.copyOf {
                out += "\n" + bold("Beside both, " + f.path) + ": a copy of `\(source)` from Tatami's repository\n"
            } else {
                out += "\n" + bold("Beside both, " + f.path) + "\n" + file(f.text)
            }
        }
        return out
    }

    /// Every explanation as plain text, one after the other.
    public static func allText(color: Bool = false, width: Int = 80) -> String {
        entries.map { text($0, color: color, width: width) }.joined(separator: "\n\n")
    }

    /// One code's section of the page.
    public static func markdown(_ e: DiagnosticExplanation) -> String {
        func block(_ text: String, errors: Bool) -> String {
            (errors ? "<!-- lint: errors -->\n" : "") + "```yaml\n" + text + "```\n"
        }
        var out = "### `\(e.code.name)`\n\n"
        out += "**\(e.severity.rawValue)**: \(e.summary)\n\n"
        out += "**When it fires.** " + e.when.joined(separator: "\n\n") + "\n\n"
        out += "Example (\(reports(e, code: { "`\($0)`" }))):\n\n" + block(e.example, errors: e.severity == .error) + "\n"
        out += "**Fix.** " + e.fix.joined(separator: "\n\n") + "\n\n"
        out += "Fixed (reports nothing):\n\n" + block(e.fixed, errors: false)
        for f in e.files {
            if let source = f.copyOf {
                out += "\nBoth need `\(f.path)` beside them: a copy of [`\(source)`](../\(source)).\n"
                out += "<!-- beside: \(f.path) = \(source) -->\n"
            } else {
                out += "\nBoth need `\(f.path)` beside them:\n\n<!-- beside: \(f.path) -->\n" + block(f.text, errors: false)
            }
        }
        return out
    }

    /// The whole of `docs/diagnostics.md`.
    public static func markdownPage() -> String {
        var out = """
            # Diagnostic codes

            <!-- Generated from Sources/TatamiServices/Diagnostics/Explanations (one file per code); do not edit by hand. \
            Regenerate with: \(regenerateCommand) -->

            This page is generated from the catalog: one file per code under `Sources/TatamiServices/Diagnostics/Explanations/`.
            Regenerate it with:

            ```sh
            \(regenerateCommand)
            ```

            A test checks that it matches the catalog, that the catalog holds exactly the codes the program
            declares, and that each example below reports its code when linted (and nothing else, but the
            consequences it names) while its fixed version reports nothing.

            Every problem `tatami lint` finds (and the language server shows) carries a code:
            `path:line:column: severity: message [code]`. `tatami explain CODE` prints the code's
            explanation below in the terminal; `tatami explain --list` lists the codes.

            - **error**: the file is wrong; `tatami lint` exits 1, and `tatami preview` and `tatami frames` still
              draw what they can.
            - **warning**: the file is valid but the layout is probably not what was meant; `tatami lint`
              exits 1 only with `--strict`.
            - **information**: worth knowing, never a failure.

            A comment silences codes: `# tatami-ignore: code` after a view's kind key (or alone on the line
            above it) for that line, `# tatami-ignore-file: code` for the whole file. Several codes are
            separated by commas.


            """
        out += "| code | severity | summary |\n|---|---|---|\n"
        for e in entries {
            out += "| [`\(e.code.name)`](#\(e.code.name)) | \(e.severity.rawValue) | \(e.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        let byName = Dictionary(table.map { ($0.code.name, $0) }, uniquingKeysWith: { a, _ in a })
        for stage in stages {
            out += "\n## \(stage.title)\n\n\(stage.intro)\n"
            for code in stage.codes {
                guard let e = byName[code.name] else { continue }
                out += "\n" + markdown(e)
            }
        }
        return out
    }

    /// "reports overflow", or "reports import-error, and unknown-component as a consequence".
    static func reports(_ e: DiagnosticExplanation, code: (String) -> String = { $0 }) -> String {
        var s = "reports " + code(e.code.name)
        if !e.alsoReports.isEmpty {
            s += ", and " + e.alsoReports.map { code($0.name) }.joined(separator: ", ") + " as a consequence"
        }
        return s
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    /// Words filled into lines of at most `width` columns (a longer word gets a line of its own),
    /// each line after `indent`.
    static func wrap(_ paragraph: String, width: Int, indent: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if indent.count + line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }
}
