import Foundation
import TatamiBase
import TatamiModel
import TatamiServices

/// The language server's state and its message handling, apart from any transport.
///
/// Messages are handled one at a time, in the order they arrived: a `didChange` is applied
/// before any request that follows it. Everything the server says goes through `send`.
/// Handlers answer bad parameters with an error response; nothing that arrives can stop the
/// server except `exit` (and end of input, which the transport reports).
public final class LanguageServer {
    enum State { case uninitialized, running, shuttingDown }

    private let send: (JSON) -> Void
    /// Logged lines (standard error under stdio).
    let log: (String) -> Void
    var state = State.uninitialized
    var encoding = PositionEncoding.utf16
    var documents: [String: OpenDocument] = [:]
    /// Where imports must stay; from `initialize`, else each file's own directory.
    var workspaceRoot: String?
    /// The viewport preview, frames and inlay hints use when none is named
    /// (`workspace/didChangeConfiguration` `{tatami: {defaultViewport}}`).
    var defaultViewport: String?
    var client = ClientCapabilities()
    /// The client's process, watched by the transport (`initialize`'s `processId`).
    public internal(set) var clientProcessID: Int32?
    private var nextOutgoingID = 1
    /// Requests the client cancelled that are still waiting their turn.
    let cancellations = CancellationSet()

    public init(send: @escaping (JSON) -> Void, log: @escaping (String) -> Void = { _ in }) {
        self.send = send
        self.log = log
    }

    struct ClientCapabilities {
        var inlayHintRefresh = false
        var semanticTokensRefresh = false
        var codeLensRefresh = false
        var relatedInformation = true
        var hierarchicalSymbols = true
        var snippets = false
        var markdownHover = true
        var markdownCompletionDocs = false
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
            break  // Answers to our refresh requests carry nothing we need.
        case .notification(let method, let params):
            if method == "exit" { return state == .shuttingDown ? 0 : 1 }
            notify(method, params)
        case .request(let id, let method, let params):
            if cancellations.take(id) {
                send(Outgoing.error(id: id, ResponseError(.requestCancelled, "cancelled before it was handled")))
                return nil
            }
            do {
                let result = try request(method, params)
                send(Outgoing.response(id: id, result: result))
            } catch let e as ResponseError {
                send(Outgoing.error(id: id, e))
            } catch {
                send(Outgoing.error(id: id, ResponseError(.internalError, "\(error)")))
            }
        }
        return nil
    }

    /// The input ended: the status `exit` would have given.
    public func endOfInput() -> Int32 { state == .shuttingDown ? 0 : 1 }

    private func request(_ method: String, _ params: JSON) throws -> JSON {
        switch state {
        case .uninitialized:
            guard method == "initialize" else {
                throw ResponseError(.serverNotInitialized, "the server is not initialized yet")
            }
            return try initialize(params)
        case .shuttingDown:
            throw ResponseError(.invalidRequest, "the server is shutting down")
        case .running:
            break
        }
        switch method {
        case "initialize": throw ResponseError(.invalidRequest, "initialize was already received")
        case "shutdown":
            state = .shuttingDown
            return .null
        case "textDocument/diagnostic": return try pullDiagnostics(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/codeLens": return try codeLenses(params)
        case "textDocument/inlayHint": return try inlayHints(params)
        case "textDocument/semanticTokens/full": return try semanticTokens(params)
        case "textDocument/semanticTokens/range": return try semanticTokensRange(params)
        case "textDocument/foldingRange": return try foldingRanges(params)
        case "workspace/executeCommand": return try executeCommand(params)
        default:
            throw ResponseError(.methodNotFound, "unknown method '\(method)'")
        }
    }

    private func notify(_ method: String, _ params: JSON) {
        // Before initialize, notifications are dropped (LSP: all but `exit`); after shutdown too.
        guard state == .running else { return }
        switch method {
        case "initialized": break
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": break
        case "workspace/didChangeConfiguration": didChangeConfiguration(params)
        case "workspace/didChangeWatchedFiles": filesChanged()
        default: break  // Unknown notifications (and `$/…` ones) are ignored.
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

    /// The document and the byte offset of `params.position`.
    func documentAndOffset(_ params: JSON) throws -> (OpenDocument, Int) {
        let doc = try document(params)
        guard let offset = encoding.offset(of: params["position"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("position is missing or not a position")
        }
        return (doc, offset)
    }

    /// The document's analysis (every viewport laid out), computed if its text changed.
    func analysis(_ doc: OpenDocument) -> Analysis {
        if let a = doc.analysis { return a }
        let recorder = DependencyRecorder()
        let context = validationContext(for: doc, recorder: recorder)
        let a = Pipeline.analyze(bytes: doc.text, path: doc.path ?? doc.uri, viewports: .all, layout: true, context: context)
        doc.analysis = a
        doc.dependencies = recorder.paths
        return a
    }

    /// Imports read open documents first, then the disk, inside the workspace root.
    private func validationContext(for doc: OpenDocument, recorder: DependencyRecorder) -> ValidationContext {
        guard let path = doc.path else { return .standalone }
        let root = workspaceRoot ?? ImportPath.directory(of: path)
        let disk = Pipeline.fileContext(path: path, workspaceRoot: root)
        var overlay: [String: [UInt8]] = [:]
        for d in documents.values where d !== doc {
            if let p = d.path { overlay[ImportPath.normalize(p)] = d.text }
        }
        let buffers = overlay
        return ValidationContext(
            filePath: disk.filePath, workspaceRoot: disk.workspaceRoot,
            resolve: { p in
                let n = ImportPath.normalize(p)
                return buffers[n] != nil ? n : disk.resolve(p)
            },
            load: { p in
                recorder.add(p)
                return buffers[p] ?? disk.load(p)
            })
    }

    /// The text of any file: an open document's buffer, else the disk.
    func contents(ofPath path: String) -> [UInt8]? {
        for d in documents.values where d.path == path { return d.text }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Publishes diagnostics of every document whose analysis is out of date; called when no
    /// message is waiting, so a burst of edits is analysed once.
    public func publishPending() {
        for doc in documents.values where doc.needsPublishing {
            publishDiagnostics(doc)
        }
    }
}

/// Request ids the client cancelled (`$/cancelRequest`), shared with the reading thread so a
/// cancellation is seen before the request's turn comes.
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
        lock.withLock { _ = ids.insert(k) }
    }

    /// Whether `id` was cancelled; forgets it.
    func take(_ id: JSON) -> Bool {
        guard let k = Self.key(id) else { return false }
        return lock.withLock { ids.remove(k) != nil }
    }
}

/// The files an analysis read, recorded by its loader (which may run on another thread).
final class DependencyRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var set: Set<String> = []
    func add(_ p: String) { lock.withLock { _ = set.insert(p) } }
    var paths: Set<String> { lock.withLock { set } }
}
