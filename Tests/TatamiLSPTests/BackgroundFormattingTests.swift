import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// Formatting under `tatami lsp`'s scheduling: on the analysis worker, answered through the
/// message thread's queue, about the text the request was sent for.
final class BackgroundFormattingTests: XCTestCase {
    let uri = "untitled:Format.tatami.yaml"
    let unformatted = "body:\n    vstack:\n        -   text: a\n        - {text: b,   padding: 4}\n"

    private func formatting(_ c: BackgroundClient) -> Int {
        c.send("textDocument/formatting", .object([
            ("textDocument", doc(uri)), ("options", .object([("tabSize", .number(2)), ("insertSpaces", .bool(true))])),
        ]))
    }

    /// The request goes to the worker (nothing is answered while the message is handled); the
    /// changes that arrive before its answer do not change it: its edits, applied to the text it
    /// was sent for, give that text formatted.
    func testFormattingIsAnsweredFromTheWorkerAboutTheTextItWasSentFor() throws {
        let c = BackgroundClient(debounce: 600)
        c.start()
        c.open(uri, unformatted)
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        let id = formatting(c)
        XCTAssertNil(c.response(to: id), "formatted on the message thread")
        c.change(uri, version: 2, [(nil, "body: {text: replaced}\n")])
        // A request behind it is answered meanwhile, about the new text.
        let symbols = c.send("textDocument/documentSymbol", .object([("textDocument", doc(uri))]))
        XCTAssertNotNil(c.response(to: symbols))
        XCTAssertTrue(c.pump { c.response(to: id) != nil })
        let edits = try XCTUnwrap(c.response(to: id)?["result"]?.array)
        XCTAssertFalse(edits.isEmpty)
        guard case .formatted(let expected) = TatamiFormatter.format(text: unformatted) else { return XCTFail("not formatted") }
        XCTAssertEqual(FormattingTests.apply(edits, to: unformatted), String(decoding: expected, as: UTF8.self))
    }

    /// Several requests, and analyses between them, are answered in the order they were sent.
    func testFormattingRequestsAndAnalysesShareTheWorkerInOrder() {
        let c = BackgroundClient(debounce: 0)
        c.start()
        c.open(uri, unformatted)
        var ids: [Int] = []
        for v in 2...6 {
            ids.append(formatting(c))
            c.change(uri, version: v, [(range(0, 0, 0, 0), "# \(v)\n")])
        }
        XCTAssertTrue(c.pump { ids.allSatisfy { c.response(to: $0) != nil } && !c.publications(version: 6).isEmpty })
        let order = c.sent.compactMap { m -> Int? in
            guard m["method"] == nil, let id = m["id"]?.int, ids.contains(id) else { return nil }
            return id
        }
        XCTAssertEqual(order, ids)
        // Each about its own text: request k was sent after k comment lines were put on top.
        var text = unformatted
        for (k, id) in ids.enumerated() {
            if k > 0 { text = "# \(k + 1)\n" + text }
            guard case .formatted(let expected) = TatamiFormatter.format(text: text) else { return XCTFail("not formatted") }
            let edits = c.response(to: id)?["result"]?.array ?? []
            XCTAssertEqual(FormattingTests.apply(edits, to: text), String(decoding: expected, as: UTF8.self), "request \(k)")
        }
    }

    /// A text that cannot be formatted: the reason goes to the client's log before the (empty)
    /// answer, as when formatting ran on the message thread.
    func testTheReasonIsLoggedBeforeTheEmptyAnswer() {
        let c = BackgroundClient(debounce: 600)
        c.start()
        c.open(uri, "body: {text: [unclosed\n")
        let id = formatting(c)
        XCTAssertTrue(c.pump { c.response(to: id) != nil })
        XCTAssertEqual(c.response(to: id)?["result"]?.array?.count, 0)
        let answer = c.sent.firstIndex { $0["id"]?.int == id && $0["method"] == nil }
        let logged = c.sent.firstIndex { $0["method"]?.string == "window/logMessage" }
        XCTAssertNotNil(logged)
        if let answer, let logged { XCTAssertLessThan(logged, answer) }
    }

    /// A formatting request the client cancels before the worker takes it up is answered
    /// `RequestCancelled` (computed or not).
    func testACancelledFormattingIsAnsweredCancelled() {
        let c = BackgroundClient(debounce: 600)
        c.start()
        c.open(uri, unformatted)
        let id = formatting(c)
        c.server.cancellations.cancel(.number(Double(id)))
        XCTAssertTrue(c.pump { c.response(to: id) != nil })
        XCTAssertEqual(c.response(to: id)?["error"]?["code"]?.int, ErrorCode.requestCancelled.rawValue)
        // The cancellation was used up: the next request is answered.
        let next = formatting(c)
        XCTAssertTrue(c.pump { c.response(to: next) != nil })
        XCTAssertNotNil(c.response(to: next)?["result"]?.array)
    }

    /// A bad parameter is refused at once, on the message thread.
    func testABadRangeIsRefusedAtOnce() {
        let c = BackgroundClient(debounce: 600)
        c.start()
        c.open(uri, unformatted)
        let id = c.send("textDocument/rangeFormatting", .object([("textDocument", doc(uri))]))
        XCTAssertEqual(c.response(to: id)?["error"]?["code"]?.int, ErrorCode.invalidParams.rawValue)
    }
}
