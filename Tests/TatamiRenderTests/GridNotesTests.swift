@testable import TatamiRender
import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiTestSupport
import XCTest

/// Issue 29's "the ASCII preview misleads off the cell grid": text never overwrites a border, the
/// lines under the grid (views between cells, texts under borders, the fill legend), and a screen
/// with 8-point paddings whose render was written by hand (docs/render.md, "Below the grid").
final class GridNotesTests: XCTestCase {
    func testAScreenWithEightPointPaddings() throws {
        let url = Fixtures.url("render/padding-8.tatami.yaml")
        let analysis = Pipeline.analyze(text: try String(contentsOf: url, encoding: .utf8), path: url.path)
        XCTAssertEqual(analysis.diagnostics, [])
        assertGolden("padding-8", ASCIIRenderer.render(try XCTUnwrap(analysis.layouts.first)))
        // In 8×8 cells, as the note says, every view is exact and the text under the border shows.
        let fine = ASCIIRenderer.render(analysis.layouts[0], options: RenderOptions(cellWidth: 8, cellHeight: 8))
        XCTAssertTrue(fine.contains("│ │Hi there│         │"), fine)
        XCTAssertFalse(fine.contains("off the"), fine)
        XCTAssertFalse(fine.contains("hidden"), fine)
    }

    func testTextNeverOverwritesABorder() {
        // 64×48 → 8×3. A bordered view (0,0,64,48) with a text at its top (8,0): row 0 is the
        // border's top line, so the text is left out there and the line stays whole; a text on
        // the inside row shows. The note counts the one text.
        let root = Make.node(Make.rect(0, 0, 64, 48), children: [
            Make.textNode("top", Make.rect(8, 0, 24, 16)), Make.textNode("in", Make.rect(8, 16, 16, 16)),
        ], borders: [(style: .single, rect: Make.rect(0, 0, 64, 48))])
        XCTAssertEqual(render(Make.result("v", 64, 48, root)), """
            ┌─ v 64×4┐
            │┌──────┐│
            ││in    ││
            │└──────┘│
            └────────┘
            1 text is partly hidden under a border's line; `--format html` shows it whole

            """)
    }

    func testABorderOneRowHighIsALineTextShowsOver() {
        // A bordered text with no padding: its box is one row, drawn as a line, and the text is
        // drawn over it (it would otherwise be hidden whole). Everything is on the grid: no notes.
        let text = Make.textNode("tag", Make.rect(8, 16, 24, 16))
        text.borders = [(style: .single, rect: Make.rect(8, 16, 24, 16))]
        XCTAssertEqual(render(Make.result("v", 48, 32, Make.screen(48, 32, [text]))), """
            ┌─ v 48┐
            │      │
            │ tag  │
            └──────┘

            """)
    }

    func testOtherDrawingStillCoversABorder() {
        // A colour drawn after a border replaces its cells (they are a colour's then), and text
        // drawn over that colour shows: only text spares a border's line.
        let view = Make.node(Make.rect(0, 0, 64, 48), children: [
            Make.color("red", Make.rect(0, 0, 32, 48)), Make.textNode("ab", Make.rect(0, 0, 16, 16)),
        ], borders: [(style: .single, rect: Make.rect(0, 0, 64, 48))])
        XCTAssertEqual(render(Make.result("v", 64, 48, view)), """
            ┌─ v 64×4┐
            │ab##───┐│
            │####   ││
            │####───┘│
            └────────┘

            """)
    }

    func testViewsOffTheGridAreCountedByTheEdgesTheyAreDrawnFrom() {
        // 100×48 → 13×3 (the viewport's right edge, 100, is not a cell boundary but counts as one).
        // - blue fills to the viewport's right edge from x 96: on the grid;
        // - a horizontal divider at y 20.5, 1 thick: only its ends count (0 and 64): on the grid;
        // - a container with an off-grid frame draws nothing: not counted;
        // - a hidden off-grid colour: not counted;
        // - a text at x 4: off, and a colour at y 40: off. Two views.
        // Every counted edge is a multiple of 4 across and of 8 down: `--cell 4x8`.
        let root = Make.screen(100, 48, [
            Make.color("blue", Make.rect(96, 0, 4, 16)),
            Make.node(Make.rect(0, 20.5, 64, 1), .divider(axis: .horizontal)),
            Make.node(Make.rect(3, 3, 50, 50)),
            Make.node(Make.rect(1, 1, 5, 5), .color(.named("red"), fill: nil), hidden: true),
            Make.textNode("x", Make.rect(4, 16, 8, 16)),
            Make.color("green", Make.rect(72, 40, 8, 8)),
        ])
        let out = render(Make.result("v", 100, 48, root))
        XCTAssertTrue(out.hasSuffix("└─────────────┘\n2 views are off the 8×16 grid; `--cell 4x8` or `--format html` shows them exactly\n"), out)
        // A fractional edge: no whole cell would do, only the page. With --ascii the × is x.
        let half = Make.screen(64, 32, [Make.color("red", Make.rect(8.5, 0, 8, 16))])
        XCTAssertTrue(render(Make.result("v", 64, 32, half), RenderOptions(ascii: true))
            .hasSuffix("1 view is off the 8x16 grid; `--format html` shows it exactly\n"))
        // A monospace font 7 wide puts the second character between cells (7-point cells would
        // not); one 3 wide would need cells smaller than 4 points, which are not suggested.
        func font(_ width: Double) -> LayoutResult {
            Make.result("v", 64, 32, Make.screen(64, 32, [
                Make.node(Make.rect(0, 0, 2 * width, 16), Make.text(["ab"], font: FontMetrics(width: width, height: 16))),
            ]))
        }
        XCTAssertTrue(render(font(7)).hasSuffix("1 view is off the 8×16 grid; `--cell 7x16` or `--format html` shows it exactly\n"), render(font(7)))
        XCTAssertTrue(render(font(3)).hasSuffix("1 view is off the 8×16 grid; `--format html` shows it exactly\n"), render(font(3)))
        // Centred lines whose start falls between cells count too (the text's box is on the grid).
        let centred = Make.screen(64, 32, [Make.node(Make.rect(0, 0, 32, 32), Make.text(["abcd", "abc"], alignment: .center))])
        XCTAssertTrue(render(Make.result("v", 64, 32, centred)).hasSuffix("1 view is off the 8×16 grid; `--cell 4x16` or `--format html` shows it exactly\n"))
    }

    func testTheFillLegendAppearsWhenAHexColourIsFilledWithItsCharacter() {
        // `{` is #3366FF's character (FNV-1a of 0x33 0x66 0xFF is 9 mod 12), `#` red's.
        let hex = Make.node(Make.rect(8, 0, 8, 16), .color(.rgb(0x33, 0x66, 0xFF), fill: nil))
        let both = Make.screen(24, 16, [Make.color("red", Make.rect(0, 0, 8, 16)), hex])
        XCTAssertEqual(render(Make.result("v", 24, 16, both)), """
            ┌─ v┐
            │#{ │
            └───┘
            fills: # red, { #3366FF

            """)
        // Named colours alone, an explicit fill, or --color (the colour itself shows): no legend.
        XCTAssertFalse(render(Make.result("v", 24, 16, Make.screen(24, 16, [Make.color("red", Make.rect(0, 0, 8, 16))]))).contains("fills"))
        let explicit = Make.node(Make.rect(0, 0, 8, 16), .color(.rgb(0x33, 0x66, 0xFF), fill: "Z"))
        XCTAssertFalse(render(Make.result("v", 24, 16, Make.screen(24, 16, [explicit]))).contains("fills"))
        XCTAssertFalse(render(Make.result("v", 24, 16, both), RenderOptions(color: true)).contains("fills"))
    }
}
