import TatamiBase
@testable import TatamiModel
import XCTest

/// `ViewSegment`: a run of views copied from one store into another lands with its children,
/// decorations and attributes pointing at its own copies, its serials moved by the given
/// number, and every range it holds (records, expressions and their offset maps, placements,
/// written keys) moved by the given function; a run that names a view before it is refused.
final class ViewSegmentTests: XCTestCase {
    /// Appends, after `before` views of filler: a text with a background colour and attributes
    /// (a condition, a placement with expressions, a written key order) in an hstack; returns
    /// the mark before the hstack's subtree and the hstack.
    private func build(into p: inout ViewParts, before: Int, at base: Int) -> (ViewPartsMark, ViewIndex) {
        for k in 0..<before { p.append(.divider, range: .at(k), kindRange: .at(k), serial: k) }
        let mark = p.mark
        let expression = Expression(text: "width > 10", root: .number(1, range: 0..<0), type: .boolean,
                                    range: SourceRange(start: base + 40, end: base + 50), offsetMap: .identity(start: base + 40, count: 10))
        var attributes = ViewAttributes()
        attributes.condition = expression
        attributes.placements = [Placement(rule: .expressions(x: expression, y: expression, width: expression, height: expression),
                                           condition: nil, range: SourceRange(start: base + 52, end: base + 60))]
        attributes.writtenModifierOrder = WrittenModifierOrder(order: [0], keys: [SourceRange(start: base + 62, end: base + 66)])
        let childMark = p.childMark
        let colour = p.append(.color(.named("red"), fill: nil), range: SourceRange(start: base + 20, end: base + 30),
                              kindRange: SourceRange(start: base + 20, end: base + 25), serial: before + 2)
        let text = p.append(.text("hello", truncation: .tail), range: SourceRange(start: base + 10, end: base + 35),
                            kindRange: SourceRange(start: base + 10, end: base + 14), modifiers: [.background(colour, alignment: .center)],
                            attributes: attributes, serial: before + 1)
        p.addChild(text)
        let stack = p.append(.hstack(spacing: 4, alignment: .centerY), range: SourceRange(start: base, end: base + 70),
                             kindRange: SourceRange(start: base, end: base + 6), childrenFrom: childMark, serial: before)
        return (mark, stack)
    }

    func testASegmentLandsMovedAndReadsAsTheOriginal() {
        var old = ViewParts()
        let (mark, oldStack) = build(into: &old, before: 1, at: 100)
        guard let segment = old.segment(since: mark) else { return XCTFail("the subtree stands apart") }
        XCTAssertEqual(segment.count, 3)
        let oldStore = ViewStore(old)

        var new = ViewParts()
        for k in 0..<4 { new.append(.spacer(minLength: nil), range: .at(k), kindRange: .at(k), serial: k) }
        // Ranges inside the item's old span (100...170) move by 7; the rest stay.
        let at = new.append(segment, of: oldStore, serialShift: 3, shift: SpanShift(span: 100..<170, delta: 7))
        let store = ViewStore(new)
        let stack = store[at.view(segment.offset(of: oldStack))]
        XCTAssertEqual(stack.index, ViewIndex(6), "four views before it, then the colour and the text")
        XCTAssertEqual(stack.range, SourceRange(start: 107, end: 177))
        XCTAssertEqual(stack.serial, 4)
        guard case .hstack(let children, let spacing, _) = stack.kind, let text = children.first else { return XCTFail("an hstack") }
        XCTAssertEqual(spacing, 4)
        XCTAssertEqual(text.index, ViewIndex(5))
        XCTAssertEqual(text.serial, 5)
        XCTAssertEqual(text.kindRange, SourceRange(start: 117, end: 121))
        XCTAssertEqual(text.decorations.map(\.index), [ViewIndex(4)], "the decoration is the copy's")
        XCTAssertEqual(text.decorations.first?.range, SourceRange(start: 127, end: 137))
        XCTAssertEqual(text.condition?.range, SourceRange(start: 147, end: 157))
        XCTAssertEqual(text.condition?.sourceRange(of: 2..<4), SourceRange(start: 149, end: 151), "the offset map moved too")
        XCTAssertEqual(text.placements.first?.range, SourceRange(start: 159, end: 167))
        if case .expressions(let x, _, _, _)? = text.placements.first?.rule {
            XCTAssertEqual(x.range, SourceRange(start: 147, end: 157))
        } else {
            XCTFail("a placement by expressions")
        }
        XCTAssertEqual(text.writtenModifierOrder?.keys, [SourceRange(start: 169, end: 173)])
        // The original is untouched.
        XCTAssertEqual(oldStore[oldStack].range, SourceRange(start: 100, end: 170))
    }

    func testASegmentNamingAViewBeforeItIsRefused() {
        var p = ViewParts()
        let outside = p.append(.color(.named("blue"), fill: nil), range: .at(0), kindRange: .at(0), serial: 0)
        let mark = p.mark
        p.append(.text("x", truncation: .tail), range: .at(1), kindRange: .at(1), modifiers: [.overlay(outside, alignment: .center)],
                 serial: 1)
        XCTAssertNil(p.segment(since: mark), "its overlay is a view before the mark")
        XCTAssertNotNil(p.segment(since: p.mark), "an empty run stands apart")
    }
}
