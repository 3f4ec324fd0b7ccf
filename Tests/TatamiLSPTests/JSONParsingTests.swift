import Foundation
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// `JSON.parse` on objects: repeated keys, and objects far larger than any LSP message.
final class JSONParsingTests: XCTestCase {
    private func pairs(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [(String, JSON)] {
        guard case .object(let p)? = try? JSON.parse(text) else {
            XCTFail("not an object: \(text.prefix(80))", file: file, line: line)
            return []
        }
        return p
    }

    private func summary(_ p: [(String, JSON)]) -> [String] {
        p.map { "\($0.0)=\($0.1.number.map { String(Int($0)) } ?? "?")" }
    }

    func testARepeatedKeyKeepsItsFirstPlaceAndItsLastValue() {
        XCTAssertEqual(summary(pairs(#"{"a":1,"b":2,"a":3,"c":4,"a":5}"#)), ["a=5", "b=2", "c=4"])
    }

    /// Past `searchedKeys`, repeated keys are found through a dictionary: the same result as
    /// the search, whichever side of the threshold the first and the repeated key fall.
    func testRepeatedKeysInLargeObjectsAsInSmallOnes() {
        for count in [2, 15, 16, 17, 40] {
            var text = "{"
            var expected: [String] = []
            for k in 0..<count {
                text += "\"k\(k)\":\(k),"
                expected.append("k\(k)=\(k)")
            }
            // Every key again, and the first and last a third time, with new values.
            for k in 0..<count { text += "\"k\(k)\":\(1000 + k)," }
            text += "\"k0\":7,\"k\(count - 1)\":9}"
            expected = (0..<count).map { "k\($0)=\(1000 + $0)" }
            expected[0] = "k0=7"
            expected[count - 1] = "k\(count - 1)=9"
            XCTAssertEqual(summary(pairs(text)), expected, "\(count) keys")
        }
    }

    /// Keys compare as Swift strings compare (canonical equivalence), below and above the
    /// threshold alike: a precomposed é and e + U+0301 are one key.
    func testKeysCompareAsStringsOnBothSidesOfTheThreshold() {
        let filler = (0..<20).map { "\"f\($0)\":0," }.joined()
        for prefix in ["", filler] {
            let p = pairs("{\(prefix)\"\u{E9}\":1,\"e\u{301}\":2}")
            XCTAssertEqual(p.count, prefix.isEmpty ? 1 : 21)
            XCTAssertEqual(p.last?.0, "\u{E9}")
            XCTAssertEqual(p.last?.1.number, 2)
        }
    }

    /// Issue 13: a `params` object of 100,000 keys took 18.6 s (each key searched for among
    /// the ones before it). A hang guard far above the linear parse, far below the quadratic.
    func testAnObjectOfAHundredThousandKeysParsesInLinearTime() throws {
        let count = 100_000
        var text = #"{"jsonrpc":"2.0","id":1,"method":"tatami/unknown","params":{"#
        text += (0..<count).map { "\"key\($0)\":\($0)" }.joined(separator: ",")
        text += "}}"
        let start = Date()
        let message = try JSON.parse(text)
        let seconds = Date().timeIntervalSince(start)
        guard case .object(let params)? = message["params"] else { return XCTFail("no params") }
        XCTAssertEqual(params.count, count)
        XCTAssertEqual(params[count - 1].0, "key\(count - 1)")
        XCTAssertLessThan(seconds, Fixtures.hangGuard(20), "hang guard")

        // The same through the server: the request is answered.
        let c = TestClient()
        c.start()
        let replies = c.raw(text)
        XCTAssertEqual(replies.first?["error"]?["code"]?.int, -32601)
        XCTAssertLessThan(Date().timeIntervalSince(start), Fixtures.hangGuard(40), "hang guard")
    }
}
