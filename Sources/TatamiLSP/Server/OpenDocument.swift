import TatamiBase
import TatamiLayout
import TatamiServices
import TatamiValidation
import TatamiYAML

/// An analysis of one revision of a document's text, and the files it read.
final class AnalyzedRevision {
    let revision: Int
    let analysis: Analysis
    /// The paths its validation asked for (imports, transitively; found or not), canonical
    /// where the file exists and normalised as written otherwise.
    let dependencies: Set<String>
    /// Where the YAML parse stopped at a syntax error (nil when it did not).
    let syntaxErrorOffset: Int?
    /// The analysis's semantic tokens, computed on the first request and kept with it: an
    /// editor asks for a range each time it scrolls, and every answer reads the same list.
    private(set) lazy var semanticTokens: [SemanticTokenInfo] = EditorServices.semanticTokens(analysis)

    init(revision: Int, analysis: Analysis, dependencies: Set<String>) {
        self.revision = revision
        self.analysis = analysis
        self.dependencies = dependencies
        if analysis.yaml.isComplete {
            syntaxErrorOffset = nil
        } else {
            syntaxErrorOffset = analysis.yaml.diagnostics.first(where: { $0.code == .yamlSyntax })?.range.start
                ?? analysis.yaml.diagnostics.first?.range.start ?? 0
        }
    }
}

/// A document the client has open: its text as the client last sent it, and the analyses the
/// server has of it.
///
/// Every change (an edit, or a change of a file it imports) makes a new *revision*. The newest
/// finished analysis (`latest`) may be of an older revision while a newer one is computed; the
/// replacements made since are kept (`edits`), so that answers from it can be mapped onto the
/// current text. When the latest analysis stopped at a YAML syntax error, the last one that did
/// not (`lastGood`) is kept too, so that the structure of the rest of the file survives.
final class OpenDocument {
    let uri: String
    /// The file's path (`file:` URIs), or nil for buffers that are not files.
    let path: String?
    /// The client's version number of the text.
    private(set) var version: Int
    /// The server's own count of changes; analyses are tagged with it.
    private(set) var revision = 0
    private(set) var text: [UInt8]
    private(set) var lineTable: LineTable
    /// Replacements made to the text, each with the revision it produced; those older than
    /// every kept analysis are dropped.
    private var edits: [(revision: Int, replacement: TextReplacement)] = []

    private(set) var latest: AnalyzedRevision?
    private(set) var lastGood: AnalyzedRevision?
    /// The analysis being computed off the message thread, if any.
    var inFlight: AnalysisJob?
    /// What the document's layouts keep for its next analysis (used on the analysing thread only).
    let layoutMemory = LayoutMemory()
    /// What the document's validation keeps of its items for the next (`ValidationMemory`).
    let validationMemory = ValidationMemory()
    /// The last parse of its text, for a block reparse of the next (`ParseMemory`).
    let parseMemory = ParseMemory()
    /// How long the last finished analysis took (whether the next waits for the debounce).
    var lastAnalysisNanoseconds: UInt64?
    /// When the next analysis should start (the debounce), in `DispatchTime` nanoseconds; nil
    /// when none is wanted or one is already running for the current revision.
    var dueAt: UInt64?
    /// `dueAt` was set for a request that waits: later changes do not put it off.
    var dueIsUrgent = false
    /// Diagnostics wait to be published for the current revision (push clients).
    var needsPublishing = true
    /// The diagnostics last reported to a pull client, and their result id.
    var lastPullReport: (resultId: String, items: [JSON])?

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.text = Array(text.utf8)
        self.lineTable = LineTable(bytes: self.text)
    }

    /// The canonical paths the latest analysis read.
    var dependencies: Set<String> { latest?.dependencies ?? [] }

    /// Whether the latest analysis is of the current text and imports.
    var isFresh: Bool { latest?.revision == revision }

    /// Applies `textDocument/didChange` content changes in order. A change with a range
    /// replaces that range (clamped to the text); one without replaces the whole text.
    /// Returns how many changes were skipped because their range was not a range.
    @discardableResult
    func apply(_ changes: [(range: JSON?, text: String)], version: Int, encoding: PositionEncoding) -> Int {
        var skipped = 0
        revision += 1
        for change in changes {
            let new = Array(change.text.utf8)
            let replaced: Range<Int>
            if let r = change.range {
                guard let range = encoding.range(of: r, in: lineTable) else {
                    skipped += 1
                    continue
                }
                replaced = range.start..<range.end
            } else {
                replaced = 0..<text.count
            }
            text.replaceSubrange(replaced, with: new)
            edits.append((revision, TextReplacement(start: replaced.lowerBound, oldEnd: replaced.upperBound, newLength: new.count)))
            lineTable = LineTable(editing: lineTable, replacing: replaced, insertedCount: new.count, bytes: text)
        }
        self.version = version
        invalidate(bumping: false)
        return skipped
    }

    /// Something the analysis read changed (an imported file): a new revision of the same text.
    func invalidate(bumping: Bool = true) {
        if bumping { revision += 1 }
        needsPublishing = true
    }

    /// The replacements made since `revision`, as a map from that revision's text to the
    /// current one.
    func editMap(since revision: Int) -> EditMap {
        EditMap(edits.filter { $0.revision > revision }.map(\.replacement))
    }

    /// Takes a finished analysis; returns false when it is older than the one already held.
    @discardableResult
    func take(_ a: AnalyzedRevision) -> Bool {
        if let l = latest, l.revision >= a.revision { return false }
        if a.syntaxErrorOffset == nil {
            lastGood = nil
        } else if let l = latest, l.syntaxErrorOffset == nil {
            lastGood = l
        }
        latest = a
        let oldest = min(lastGood?.revision ?? a.revision, a.revision)
        edits.removeAll { $0.revision <= oldest }
        return true
    }
}

extension LanguageServer {
    /// The open documents' URIs and texts, in the order of their URIs: what a fresh server must
    /// be given to be compared with this one (the fuzzer's "incremental = from scratch").
    public var openTexts: [(uri: String, text: [UInt8])] {
        documents.values.sorted { $0.uri < $1.uri }.map { ($0.uri, $0.text) }
    }

    /// The default viewport the client's settings name (nil: none), which a fresh server to be
    /// compared with this one must be given too (it decides the inlay hints).
    public var configuredDefaultViewport: String? { defaultViewport }
}
