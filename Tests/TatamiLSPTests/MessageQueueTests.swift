@testable import TatamiLSP
import TatamiServices
import XCTest

/// The queue between the reading thread and the handling one.
final class MessageQueueTests: XCTestCase {
    private func change(_ n: Int) -> Message {
        .notification(method: "textDocument/didChange",
                      params: .object([("text", .string(String(repeating: "x", count: 1_000) + String(n)))]))
    }

    func testOrderAndEnd() {
        let q = MessageQueue()
        for n in 0..<3 { q.push(change(n)) }
        q.close()
        var methods: [String] = []
        while let m = q.pop() {
            if case .notification(let method, _) = m { methods.append(method) }
        }
        XCTAssertEqual(methods.count, 3)
        XCTAssertNil(q.pop())
    }

    /// A taken message is released at once: a server handling full-text changes of a large file
    /// kept the last thousand texts alive before this.
    func testTakenMessagesAreReleased() {
        let q = MessageQueue()
        for n in 0..<50 { q.push(change(n)) }
        for _ in 0..<20 { XCTAssertNotNil(q.pop()) }
        XCTAssertEqual(q.storedCount, 30)
        for _ in 0..<30 { XCTAssertNotNil(q.pop()) }
        XCTAssertEqual(q.storedCount, 0)
        XCTAssertTrue(q.isEmpty)
        // Past the compaction point as well.
        for n in 0..<3_000 {
            q.push(change(n))
            XCTAssertNotNil(q.pop())
        }
        XCTAssertEqual(q.storedCount, 0)
    }
}
