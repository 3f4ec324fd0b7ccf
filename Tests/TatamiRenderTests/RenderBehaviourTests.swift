@testable import TatamiRender
import TatamiBase
import TatamiLayout
import TatamiModel
import Foundation
import TatamiTestSupport
import XCTest

final class RenderBehaviourTests: XCTestCase {
    private let esc = "\u{1B}"

    /// The inside of grid row `row` (between the border's `│`s).
    private func row(_ out: String, _ row: Int) -> String {
        let line = out.split(separator: "\n", omittingEmptySubsequences: false)[row + 1]
        return String(line.dropFirst().dropLast())
    }

    func testEndsWithNewlineAndHasOneLinePerRow() {
        let out = render(Make.result("v", 80, 50, nil))  // 10 × ceil(3.125) = 4 rows
        XCTAssertTrue(out.hasSuffix("\n"))
        XCTAssertEqual(out.split(separator: "\n").count, 6)
        XCTAssertTrue(out.split(separator: "\n").allSatisfy { $0.count == 12 })
    }

    func testLabelUsesFormatNumber() {
        let out = render(Make.result("tablet", 100.5, 16, nil))  // 13 columns
        XCTAssertTrue(out.hasPrefix("┌─ tablet 100."), out)
        let wide = render(Make.result("tablet", 400, 16, nil))
        XCTAssertTrue(wide.hasPrefix("┌─ tablet 400×16 ─"), wide)
        XCTAssertTrue(render(Make.result("t", 400, 16, nil), RenderOptions(ascii: true)).hasPrefix("+- t 400x16 -"))
    }

    // MARK: Colour output

    func testANSIColourOutput() {
        // 64×32 → 8×2. Row 0: red cols 0-1, text over it at col 1, #102030 cols 2-3, then plain.
        // Row 1: an image over a blue fill clears the colour in its cells.
        let root = Make.screen(64, 32, [
            Make.color("red", Make.rect(0, 0, 16, 16)),
            Make.textNode("x", Make.rect(8, 0, 8, 16)),
            Make.node(Make.rect(16, 0, 16, 16), .color(.rgb(0x10, 0x20, 0x30), fill: nil)),
            Make.color("blue", Make.rect(0, 16, 64, 16)),
            Make.node(Make.rect(32, 16, 32, 16), .image(name: "im")),
        ])
        let out = render(Make.result("v", 64, 32, root), RenderOptions(color: true))
        XCTAssertEqual(row(out, 0), "\(esc)[41m x\(esc)[48;2;16;32;48m  \(esc)[0m    ")
        XCTAssertEqual(row(out, 1), "\(esc)[44m    \(esc)[0m[im]")
        // Every line that turns a colour on ends with a reset (its last escape) before the border.
        for line in out.split(separator: "\n") where line.contains(esc) {
            let last = line.components(separatedBy: esc).last ?? ""
            XCTAssertTrue(last.hasPrefix("[0m"), String(line))
        }
        // A colour reaching the last column is reset right before the border.
        let full = Make.screen(16, 16, [Make.color("red", Make.rect(0, 0, 16, 16))])
        XCTAssertEqual(render(Make.result("v", 16, 16, full), RenderOptions(color: true)).split(separator: "\n")[1],
                       "│\(esc)[41m  \(esc)[0m│")
        // Without colour, no escapes at all.
        XCTAssertFalse(render(Make.result("v", 64, 32, root)).contains(esc))
    }

    func testANSIColourTableAndExplicitFill() {
        let expected = ["red": "41", "green": "42", "yellow": "43", "blue": "44", "purple": "45", "white": "47",
                        "black": "40", "gray": "100", "pink": "105", "orange": "48;5;208"]
        for (name, sgr) in expected {
            let root = Make.screen(8, 16, [Make.color(name, Make.rect(0, 0, 8, 16))])
            XCTAssertEqual(row(render(Make.result("v", 8, 16, root), RenderOptions(color: true)), 0), "\(esc)[\(sgr)m \(esc)[0m", name)
        }
        // With colour, an explicit fill is drawn on the colour; clear draws nothing.
        let root = Make.screen(24, 16, [Make.color("green", Make.rect(0, 0, 16, 16), fill: "z"), Make.color("clear", Make.rect(8, 0, 16, 16))])
        XCTAssertEqual(row(render(Make.result("v", 24, 16, root), RenderOptions(color: true)), 0), "\(esc)[42mzz\(esc)[0m ")
    }

    func testNamedFillsAreDistinct() {
        let fills = ColorValue.names.compactMap { ColorTable.look(.named($0))?.fill }
        XCTAssertEqual(fills.count, 10)  // clear has none
        XCTAssertEqual(Set(fills).count, 10)
        XCTAssertTrue(Set(fills).isDisjoint(with: ColorTable.derivedFills))
        XCTAssertTrue(Set(fills).isDisjoint(with: ["+", "-", "|", "[", "]", " "]))
        XCTAssertNil(ColorTable.look(.named("clear")))
        // Derived fills are deterministic.
        XCTAssertEqual(ColorTable.look(.rgb(1, 2, 3)), ColorTable.look(.rgb(1, 2, 3)))
    }

    // MARK: Characters

    func testZeroWidthCharacterIsAppendedOrDropped() {
        // The mock gives `'` zero width: after a drawn character it joins that cell, at the start
        // of a line there is nothing to join and it is dropped.
        let width: (Character) -> Int = { $0 == "'" ? 0 : 1 }
        let root = Make.screen(64, 32, [
            Make.node(Make.rect(0, 0, 64, 16), Make.text(["a'b"], width: width)),
            Make.node(Make.rect(0, 16, 64, 16), Make.text(["'c"], width: width)),
        ])
        let out = render(Make.result("v", 64, 32, root), width: width)
        XCTAssertEqual(row(out, 0), "a'b      ")  // 8 cells (a' shares one), 9 characters
        XCTAssertEqual(row(out, 1), "c       ")
    }

    func testWideCharacterWithTheRealCellWidth() {
        // Passes with the placeholder (width 1) and with the real table (width 2): "x" follows
        // 中 after as many columns as CellWidth says.
        let w = CellWidth.of("中")
        let root = Make.screen(64, 16, [
            Make.node(Make.rect(0, 0, 64, 16), Make.text(["中x"], width: CellWidth.of)),
        ])
        let out = row(render(Make.result("v", 64, 16, root)), 0)
        XCTAssertEqual(out, "中x" + String(repeating: " ", count: 8 - w - 1))
    }

    func testControlCharactersAreNotPassedThrough() {
        let root = Make.screen(64, 16, [Make.textNode("a\tb\u{1B}c", Make.rect(0, 0, 64, 16))])
        let out = render(Make.result("v\n", 64, 16, root))
        XCTAssertFalse(out.contains("\u{1B}") || out.contains("\t"))
        XCTAssertEqual(out.split(separator: "\n").count, 3)
        XCTAssertEqual(row(out, 0), "a?b?c   ")
    }

    func testTextGetsASCIIStandInsWithASCIIOption() {
        // Issue 15: `--ascii` used to keep the text's own characters; now they get stand-ins.
        let root = Make.screen(64, 16, [Make.textNode("é…", Make.rect(0, 0, 64, 16))])
        let out = render(Make.result("v", 64, 16, root), RenderOptions(ascii: true))
        XCTAssertEqual(row(out, 0), "e~      ")
        XCTAssertTrue(out.unicodeScalars.allSatisfy(\.isASCII))
        XCTAssertEqual(row(render(Make.result("v", 64, 16, root)), 0), "é…      ")
    }

    // MARK: Robustness

    func testNonFiniteAndHugeViewportsAndOptions() {
        for (w, h) in [(Double.nan, 10.0), (.infinity, 16), (-50, -50), (1e12, 1e12), (0, 1e-9)] {
            let root = Make.screen(100, 100, [Make.color("red", Make.rect(0, 0, 1e9, 1e9))])
            let out = render(Make.result("v", w, h, root))
            let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertLessThanOrEqual(lines.count, ASCIIRenderer.maximumGridLength + 3)
            XCTAssertTrue(out.hasSuffix("\n"))
        }
        for (cw, ch) in [(0.0, 0.0), (.nan, .infinity), (-8, -16), (1e-300, 1e300)] {
            let root = Make.screen(64, 48, [Make.textNode("hi", Make.rect(0, 0, 64, 16))])
            _ = render(Make.result("v", 64, 48, root), RenderOptions(cellWidth: cw, cellHeight: ch, outline: true))
        }
        // Invalid cell sizes fall back to 8×16.
        let fallback = render(Make.result("v", 64, 48, nil), RenderOptions(cellWidth: 0, cellHeight: .nan))
        XCTAssertEqual(fallback, render(Make.result("v", 64, 48, nil)))
    }

    func testRandomFramesNeverCrash() {
        var rng = SeededRandom(seed: 42)
        let specials: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 0, -0.0, 7.5, -3, 320, .leastNonzeroMagnitude]
        func value() -> Double {
            rng.next() % 3 == 0 ? specials[Int(rng.next() % UInt64(specials.count))] : Double(Int(rng.next() % 800)) - 200
        }
        func rect() -> Rect { Rect(x: value(), y: value(), width: value(), height: value()) }
        let wide: (Character) -> Int = { $0 == "中" ? 2 : ($0 == "'" ? 0 : 1) }
        var nodes: [FrameSketch] = []
        for i in 0..<2000 {
            let drawing: Drawing
            switch i % 6 {
            case 0: drawing = Make.text(["a中'b", "中中中", ""], font: FontMetrics(width: value(), height: value()),
                                        alignment: HorizontalPart.allCases[i % 3], width: wide)
            case 1: drawing = .color(.named(ColorValue.names[i % 11]), fill: i % 4 == 0 ? "中" : nil)
            case 2: drawing = .color(.rgb(UInt8(i % 256), 7, 9), fill: nil)
            case 3: drawing = .image(name: i % 2 == 0 ? "中'x" : "")
            case 4: drawing = .divider(axis: i % 2 == 0 ? .horizontal : .vertical)
            default: drawing = .none
            }
            nodes.append(Make.node(rect(), drawing, content: rect(), zIndex: value(),
                                   borders: i % 5 == 0 ? [(style: .heavy, rect: rect())] : [], byZIndex: i % 2 == 0))
        }
        let root = Make.node(Make.rect(0, 0, 320, 480), children: nodes, byZIndex: true)
        for options in [RenderOptions(), RenderOptions(ascii: true, outline: true, color: true), RenderOptions(cellWidth: 3, cellHeight: 5)] {
            let out = render(Make.result("v", 320, 480, root), options, width: wide)
            XCTAssertTrue(out.hasSuffix("\n"))
        }
    }

    func testDeepTreeDoesNotOverflowTheStack() {
        var node = Make.textNode("leaf", Make.rect(0, 0, 32, 16))
        for _ in 0..<10_000 { node = Make.node(Make.rect(0, 0, 64, 16), children: [node]) }
        XCTAssertEqual(row(render(Make.result("v", 64, 16, node)), 0), "leaf    ")
    }

    // MARK: Speed

    func testTenThousandFramesIsFast() {
        let root = PerformanceScene.make()
        _ = render(Make.result("v", 320, 480, root))  // warm up
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = render(Make.result("v", 320, 480, root), RenderOptions(outline: true, color: true)) }
        // The budget is 100 ms in release; debug builds are several times slower, hence the slack.
        XCTAssertLessThan(elapsed, .seconds(Fixtures.hangGuard(2)), "\(elapsed)")
        print("render of 10,000 frames: \(elapsed)")
    }
}

/// 10,000 frames spread over a 320×480 viewport: texts, colours, images and dividers.
enum PerformanceScene {
    static func make() -> FrameSketch {
        var children: [FrameSketch] = []
        for i in 0..<10_000 {
            let x = Double((i * 37) % 300), y = Double((i * 53) % 460)
            let r = Make.rect(x, y, Double(8 + (i % 9) * 8), Double(16 + (i % 5) * 16))
            let drawing: Drawing
            switch i % 4 {
            case 0: drawing = Make.text(["item \(i)", "second line"])
            case 1: drawing = .color(.named(ColorValue.names[i % 11]), fill: nil)
            case 2: drawing = .image(name: "img\(i)")
            default: drawing = .divider(axis: .horizontal)
            }
            children.append(Make.node(r, drawing, borders: i % 10 == 0 ? [(style: .rounded, rect: r)] : []))
        }
        return Make.node(Make.rect(0, 0, 320, 480), children: children)
    }
}

