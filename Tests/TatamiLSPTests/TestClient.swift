import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// Drives a `LanguageServer` in-process: each call hands it one message and collects what it
/// sent back.
final class TestClient {
    private(set) var sent: [JSON] = []
    private(set) var logged: [String] = []
    var server: LanguageServer!
    private var nextID = 1
    /// Set when the server asked to stop.
    private(set) var exitStatus: Int32?

    init() {
        server = LanguageServer(send: { [unowned self] in self.sent.append($0) }, log: { [unowned self] in self.logged.append($0) })
    }

    /// Sends raw bytes as one message body; returns what the server sent in reply.
    @discardableResult
    func raw(_ body: String) -> [JSON] {
        let before = sent.count
        if let s = server.handle(body: Array(body.utf8)) { exitStatus = s }
        return Array(sent[before...])
    }

    /// Sends a request and returns its response (the message with its id).
    @discardableResult
    func request(_ method: String, _ params: JSON = .object([]), file: StaticString = #filePath, line: UInt = #line) -> JSON {
        let id = nextID
        nextID += 1
        let msg = JSON.object([("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method)), ("params", params)])
        let replies = raw(msg.serialized(pretty: false))
        guard let r = replies.first(where: { $0["id"]?.int == id }) else {
            XCTFail("no response to \(method)", file: file, line: line)
            return .null
        }
        return r
    }

    func notify(_ method: String, _ params: JSON = .object([])) {
        let msg = JSON.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
        raw(msg.serialized(pretty: false))
    }

    /// initialize + initialized, with the given client capabilities.
    @discardableResult
    func start(capabilities: JSON = .object([]), rootPath: String? = nil) -> JSON {
        var params: [(String, JSON)] = [("processId", .null), ("capabilities", capabilities)]
        if let rootPath { params.append(("rootUri", .string(DocumentURI.uri(ofPath: rootPath)))) }
        let r = request("initialize", .object(params))
        notify("initialized")
        return r
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("tatami")), ("version", .number(Double(version))), ("text", .string(text)),
        ]))]))
    }

    /// A `didChange` of `uri` to `version`: each change a range (nil: the whole text) and its text.
    func change(_ uri: String, version: Int, _ changes: [(JSON?, String)]) {
        notify("textDocument/didChange", didChange(uri, version: version, changes))
    }

    /// Notifications of one method sent since the last `clear()`.
    func notifications(_ method: String) -> [JSON] { sent.filter { $0["method"]?.string == method && $0["id"] == nil } }

    func clear() { sent.removeAll() }

    /// Publishes what is pending, as the stdio loop does when no message is waiting.
    func idle() { server.publishPending() }
}

/// The parameters of a `textDocument/didChange`: each change a range (nil: the whole text) and
/// its text.
func didChange(_ uri: String, version: Int, _ changes: [(JSON?, String)]) -> JSON {
    .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .number(Double(version)))])),
        ("contentChanges", .array(changes.map { r, t in
            var pairs: [(String, JSON)] = [("text", .string(t))]
            if let r { pairs.append(("range", r)) }
            return .object(pairs)
        })),
    ])
}

/// `{"line": l, "character": c}`.
func pos(_ line: Int, _ character: Int) -> JSON {
    .object([("line", .number(Double(line))), ("character", .number(Double(character)))])
}

func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSON {
    .object([("start", pos(l1, c1)), ("end", pos(l2, c2))])
}

func doc(_ uri: String) -> JSON { .object([("uri", .string(uri))]) }
