import TatamiYAML
import XCTest

/// `YAMLParser.pullEvents`, the benchmark's bare libyaml baseline: it counts libyaml's events.
final class EventPullTests: XCTestCase {
    func testCountsEveryEventToTheStreamEnd() {
        // Stream, document and mapping start; two scalars; mapping, document and stream end.
        XCTAssertEqual(YAMLParser.pullEvents(bytes: Array("a: 1\n".utf8)), 8)
        // Only the stream's start and end.
        XCTAssertEqual(YAMLParser.pullEvents(bytes: []), 2)
    }

    func testStopsAtTheFirstError() {
        // Stream, document and sequence start, one scalar; then the unclosed flow sequence.
        XCTAssertEqual(YAMLParser.pullEvents(bytes: Array("[a, \n".utf8)), 4)
    }
}
