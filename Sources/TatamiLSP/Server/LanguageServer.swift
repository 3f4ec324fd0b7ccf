import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiServices

/// The language server's state and its message handling, apart from any transport.
///
/// Messages are handled one at a time, in the order they arrived: a `didChange` is applied
/// before any request that follows it. Each method's handler is found in the method table
/// (`MethodTable.swift`), from which `initialize`'s capabilities are also built. Everything the
/// server says goes through `send`.
/// Handlers answer bad parameters with an error response; nothing that arrives can stop the
/// server except `exit` (and end of input, which the transport reports).
///
/// Analyses run in one of two ways (`Scheduling`). Under `tatami lsp` they run on a worker
/// thread, a short debounce after the last edit, and a newer edit stops the one in flight;
/// requests are answered from the newest analysis there is, with positions mapped through the
/// edits made since, and a request that needs the current text's analysis (rename, code
/// actions, pull diagnostics, commands…) waits for it without holding up the messages behind
/// it. Formatting runs on the same worker (`RequestJob`), about the text as the request found
/// it. In-process (tests, fuzzers) they run inline, when first needed.
public final class LanguageServer {
    enum State { case uninitialized, running, shuttingDown }

    /// How analyses (and formatting) are run.
    public enum Scheduling {
        /// On the calling thread, when first needed (tests, fuzzers).
        case inline
        /// On a worker thread, `debounce` seconds after the last change; `finished` hands each
        /// result back to the message thread (which calls `finished(_:)` with it). `atOnceBelow`:
        /// debounce only what is slow; a document whose last analysis took less than that many
        /// seconds is analysed at once after a change (it is done before the next keystroke of
        /// even a held key, and a newer change stops it if not).
        case background(debounce: Double, atOnceBelow: Double? = nil, finished: @Sendable (AnalysisOutcome) -> Void)
    }

    private let send: (JSON) -> Void
    /// Logged lines (standard error under stdio).
    let log: (String) -> Void
    var state = State.uninitialized
    var encoding = PositionEncoding.utf16
    var documents: [String: OpenDocument] = [:]
    /// The workspace folders (paths), from `initialize` and `didChangeWorkspaceFolders`.
    var workspaceFolders: [String] = []
    /// `rootUri` / `rootPath` when the client named no folders.
    var workspaceRoot: String?
    /// The viewport preview, frames and inlay hints use when none is named
    /// (`workspace/didChangeConfiguration` `{tatami: {defaultViewport}}`).
    var defaultViewport: String?
    var client = ClientCapabilities()
    /// The client's process, watched by the transport (`initialize`'s `processId`).
    public internal(set) var clientProcessID: Int32?
    private var nextOutgoingID = 1
    /// Requests the client cancelled that are still waiting their turn (or being answered).
    let cancellations = CancellationSet()

    private var worker: AnalysisWorker?
    private let debounceNanoseconds: UInt64
    /// Documents whose last analysis took less are analysed at once (nil: always the debounce).
    private var atOnceBelowNanoseconds: UInt64?
    /// Requests that wait for an analysis, in arrival order.
    private var waiting: [WaitingRequest] = []
    /// The id of the request being answered (for `checkCancelled`).
    private var currentRequest: JSON?
    /// A `workspace/diagnostic/refresh` is due (pull clients, after a change to an import).
    private var refreshDue = false
    private var nextResultID = 1
    /// Log each finished analysis (`tatami lsp --verbose`).
    public var logsAnalyses = false

    public init(send: @escaping (JSON) -> Void, log: @escaping (String) -> Void = { _ in }, scheduling: Scheduling = .inline) {
        self.send = send
        self.log = log
        switch scheduling {
        case .inline:
            debounceNanoseconds = 0
        case .background(let debounce, let atOnceBelow, let finished):
            debounceNanoseconds = UInt64(max(0, debounce) * 1e9)
            atOnceBelowNanoseconds = atOnceBelow.map { UInt64(max(0, $0) * 1e9) }
            worker = AnalysisWorker(finished: finished)
        }
    }

    deinit { worker?.stop() }

    struct ClientCapabilities {
        var inlayHintRefresh = false
        var semanticTokensRefresh = false
        var codeLensRefresh = false
        var relatedInformation = true
        var hierarchicalSymbols = true
        var snippets = false
        /// `completionItem.insertTextModeSupport.valueSet`: the `insertTextMode`s an item may carry.
        var insertTextModes: [Int] = []
        /// `completion.insertTextMode`: how the client inserts an item that names no mode.
        var defaultInsertTextMode: Int?
        var markdownHover = true
        var markdownCompletionDocs = false
        /// The client pulls diagnostics (`textDocument.diagnostic`): the server then never
        /// pushes them.
        var pullDiagnostics = false
        var diagnosticRefresh = false
        /// The client watches files for the server when asked (`client/registerCapability`).
        var watchedFilesRegistration = false
        /// `workspace.workspaceEdit.documentChanges`: edits go as `documentChanges`, each file's
        /// with the version of the text they apply to.
        var documentChanges = false
    }

    struct WaitingRequest {
        let id: JSON
        let method: String
        let params: JSON
        let uri: String
    }

    /// Thrown by a handler that needs an analysis the server does not have yet: the request
    /// waits until there is one (`fresh`: of the current text).
    struct NeedsAnalysis: Error {
        let uri: String
        let fresh: Bool
    }

    // MARK: Dispatch

    /// Handles one message body; returns the process's exit status when the server must stop.
    public func handle(body: [UInt8]) -> Int32? {
        handle(Message.decode(body))
    }

    func handle(_ message: Message) -> Int32? {
        switch message {
        case .invalid(let id, let code, let text):
            log("refused a message: \(text)")
            send(Outgoing.error(id: id, ResponseError(code, text)))
        case .response:
            break  // Answers to our requests (refresh, registration) carry nothing we need.
        case .notification(let method, let params):
            if method == "exit" { return state == .shuttingDown ? 0 : 1 }
            notify(method, params)
        case .request(let id, let method, let params):
            if cancellations.take(id) {
                send(Outgoing.error(id: id, ResponseError(.requestCancelled, "cancelled before it was handled")))
                return nil
            }
            answer(id: id, method: method, params: params)
        }
        return nil
    }

    /// Answers a request, or parks it until the analysis it needs exists, or hands its work to
    /// the worker (`RequestJob`).
    private func answer(id: JSON, method: String, params: JSON) {
        currentRequest = id
        defer { currentRequest = nil }
        do {
            switch try handler(for: method) {
            case .request(_, let handle):
                respond(id, try handle(self, params))
            case .job(_, let prepare):
                start(RequestJob(id: id, method: method, work: try prepare(self, params), cancellations: cancellations))
            case .notification:
                throw ResponseError(.methodNotFound, "unknown method '\(method)'")
            }
        } catch let wait as NeedsAnalysis {
            waiting.append(WaitingRequest(id: id, method: method, params: params, uri: wait.uri))
            if let doc = documents[wait.uri] { scheduleSoon(doc, now: true) }
        } catch {
            fail(id, error)
        }
    }

    /// Sends a request's answer, unless it was cancelled while it was computed: the client no
    /// longer wants it.
    private func respond(_ id: JSON, _ result: JSON) {
        if cancellations.take(id) {
            send(Outgoing.error(id: id, ResponseError(.requestCancelled, "cancelled")))
            return
        }
        send(Outgoing.response(id: id, result: result))
    }

    /// Answers a request with the error its handler threw.
    private func fail(_ id: JSON, _ error: Error) {
        _ = cancellations.take(id)
        if let e = error as? ResponseError {
            send(Outgoing.error(id: id, e))
        } else {
            send(Outgoing.error(id: id, ResponseError(.internalError, "\(error)")))
        }
    }

    /// Throws `requestCancelled` when the client cancelled the request being answered; long
    /// answers (symbols, tokens) ask it as they go.
    func checkCancelled() throws {
        if let id = currentRequest, cancellations.contains(id) {
            throw ResponseError(.requestCancelled, "cancelled")
        }
    }

    /// The input ended: the status `exit` would have given.
    public func endOfInput() -> Int32 { state == .shuttingDown ? 0 : 1 }

    /// The handler of a request in the method table, given the server's state: before
    /// `initialize` only it is handled, after `shutdown` nothing is.
    private func handler(for method: String) throws -> MethodEntry.Handler {
        let initialize = "initialize"
        switch state {
        case .uninitialized:
            guard method == initialize, let entry = Self.requestHandlers[method] else {
                throw ResponseError(.serverNotInitialized, "the server is not initialized yet")
            }
            return entry.handler
        case .shuttingDown:
            throw ResponseError(.invalidRequest, "the server is shutting down")
        case .running:
            if method == initialize { throw ResponseError(.invalidRequest, "initialize was already received") }
            guard let entry = Self.requestHandlers[method] else {
                throw ResponseError(.methodNotFound, "unknown method '\(method)'")
            }
            return entry.handler
        }
    }

    private func notify(_ method: String, _ params: JSON) {
        // Before initialize, notifications are dropped (LSP: all but `exit`); after shutdown too.
        guard state == .running else { return }
        // Unknown notifications (and `$/…` ones) are ignored.
        guard case .notification(let handle)? = Self.notificationHandlers[method]?.handler else { return }
        handle(self, params)
    }

    // MARK: Work off the message thread

    /// Runs a request's work on the worker (inline scheduling: now, on this thread, and answers).
    private func start(_ job: RequestJob) {
        guard let worker else {
            job.run(alreadyOnLargeStack: false)
            finished(job)
            return
        }
        worker.submit(job)
    }

    /// Answers a request whose work is done (on the message thread).
    private func finished(_ job: RequestJob) {
        currentRequest = job.id
        defer { currentRequest = nil }
        guard job.ran else {
            _ = cancellations.take(job.id)
            send(Outgoing.error(id: job.id, ResponseError(.requestCancelled, "cancelled before it was handled")))
            return
        }
        do {
            respond(job.id, try job.answer(self))
        } catch {
            fail(job.id, error)
        }
    }

    // MARK: Sending

    func notifyClient(_ method: String, _ params: JSON) {
        send(Outgoing.notification(method, params))
    }

    func requestClient(_ method: String, _ params: JSON? = nil) {
        send(Outgoing.request(id: nextOutgoingID, method, params))
        nextOutgoingID += 1
    }

    // MARK: Documents

    /// The open document a request names.
    func document(_ params: JSON) throws -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw ResponseError.invalidParams("textDocument.uri is missing")
        }
        guard let doc = documents[uri] else {
            throw ResponseError(.invalidParams, "the document \(uri) is not open")
        }
        return doc
    }

    /// The document and the byte offset of `params.position` in its current text.
    func documentAndOffset(_ params: JSON) throws -> (OpenDocument, Int) {
        let doc = try document(params)
        guard let offset = encoding.offset(of: params["position"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("position is missing or not a position")
        }
        return (doc, offset)
    }

    /// The newest analysis of the document, fresh or not, mapped onto its current text.
    func snapshot(_ doc: OpenDocument) throws -> Snapshot {
        if worker == nil { ensureFresh(doc) }
        guard let latest = doc.latest else { throw NeedsAnalysis(uri: doc.uri, fresh: false) }
        return Snapshot(doc: doc, analyzed: latest, map: doc.editMap(since: latest.revision), encoding: encoding)
    }

    /// The analysis of the document's current text (requests whose answers edit the text or
    /// must be exact: rename, code actions, commands, pull diagnostics).
    func freshSnapshot(_ doc: OpenDocument) throws -> Snapshot {
        if worker == nil { ensureFresh(doc) }
        guard doc.isFresh, let latest = doc.latest else { throw NeedsAnalysis(uri: doc.uri, fresh: true) }
        return Snapshot(doc: doc, analyzed: latest, map: .identity, encoding: encoding)
    }

    /// The newest analysis, and the last one without a YAML syntax error when the newest has
    /// one (tokens, folding, hover, inlay hints, symbols).
    func tolerantSnapshot(_ doc: OpenDocument) throws -> TolerantSnapshot {
        let latest = try snapshot(doc)
        let good = doc.lastGood.map { Snapshot(doc: doc, analyzed: $0, map: doc.editMap(since: $0.revision), encoding: encoding) }
        return TolerantSnapshot(latest: latest, good: good)
    }

    /// The analysis of the document's current text.
    func analysis(_ doc: OpenDocument) throws -> Analysis {
        try freshSnapshot(doc).analysis
    }

    /// Analyses the document now, on this thread, unless its analysis is current.
    private func ensureFresh(_ doc: OpenDocument) {
        if doc.isFresh { return }
        let job = makeJob(doc)
        if let a = job.run() { doc.take(AnalyzedRevision(revision: job.revision, analysis: a, dependencies: job.recorder.paths)) }
    }

    /// The job analysing the document's text (or `bytes` in its place: a code action's result,
    /// checked before the action is marked preferred).
    func makeJob(_ doc: OpenDocument, bytes: [UInt8]? = nil) -> AnalysisJob {
        if let path = doc.path, Pipeline.isWorkspaceFile(path) {
            // A workspace file is checked as one; it imports nothing.
            return AnalysisJob(uri: doc.uri, document: ObjectIdentifier(doc), revision: doc.revision, bytes: bytes ?? doc.text,
                               path: path, context: .standalone, recorder: PathRecorder(), isWorkspaceFile: true)
        }
        let recorder = PathRecorder()
        let settings = doc.path.map(workspaceSettings(for:))
        var context = validationContext(for: doc, settings: settings, recorder: recorder)
        // A code action's text is checked without the document's memories: they follow its text.
        if bytes == nil { context.memory = doc.validationMemory }
        // The document's line table is its text's (`bytes` nil): the parser takes it, not a second.
        return AnalysisJob(uri: doc.uri, document: ObjectIdentifier(doc), revision: doc.revision, bytes: bytes ?? doc.text,
                           lineTable: bytes == nil ? doc.lineTable : nil, layoutMemory: bytes == nil ? doc.layoutMemory : nil,
                           parseMemory: bytes == nil ? doc.parseMemory : nil,
                           path: doc.path ?? doc.uri, context: context, recorder: recorder, rules: settings?.config?.levels ?? [:])
    }

    /// The root imports must stay inside for a file, found as the command line finds it
    /// (`Workspace.locate`: the nearest `tatami.config.yaml` above it, else the nearest `.git`),
    /// so a file gets the same diagnostics in the editor as from `tatami lint`. Only when
    /// neither exists does the editor's folder count: the deepest workspace folder holding it,
    /// else the client's root, else the file's own directory.
    func root(for path: String) -> String {
        Workspace.locate(file: path, fallback: folderFallback(for: path)).root
    }

    /// The root and workspace file of a file (see `root(for:)`), the workspace file read from
    /// its open buffer when the client has it open (unsaved changes count), else from disk.
    func workspaceSettings(for path: String) -> WorkspaceSettings {
        WorkspaceSettings.forFile(path, fallback: folderFallback(for: path), buffer: { [documents] config in
            // `config` is canonical; an editor may name the file through a link.
            let open = documents.values.filter { $0.path.map(Pipeline.isWorkspaceFile) ?? false }
            return (open.first { $0.path == config } ?? open.first { $0.path.flatMap(FileSystemPath.canonical) == config })?.text
        })
    }

    /// The deepest workspace folder holding the file, else the client's root, else its directory.
    private func folderFallback(for path: String) -> String {
        var best: String?
        for f in workspaceFolders where ImportPath.isInside(path, root: f) {
            if best == nil || f.count > best!.count { best = f }
        }
        return best ?? workspaceRoot ?? ImportPath.directory(of: path)
    }

    /// Imports read open documents first, then the disk, inside the file's workspace root.
    /// Every path the validation asks about is recorded, found or not, so that a file created
    /// later (or opened in the editor) re-checks the documents that wanted it.
    private func validationContext(for doc: OpenDocument, settings: WorkspaceSettings?, recorder: PathRecorder) -> ValidationContext {
        guard let path = doc.path, let settings else { return .standalone }
        let disk = Pipeline.fileContext(path: path, workspaceRoot: settings.root)
        // Every open buffer, this one included: a cycle back to an unsaved file is then found
        // as a cycle, not as a file that cannot be found.
        var overlay: [String: [UInt8]] = [:]
        for d in documents.values {
            if let p = d.path { overlay[ImportPath.normalize(p)] = d.text }
        }
        let buffers = overlay
        var context = ValidationContext(
            filePath: disk.filePath, workspaceRoot: disk.workspaceRoot,
            resolve: { p in
                let n = ImportPath.normalize(p)
                recorder.record(n)
                if buffers[n] != nil { return n }
                let resolved = disk.resolve(p)
                if let r = resolved { recorder.record(r) }
                return resolved
            },
            load: { p in
                recorder.record(p)
                return buffers[p] ?? disk.load(p)
            },
            inherited: settings.config?.config.inherited)
        // Imported files' validations kept by their text (an open buffer's when it is open), so
        // an edit validates only what it changed.
        context.importCache = disk.importCache
        // Font files are read from the disk (kept while unchanged), and watched like imports.
        context.loadFont = { p in
            recorder.record(p)
            return disk.loadFont(p)
        }
        return context
    }

    /// The text of any file: an open document's buffer, else the disk.
    func contents(ofPath path: String) -> [UInt8]? {
        for d in documents.values where d.path == path { return d.text }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    // MARK: Scheduling

    /// The document changed (or something it imports did): analyse it again, after the
    /// debounce (`now`: at once), stopping an analysis of an older revision in flight.
    func scheduleSoon(_ doc: OpenDocument, now: Bool = false) {
        guard worker != nil else { return }
        if let job = doc.inFlight {
            if job.revision == doc.revision { return }  // already under way
            job.cancel()
        }
        let clock = DispatchTime.now().uptimeNanoseconds
        if now {
            doc.dueAt = clock
            doc.dueIsUrgent = true
        } else if !(doc.dueIsUrgent && doc.dueAt != nil) {
            // A debounce: each change moves the start to `debounce` after it; none when the
            // document's last analysis was quick.
            let cheap = atOnceBelowNanoseconds.map { (doc.lastAnalysisNanoseconds ?? .max) < $0 } ?? false
            doc.dueAt = cheap ? clock : clock + debounceNanoseconds
        }
    }

    /// When the next analysis is due (nanoseconds of `DispatchTime`), for the loop's wait.
    public var nextDeadline: UInt64? {
        documents.values.compactMap(\.dueAt).min()
    }

    /// Starts the analyses that are due, answers waiting requests the client cancelled, and
    /// sends a diagnostics refresh that is due. The stdio loop calls it after every event.
    public func tick() {
        let now = DispatchTime.now().uptimeNanoseconds
        for doc in documents.values {
            guard let due = doc.dueAt, due <= now, let worker else { continue }
            doc.dueAt = nil
            doc.dueIsUrgent = false
            if doc.isFresh { continue }
            let job = makeJob(doc)
            doc.inFlight = job
            worker.submit(job)
        }
        dropCancelledWaiting()
        if refreshDue {
            refreshDue = false
            if client.pullDiagnostics && client.diagnosticRefresh { requestClient("workspace/diagnostic/refresh") }
        }
    }

    private func dropCancelledWaiting() {
        guard !waiting.isEmpty else { return }
        waiting.removeAll { w in
            guard cancellations.take(w.id) else { return false }
            send(Outgoing.error(id: w.id, ResponseError(.requestCancelled, "cancelled while it waited for the analysis")))
            return true
        }
    }

    /// Takes a finished job from the worker (on the message thread): an analysis, or a
    /// request's work, which is answered now.
    public func finished(_ outcome: AnalysisOutcome) {
        switch outcome.finished {
        case .analysis(let job, let analysis, let seconds):
            finished(job, analysis, seconds: seconds)
        case .request(let job):
            finished(job)
        }
    }

    private func finished(_ job: AnalysisJob, _ analysis: Analysis?, seconds: Double) {
        guard let doc = documents[job.uri], ObjectIdentifier(doc) == job.document else { return }
        if doc.inFlight === job { doc.inFlight = nil }
        // The analyses this one replaces are released only after its diagnostics are out:
        // freeing an analysis of a large file takes a while, and the user waits for the
        // diagnostics, not for the memory.
        let replaced = (doc.latest, doc.lastGood)
        defer { withExtendedLifetime(replaced) {} }
        if let a = analysis {
            doc.lastAnalysisNanoseconds = UInt64(max(0, seconds) * 1e9)
            if doc.take(AnalyzedRevision(revision: job.revision, analysis: a, dependencies: job.recorder.paths)), logsAnalyses {
                log(doc.analysisLogLine(a, revision: job.revision, seconds: seconds))
            }
        }
        if doc.isFresh {
            if doc.needsPublishing && !client.pullDiagnostics { publishDiagnostics(doc) }
        } else if doc.inFlight == nil && doc.dueAt == nil {
            // Changed while this ran and nothing newer is on its way (a cancelled run).
            scheduleSoon(doc)
        }
        retryWaiting(doc.uri)
    }

    /// Answers the requests that waited for an analysis of `uri`, if they can be now.
    private func retryWaiting(_ uri: String) {
        let ready = waiting.filter { $0.uri == uri }
        guard !ready.isEmpty else { return }
        waiting.removeAll { $0.uri == uri }
        for w in ready {
            if cancellations.take(w.id) {
                send(Outgoing.error(id: w.id, ResponseError(.requestCancelled, "cancelled while it waited for the analysis")))
                continue
            }
            answer(id: w.id, method: w.method, params: w.params)
        }
    }

    /// Requests waiting on a document that closed get an error instead of an answer.
    func abandonWaiting(_ uri: String) {
        let gone = waiting.filter { $0.uri == uri }
        waiting.removeAll { $0.uri == uri }
        for w in gone {
            _ = cancellations.take(w.id)
            send(Outgoing.error(id: w.id, ResponseError(.requestFailed, "the document \(uri) was closed")))
        }
    }

    /// Publishes diagnostics of every document whose analysis is out of date (inline
    /// scheduling: analysing them first); called when no message is waiting, so a burst of
    /// edits is analysed once.
    public func publishPending() {
        guard worker == nil, !client.pullDiagnostics else { return }
        for doc in documents.values where doc.needsPublishing {
            ensureFresh(doc)
            publishDiagnostics(doc)
        }
    }

    /// After a change to files others import: pull clients are asked to pull again.
    func diagnosticsOfOthersChanged() {
        if client.pullDiagnostics { refreshDue = true }
    }

    func newResultID() -> String {
        defer { nextResultID += 1 }
        return String(nextResultID)
    }
}

/// Request ids the client cancelled (`$/cancelRequest`), shared with the reading thread so a
/// cancellation is seen before the request's turn comes, or while it is answered.
public final class CancellationSet: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<String> = []

    private static func key(_ id: JSON) -> String? {
        if let s = id.string { return "s" + s }
        if let n = id.number { return "n" + formatNumber(n) }
        return nil
    }

    public func cancel(_ id: JSON) {
        guard let k = Self.key(id) else { return }
        lock.withLock {
            // A client may cancel requests long answered; keep the set bounded.
            if ids.count >= 10_000 { ids.removeAll() }
            _ = ids.insert(k)
        }
    }

    /// Whether `id` was cancelled; forgets it.
    func take(_ id: JSON) -> Bool {
        guard let k = Self.key(id) else { return false }
        return lock.withLock { ids.remove(k) != nil }
    }

    /// Whether `id` was cancelled, keeping it.
    func contains(_ id: JSON) -> Bool {
        guard let k = Self.key(id) else { return false }
        return lock.withLock { ids.contains(k) }
    }
}
