import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// The LSP lifecycle and JSON-RPC rules, in-process.
final class LifecycleTests: XCTestCase {
    func testRequestBeforeInitializeIsServerNotInitialized() {
        let c = TestClient()
        let r = c.request("textDocument/hover", .object([("textDocument", doc("file:///a.tatami.yaml")), ("position", pos(0, 0))]))
        XCTAssertEqual(r["error"]?["code"]?.int, -32002)
        // Notifications before initialize are dropped, not answered.
        c.open("file:///a.tatami.yaml", "body: {text: hi}\n")
        XCTAssertTrue(c.notifications("textDocument/publishDiagnostics").isEmpty)
        c.idle()
        XCTAssertTrue(c.notifications("textDocument/publishDiagnostics").isEmpty)
    }

    func testInitializeAnswersCapabilitiesAndOnlyOnce() {
        let c = TestClient()
        let r = c.start()
        let caps = r["result"]?["capabilities"]
        XCTAssertEqual(caps?["positionEncoding"]?.string, "utf-16")
        XCTAssertEqual(caps?["textDocumentSync"]?["change"]?.int, 2)
        XCTAssertEqual(caps?["executeCommandProvider"]?["commands"]?.array?.compactMap(\.string), ["tatami.preview", "tatami.previewSVG", "tatami.previewHTML", "tatami.frames", "tatami.diff"])
        XCTAssertEqual(r["result"]?["serverInfo"]?["name"]?.string, "tatami")
        let again = c.request("initialize", .object([("capabilities", .object([]))]))
        XCTAssertEqual(again["error"]?["code"]?.int, -32600)
    }

    func testUTF8IsChosenWhenOffered() {
        let c = TestClient()
        let r = c.start(capabilities: .object([("general", .object([("positionEncodings", .array([.string("utf-16"), .string("utf-8")]))]))]))
        XCTAssertEqual(r["result"]?["capabilities"]?["positionEncoding"]?.string, "utf-8")
        let d = TestClient()
        let r2 = d.start(capabilities: .object([("general", .object([("positionEncodings", .array([.string("utf-32"), .string("utf-16")]))]))]))
        XCTAssertEqual(r2["result"]?["capabilities"]?["positionEncoding"]?.string, "utf-16")
    }

    func testShutdownAnswersNullAndDoesNotExit() {
        let c = TestClient()
        c.start()
        let r = c.request("shutdown", .null)
        XCTAssertNotNil(r["result"])
        XCTAssertTrue(r["result"]?.isNull ?? false)
        XCTAssertNil(c.exitStatus)
        // After shutdown, requests are refused but answered.
        let h = c.request("textDocument/documentSymbol", .object([("textDocument", doc("file:///a.tatami.yaml"))]))
        XCTAssertEqual(h["error"]?["code"]?.int, -32600)
        c.notify("exit", .null)
        XCTAssertEqual(c.exitStatus, 0)
    }

    func testExitWithoutShutdownIsOne() {
        let c = TestClient()
        c.start()
        c.notify("exit", .null)
        XCTAssertEqual(c.exitStatus, 1)
        let d = TestClient()
        XCTAssertEqual(d.server.endOfInput(), 1)
        d.start()
        d.request("shutdown", .null)
        XCTAssertEqual(d.server.endOfInput(), 0)
    }

    func testUnknownRequestAndNotification() {
        let c = TestClient()
        c.start()
        let r = c.request("tatami/unknown", .object([]))
        XCTAssertEqual(r["error"]?["code"]?.int, -32601)
        XCTAssertTrue(c.raw(#"{"jsonrpc":"2.0","method":"tatami/whatever","params":{}}"#).isEmpty)
        XCTAssertTrue(c.raw(#"{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}"#).isEmpty)
    }

    func testBrokenJSONGetsParseErrorWithNullID() {
        let c = TestClient()
        c.start()
        for body in [#"{"jsonrpc":"2.0","id":7,"method":"#, "not json", "", "{\"a\":1} x", String(repeating: "[", count: 100_000)] {
            let replies = c.raw(body)
            XCTAssertEqual(replies.count, 1, body.prefix(20).description)
            XCTAssertEqual(replies.first?["error"]?["code"]?.int, -32700)
            XCTAssertTrue(replies.first?["id"]?.isNull ?? false)
        }
        // JSON, but not a request.
        for body in ["[1,2]", "42", #"{"id":3,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#,
                     #"{"jsonrpc":"2.0","id":4,"method":5}"#] {
            let replies = c.raw(body)
            XCTAssertEqual(replies.first?["error"]?["code"]?.int, -32600, body)
        }
        // The server still works.
        let r = c.request("tatami/unknown")
        XCTAssertEqual(r["error"]?["code"]?.int, -32601)
    }

    func testCancelledRequestIsAnsweredWithRequestCancelled() {
        let c = TestClient()
        c.start()
        // The stdio reader records cancellations as they arrive, before the request's turn.
        c.server.cancellations.cancel(.number(1000))
        let replies = c.raw(#"{"jsonrpc":"2.0","id":1000,"method":"shutdown"}"#)
        XCTAssertEqual(replies.first?["error"]?["code"]?.int, -32800)
        XCTAssertEqual(replies.first?["id"]?.int, 1000)
        // The cancellation was consumed: the same id later is handled.
        let again = c.raw(#"{"jsonrpc":"2.0","id":1000,"method":"tatami/unknown"}"#)
        XCTAssertEqual(again.first?["error"]?["code"]?.int, -32601)
        // String ids too.
        c.server.cancellations.cancel(.string("abc"))
        XCTAssertEqual(c.raw(#"{"jsonrpc":"2.0","id":"abc","method":"shutdown"}"#).first?["error"]?["code"]?.int, -32800)
    }

    func testHugeNumericIDsAreEchoed() {
        // Found by the random-request test: formatting 1e300 trapped (Int64 conversion).
        let c = TestClient()
        c.start()
        c.server.cancellations.cancel(.number(1e300))
        let replies = c.raw(#"{"jsonrpc":"2.0","id":1e300,"method":"shutdown"}"#)
        XCTAssertEqual(replies.first?["error"]?["code"]?.int, -32800)
        XCTAssertTrue(replies.first?.serialized(pretty: false).contains("1e+300") ?? false)
    }

    func testStringIDsAreEchoed() {
        let c = TestClient()
        let replies = c.raw(#"{"jsonrpc":"2.0","id":"x-1","method":"initialize","params":{"capabilities":{}}}"#)
        XCTAssertEqual(replies.first?["id"]?.string, "x-1")
        XCTAssertNotNil(replies.first?["result"]?["capabilities"])
    }

    func testParamsOfTheWrongShapeAreInvalidParams() {
        let c = TestClient()
        XCTAssertEqual(c.request("initialize", .array([]))["error"]?["code"]?.int, -32602)
        c.start()
        for params: JSON in [.null, .array([]), .object([("textDocument", .string("x"))]),
                             .object([("command", .string("tatami.preview")), ("arguments", .array([.number(1)]))])] {
            XCTAssertEqual(c.request("workspace/executeCommand", params)["error"]?["code"]?.int, -32602)
            XCTAssertEqual(c.request("textDocument/diagnostic", params)["error"]?["code"]?.int, -32602)
        }
    }
}
