import TatamiLSP
import XCTest

/// `LSPFraming`: the framing `tatami lsp` reads its input with, on bytes in memory.
final class FramingTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    private func strings(_ bodies: [[UInt8]]) -> [String] { bodies.map { String(decoding: $0, as: UTF8.self) } }

    func testBodiesAreFoundWhateverTheReadSizes() {
        let stream = frame("{\"a\":1}") + frame("") + frame("{\"b\":\"é😀\"}") + Array("\r\n".utf8) + frame("[]")
        let whole = LSPFraming.bodies(in: stream)
        XCTAssertEqual(strings(whole), ["{\"a\":1}", "", "{\"b\":\"é😀\"}", "[]"])
        for size in 1...9 {
            let chunks = stride(from: 0, to: stream.count, by: size).map { Array(stream[$0..<min($0 + size, stream.count)]) }
            XCTAssertEqual(LSPFraming.bodies(in: chunks + [[]]), whole, "reads of \(size) bytes")
        }
    }

    func testBrokenHeadersAreDroppedAndReadingGoesOn() {
        var logged: [String] = []
        let stream = Array("Content-Type: x\r\nno colon\r\n\r\n".utf8) + Array("content-length:2\n\n{}".utf8)
            + Array("Content-Length: -3\r\n\r\n".utf8) + frame("[1]")
        XCTAssertEqual(strings(LSPFraming.bodies(in: stream, log: { logged.append($0) })), ["{}", "[1]"])
        XCTAssertEqual(logged.count, 4, "\(logged)")
    }

    func testInputEndingInsideABodyGivesTheBodiesBefore() {
        var logged: [String] = []
        let stream = frame("{}") + Array("Content-Length: 10\r\n\r\n{\"a\"".utf8)
        XCTAssertEqual(strings(LSPFraming.bodies(in: stream, log: { logged.append($0) })), ["{}"])
        XCTAssertEqual(logged, ["input ended inside a message body"])
    }
}
