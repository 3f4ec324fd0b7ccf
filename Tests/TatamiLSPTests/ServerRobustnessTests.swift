import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// Whatever arrives, the server answers every request exactly once and keeps working.
final class ServerRobustnessTests: XCTestCase {
    static let methods = [
        "textDocument/hover", "textDocument/completion", "textDocument/documentSymbol", "textDocument/definition",
        "textDocument/references", "textDocument/prepareRename", "textDocument/rename", "textDocument/codeAction",
        "textDocument/codeLens", "textDocument/inlayHint", "textDocument/semanticTokens/full", "textDocument/semanticTokens/range", "textDocument/foldingRange",
        "textDocument/diagnostic", "workspace/executeCommand", "textDocument/didChange", "textDocument/didOpen",
        "textDocument/didClose", "workspace/didChangeConfiguration", "$/cancelRequest", "initialized", "nonsense",
        "textDocument/documentColor", "textDocument/colorPresentation", "textDocument/documentLink", "workspace/symbol",
        "textDocument/documentHighlight", "textDocument/selectionRange",
    ]

    static let texts = [
        "body:\n  hstack:\n    - text: hi\n      padding: 4\n    - Card: {x: 1}\n",
        "components:\n  Card:\n    params: {x: {type: number}}\n    body: {text: \"${x}\"}\nbody: {Card: {x: 2}}\n",
        "body: {canvas: [{color: red, position: {x: \"width / 0\", y: 0, width: 10, height: 10}}]}\n",
        "viewports: {a: {width: 10, height: 10}}\nbody:\n  vstack: [😀, {text: \"é\\u0301\"}]\n  when: \"width >\"\n",
        "{[}]: &a [*a\n\t- :\n",
        "",
    ]

    private func randomValue(_ rng: inout SeededRandom, depth: Int = 0) -> JSON {
        switch Int(rng.next() % (depth > 3 ? 5 : 8)) {
        case 0: return .null
        case 1: return .bool(rng.next() % 2 == 0)
        case 2: return .number([0, -1, 1, 3, 1e12, -1e300, 0.5, Double(rng.next() % 100)][Int(rng.next() % 8)])
        case 3: return .string(["", "x", "file:///a.tatami.yaml", "untitled:T", "phone", "Card", "\u{0}", "😀"][Int(rng.next() % 8)])
        case 4: return position(&rng)
        case 5: return .array((0..<Int(rng.next() % 4)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            let keys = ["textDocument", "position", "range", "uri", "text", "version", "contentChanges", "command",
                        "arguments", "newName", "context", "settings", "id", "start", "end", "line", "character"]
            return .object((0..<Int(rng.next() % 5)).map { _ in (keys[Int(rng.next() % UInt64(keys.count))], randomValue(&rng, depth: depth + 1)) })
        }
    }

    private func position(_ rng: inout SeededRandom) -> JSON {
        let values: [Double] = [0, 1, 2, 5, -3, 1e9, 1.5, 40]
        return .object([("line", .number(values[Int(rng.next() % 8)])), ("character", .number(values[Int(rng.next() % 8)]))])
    }

    func testRandomRequestsOnOpenDocumentsAreAllAnswered() {
        var rng = SeededRandom(seed: 0x7A7A)
        let c = TestClient()
        c.start()
        let uris = ["untitled:T", "file:///a.tatami.yaml"]
        var expected = 0
        for round in 0..<1500 {
            if round % 100 == 0 {
                // Reopen a document with another text now and then.
                c.open(uris[round / 100 % 2], Self.texts[Int(rng.next() % UInt64(Self.texts.count))], version: round)
            }
            let method = Self.methods[Int(rng.next() % UInt64(Self.methods.count))]
            var params: [(String, JSON)] = []
            if rng.next() % 5 != 0 { params.append(("textDocument", .object([("uri", .string(uris[Int(rng.next() % 2)])), ("version", .number(Double(round)))]))) }
            if rng.next() % 4 != 0 { params.append(("position", position(&rng))) }
            if rng.next() % 3 == 0 { params.append(("range", .object([("start", position(&rng)), ("end", position(&rng))]))) }
            if method == "textDocument/didChange" {
                params.append(("contentChanges", .array([.object([
                    ("range", .object([("start", position(&rng)), ("end", position(&rng))])),
                    ("text", .string(["", "x", "\n", "  - text: a\n", "😀", ":", "{", "- "][Int(rng.next() % 8)])),
                ])])))
            }
            if method == "workspace/executeCommand" {
                params.append(("command", .string(["tatami.preview", "tatami.frames", "x"][Int(rng.next() % 3)])))
                params.append(("arguments", .array([.string(uris[Int(rng.next() % 2)]), randomValue(&rng)])))
            }
            if method == "textDocument/selectionRange" {
                params.append(("positions", .array((0..<Int(rng.next() % 3)).map { _ in rng.next() % 4 == 0 ? randomValue(&rng) : position(&rng) })))
            }
            if method == "textDocument/colorPresentation" {
                let channel = { (rng: inout SeededRandom) -> JSON in .number([0, 1, 0.5, -2, 1e300, 7][Int(rng.next() % 6)]) }
                params.append(("color", .object(["red", "green", "blue", "alpha"].map { ($0, channel(&rng)) })))
            }
            if method == "workspace/symbol" {
                params.append(("query", .string(["", "c", "CARD", "😀", "zz"][Int(rng.next() % 5)])))
            }
            for _ in 0..<Int(rng.next() % 3) { params.append(("noise", randomValue(&rng))) }
            let isNotification = method.hasPrefix("textDocument/did") || method.hasPrefix("workspace/didChange") || method == "initialized" || method.hasPrefix("$/")
            if isNotification {
                c.notify(method, .object(params))
            } else {
                expected += 1
                let r = c.request(method, rng.next() % 10 == 0 ? randomValue(&rng) : .object(params))
                XCTAssertTrue(r["result"] != nil || r["error"] != nil, "\(method): \(r.serialized(pretty: false))")
            }
            if rng.next() % 7 == 0 { c.idle() }
        }
        XCTAssertGreaterThan(expected, 1000)
        // Still serving.
        XCTAssertEqual(c.request("tatami/unknown")["error"]?["code"]?.int, -32601)
    }

    func testRandomBytesAreParseErrors() {
        var rng = SeededRandom(seed: 99)
        let c = TestClient()
        c.start()
        for _ in 0..<2000 {
            let n = Int(rng.next() % 64)
            var bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if rng.next() % 2 == 0 { bytes = Array(#"{"jsonrpc":"2.0","id":1,"method":"x","params":"#.utf8) + bytes }
            let before = c.sent.count
            _ = c.server.handle(body: bytes)
            // At most one answer, never a crash.
            XCTAssertLessThanOrEqual(c.sent.count - before, 1)
        }
        XCTAssertEqual(c.request("shutdown", .null)["result"]?.isNull, true)
    }
}
