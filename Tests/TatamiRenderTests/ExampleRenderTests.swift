import Foundation
import TatamiLayout
import TatamiRender
import TatamiServices
import TatamiTestSupport
import XCTest

/// Golden renders of every example in every viewport it declares
/// (`Tests/Fixtures/render/examples/<example>.<viewport>.txt`, reviewed against FORMAT.md §13).
final class ExampleRenderTests: XCTestCase {
    func testExamplesRenderAsRecorded() throws {
        let root = Fixtures.repositoryRoot()
        let examples = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".tatami.yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(examples.count, 4)
        for name in examples {
            let text = try String(contentsOf: root.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
            let analysis = Pipeline.analyze(text: text, path: name)
            XCTAssertFalse(analysis.diagnostics.contains { $0.severity == .error }, "\(name) has errors")
            for layout in analysis.layouts {
                let base = name.replacingOccurrences(of: ".tatami.yaml", with: "")
                let golden = Fixtures.url("render/examples/\(base).\(layout.viewport.name).txt")
                if let problem = Fixtures.checkGolden(ASCIIRenderer.render(layout), at: golden) { XCTFail(problem) }
            }
        }
    }
}
