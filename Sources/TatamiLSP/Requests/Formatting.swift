import TatamiServices

extension LanguageServer {
    /// `textDocument/formatting`: the few line replacements that put the document's current text
    /// in the canonical shape (`tatami format`), at the line width of its workspace file. A text
    /// that cannot be formatted (a YAML syntax error, anchors or tags) gets no edits, and the
    /// reason is logged to the client.
    ///
    /// `options` (FormattingOptions) change nothing: the canonical shape is indented by two
    /// spaces whatever `tabSize` says, and YAML forbids tabs whatever `insertSpaces` says.
    func formatting(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let (width, isWorkspaceFile) = formatSettings(doc)
        switch FormatEdits.document(doc.text, lineWidth: width, workspaceFile: isWorkspaceFile) {
        case .edits(let e):
            return textEdits(e, in: doc)
        case .failed(let f):
            reportUnformatted(doc, f)
            return .array([])
        case .rangeNeedsWholeDocument:
            return .array([])
        }
    }

    /// `textDocument/rangeFormatting`: the whole document is formatted and only the replacements
    /// touching the range are returned, as long as applying them alone keeps the document's
    /// meaning (else those of the top-level entries holding the range; else none, with a
    /// message). See `FormatEdits.range`.
    func rangeFormatting(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        guard let range = encoding.range(of: params["range"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("range is missing or not a range")
        }
        let (width, isWorkspaceFile) = formatSettings(doc)
        switch FormatEdits.range(range, of: doc.text, lineWidth: width, workspaceFile: isWorkspaceFile) {
        case .edits(let e):
            return textEdits(e, in: doc)
        case .failed(let f):
            reportUnformatted(doc, f)
            return .array([])
        case .rangeNeedsWholeDocument:
            notifyClient("window/showMessage", .object([
                ("type", .number(3)),
                ("message", .string("Tatami: the selection cannot be formatted without the rest of the file; format the whole document.")),
            ]))
            return .array([])
        }
    }

    /// The line width (the document's workspace file's `format.lineWidth`, else the default) and
    /// whether the document is itself a workspace file.
    private func formatSettings(_ doc: OpenDocument) -> (lineWidth: Int, workspaceFile: Bool) {
        guard let path = doc.path else { return (TatamiFormatter.defaultLineWidth, false) }
        let width = workspaceSettings(for: path).config?.config.lineWidth ?? TatamiFormatter.defaultLineWidth
        return (width, Pipeline.isWorkspaceFile(path))
    }

    /// `TextEdit`s in the negotiated position encoding, each range in the current text's
    /// positions (LSP: all refer to the document as it was before any is applied).
    private func textEdits(_ e: FormatEdits, in doc: OpenDocument) -> JSON {
        .array(e.replacements.map { r in
            .object([
                ("range", encoding.range(r.range, in: doc.lineTable)),
                ("newText", .string(String(decoding: e.formatted[r.newRange], as: UTF8.self))),
            ])
        })
    }

    /// Why a document was left as it is, in the client's log (not a pop-up: format on save
    /// would show one at every save of a half-typed file, whose syntax error is already a
    /// diagnostic). The formatter's own failed check is a bug, and is shown.
    private func reportUnformatted(_ doc: OpenDocument, _ f: FormatFailure) {
        let message: String
        let type: Double
        switch f.kind {
        case .syntaxError: message = "Tatami: \(doc.uri) was not formatted: it has a YAML syntax error: \(f.message)"; type = 3
        case .unsupported: message = "Tatami: \(doc.uri): \(f.message)"; type = 3
        case .internalError: message = "Tatami: \(doc.uri) was not formatted: the formatter's check failed (please report it): \(f.message)"; type = 1
        }
        log(message)
        notifyClient(type == 1 ? "window/showMessage" : "window/logMessage",
                     .object([("type", .number(type)), ("message", .string(message))]))
    }
}
