import Foundation
import TatamiLayout
import TatamiRender
import TatamiServices
import TatamiTestSupport
import XCTest

/// Golden renders of every example in every viewport it declares
/// (`Tests/Fixtures/render/examples/<example>.<viewport>.txt`, reviewed against docs/format.md §13).
/// Examples in subfolders are named by their path (`components/library` →
/// `components-library`). `Examples` is the workspace root, as for `tatami lint Examples`.
final class ExampleRenderTests: XCTestCase {
    func testExamplesRenderAsRecorded() throws {
        let root = Fixtures.repositoryRoot().appendingPathComponent("Examples")
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        let examples = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".tatami.yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(examples.count, 4)
        for name in examples {
            let url = root.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let analysis = Pipeline.analyze(text: text, path: url.path, workspaceRoot: root.path)
            XCTAssertFalse(analysis.diagnostics.contains { $0.severity == .error }, "\(name) has errors")
            for layout in analysis.layouts {
                let base = name.replacingOccurrences(of: ".tatami.yaml", with: "").replacingOccurrences(of: "/", with: "-")
                let golden = Fixtures.url("render/examples/\(base).\(layout.viewport.name).txt")
                if let problem = Fixtures.checkGolden(ASCIIRenderer.render(layout), at: golden) { XCTFail(problem) }
            }
        }
    }
}

/// Inherited `multilineAlignment` reaches the render through the whole pipeline.
final class InheritedAlignmentRenderTests: XCTestCase {
    func testTrailingLinesOfAWrappedText() {
        // "Avocado Toast" in a 56-wide frame wraps to "Avocado" (7 cells) and "Toast" (5 cells).
        // The text is 56 wide at x 0 (a 56×32 viewport): trailing alignment puts "Toast" at
        // (56 - 40) / 8 = column 2. The grid is 7 columns, so the label is cut to 7 characters.
        let text = """
            viewports:
              v: {width: 56, height: 32}
            body:
              vstack:
                - text: Avocado Toast
              multilineAlignment: trailing
            """
        let analysis = Pipeline.analyze(text: text)
        XCTAssertEqual(ASCIIRenderer.render(analysis.layouts[0]), """
            ┌─ v 56×┐
            │Avocado│
            │  Toast│
            └───────┘

            """)
    }
}
