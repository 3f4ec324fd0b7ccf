@testable import TatamiRender
import TatamiBase
import TatamiLayout
import TatamiModel
import XCTest

/// Each golden under Tests/Fixtures/render/ was recorded and then checked cell by cell against
/// docs/format.md §13 (the expected positions are worked out in the comments here).
final class RenderGoldenTests: XCTestCase {
    private let ascii = RenderOptions(ascii: true)

    // MARK: The viewport border

    func testEmptyViewportBorderWithLabel() {
        // 320×48 → 40 columns × 3 rows; the top edge reads `─ phone 320×48 ` then `─` to 40 cells.
        let r = Make.result("phone", 320, 48, nil)
        assertGolden("empty-viewport", render(r) + render(r, ascii))
    }

    func testLabelCutWhenTooLong() {
        // 96×16 → 12 columns × 1 row: `─ a-very-lon` (12 cells), nothing more.
        let r = Make.result("a-very-long-name", 96, 16, nil)
        assertGolden("label-cut", render(r) + render(r, ascii))
    }

    func testZeroViewport() {
        // 0 columns, 0 rows: the corners alone.
        let r = Make.result("none", 0, 0, Make.textNode("hidden by size", Make.rect(0, 0, 100, 16)))
        let out = render(r) + render(r, ascii)
        XCTAssertEqual(out, "┌┐\n└┘\n++\n++\n")
        assertGolden("zero-viewport", out)
    }

    // MARK: Text

    func testTextAt8x16() {
        // 64×48 → 8×3; "Hi" at (8,16): row 1, columns 1 and 2.
        let root = Make.screen(64, 48, [Make.textNode("Hi", Make.rect(8, 16, 16, 16))])
        assertGolden("text-at-8-16", render(Make.result("phone", 64, 48, root)))
    }

    func testWideFontSpacesCharacters() {
        // Font 16×32: character i at x = 16i → column 2i; line j at y = 32j → row 2j.
        // Font 4×8 (narrower than a cell): "abcd" at x 0,4,8,12 → columns 0,0,1,1, so b and d
        // remain (later characters cover earlier ones in the same cell).
        let big = FontMetrics(width: 16, height: 32), small = FontMetrics(width: 4, height: 8)
        let root = Make.screen(64, 80, [
            Make.node(Make.rect(0, 0, 48, 64), Make.text(["abc", "de"], font: big)),
            Make.node(Make.rect(0, 64, 16, 8), Make.text(["abcd"], font: small)),
        ])
        assertGolden("wide-font", render(Make.result("v", 64, 80, root)))
    }

    func testCellOption() {
        // --cell 4x8: 32×32 → 8×4; body font 8 wide puts "abcd" at columns 0,2,4,6.
        let root = Make.screen(32, 32, [Make.textNode("abcd", Make.rect(0, 0, 32, 16))])
        assertGolden("cell-option", render(Make.result("v", 32, 32, root), RenderOptions(cellWidth: 4, cellHeight: 8)))
    }

    func testTextClippedToFrame() {
        // "Hello, world" in a 40-point frame at x 8 → columns 1..<6: "Hello".
        // Two lines in a one-row frame: only the first. A line longer than the frame from x 56:
        // columns 7..<8 → "x" only.
        let root = Make.screen(64, 48, [
            Make.textNode("Hello, world", Make.rect(8, 0, 40, 16)),
            Make.node(Make.rect(8, 16, 48, 16), Make.text(["top", "bottom"])),
            Make.textNode("xyz", Make.rect(56, 32, 8, 16)),
        ])
        assertGolden("text-clipped", render(Make.result("v", 64, 48, root)))
    }

    func testMultilineAlignment() {
        // 128×48 → 16×3. Centred in 64 points (columns 0..<8): offsets (64 − 48)/2 = 8 → col 1,
        // (64 − 16)/2 = 24 → col 3, (64 − 8)/2 = 28 → col 3 (floor 3.5).
        // Trailing in 64 points from x 64: offsets 16, 48, 56 → columns 10, 14, 15.
        let lines = ["abcdef", "ab", "a"]
        let root = Make.screen(128, 48, [
            Make.node(Make.rect(0, 0, 64, 48), Make.text(lines, alignment: .center)),
            Make.node(Make.rect(64, 0, 64, 48), Make.text(lines, alignment: .trailing)),
        ])
        assertGolden("multiline-alignment", render(Make.result("v", 128, 48, root)))
    }

    func testContentRectIsWhereTheKindDraws() {
        // A text with padding: frame (0,0,64,48), content (16,16,16,16) → "ab" at row 1, cols 2-3;
        // the outline shows the outer frame.
        let padded = Make.node(Make.rect(0, 0, 64, 48), Make.text(["ab"]), content: Make.rect(16, 16, 16, 16))
        assertGolden("content-rect", render(Make.result("v", 64, 48, padded), RenderOptions(outline: true)))
    }

    // MARK: Colour

    func testColorFills() {
        // 96×32 → 12×2. Row 0: the 11 named colours 8 points each, then #336699 in column 11;
        // clear (column 10) draws nothing. Row 1: red and blue side by side (#### ~~~~), then an
        // explicit fill Z in columns 8-11 with clear drawn over columns 10-11 (Z stays).
        var children: [FrameSketch] = ColorValue.names.enumerated().map { i, name in
            Make.color(name, Make.rect(Double(i) * 8, 0, 8, 16))
        }
        children.append(Make.node(Make.rect(88, 0, 8, 16), .color(.rgb(0x33, 0x66, 0x99), fill: nil)))
        children += [
            Make.color("red", Make.rect(0, 16, 32, 16)),
            Make.color("blue", Make.rect(32, 16, 32, 16)),
            Make.color("green", Make.rect(64, 16, 32, 16), fill: "Z"),
            Make.color("clear", Make.rect(80, 16, 16, 16)),
        ]
        assertGolden("colors", render(Make.result("v", 96, 32, Make.screen(96, 32, children))))
    }

    // MARK: Drawing order

    func testDrawingOrderBackgroundsChildrenOverlays() {
        // 96×48 → 12×3.
        // backgrounds: green everywhere, then purple columns 0-5 (the outermost is furthest back);
        // children: blue cols 2-5 rows 0-1, "TXT" row 1 cols 3-5;
        // overlays: pink cols 8-11, then gray row 1 cols 10-11, then "ov" row 2 cols 8-9.
        // Expected: `**~~~~%%::::` / `**~TXT%%::;;` / `******%%ov::`.
        let root = Make.node(
            Make.rect(0, 0, 96, 48),
            children: [Make.color("blue", Make.rect(16, 0, 32, 32)), Make.textNode("TXT", Make.rect(24, 16, 24, 16))],
            backgrounds: [Make.color("green", Make.rect(0, 0, 96, 48)), Make.color("purple", Make.rect(0, 0, 48, 48))],
            overlays: [
                Make.color("pink", Make.rect(64, 0, 32, 48)), Make.color("gray", Make.rect(80, 16, 16, 16)),
                Make.textNode("ov", Make.rect(64, 32, 16, 16)),
            ]
        )
        assertGolden("drawing-order", render(Make.result("v", 96, 48, root)))
    }

    func testZIndexOrderInZStack() {
        // Row 0, a zstack: red (zIndex 1, declared first) cols 0-3, blue (zIndex 0) cols 2-5 →
        // red is drawn last: `####~~`. Row 1, a stack in declaration order: `##~~~~`.
        // Row 2, a zstack whose equal zIndex keep declaration order: `##~~~~`.
        func pair(_ y: Double, byZIndex: Bool, redZ: Double) -> FrameSketch {
            Make.node(Make.rect(0, y, 48, 16), children: [
                Make.node(Make.rect(0, y, 32, 16), .color(.named("red"), fill: nil), zIndex: redZ),
                Make.node(Make.rect(16, y, 32, 16), .color(.named("blue"), fill: nil)),
            ], byZIndex: byZIndex)
        }
        let root = Make.screen(64, 48, [pair(0, byZIndex: true, redZ: 1), pair(16, byZIndex: false, redZ: 1), pair(32, byZIndex: true, redZ: 0)])
        assertGolden("zindex-order", render(Make.result("v", 64, 48, root)))
    }

    // MARK: Images, dividers, borders

    func testImages() {
        // 128×96 → 16×6.
        // "photo" cols 0-9 rows 0-2: a box, the name on row 1 centred in the 8 inner columns:
        //   start = 1 + floor((8 − 5)/2) = 2 → cols 2-6.
        // "a-long-name" cols 10-15 rows 0-2: inner 4 columns → "a-lo".
        // "icon" one row (row 4) cols 0-7: `[ icon ]`.
        // "xy" two rows (rows 4-5) cols 10-13: the name on the top edge, `┌xy┐` / `└──┘`.
        // a one-column image at col 15 rows 3-5: `▯` ×3.
        let root = Make.screen(128, 96, [
            Make.node(Make.rect(0, 0, 80, 48), .image(name: "photo")),
            Make.node(Make.rect(80, 0, 48, 48), .image(name: "a-long-name")),
            Make.node(Make.rect(0, 64, 64, 16), .image(name: "icon")),
            Make.node(Make.rect(80, 64, 32, 32), .image(name: "xy")),
            Make.node(Make.rect(120, 48, 8, 48), .image(name: "tall")),
        ])
        let r = Make.result("v", 128, 96, root)
        assertGolden("images", render(r) + render(r, ascii))
    }

    func testDividers() {
        // 64×48 → 8×3: a horizontal divider 1 point high at y 16 (row 1, all columns) and a
        // vertical one 1 point wide at x 32 (column 4, all rows), drawn second.
        let root = Make.screen(64, 48, [
            Make.node(Make.rect(0, 16, 64, 1), .divider(axis: .horizontal)),
            Make.node(Make.rect(32, 0, 1, 48), .divider(axis: .vertical)),
        ])
        let r = Make.result("v", 64, 48, root)
        assertGolden("dividers", render(r) + render(r, ascii))
    }

    func testBorderStyles() {
        // 160×48 → 20×3: four 5×3 boxes, single, double, rounded, heavy; then the same in ASCII.
        let boxes = BorderStyle.allCases.enumerated().map { i, style in
            Make.node(Make.rect(Double(i) * 40, 0, 40, 48), borders: [(style: style, rect: Make.rect(Double(i) * 40, 0, 40, 48))])
        }
        let r = Make.result("v", 160, 48, Make.screen(160, 48, boxes))
        assertGolden("borders", render(r) + render(r, ascii))
    }

    func testBordersUnderChildrenAndOverlays() {
        // A view with a child filling it (red), a border on its frame and an overlay text on the
        // top row: the border is drawn first (under the content, docs/render.md), so the red
        // child covers all 8×3 cells, and the overlay "ov" covers the child at columns 3-4 of row 0.
        let view = Make.node(
            Make.rect(0, 0, 64, 48), children: [Make.color("red", Make.rect(0, 0, 64, 48))],
            overlays: [Make.textNode("ov", Make.rect(24, 0, 16, 16))],
            borders: [(style: .double, rect: Make.rect(0, 0, 64, 48))]
        )
        assertGolden("border-order", render(Make.result("v", 64, 48, view)))
    }

    func testOutline() {
        // 96×64 → 12×4. The root's outline is the whole grid. "Hello" (frame cols 1-6, one row)
        // is outlined as a line, then its text covers cols 1-5: `Hello─`. Blue (cols 8-10 rows
        // 1-2) fills over its own outline. A text with padding (frame cols 1-6 rows 2-3, content
        // (24,48)) gets a box and "ab" at row 3 cols 3-4.
        let root = Make.screen(96, 64, [
            Make.textNode("Hello", Make.rect(8, 16, 48, 16)),
            Make.color("blue", Make.rect(64, 16, 24, 32)),
            Make.node(Make.rect(8, 32, 48, 32), Make.text(["ab"]), content: Make.rect(24, 48, 16, 16)),
        ])
        let r = Make.result("v", 96, 64, root)
        assertGolden("outline", render(r, RenderOptions(outline: true)) + render(r, RenderOptions(ascii: true, outline: true)))
    }

    func testHiddenNodeDrawsNothing() {
        // The hidden branch (a red fill, a text child also marked hidden, an overlay) draws nothing,
        // not even with --outline; the visible sibling "shown" is at row 1 col 0.
        let hidden = Make.node(
            Make.rect(0, 0, 64, 32), .color(.named("red"), fill: nil), hidden: true,
            children: [Make.node(Make.rect(0, 0, 64, 16), Make.text(["secret"]), hidden: true)],
            overlays: [Make.textNode("ov", Make.rect(0, 0, 16, 16))],
            borders: [(style: .single, rect: Make.rect(0, 0, 64, 32))]
        )
        let root = Make.node(Make.rect(0, 0, 64, 32), children: [hidden, Make.textNode("shown", Make.rect(0, 16, 40, 16))])
        let r = Make.result("v", 64, 32, root)
        let plain = render(r)
        XCTAssertFalse(plain.contains("secret") || plain.contains("#") || plain.contains("ov"))
        assertGolden("hidden", plain)
    }

    // MARK: Geometry edge cases

    func testFractionalFrames() {
        // 64×48 → 8×3.
        // red x 4..12, y 0..16: columns floor(0.5)=0 ..< ceil(1.5)=2, row 0 → `##`.
        // blue x 20..20.5, y 8..17: column 2, rows 0..<ceil(1.0625)=2 → rows 0 and 1.
        // green with zero width at x 40: nothing. yellow exactly (48,16,16,16): cols 6-7, row 1.
        // "t" at x 12.5, y 40: column 1, row 2.
        let root = Make.screen(64, 48, [
            Make.color("red", Make.rect(4, 0, 8, 16)),
            Make.color("blue", Make.rect(20, 8, 0.5, 9)),
            Make.color("green", Make.rect(40, 0, 0, 16)),
            Make.color("yellow", Make.rect(48, 16, 16, 16)),
            Make.textNode("t", Make.rect(12.5, 40, 8, 8)),
        ])
        assertGolden("fractional", render(Make.result("v", 64, 48, root)))
    }

    func testOffViewportAndNonFiniteFrames() {
        // 64×48 → 8×3.
        // red (-16,-16,32,32): columns -2..<2, rows -1..<1 → `##` at row 0.
        // a border on (-16,16,48,32): columns -2..<4, rows 1..<3; its left edge is off the grid:
        //   row 1 `───┐` (cols 0-2 `─`, col 3 `┐`), row 2 `───┘`.
        // blue (56,40,1e308,1e308): from column 7, row 2 → `~` in the corner.
        // Everything else is NaN, infinite, inverted or far away and draws nothing.
        let nan = Double.nan, inf = Double.infinity
        let root = Make.screen(64, 48, [
            Make.color("red", Make.rect(-16, -16, 32, 32)),
            Make.node(Make.rect(-16, 16, 48, 32), borders: [(style: .single, rect: Make.rect(-16, 16, 48, 32))]),
            Make.color("blue", Make.rect(56, 40, 1e308, 1e308)),
            Make.color("green", Make.rect(nan, 0, 10, 10)),
            Make.color("green", Make.rect(-inf, 0, inf, 16)),
            Make.color("green", Make.rect(0, 0, -30, 16)),
            Make.color("green", Make.rect(1e300, 1e300, 8, 8)),
            Make.color("green", Make.rect(-1e300, -1e300, 8, 8)),
            Make.node(Make.rect(inf, inf, 10, 10), .image(name: "far")),
            Make.node(Make.rect(nan, nan, nan, nan), .divider(axis: .horizontal)),
            Make.node(Make.rect(0, 0, 64, 48), Make.text(["nan"], font: FontMetrics(width: nan, height: nan))),
            Make.textNode("never", Make.rect(-1e300, 0, 1e300, 16)),
        ])
        assertGolden("off-viewport", render(Make.result("v", 64, 48, root), RenderOptions(outline: false)))
    }

    // MARK: Wide characters

    func testWideCharactersWithMockWidths() {
        // A width function where 中 and 文 take 2 cells (the real table agrees once it lands).
        let width: (Character) -> Int = { $0 == "中" || $0 == "文" ? 2 : 1 }
        // Row 0: "a中b" → a col 0, 中 cols 1-2, b col 3.
        // Row 1: "ab中" in a 3-column frame → 中 would take cols 2-3, crossing the frame: dropped.
        // Row 2: "中文" then red over column 1 (the right half of 中): col 0 becomes a space → ` #文`.
        // Row 3: "中文" at font 16 wide: 中 at column 0, 文 at x 32 → column 4.
        let root = Make.screen(64, 64, [
            Make.node(Make.rect(0, 0, 64, 16), Make.text(["a中b"], width: width)),
            Make.node(Make.rect(0, 16, 24, 16), Make.text(["ab中"], width: width)),
            Make.node(Make.rect(0, 32, 64, 16), Make.text(["中文"], width: width)),
            Make.color("red", Make.rect(8, 32, 8, 16)),
            Make.node(Make.rect(0, 48, 64, 16), Make.text(["中文"], font: FontMetrics(width: 16, height: 16), width: width)),
        ])
        assertGolden("wide-chars", render(Make.result("v", 64, 64, root), width: width))
    }
}
