import Foundation
@testable import TatamiLSP
import TatamiServices
import XCTest

/// What an edit that changes one card's size costs in a 5,000-card vstack, read where a user
/// reads it: the `--verbose` log's line for the analysis (`analysisLogLine`), which counts the
/// measurements computed and the frames copied from the kept layout.
final class KeptLayoutLogTests: XCTestCase {
    let uri = "untitled:Cards.tatami.yaml"
    let cards = 5000
    /// The card whose detail the test lengthens.
    let edited = 2500

    /// A vstack of cards, each an hstack of a title and a detail; card k's detail is on line
    /// 6 + 4k. `rootModifiers` are lines after the cards, indented as the vstack's modifiers are.
    private func document(height: Int, rootModifiers: [String] = []) -> String {
        var s = "viewports:\n  phone: {width: 320, height: \(height)}\nbody:\n  vstack:\n"
        for k in 0..<cards { s += "    - hstack:\n        - text: Card \(k)\n        - text: detail \(k)\n      padding: 4\n" }
        for m in rootModifiers { s += "  \(m)\n" }
        return s
    }

    /// The log line's count before `what` ("measurements computed", "frames copied" as "N of M").
    private func count(_ what: String, in line: String) throws -> (Int, Int?) {
        let pattern = try NSRegularExpression(pattern: "(\\d+)( of (\\d+))? \(what)")
        let m = try XCTUnwrap(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        func group(_ i: Int) -> Int? { Range(m.range(at: i), in: line).flatMap { Int(line[$0]) } }
        return (try XCTUnwrap(group(1)), group(3))
    }

    /// Opens the document, lengthens the edited card's detail until it takes three lines at
    /// 320 wide, and returns the log lines of the two analyses and the diagnostics published.
    private func openAndGrow(_ text: String) throws -> (first: String, edit: String, published: Int) {
        let c = BackgroundClient(debounce: 0)
        c.start()
        c.open(uri, text)
        XCTAssertTrue(c.pump(timeout: 120) { !c.publications(version: 1).isEmpty })
        let line = 6 + 4 * edited
        let start = "        - text: detail ".utf16.count
        c.change(uri, version: 2, [(range(line, start, line, start + "\(edited)".count),
                                    "\(edited), now long enough to wrap onto two more lines in a phone 320 points wide")])
        XCTAssertTrue(c.pump(timeout: 120) { !c.publications(version: 2).isEmpty })
        let analysed = c.logged.filter { $0.hasPrefix("analysed") }
        XCTAssertEqual(analysed.count, 2, "\(analysed)")
        let published = c.publications(version: 2).last?["params"]?["diagnostics"]?.array?.count ?? -1
        return (analysed[0], analysed[1], published)
    }

    /// Proposed an unspecified height (a list longer than the screen, as a scroll view's content
    /// is, shown from its top), every card takes its ideal height, and the edited card grows by
    /// two lines: the other cards' sizes come from the kept measurements. The cards above it are
    /// copied; those below it moved down, and are placed again from kept measurements (frames are
    /// kept in viewport coordinates). A stack centred in the screen, as the body is without the
    /// frame, moves every card by half the growth: none is copied, all are placed from kept
    /// measurements.
    func testACardThatGrowsInAStackOfUnspecifiedHeightMeasuresOnlyItAndItsAncestors() throws {
        let (first, edit, _) = try openAndGrow(document(height: 844, rootModifiers: ["fixedSize: {vertical: true}",
                                                                                     "frame: {height: 844, alignment: top}"]))
        XCTAssertGreaterThan(try count("measurements computed", in: first).0, 4 * cards)
        XCTAssertLessThan(try count("measurements computed", in: edit).0, 60, edit)
        // The cards before the edited one are copied (4 frames each: hstack, two texts), the
        // others placed again.
        let (copied, frames) = try count("frames copied", in: edit)
        XCTAssertEqual(frames, 1 + 3 * cards)
        XCTAssertEqual(copied, 3 * edited, edit)
    }

    /// In an 844-point phone the stack is proposed 844 and its 5,000 cards need 152,000: each card
    /// is proposed no height (docs/format.md §7.1), shows one line of each text, and every card
    /// below the fold reports `overflow`. The edited card's detail wraps but it keeps its size;
    /// every other card is copied with what it reported.
    func testACardEditedInAnOverfullStackLeavesEveryOtherCardCopiedWithItsWarnings() throws {
        let (first, edit, published) = try openAndGrow(document(height: 844))
        XCTAssertGreaterThan(try count("measurements computed", in: first).0, 4 * cards)
        XCTAssertLessThan(try count("measurements computed", in: edit).0, 60, edit)
        let (copied, frames) = try count("frames copied", in: edit)
        XCTAssertEqual(copied, 3 * (cards - 1), edit)
        XCTAssertEqual(frames, 1 + 3 * cards)
        XCTAssertGreaterThan(published, cards - 100, "the warnings of the cards below the fold, published again")
    }
}
