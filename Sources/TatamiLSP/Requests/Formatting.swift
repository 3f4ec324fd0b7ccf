import TatamiBase
import TatamiServices

extension LanguageServer {
    /// `textDocument/formatting`: the few line replacements that put the document's current text
    /// in the canonical shape (`tatami format`), at the line width of its workspace file. A text
    /// that cannot be formatted (a YAML syntax error, anchors or tags) gets no edits, and the
    /// reason is logged to the client.
    ///
    /// `options` (FormattingOptions) change nothing: the canonical shape is indented by two
    /// spaces whatever `tabSize` says, and YAML forbids tabs whatever `insertSpaces` says.
    ///
    /// Formatted on the worker (`RequestJob`): the text, its line table and the settings are
    /// taken now, so the edits are those of the text the request was sent for.
    func formatting(_ params: JSON) throws -> RequestJob.Work {
        try formattingWork(try document(params), range: nil)
    }

    /// `textDocument/rangeFormatting`: the whole document is formatted and only the replacements
    /// touching the range are returned, as long as applying them alone keeps the document's
    /// meaning (else those of the top-level entries holding the range; else none, with a
    /// message). See `FormatEdits.range`.
    func rangeFormatting(_ params: JSON) throws -> RequestJob.Work {
        let doc = try document(params)
        guard let range = encoding.range(of: params["range"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("range is missing or not a range")
        }
        return try formattingWork(doc, range: range)
    }

    /// The work of formatting the document's text as it is now (or the replacements touching
    /// `range` of it), and the answer: `TextEdit`s in that text's positions.
    private func formattingWork(_ doc: OpenDocument, range: SourceRange?) throws -> RequestJob.Work {
        let (width, isWorkspaceFile) = formatSettings(doc)
        let text = doc.text, table = doc.lineTable, uri = doc.uri
        return RequestJob.Work(compute: { alreadyOnLargeStack in
            if let range {
                return FormatEdits.range(range, of: text, lineWidth: width, workspaceFile: isWorkspaceFile,
                                         alreadyOnLargeStack: alreadyOnLargeStack)
            }
            return FormatEdits.document(text, lineWidth: width, workspaceFile: isWorkspaceFile,
                                        alreadyOnLargeStack: alreadyOnLargeStack)
        }, answer: { server, outcome in
            switch outcome {
            case .edits(let e):
                return server.textEdits(e, in: table)
            case .failed(let f):
                server.reportUnformatted(uri, f)
                return .array([])
            case .rangeNeedsWholeDocument:
                server.notifyClient("window/showMessage", .object([
                    ("type", .number(3)),
                    ("message", .string("Tatami: the selection cannot be formatted without the rest of the file; format the whole document.")),
                ]))
                return .array([])
            }
        })
    }

    /// The line width (the document's workspace file's `format.lineWidth`, else the default) and
    /// whether the document is itself a workspace file.
    private func formatSettings(_ doc: OpenDocument) -> (lineWidth: Int, workspaceFile: Bool) {
        guard let path = doc.path else { return (TatamiFormatter.defaultLineWidth, false) }
        let width = workspaceSettings(for: path).config?.config.lineWidth ?? TatamiFormatter.defaultLineWidth
        return (width, Pipeline.isWorkspaceFile(path))
    }

    /// `TextEdit`s in the negotiated position encoding, each range in the positions of the text
    /// that was formatted (LSP: all refer to the document as it was before any is applied).
    private func textEdits(_ e: FormatEdits, in table: LineTable) -> JSON {
        .array(e.replacements.map { r in
            .object([
                ("range", encoding.range(r.range, in: table)),
                ("newText", .string(String(decoding: e.formatted[r.newRange], as: UTF8.self))),
            ])
        })
    }

    /// Why a document was left as it is, in the client's log (not a pop-up: format on save
    /// would show one at every save of a half-typed file, whose syntax error is already a
    /// diagnostic). The formatter's own failed check is a bug, and is shown.
    private func reportUnformatted(_ uri: String, _ f: FormatFailure) {
        let message: String
        let type: Double
        switch f.kind {
        case .syntaxError: message = "Tatami: \(uri) was not formatted: it has a YAML syntax error: \(f.message)"; type = 3
        case .unsupported: message = "Tatami: \(uri): \(f.message)"; type = 3
        case .internalError: message = "Tatami: \(uri) was not formatted: the formatter's check failed (please report it): \(f.message)"; type = 1
        }
        log(message)
        notifyClient(type == 1 ? "window/showMessage" : "window/logMessage",
                     .object([("type", .number(type)), ("message", .string(message))]))
    }
}
