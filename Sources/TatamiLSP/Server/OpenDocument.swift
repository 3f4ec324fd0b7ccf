import TatamiBase
import TatamiServices

/// A document the client has open: its text as the client last sent it, and the analysis of
/// that text, computed when first needed and kept until the text (or a file it imports) changes.
final class OpenDocument {
    let uri: String
    /// The file's path (`file:` URIs), or nil for buffers that are not files.
    let path: String?
    private(set) var version: Int
    private(set) var text: [UInt8]
    private(set) var lineTable: LineTable
    var analysis: Analysis?
    /// The canonical paths the last analysis read (its imports, transitively).
    var dependencies: Set<String> = []
    /// Diagnostics wait to be published for this version.
    var needsPublishing = true

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.text = Array(text.utf8)
        self.lineTable = LineTable(bytes: self.text)
    }

    /// Applies `textDocument/didChange` content changes in order. A change with a range
    /// replaces that range (clamped to the text); one without replaces the whole text.
    /// Returns how many changes were skipped because their range was not a range.
    @discardableResult
    func apply(_ changes: [(range: JSON?, text: String)], version: Int, encoding: PositionEncoding) -> Int {
        var skipped = 0
        for change in changes {
            if let r = change.range {
                guard let range = encoding.range(of: r, in: lineTable) else {
                    skipped += 1
                    continue
                }
                text.replaceSubrange(range.start..<range.end, with: Array(change.text.utf8))
            } else {
                text = Array(change.text.utf8)
            }
            lineTable = LineTable(bytes: text)
        }
        self.version = version
        invalidate()
        return skipped
    }

    func invalidate() {
        analysis = nil
        needsPublishing = true
    }
}
