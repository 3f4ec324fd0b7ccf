import TatamiServices

extension LanguageServer {
    /// The characters after which a client asks for completion without being told to.
    static let completionTriggerCharacters = [":", " ", "-", "$", "{"]

    /// `textDocument/completion`: keys valid at the cursor, values, kinds (as snippets),
    /// components and their parameters, fonts, alignments, names in expressions, `$` references,
    /// `imports` paths. A client without snippets gets each snippet's placeholders' text
    /// (an instance's arguments as empty values of their types: valid as inserted).
    /// Multi-line items are written for the way the client inserts them (`completionLineBreaks`).
    func completion(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        // The text as it is now (the place, the word typed), the declarations of the newest
        // analysis: completion never waits for the analysis of the keystroke that asked for it.
        let snap = try snapshot(doc)
        let a = snap.isFresh ? snap.analysis : snap.analysis.readingText(doc.lineTable)
        let candidates = EditorServices.completions(a, at: offset, workspace: workspace(for: doc))
        let (lineBreaks, mode) = client.completionLineBreaks
        let items: [JSON] = candidates.enumerated().map { index, c in
            let snippet = c.isSnippet && client.snippets
            let written = c.text(lineBreaks)
            let text = c.isSnippet && !client.snippets ? Self.plainText(ofSnippet: written) : written
            var pairs: [(String, JSON)] = [
                ("label", .string(c.label)),
                ("kind", .number(Double(Self.completionKind(c.kind)))),
                // Keep the services' order (most relevant first) whatever the client sorts by.
                ("sortText", .string(String(format: "%05d", index))),
                ("insertTextFormat", .number(snippet ? 2 : 1)),
            ]
            if let mode, text.contains("\n") { pairs.append(("insertTextMode", .number(Double(mode)))) }
            if let d = c.detail { pairs.append(("detail", .string(d))) }
            if let d = c.documentation {
                // Markdown only for clients that render it; plain text (no Markdown syntax) otherwise.
                pairs.append(("documentation", client.markdownCompletionDocs
                    ? .object([("kind", .string("markdown")), ("value", .string(d))]) : .string(c.plainDocumentation ?? d)))
            }
            // No `filterText`: the label is the filter text by default, and Neovim 0.7 honours
            // the edit's range only for items without one (a `$name` edit starts at the `$`,
            // which is not part of a Vim keyword).
            if let r = c.replaceRange {
                pairs.append(("textEdit", .object([("range", encoding.range(r, in: doc.lineTable)), ("newText", .string(text))])))
            } else {
                pairs.append(("insertText", .string(text)))
            }
            return .object(pairs)
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// A snippet's text for clients without snippets: `${1:x}` → `x`, `$1`/`$0` → nothing,
    /// `\$` → `$`.
    static func plainText(ofSnippet s: String) -> String {
        var out = ""
        var chars = Array(s)
        var i = 0
        func readDigits() { while i < chars.count, chars[i].isNumber { i += 1 } }
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, "$}\\".contains(chars[i + 1]) {
                out.append(chars[i + 1]); i += 2; continue
            }
            if c == "$", i + 1 < chars.count {
                if chars[i + 1].isNumber { i += 1; readDigits(); continue }
                if chars[i + 1] == "{", i + 2 < chars.count, chars[i + 2].isNumber {
                    i += 2; readDigits()
                    if i < chars.count, chars[i] == ":" { i += 1; chars.remove(at: closingBrace(chars, from: i)) ; continue }
                    if i < chars.count, chars[i] == "}" { i += 1 }
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return out
    }

    /// The index of the `}` closing a placeholder whose default starts at `from` (nested
    /// placeholders skipped); the end when there is none.
    private static func closingBrace(_ chars: [Character], from: Int) -> Int {
        var depth = 0, i = from
        while i < chars.count {
            if chars[i] == "\\" { i += 2; continue }
            if chars[i] == "{" { depth += 1 }
            if chars[i] == "}" { if depth == 0 { return i }; depth -= 1 }
            i += 1
        }
        return chars.count - 1
    }

    /// LSP's `CompletionItemKind` for each candidate kind.
    static func completionKind(_ k: CompletionKind) -> Int {
        switch k {
        case .key: return 10            // Property
        case .kind: return 14           // Keyword
        case .modifier: return 3        // Function
        case .value: return 20          // EnumMember
        case .component: return 7       // Class
        case .parameter: return 5       // Field
        case .id: return 18             // Reference
        case .font: return 21           // Constant
        case .alignment: return 20      // EnumMember
        case .viewport: return 21       // Constant
        case .color: return 16          // Color
        case .expressionName: return 6  // Variable
        case .function: return 3        // Function
        case .snippet: return 15        // Snippet
        }
    }
}

extension LanguageServer.ClientCapabilities {
    /// How to write the line breaks of multi-line completion items for this client, and the
    /// `insertTextMode` to give them (nil: none; 1 is `asIs`, 2 `adjustIndentation`):
    /// - a client that re-indents (it offers mode 2, or inserts that way by default): later
    ///   lines indented from the cursor line's indentation, which it adds;
    /// - one that declares snippets or insertion modes but does not re-indent: every later
    ///   line with its full indentation, inserted as is;
    /// - one that declares neither (Neovim 0.7's omnifunc turns a line break into a NUL;
    ///   eglot without yasnippet): one line only, such as a container's key alone.
    var completionLineBreaks: (CompletionLineBreaks, mode: Int?) {
        if insertTextModes.contains(2) { return (.indentedByEditor, 2) }
        if defaultInsertTextMode == 2 { return (.indentedByEditor, nil) }
        if insertTextModes.contains(1) { return (.asWritten, 1) }
        if snippets || !insertTextModes.isEmpty || defaultInsertTextMode != nil { return (.asWritten, nil) }
        return (.none, nil)
    }
}
