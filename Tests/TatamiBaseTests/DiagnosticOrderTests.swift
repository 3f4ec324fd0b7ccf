import TatamiBase
import XCTest

/// `sortedForDisplay`: by position, then errors before warnings, then code; equal keys keep
/// their order. Checked on lists already in order (returned as they are) and shuffled ones.
final class DiagnosticOrderTests: XCTestCase {
    private let error = DiagnosticCode("b-error", .error)
    private let otherError = DiagnosticCode("a-error", .error)
    private let warning = DiagnosticCode("a-warning", .warning)

    private func d(_ code: DiagnosticCode, _ start: Int, _ message: String = "") -> Diagnostic {
        Diagnostic(code, message, at: SourceRange(start: start, end: start + 1))
    }

    func testOrderByPositionSeverityCodeThenArrival() {
        let expected = [
            d(warning, 0),
            d(otherError, 5), d(error, 5, "first"), d(error, 5, "second"), d(warning, 5),
            d(error, 9),
        ]
        XCTAssertEqual(expected.sortedForDisplay(), expected, "a list in order stays as it is")
        // Every rotation and the reverse, with the two equal-key diagnostics kept in arrival order.
        var shuffled = [expected[5], expected[4], expected[2], expected[0], expected[3], expected[1]]
        XCTAssertEqual(shuffled.sortedForDisplay(), expected)
        shuffled = [expected[3], expected[2], expected[1], expected[0], expected[4], expected[5]]
        let sorted = shuffled.sortedForDisplay()
        XCTAssertEqual(sorted.map(\.code.name), expected.map(\.code.name))
        XCTAssertEqual(sorted.filter { $0.code == error && $0.range.start == 5 }.map(\.message), ["second", "first"],
                       "equal keys keep the order they arrived in")
    }

    func testOneOutOfPlaceDiagnosticIsMoved() {
        var many = (0..<1_000).map { d(warning, $0 * 2) }
        many.insert(d(error, 501), at: 10)
        let sorted = many.sortedForDisplay()
        XCTAssertEqual(sorted.map(\.range.start), many.map(\.range.start).sorted())
        XCTAssertEqual(sorted[251].code, error)
        XCTAssertEqual([Diagnostic]().sortedForDisplay(), [])
        XCTAssertEqual([d(error, 3)].sortedForDisplay(), [d(error, 3)])
    }
}
