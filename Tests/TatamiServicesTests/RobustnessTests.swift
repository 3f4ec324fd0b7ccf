import Foundation
import TatamiBase
import TatamiLayout
import TatamiRender
import TatamiServices
import TatamiTestSupport
import XCTest

/// Hostile and extreme inputs through the whole pipeline: each gets a diagnostic or a correct
/// result, quickly, and nothing crashes. (The time bounds are hang guards, not speed claims.)
final class RobustnessTests: XCTestCase {
    private func analyze(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (Analysis, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let a = Pipeline.analyze(text: text)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        XCTAssertLessThan(seconds, Fixtures.hangGuard(2), "took \(seconds) s", file: file, line: line)
        for d in a.diagnostics {
            XCTAssertLessThanOrEqual(d.range.end, a.lineTable.bytes.count, "\(d.code): range past the end", file: file, line: line)
        }
        for layout in a.layouts {
            layout.root?.preorder { n in
                for v in [n.frame.x, n.frame.y, n.frame.width, n.frame.height] {
                    XCTAssertTrue(v.isFinite, "\(n.path) has a non-finite frame", file: file, line: line)
                }
                XCTAssertGreaterThanOrEqual(n.frame.width, 0, file: file, line: line)
                XCTAssertGreaterThanOrEqual(n.frame.height, 0, file: file, line: line)
            }
            _ = ASCIIRenderer.render(layout)
            _ = SVGRenderer.render(layout)
        }
        _ = HTMLRenderer.render(a.layouts, options: HTMLOptions(title: "robustness"))
        return (a, seconds)
    }

    private func codes(_ a: Analysis) -> Set<String> { Set(a.diagnostics.map(\.code.name)) }

    /// `depth` vstacks, each holding the next, around a colour.
    private func nested(_ depth: Int) -> String {
        var text = "viewports:\n  v: {width: 320, height: 480}\nbody:\n"
        var indent = "  "
        for _ in 0..<depth {
            text += indent + "vstack:\n"
            text += indent + "  - "
            indent += "    "
            text += "\n"
        }
        // Replace the last "- \n" with the leaf.
        text.removeLast()
        text += "color: red\n"
        return text.replacingOccurrences(of: "- \n", with: "-\n")
    }

    func testFiveHundredNestedViewsLayOut() {
        let (a, _) = analyze(nested(500))
        XCTAssertFalse(codes(a).contains("too-complex"), "\(a.diagnostics.prefix(3))")
        XCTAssertFalse(a.diagnostics.contains { $0.severity == .error }, "\(a.diagnostics.filter { $0.severity == .error }.prefix(3))")
        var count = 0
        a.layouts.first?.root?.preorder { _ in count += 1 }
        XCTAssertEqual(count, 501)
        XCTAssertTrue(codes(a).contains("too-deep"))
        XCTAssertTrue(codes(a).contains("useless-container"))
    }

    func testNestingPastTheLimitIsTooComplex() {
        let (a, _) = analyze(nested(1_100))
        XCTAssertTrue(codes(a).contains("too-complex"), "\(codes(a))")
    }

    func testAliasBomb() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "body:\n  text: hi\n"
        let (a, _) = analyze(text)
        XCTAssertTrue(codes(a).contains("too-complex"))
    }

    func testRandomBytesNeverCrash() {
        var rng = SystemRandomNumberGenerator()
        let valid = Array("viewports:\n  v: {width: 100, height: 50}\nbody:\n  hstack:\n    - text: Hi\n      padding: 4\n    - color: red\n".utf8)
        for i in 0..<150 {
            var bytes: [UInt8]
            if i % 2 == 0 {
                bytes = (0..<Int.random(in: 0..<300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0x20...0x7E, using: &rng)
                }
            }
            let a = Pipeline.analyze(bytes: bytes)
            for d in a.diagnostics { XCTAssertLessThanOrEqual(d.range.end, bytes.count) }
        }
    }

    func testAbsurdNumbersGetDiagnostics() {
        for value in ["1e308", "-5", ".nan", ".inf", "12345678901234567890", "-.inf"] {
            let (a, _) = analyze("body:\n  color: red\n  frame: {width: \(value), height: 10}\n  padding: \(value)\n")
            XCTAssertTrue(a.diagnostics.contains { $0.code.name == "invalid-value" && $0.severity == .error },
                          "\(value): \(a.diagnostics.map(\.message))")
        }
        // Viewports too.
        let (v, _) = analyze("viewports:\n  v: {width: 1e308, height: -1}\nbody:\n  text: hi\n")
        XCTAssertEqual(v.diagnostics.filter { $0.code.name == "invalid-value" }.count, 2, "\(v.diagnostics.map(\.message))")
    }

    func testZeroByZeroViewport() {
        let (a, _) = analyze("viewports:\n  v: {width: 0, height: 0}\nbody:\n  hstack:\n    - text: Hello\n    - color: red\n")
        XCTAssertFalse(a.diagnostics.contains { $0.severity == .error })
        let root = a.layouts[0].root!
        XCTAssertEqual(root.children.count, 2)
        XCTAssertTrue(codes(a).contains("text-truncated") || codes(a).contains("zero-size"), "\(codes(a))")
        let render = ASCIIRenderer.render(a.layouts[0])
        // 0 columns and 0 rows: only the border, too narrow for its label (docs/render.md).
        XCTAssertEqual(render, "┌┐\n└┘\n")
    }

    func testSixtyThousandChildren() {
        var text = "viewports:\n  v: {width: 320, height: 480}\nbody:\n  vstack:\n"
        text += String(repeating: "    - color: red\n", count: 60_000)
        text += "  spacing: 0\n"
        let start = DispatchTime.now().uptimeNanoseconds
        let a = Pipeline.analyze(text: text)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        XCTAssertLessThan(seconds, Fixtures.hangGuard(5), "hang guard")
        XCTAssertEqual(a.layouts[0].root?.children.count, 60_000)
        // 480 shared by 60,000 inflexible... colours are flexible: each gets 480 / 60,000 = 0.008.
        XCTAssertEqual(a.layouts[0].root?.frame.height, 480)
    }

    func testHugeTextInATinyViewport() {
        let long = String(repeating: "word ", count: 20_000)  // 100,000 characters
        let (a, _) = analyze("viewports:\n  v: {width: 1, height: 1}\nbody:\n  text: \"\(long)\"\n")
        let root = a.layouts[0].root!
        guard case .text(let t, _, _) = root.drawing else { return XCTFail("not a text") }
        XCTAssertEqual(t.lines.map(\.text), ["…"])
        // 8×16 ("…" alone) centred in 1×1: x = (1-8)/2 = -3.5 → -3 after rounding; y = -7.5 → -7.
        XCTAssertEqual(root.frame, Rect(x: -3, y: -7, width: 8, height: 16))
        XCTAssertTrue(codes(a).contains("text-truncated"))
    }

    func testEmptyAndBinaryFiles() {
        let (empty, _) = analyze("")
        XCTAssertTrue(codes(empty).contains("missing-required"), "\(codes(empty))")
        let nul = Pipeline.analyze(bytes: [0, 1, 2, 0xFF, 0xFE])
        XCTAssertTrue(Set(nul.diagnostics.map(\.code.name)).contains("yaml-syntax"))
    }

    /// Component files cut anywhere (a syntax error, open collections) and with their lines
    /// shuffled about: every prefix gets diagnostics inside the text and a model, never a crash.
    func testComponentFilesCutAnywhere() throws {
        let names = ["components-declarations", "components-instances", "components-substitution", "components-cycles"]
        for name in names {
            let text = try String(contentsOf: Fixtures.url("diagnostics/\(name).tatami.yaml"), encoding: .utf8)
            let bytes = Array(text.utf8)
            for end in stride(from: 0, to: bytes.count, by: 13) {
                _ = analyze(String(decoding: bytes[..<end], as: UTF8.self))
            }
            // Every line once without its neighbour above: indentation and references break.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for i in stride(from: 1, to: lines.count, by: 3) {
                var copy = lines
                copy.swapAt(i - 1, i)
                _ = analyze(copy.joined(separator: "\n"))
            }
        }
    }
}
