import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// Offsets of an older text mapped onto a newer one through the replacements between them
/// (what the language server uses to answer from an older analysis while a newer one runs).
final class EditMapTests: XCTestCase {
    /// Applies replacements to a text, each given in the offsets of the text it applies to.
    private func apply(_ text: [UInt8], _ edits: [(Int, Int, [UInt8])]) -> ([UInt8], EditMap) {
        var t = text
        var map = EditMap()
        for (s, e, new) in edits {
            t.replaceSubrange(s..<e, with: new)
            map.append(TextReplacement(start: s, oldEnd: e, newLength: new.count))
        }
        return (t, map)
    }

    func testOffsetsBeforeAfterAndInsideAReplacement() {
        // "hello world" → "hello big world": 4 bytes inserted at 6.
        let map = EditMap([TextReplacement(start: 6, oldEnd: 6, newLength: 4)])
        XCTAssertEqual(map.forward(0), 0)
        XCTAssertEqual(map.forward(5), 5)
        XCTAssertEqual(map.forward(6, bias: .left), 6)
        XCTAssertEqual(map.forward(6, bias: .right), 10)
        XCTAssertEqual(map.forward(11), 15)
        XCTAssertEqual(map.backward(15), 11)
        XCTAssertEqual(map.backward(8), 6, "inside inserted text: the insertion point")
        XCTAssertEqual(map.backward(3), 3)

        // "abcdefgh": "cde" (2..<5) replaced by "X".
        let r = EditMap([TextReplacement(start: 2, oldEnd: 5, newLength: 1)])
        XCTAssertEqual(r.forward(3, bias: .left), 2)
        XCTAssertEqual(r.forward(3, bias: .right), 3)
        XCTAssertEqual(r.forward(5), 3)
        XCTAssertEqual(r.forward(7), 5)
        XCTAssertEqual(r.backward(5), 7)
        XCTAssertEqual(r.firstChange, 2)
        XCTAssertNil(EditMap.identity.firstChange)
    }

    func testExactRangesSurviveOnlyWhenTheirEndsWereNotReplaced() {
        // "key: value" with the value's range 5..<10; a character typed inside the value.
        let typed = EditMap([TextReplacement(start: 7, oldEnd: 7, newLength: 1)])
        XCTAssertEqual(typed.forward(exact: SourceRange(start: 5, end: 10)), SourceRange(start: 5, end: 11))
        XCTAssertEqual(typed.forward(exact: SourceRange(start: 0, end: 3)), SourceRange(start: 0, end: 3))
        // A deletion that cuts the end of a range: the range's text is gone.
        let cut = EditMap([TextReplacement(start: 8, oldEnd: 12, newLength: 0)])
        XCTAssertNil(cut.forward(exact: SourceRange(start: 5, end: 10)))
        XCTAssertEqual(cut.forward(enclosing: SourceRange(start: 5, end: 10)), SourceRange(start: 5, end: 8))
        // Text inserted at a range's start moves it; at its end leaves it.
        let atStart = EditMap([TextReplacement(start: 5, oldEnd: 5, newLength: 2)])
        XCTAssertEqual(atStart.forward(exact: SourceRange(start: 5, end: 10)), SourceRange(start: 7, end: 12))
        let atEnd = EditMap([TextReplacement(start: 10, oldEnd: 10, newLength: 2)])
        XCTAssertEqual(atEnd.forward(exact: SourceRange(start: 5, end: 10)), SourceRange(start: 5, end: 10))
    }

    /// Random texts of distinct marker bytes and random edits that never touch the markers: every
    /// marker's old offset must map to its new offset, and back.
    func testMarkersFollowRandomEdits() {
        var rng = SeededRandom(seed: 13)
        for _ in 0..<300 {
            // Markers are bytes 0x80...0xFF (each once), filler is ASCII; edits only touch filler
            // (they replace a run of filler with new filler).
            var text: [UInt8] = []
            var markers: [UInt8] = []
            for k in 0..<20 {
                for _ in 0..<Int(rng.next() % 6) { text.append(UInt8(ascii: "a") + UInt8(rng.next() % 26)) }
                let m = UInt8(0x80 + k)
                text.append(m)
                markers.append(m)
            }
            var current = text
            var edits: [(Int, Int, [UInt8])] = []
            for _ in 0..<Int(1 + rng.next() % 5) {
                // Anywhere; the replaced run holds filler only (empty before a marker).
                let s = Int(rng.next() % UInt64(current.count + 1))
                var e = s
                let want = Int(rng.next() % 4)
                while e < current.count, current[e] < 0x80, e - s < want { e += 1 }
                let new = (0..<Int(rng.next() % 5)).map { _ in UInt8(ascii: "A") + UInt8(rng.next() % 26) }
                edits.append((s, e, new))
                current.replaceSubrange(s..<e, with: new)
            }
            let (result, map) = apply(text, edits)
            XCTAssertEqual(result, current)
            for m in markers {
                let old = text.firstIndex(of: m)!, new = result.firstIndex(of: m)!
                // A character's offset follows it with the right bias (text inserted just
                // before it pushes it on).
                XCTAssertEqual(map.forward(old, bias: .right), new, "marker \(m) forward")
                XCTAssertEqual(map.backward(new), old, "marker \(m) backward")
                XCTAssertEqual(map.forward(exact: SourceRange(start: old, end: old + 1)), SourceRange(start: new, end: new + 1))
            }
            // Nothing before the first change moved.
            if let f = map.firstChange {
                for i in 0..<min(f, text.count, result.count) { XCTAssertEqual(text[i], result[i]) }
            }
        }
    }
}
