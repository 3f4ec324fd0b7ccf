import Foundation
import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// `TextDiff`: line replacements that rebuild the new text exactly, touch only lines that
/// changed, and cost linear time however different the texts are.
final class TextDiffTests: XCTestCase {
    private func diff(_ old: String, _ new: String) -> [(old: String, new: String)] {
        let o = Array(old.utf8), n = Array(new.utf8)
        let r = TextDiff.lineReplacements(from: o, to: n)
        XCTAssertEqual(TextDiff.apply(r, to: o, from: n), n, "applying the replacements to \(old.debugDescription)")
        return r.map { (String(decoding: o[$0.range.start..<$0.range.end], as: UTF8.self), String(decoding: n[$0.newRange], as: UTF8.self)) }
    }

    func testEqualTextsNeedNothing() {
        XCTAssertTrue(diff("", "").isEmpty)
        XCTAssertTrue(diff("a\nb\n", "a\nb\n").isEmpty)
    }

    func testOnlyTheChangedLinesAreReplaced() {
        let d = diff("a\nb\nc\nd\ne\n", "a\nB\nc\nd\nE\n")
        XCTAssertEqual(d.map(\.old), ["b\n", "e\n"])
        XCTAssertEqual(d.map(\.new), ["B\n", "E\n"])
    }

    func testInsertionsAndDeletionsAreEmptyOnOneSide() {
        let d = diff("a\nb\nc\n", "a\nx\nb\nc\n")
        XCTAssertEqual(d.map(\.old), [""])
        XCTAssertEqual(d.map(\.new), ["x\n"])
        let e = diff("a\nx\nb\nc\n", "a\nb\nc\n")
        XCTAssertEqual(e.map(\.old), ["x\n"])
        XCTAssertEqual(e.map(\.new), [""])
        // Lines moved past others: a deletion and an insertion, the lines between untouched.
        let m = diff("k\n1\n2\n3\n4\n", "1\n2\n3\n4\nk\n")
        XCTAssertEqual(m.map(\.old), ["k\n", ""])
        XCTAssertEqual(m.map(\.new), ["", "k\n"])
    }

    func testTheLastLineWithOrWithoutItsLineBreak() {
        XCTAssertEqual(diff("a\nb", "a\nb\n").map(\.old), ["b"])
        XCTAssertEqual(diff("a\nb\n", "a\nb").map(\.new), ["b"])
        XCTAssertEqual(diff("", "a\n").map(\.new), ["a\n"])
        XCTAssertEqual(diff("a\n", "").map(\.old), ["a\n"])
        // CRLF lines are whole lines too.
        XCTAssertEqual(diff("a\r\nb\r\n", "a\r\nc\r\n").map(\.old), ["b\r\n"])
    }

    func testRandomEditsRebuildTheNewText() {
        var rng = SeededRandom(seed: 17)
        let words = ["a", "b", "c", "  d", "é★", ""]
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...12, using: &rng)).map { _ in words.randomElement(using: &rng)! }
            var new = old
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                switch Int.random(in: 0...2, using: &rng) {
                case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &rng))
                case 1: new.insert(words.randomElement(using: &rng)!, at: Int.random(in: 0...new.count, using: &rng))
                default: if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &rng)] = words.randomElement(using: &rng)! }
                }
            }
            let tail = Bool.random(using: &rng) ? "\n" : ""
            let o = old.joined(separator: "\n") + tail, n = new.joined(separator: "\n") + tail
            let r = diff(o, n)
            // Never more replaced lines than the edits made (each edit changes at most 2 lines).
            XCTAssertLessThanOrEqual(r.count, 8)
        }
    }

    func testTheSearchGivesUpToOneReplacementWhenEverythingDiffers() {
        // Every line re-indented: one replacement of the middle, found fast.
        let old = (0..<5_000).map { "    line \($0)\n" }.joined()
        let new = (0..<5_000).map { "  line \($0)\n" }.joined()
        let d = diff("top\n" + old + "end\n", "top\n" + new + "end\n")
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.old, old)
    }

    func testFiftyThousandLinesAreDiffedInLinearTime() {
        // A hang guard, not a benchmark: a quadratic diff would take minutes here.
        let lines = (0..<50_000).map { "- text: item \($0)\n" }
        var changedEveryOther = lines
        for i in stride(from: 0, to: lines.count, by: 2) { changedEveryOther[i] = "- text: Item \(i)\n" }
        var changedFew = lines
        for i in [3, 17_000, 49_999] { changedFew[i] = "- changed\n" }
        let old = Array(lines.joined().utf8)
        let start = Date()
        for new in [changedEveryOther, changedFew, Array(lines.reversed())].map({ Array($0.joined().utf8) }) {
            let r = TextDiff.lineReplacements(from: old, to: new)
            XCTAssertEqual(TextDiff.apply(r, to: old, from: new), new)
        }
        XCTAssertEqual(TextDiff.lineReplacements(from: old, to: Array(changedFew.joined().utf8)).count, 3)
        XCTAssertLessThan(Date().timeIntervalSince(start), Fixtures.hangGuard(5))
    }

    func testReplacementsTouchingARange() {
        let old = Array("a\nb\nc\nd\n".utf8), new = Array("A\nb\nC\nD\n".utf8)
        let r = TextDiff.lineReplacements(from: old, to: new)
        XCTAssertEqual(r.count, 2)  // a, then c and d together
        // Line b alone (2..<4): nothing; line c (4..<6): the second; a cursor on line a: the first.
        XCTAssertTrue(TextDiff.replacements(r, touching: SourceRange(start: 2, end: 4)).isEmpty)
        XCTAssertEqual(TextDiff.replacements(r, touching: SourceRange(start: 4, end: 6)), [r[1]])
        XCTAssertEqual(TextDiff.replacements(r, touching: SourceRange(start: 1, end: 1)), [r[0]])
    }

    func testRangeFormattingKeepsTheMeaningOrWidens() throws {
        let text = "viewports: {phone: {width: 320, height: 200}}\nbody:\n    vstack:\n        -   text: a\n        -   text: b\n"
        let bytes = Array(text.utf8)
        let whole = try XCTUnwrap({ if case .edits(let e) = FormatEdits.document(bytes) { return e } else { return nil } }())
        // The second item alone: re-indenting it alone would still be the same document.
        let line5 = text.range(of: "        -   text: b")!
        let start = text.utf8.distance(from: text.startIndex, to: line5.lowerBound)
        guard case .edits(let e) = FormatEdits.range(SourceRange(start: start, end: start + 3), of: bytes) else {
            return XCTFail("no edits")
        }
        let applied = TextDiff.apply(e.replacements, to: bytes, from: e.formatted)
        XCTAssertEqual(TatamiFormatter.format(bytes: applied).bytes, whole.formatted)
        for r in e.replacements { XCTAssertTrue(r.range.end > start - 40) }
    }
}
