import XCTest
@testable import TatamiLayout

/// `PagedArray`: reads back what was appended, one at a time or in runs, across page edges.
final class PagedArrayTests: XCTestCase {
    func testElementsAndRunsAcrossPages() {
        var a = PagedArray<Int>()
        var expected: [Int] = []
        // Single elements up to just past a page, then runs of awkward lengths (one longer
        // than a page), so runs start mid-page and cross one or more page edges.
        for i in 0..<1_030 {
            a.append(i)
            expected.append(i)
        }
        for length in [0, 1, 7, 1_000, 3_000, 5] {
            let run = (0..<length).map { 10_000 * length + $0 }
            a.append(contentsOf: run)
            expected += run
        }
        XCTAssertEqual(a.count, expected.count)
        XCTAssertEqual((0..<a.count).map { a[$0] }, expected)
    }
}
