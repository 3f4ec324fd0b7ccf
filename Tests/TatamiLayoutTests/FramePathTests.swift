@testable import TatamiLayout
import TatamiServices
import XCTest

/// Frame paths (docs/format.md §12.3) are stored as links to the parent's path and spelled out on
/// request; these check the spelling for children, repeated decorations and deep chains.
final class FramePathTests: XCTestCase {
    func testSpelling() {
        let p = FramePaths()
        XCTAssertEqual(p.path(FramePaths.root), "/")
        let a = p.child(of: FramePaths.root, index: 0)
        let b = p.child(of: a, index: 12)
        XCTAssertEqual(p.path(a), "/0")
        XCTAssertEqual(p.path(b), "/0/12")
        XCTAssertEqual(p.path(p.decoration(of: FramePaths.root, background: true, count: 0)), "/background")
        XCTAssertEqual(p.path(p.decoration(of: b, background: true, count: 2)), "/0/12/background3")
        XCTAssertEqual(p.path(p.decoration(of: b, background: false, count: 0)), "/0/12/overlay")
        XCTAssertEqual(p.path(p.decoration(of: b, background: false, count: 1)), "/0/12/overlay2")
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
