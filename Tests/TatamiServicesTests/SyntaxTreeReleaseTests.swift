import XCTest
import TatamiBase
import TatamiServices
import TatamiValidation

/// `keepsSyntaxTree: false` (what `tatami lint` without `--fix` asks) drops the YAML tree after
/// validation and changes nothing else.
final class SyntaxTreeReleaseTests: XCTestCase {
    func testWithoutTheTreeTheDiagnosticsAndFramesAreTheSame() throws {
        let text = """
        viewports:
          phone: {width: 200, height: 100}
        body:
          vstack:
            - text: a long line of text that is cut
              lineLimit: 1
              frame: {width: 40}
            - color: blu
            - vstack:
                - text: only child  # tatami-ignore: useless-container
        """
        let bytes = Array(text.utf8)
        func run(_ keeps: Bool) -> Analysis {
            Pipeline.analyze(bytes: bytes, path: "t.tatami.yaml", context: .standalone, isCancelled: nil, keepsSyntaxTree: keeps)!
        }
        let kept = run(true), dropped = run(false)
        XCTAssertNotNil(kept.yaml.root)
        XCTAssertNil(dropped.yaml.root)
        XCTAssertFalse(kept.diagnostics.isEmpty)
        XCTAssertEqual(dropped.diagnostics, kept.diagnostics)
        XCTAssertEqual(dropped.layouts.count, 1)
        XCTAssertEqual(dropped.layouts.first?.root?.frame, kept.layouts.first?.root?.frame)
        XCTAssertEqual(dropped.yaml.lineTable.lineCount, kept.yaml.lineTable.lineCount)
    }
}
