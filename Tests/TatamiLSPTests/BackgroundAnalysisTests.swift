import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// Drives a `LanguageServer` whose analyses run on its worker thread, as `tatami lsp` does:
/// the test thread plays the stdio loop (messages, finished analyses, `tick`).
final class BackgroundClient {
    private(set) var sent: [JSON] = []
    private(set) var logged: [String] = []
    private let queue = EventQueue<AnalysisOutcome>()
    var server: LanguageServer!
    private var nextID = 1

    init(debounce: Double, atOnceBelow: Double? = nil) {
        let q = queue
        server = LanguageServer(send: { [unowned self] in self.sent.append($0) },
                                log: { [unowned self] in self.logged.append($0) },
                                scheduling: .background(debounce: debounce, atOnceBelow: atOnceBelow, finished: { q.push($0) }))
        server.logsAnalyses = true
    }

    func raw(_ body: String) {
        _ = server.handle(body: Array(body.utf8))
        server.tick()
    }

    /// Sends a request; returns its id (the answer may come later: `response(to:)`).
    @discardableResult
    func send(_ method: String, _ params: JSON = .object([])) -> Int {
        let id = nextID
        nextID += 1
        raw(JSON.object([("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method)), ("params", params)])
            .serialized(pretty: false))
        return id
    }

    func notify(_ method: String, _ params: JSON = .object([])) {
        raw(JSON.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).serialized(pretty: false))
    }

    func response(to id: Int) -> JSON? {
        sent.first { $0["id"]?.int == id && $0["method"] == nil }
    }

    func publications(version: Int? = nil) -> [JSON] {
        sent.filter { $0["method"]?.string == "textDocument/publishDiagnostics" && (version == nil || $0["params"]?["version"]?.int == version) }
    }

    /// Runs the loop until `done` holds (or `timeout` seconds pass); false on time-out.
    @discardableResult
    func pump(timeout: Double = 20, until done: () -> Bool) -> Bool {
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while !done() {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= end { return false }
            let deadline = min(end, server.nextDeadline ?? end)
            if case .item(let outcome) = queue.pop(until: deadline) { server.finished(outcome) }
            server.tick()
        }
        return true
    }

    func start(capabilities: JSON = .object([])) {
        let id = send("initialize", .object([("processId", .null), ("capabilities", capabilities)]))
        XCTAssertNotNil(response(to: id))
        notify("initialized")
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("tatami")), ("version", .number(Double(version))), ("text", .string(text)),
        ]))]))
    }

    func change(_ uri: String, version: Int, _ changes: [(JSON?, String)]) {
        notify("textDocument/didChange", didChange(uri, version: version, changes))
    }
}

/// A screen of `rows` rows, each an hstack of a text and a spacer; row k's `text` key is on
/// line `4 + 3k`.
func rowsDocument(_ rows: Int) -> String {
    var s = "viewports:\n  phone: {width: 320, height: 4000}\nbody:\n  vstack:\n"
    for k in 0..<rows { s += "    - hstack:\n        - text: row \(k)\n        - spacer\n" }
    return s
}

final class BackgroundAnalysisTests: XCTestCase {
    let uri = "untitled:Background.tatami.yaml"
    /// Long enough that no analysis starts by itself while a test looks.
    let never = 600.0

    private func hover(_ c: BackgroundClient, _ line: Int, _ character: Int) -> Int {
        c.send("textDocument/hover", .object([("textDocument", doc(uri)), ("position", pos(line, character))]))
    }

    /// The debounce waits only for documents slow to analyse: a change to a quick one is
    /// analysed at once, to a slow one after the debounce.
    func testAdaptiveDebounceWaitsOnlyForSlowDocuments() throws {
        let c = BackgroundClient(debounce: never, atOnceBelow: 1)
        c.start()
        c.open(uri, rowsDocument(20))
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        let doc = try XCTUnwrap(c.server.documents[uri])
        XCTAssertLessThan(try XCTUnwrap(doc.lastAnalysisNanoseconds), UInt64(1e9))
        c.change(uri, version: 2, [(range(0, 0, 0, 0), "# one\n")])
        XCTAssertTrue(doc.inFlight != nil || !c.publications(version: 2).isEmpty, "a cheap document is analysed at once")
        XCTAssertTrue(c.pump { !c.publications(version: 2).isEmpty })

        // The same document, as if its analyses took longer than a second: it waits.
        doc.lastAnalysisNanoseconds = UInt64(1e9) + 1
        c.change(uri, version: 3, [(range(0, 0, 0, 0), "# two\n")])
        XCTAssertNil(doc.inFlight, "a slow document waits for the debounce")
        XCTAssertNotNil(doc.dueAt)
        XCTAssertFalse(c.pump(timeout: 0.3) { !c.publications(version: 3).isEmpty })
    }

    func testRequestsAreAnsweredFromTheLastAnalysisWithPositionsMappedThroughEdits() {
        let c = BackgroundClient(debounce: never)
        c.start()
        c.open(uri, rowsDocument(20))
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty }, "the first analysis starts at once")

        // Two comment lines on top; the debounce keeps the new analysis from starting.
        c.change(uri, version: 2, [(range(0, 0, 0, 0), "# one\n# two\n")])
        // Row 5's text is on line 4 + 15 = 19 before the edit, 21 after.
        let id = hover(c, 21, 11)
        guard let r = c.response(to: id) else { return XCTFail("hover waited for an analysis") }
        XCTAssertTrue(r["result"]?["contents"]?["value"]?.string?.contains("phone") ?? false, "\(r)")
        XCTAssertEqual(r["result"]?["range"]?["start"]?["line"]?.int, 21, "the range is in the current text")

        // Tokens from the old analysis, mapped, equal those of an analysis of the new text.
        let staleID = c.send("textDocument/semanticTokens/full", .object([("textDocument", doc(uri))]))
        let stale = c.response(to: staleID)?["result"]?["data"]?.array?.compactMap(\.int)
        XCTAssertGreaterThan(stale?.count ?? 0, 100)
        // A command needs the current text: it waits, and makes the analysis start now.
        let frames = c.send("workspace/executeCommand", .object([("command", .string("tatami.frames")), ("arguments", .array([.string(uri)]))]))
        XCTAssertNil(c.response(to: frames))
        XCTAssertTrue(c.pump { c.response(to: frames) != nil })
        let freshID = c.send("textDocument/semanticTokens/full", .object([("textDocument", doc(uri))]))
        let fresh = c.response(to: freshID)?["result"]?["data"]?.array?.compactMap(\.int)
        XCTAssertEqual(stale, fresh)
    }

    func testRequestsThatNeedTheCurrentTextWaitWithoutHoldingUpOthers() {
        let c = BackgroundClient(debounce: never)
        c.start()
        c.open(uri, "components:\n  Tag:\n    body: {text: x}\nbody:\n  vstack:\n    - Tag: {}\n")
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        c.change(uri, version: 2, [(range(0, 0, 0, 0), "\n")])
        // Rename `Tag` (now on line 2) to `Label`: it waits for the analysis of version 2 …
        let rename = c.send("textDocument/rename", .object([("textDocument", doc(uri)), ("position", pos(2, 3)), ("newName", .string("Label"))]))
        XCTAssertNil(c.response(to: rename))
        // … while a hover sent after it is answered at once.
        let h = hover(c, 6, 8)
        XCTAssertNotNil(c.response(to: h))
        XCTAssertTrue(c.pump { c.response(to: rename) != nil })
        let edits = c.response(to: rename)?["result"]?["changes"]?[uri]?.array ?? []
        XCTAssertEqual(edits.compactMap { $0["range"]?["start"]?["line"]?.int }.sorted(), [2, 6])
        XCTAssertTrue(c.pump { !c.publications(version: 2).isEmpty }, "the analysis it waited for is published too")
    }

    func testAWaitingRequestTheClientCancelsIsAnsweredCancelled() {
        let c = BackgroundClient(debounce: never)
        c.start()
        c.open(uri, rowsDocument(5))
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        c.change(uri, version: 2, [(range(0, 0, 0, 0), "\n")])
        let id = c.send("workspace/executeCommand", .object([("command", .string("tatami.preview")), ("arguments", .array([.string(uri)]))]))
        XCTAssertNil(c.response(to: id))
        c.server.cancellations.cancel(.number(Double(id)))
        c.server.tick()
        XCTAssertEqual(c.response(to: id)?["error"]?["code"]?.int, -32800)
    }

    func testANewerEditSupersedesTheAnalysisInFlight() {
        let c = BackgroundClient(debounce: 0)
        c.start()
        c.open(uri, rowsDocument(300))
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        // Version 2's analysis is submitted at once (no debounce); version 3 arrives before its
        // result is taken.
        c.change(uri, version: 2, [(range(4, 22, 4, 22), "x")])
        c.change(uri, version: 3, [(range(4, 22, 4, 22), "y")])
        XCTAssertTrue(c.pump { !c.publications(version: 3).isEmpty })
        XCTAssertTrue(c.publications(version: 2).isEmpty, "an analysis of a superseded text is never published")
    }

    func testTheDebounceAnalysesABurstOfEditsOnce() {
        let c = BackgroundClient(debounce: 0.3)
        c.start()
        c.open(uri, rowsDocument(10))
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        let before = c.logged.filter { $0.hasPrefix("analysed") }.count
        for v in 2...6 { c.change(uri, version: v, [(range(4, 22, 4, 22), "x")]) }
        XCTAssertTrue(c.pump { !c.publications(version: 6).isEmpty })
        XCTAssertEqual(c.publications().count, 2, "versions 1 and 6 only")
        XCTAssertEqual(c.logged.filter { $0.hasPrefix("analysed") }.count - before, 1, "\(c.logged)")
    }

    func testAStaleVersionIsRefusedAndLogged() {
        let c = BackgroundClient(debounce: never)
        c.start()
        c.open(uri, "body: {text: a}\n")
        c.change(uri, version: 3, [(nil, "body: {text: b}\n")])
        c.change(uri, version: 2, [(nil, "body: {text: c}\n")])
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "body: {text: b}\n")
        XCTAssertTrue(c.logged.contains { $0.contains("version 2") && $0.contains("ignored") }, "\(c.logged)")
        c.change(uri, version: 4, [(nil, "body: {text: d}\n")])
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "body: {text: d}\n")
    }

    func testCompletionReadsTheCurrentTextWithoutWaiting() {
        let c = BackgroundClient(debounce: never)
        c.start()
        c.open(uri, "fonts:\n  huge: {size: 40}\nbody:\n  vstack:\n    - text: a\n")
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        // `      fon` typed on a new last line (not yet analysed), then `font: h`.
        c.change(uri, version: 2, [(range(5, 0, 5, 0), "      fon")])
        let keys = c.send("textDocument/completion", .object([("textDocument", doc(uri)), ("position", pos(5, 9))]))
        guard let items = c.response(to: keys)?["result"]?["items"]?.array else { return XCTFail("completion waited") }
        let font = items.first { $0["label"]?.string == "font" }
        XCTAssertNotNil(font, "\(items.compactMap { $0["label"]?.string })")
        XCTAssertEqual(font?["textEdit"]?["range"]?["start"]?["character"]?.int, 6, "the word typed is replaced")
        XCTAssertEqual(font?["textEdit"]?["range"]?["end"]?["character"]?.int, 9)

        c.change(uri, version: 3, [(range(5, 9, 5, 9), "t: h")])
        let values = c.send("textDocument/completion", .object([("textDocument", doc(uri)), ("position", pos(5, 13))]))
        let labels = c.response(to: values)?["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
        XCTAssertTrue(labels.contains("huge"), "the file's own font, from the older analysis: \(labels)")
    }

    /// Each change puts the analysis off to `debounce` after it; a request that waits for the
    /// analysis brings it forward, and later changes do not put it off again.
    func testEachChangeRestartsTheDebounceButAWaitingRequestDoesNotWait() {
        let c = BackgroundClient(debounce: 5)
        c.start()
        c.open(uri, "body: {text: a}\n")
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        c.change(uri, version: 2, [(range(0, 14, 0, 14), "b")])
        guard let first = c.server.nextDeadline else { return XCTFail("no analysis due") }
        Thread.sleep(forTimeInterval: 0.05)
        let before = DispatchTime.now().uptimeNanoseconds
        c.change(uri, version: 3, [(range(0, 15, 0, 15), "c")])
        guard let second = c.server.nextDeadline else { return XCTFail("no analysis due") }
        XCTAssertGreaterThanOrEqual(second, before + 5_000_000_000 - 1, "the second change restarts the debounce")
        XCTAssertGreaterThan(second, first)

        let id = c.send("textDocument/definition", .object([("textDocument", doc(uri)), ("position", pos(0, 8))]))
        c.change(uri, version: 4, [(range(0, 16, 0, 16), "d")])
        XCTAssertTrue(c.pump(timeout: 4) { c.response(to: id) != nil }, "answered long before the debounce would have passed")
        XCTAssertFalse(c.publications(version: 4).isEmpty)
    }
}
