import TatamiLSP
import TatamiTestSupport
import XCTest

/// `LSPFraming`: the framing `tatami lsp` reads its input with, on bytes in memory.
final class FramingTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    private func strings(_ bodies: [[UInt8]]) -> [String] { bodies.map { String(decoding: $0, as: UTF8.self) } }

    /// The bodies of `stream` read in one piece, after checking that reads of every other shape
    /// give the same: two reads split at every position, and reads of 1 to 9 bytes.
    private func bodies(_ stream: [UInt8], log: ((String) -> Void)? = nil, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        var logged: [String] = []
        let whole = LSPFraming.bodies(in: stream, log: { logged.append($0) })
        for cut in 0...stream.count {
            var split: [String] = []
            let bodies = LSPFraming.bodies(in: [Array(stream[..<cut]), Array(stream[cut...])], log: { split.append($0) })
            XCTAssertEqual(bodies, whole, "reads split at \(cut)", file: file, line: line)
            XCTAssertEqual(split, logged, "what is logged with reads split at \(cut)", file: file, line: line)
        }
        for size in 1...9 {
            let chunks = stride(from: 0, to: stream.count, by: size).map { Array(stream[$0..<min($0 + size, stream.count)]) }
            XCTAssertEqual(LSPFraming.bodies(in: chunks + [[]]), whole, "reads of \(size) bytes", file: file, line: line)
        }
        logged.forEach { log?($0) }
        return strings(whole)
    }

    func testBodiesAreFoundWhateverTheReadSizes() {
        let stream = frame("{\"a\":1}") + frame("") + frame("{\"b\":\"é😀\"}") + Array("\r\n".utf8) + frame("[]")
        XCTAssertEqual(bodies(stream), ["{\"a\":1}", "", "{\"b\":\"é😀\"}", "[]"])
    }

    func testOtherHeadersInAnyOrderAndLineFeedsAlone() {
        let stream = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}".utf8)
            + Array("CONTENT-LENGTH:\t3 \nContent-Type: x\n\n[1]".utf8)
        var logged: [String] = []
        XCTAssertEqual(bodies(stream, log: { logged.append($0) }), ["{}", "[1]"])
        XCTAssertEqual(logged, [])
    }

    func testBrokenHeadersAreDroppedAndReadingGoesOn() {
        var logged: [String] = []
        let stream = Array("Content-Type: x\r\nno colon\r\n\r\n".utf8) + Array("content-length:2\n\n{}".utf8)
            + Array("Content-Length: -3\r\n\r\n".utf8) + frame("[1]")
        XCTAssertEqual(bodies(stream, log: { logged.append($0) }), ["{}", "[1]"])
        XCTAssertEqual(logged, [
            "dropped a header block without Content-Length",
            "skipped 10 bytes that were not a message, up to a Content-Length header",  // "no colon\r\n"
            "ignored Content-Length '-3'; skipping to the next Content-Length header",
        ])
    }

    /// Issue 13: after a header block whose length is not a number, the body that followed it
    /// (no line break in it) ran into the next message's header line, and so on for every
    /// later message: the server stayed alive but deaf.
    func testABadContentLengthLosesOnlyItsOwnMessage() {
        let dropped = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tatami/unknown\"}"
        let later = ["{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"x\"}", "{\"id\":9}", "[]"]
        for value in ["-5", "abc", "", " ", "1e3", "+4", "4 4", "0x10", "99999999999999999999", String(repeating: "1", count: 70)] {
            var logged: [String] = []
            let stream = Array("Content-Length: \(value)\r\n\r\n\(dropped)".utf8) + later.flatMap(frame)
            XCTAssertEqual(bodies(stream, log: { logged.append($0) }), later, "Content-Length: '\(value)'")
            let shown = value.trimmingCharacters(in: .whitespaces).prefix(40)
            XCTAssertEqual(logged.first, "ignored Content-Length '\(shown)'; skipping to the next Content-Length header")
            // What came after the bad header up to the next one, but for the blank line: the body.
            XCTAssertEqual(logged.dropFirst(), ["skipped \(dropped.utf8.count) bytes that were not a message, up to a Content-Length header"])
        }
    }

    func testAHeaderBlockWithoutContentLengthLosesOnlyItsOwnMessage() {
        var logged: [String] = []
        let stream = Array("Content-Type: application/json\r\n\r\n{\"id\":1}".utf8) + frame("{\"id\":2}") + frame("{\"id\":3}")
        XCTAssertEqual(bodies(stream, log: { logged.append($0) }), ["{\"id\":2}", "{\"id\":3}"])
        XCTAssertEqual(logged, [
            "dropped a header block without Content-Length",
            "skipped 8 bytes that were not a message, up to a Content-Length header",
        ])
    }

    /// A length that claims more than was sent ends at the next header instead of swallowing
    /// the messages after it.
    func testALengthTooLargeEndsAtTheNextHeader() {
        var logged: [String] = []
        let stream = Array("Content-Length: 5000\r\n\r\n{\"id\":1".utf8) + frame("{\"id\":2}") + frame("{\"id\":3}")
        XCTAssertEqual(bodies(stream, log: { logged.append($0) }), ["{\"id\":2}", "{\"id\":3}"])
        XCTAssertEqual(logged, ["dropped a message body after 7 of its 5000 bytes: a Content-Length header came first"])
    }

    /// Past the limit a body is read and dropped, and it too ends at the next header.
    func testALengthPastTheLimitDoesNotSwallowTheInput() {
        var logged: [String] = []
        let stream = Array("Content-Length: 999999999999\r\n\r\n{\"id\":1}".utf8) + frame("{\"id\":2}")
        XCTAssertEqual(bodies(stream, log: { logged.append($0) }), ["{\"id\":2}"])
        XCTAssertEqual(logged, [
            "dropped a message of 999999999999 bytes (the limit is \(256 << 20))",
            "dropped a message body after 8 of its 999999999999 bytes: a Content-Length header came first",
        ])
    }

    /// A length too small gives a short body (the server answers it with a parse error); the
    /// rest of it is skipped, and the next message is read.
    func testALengthTooSmallLosesOnlyItsOwnMessage() {
        var logged: [String] = []
        let stream = Array("Content-Length: 3\r\n\r\n{\"id\":1}".utf8) + frame("{\"id\":2}")
        XCTAssertEqual(bodies(stream, log: { logged.append($0) }), ["{\"i", "{\"id\":2}"])
        XCTAssertEqual(logged, ["skipped 5 bytes that were not a message, up to a Content-Length header"])
    }

    /// Header text inside a JSON string is never a header: a string cannot hold a line break.
    func testHeaderTextInsideABodyIsNotAHeader() {
        let texts = [
            "{\"text\":\"Content-Length: 5\\r\\n\\r\\nabcde\"}",
            "{\"text\":\"content-length:12\"}",
            "[\"Content-Length: 1\", 2\n]",
            "{\"a\":\"Content-Length:\"\r\n}",
            "{\"a\":\"Content-Length: 3 4\"}",
            "\"Content-Length: 7 \\n\"",
            "\"Content-Length: \(String(repeating: " ", count: 70))7\"",
        ]
        XCTAssertEqual(bodies(texts.flatMap(frame)), texts)
    }

    /// Whatever was sent before, a message framed correctly is read: a header starts at every
    /// `Content-Length:`, even in the middle of a line, a header value or a body.
    func testAWellFramedMessageIsReadAfterAnyBytes() {
        let probe = "{\"jsonrpc\":\"2.0\",\"id\":\"probe\",\"method\":\"shutdown\"}"
        let prefixes = [
            "X", "Content-Len", "Content-Length", "Content-Length:", "Content-Length: 1", "Content-Length: 12\r",
            "Content-Length: 5\r\n", "Content-Length: 5\r\nContent-Type: x", "Content-Length: 5\r\n\r\n",
            "Content-Length: 5\r\n\r\nab", "Content-Length: 50\r\n\r\n{\"a\":\"Content-Length: 4",
            "Content-Length: 50\r\n\r\nCont", "Content-Length: 17\r\n\r\nContent-Length: 4", "Content-Length: 19\r\n\r\nContent-Length: 4\r",
            "Content-Length: abc", "Content-Length: abc\r\n\r\n{", "Content-Type: x\r\n", "\r", "{\"a\":1}", "Content-Length: 99999999999\r\n\r\n{",
        ]
        for prefix in prefixes {
            let found = bodies(Array(prefix.utf8) + frame(probe))
            XCTAssertEqual(found.last, probe, "after \(prefix.debugDescription)")
        }
        // Random prefixes made of header pieces, digits, JSON and noise.
        let pieces = ["Content-Length:", "Content-Length: ", "content-length:", "Content-Type: a", "\r\n", "\n", "\r", " ",
                      "1", "12", "-", "{", "\"", "}", "C", "ont", "\u{0}", "é", ":"]
        var random = SeededRandom(seed: 13)
        for round in 0..<300 {
            let prefix = (0..<Int.random(in: 1...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let stream = Array(prefix.utf8) + frame(probe)
            let found = strings(LSPFraming.bodies(in: stream))
            XCTAssertEqual(found.last, probe, "round \(round): after \(prefix.debugDescription)")
            let size = 1 + round % 7
            let chunks = stride(from: 0, to: stream.count, by: size).map { Array(stream[$0..<min($0 + size, stream.count)]) }
            XCTAssertEqual(strings(LSPFraming.bodies(in: chunks)), found, "round \(round): reads of \(size)")
        }
    }

    func testInputEndingInsideABodyGivesTheBodiesBefore() {
        var logged: [String] = []
        let stream = frame("{}") + Array("Content-Length: 10\r\n\r\n{\"a\"".utf8)
        XCTAssertEqual(bodies(stream, log: { logged.append($0) }), ["{}"])
        XCTAssertEqual(logged, ["input ended inside a message body"])
    }

    func testInputEndingElsewhereIsReported() {
        var logged: [String] = []
        XCTAssertEqual(bodies(frame("{}") + Array("Content-Length: 10\r\n".utf8), log: { logged.append($0) }), ["{}"])
        XCTAssertEqual(bodies(frame("{}") + Array("garbage".utf8), log: { logged.append($0) }), ["{}"])
        XCTAssertEqual(logged, ["input ended inside a header block", "skipped 7 bytes at the end of input that were not a message"])
    }
}
