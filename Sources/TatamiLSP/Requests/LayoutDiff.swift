import TatamiServices

extension LanguageServer {
    /// `tatami.diff`: the editor's text of a document (and of the other open documents it may
    /// import) against the file at a git revision, as `tatami diff` reports it (docs/format.md
    /// §12.7): the JSON object, or the text or Markdown report as a string.
    func diff(_ doc: OpenDocument, revision: String?, format: String?) throws -> JSON {
        guard let path = doc.path else { throw ResponseError.invalidParams("tatami.diff needs a document saved as a file") }
        var buffers: [String: [UInt8]] = [:]
        for d in documents.values { if let p = d.path { buffers[p] = d.text } }
        let report: DiffReport
        do {
            report = try EditorDiff.compare(path: path, buffers: buffers,
                                            revision: (revision?.isEmpty ?? true) ? "HEAD" : revision!)
        } catch let error as GitError {
            throw ResponseError(.requestFailed, error.description)
        }
        switch format ?? "json" {
        case "json": return DiffFormatter.value(report)
        case "text":
            return .string(report.hasLayoutChanges ? DiffFormatter.text(report) : "No layout changes against \(report.old.label).\n")
        case "markdown": return .string(DiffFormatter.markdown(report))
        default: throw ResponseError.invalidParams("tatami.diff formats: json, text, markdown")
        }
    }
}
