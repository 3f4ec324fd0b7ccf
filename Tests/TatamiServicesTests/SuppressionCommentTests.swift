import TatamiBase
import TatamiServices
import XCTest

/// Suppression comments are the YAML layer's comments: text inside a scalar that looks like one
/// silences nothing.
final class SuppressionCommentTests: XCTestCase {
    func testTextInsideAScalarIsNoSuppression() {
        let s = Suppressions(LineTable("a: \"x # tatami-ignore: one\"\nb: |\n  # tatami-ignore: two\nc: 1 # tatami-ignore: three\n"))
        XCTAssertEqual(s.byLine, [3: ["three"]])
    }
}
