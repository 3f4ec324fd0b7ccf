@testable import TatamiLayout
import TatamiModel
import TatamiServices
import XCTest

/// Frame paths (docs/format.md §12.3) are stored as links to the parent's path and spelled out on
/// request; these check the spelling for children, repeated decorations and deep chains.
final class FramePathTests: XCTestCase {
    func testSpelling() {
        let view = ViewNode(kind: .spacer(minLength: nil), range: .at(0), kindRange: .at(0), serial: 0)
        var p = FrameParts()
        let root = p.begin(view, parent: -1, step: 0)
        XCTAssertEqual(p.path(Int(root)), "/")
        let a = p.begin(view, parent: root, step: 0)
        let b = p.begin(view, parent: a, step: 12)
        XCTAssertEqual(p.path(Int(a)), "/0")
        XCTAssertEqual(p.path(Int(b)), "/0/12")
        func decoration(_ parent: Int32, background: Bool, count: Int) -> Int {
            Int(p.begin(view, parent: parent, step: FrameParts.decorationStep(background: background, count: count)))
        }
        let decorations = [decoration(root, background: true, count: 0), decoration(b, background: true, count: 2),
                           decoration(b, background: false, count: 0), decoration(b, background: false, count: 1)]
        XCTAssertEqual(decorations.map { p.path($0) }, ["/background", "/0/12/background3", "/0/12/overlay", "/0/12/overlay2"])
        // Out-of-range indices read as the root rather than trapping.
        XCTAssertEqual(p.path(10_000), "/")
    }

    /// Through layout: several backgrounds and overlays on one view, inside a stack.
    func testDecorationsThroughLayout() {
        let text = """
        viewports:
          v: {width: 100, height: 100}
        body:
          vstack:
            - color: red
            - text: Hi
              modifiers: [{background: {color: blue}}, {overlay: {color: green}}, {background: {color: gray}}, {overlay: {color: black}}]
        """
        let a = Pipeline.analyze(text: text)
        var paths: [String] = []
        a.layouts[0].root?.preorder { paths.append($0.path) }
        XCTAssertEqual(Set(paths), ["/", "/0", "/1", "/1/background", "/1/background2", "/1/overlay", "/1/overlay2"],
                       "\(a.diagnostics.map(\.message))")
    }

    /// A chain 300 stacks deep: the innermost colour's path has 300 steps.
    func testDeepChain() {
        var text = "viewports:\n  v: {width: 100, height: 100}\nbody:\n"
        var indent = "  "
        text += indent + "vstack:\n"
        for _ in 1..<300 {
            indent += "  "
            text += indent + "- vstack:\n"
            indent += "  "
        }
        text += indent + "  - color: red\n"
        let a = Pipeline.analyze(text: text)
        var deepest = ""
        a.layouts[0].root?.preorder { if $0.path.count > deepest.count { deepest = $0.path } }
        XCTAssertEqual(deepest, String(repeating: "/0", count: 300), "\(a.diagnostics.prefix(3).map(\.message))")
    }
}
