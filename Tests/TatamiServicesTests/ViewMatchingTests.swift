import Foundation
import TatamiBase
@testable import TatamiServices
import TatamiTestSupport
import XCTest

/// `tatami diff`'s view matching (docs/format.md §12.7) on models made from texts, and the paths
/// it gives the model's views against the frames' own.
final class ViewMatchingTests: XCTestCase {
    func outline(_ text: String) -> ViewOutline {
        ViewOutline(Pipeline.analyze(text: text, layout: false).document)
    }

    /// Old path → new path of every matched view.
    func matched(_ old: String, _ new: String) -> [String: String] {
        let a = outline(old), b = outline(new)
        let m = ViewMatching(old: a, new: b)
        var out: [String: String] = [:]
        for (o, n) in m.oldToNew.enumerated() where n >= 0 { out[a.path(o)] = b.path(n) }
        return out
    }

    func list(_ items: [String], extra: String = "") -> String {
        "body:\n  vstack:\n" + items.map { "    - \($0)\n" }.joined() + extra
    }

    func testEveryFramePathIsAModelPath() throws {
        // Every example (decorations, instances, grids, canvases): the outline's paths are the
        // frames' paths, so a frame is always found from its matched view.
        let root = Fixtures.repositoryRoot()
        let examples = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".tatami.yaml") }
        XCTAssertGreaterThan(examples.count, 5)
        for name in examples {
            let path = root.appendingPathComponent("Examples").appendingPathComponent(name).path
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let analysis = Pipeline.analyze(bytes: bytes, path: path, workspaceRoot: root.path)
            let outline = ViewOutline(analysis.document)
            XCTAssertFalse(outline.sharesViews, name)
            for layout in analysis.layouts {
                // Each frame's view has an entry, whose path is the frame's.
                layout.root?.preorder { node in
                    let entry = outline.entry(of: node.view)
                    XCTAssertEqual(entry.map(outline.path), node.path, name)
                    XCTAssertEqual(outline.entry(atPath: node.path), entry, name)
                }
            }
        }
    }

    func testInsertedItemPairsTheOthersWithThemselves() {
        let m = matched(list(["text: A", "text: B", "text: C"]), list(["text: A", "text: New", "text: B", "text: C"]))
        XCTAssertEqual(m, ["/": "/", "/0": "/0", "/1": "/2", "/2": "/3"])
    }

    func testRemovedAndReorderedItems() {
        XCTAssertEqual(matched(list(["text: A", "text: B", "text: C"]), list(["text: A", "text: C"])),
                       ["/": "/", "/0": "/0", "/2": "/1"])
        // A reorder: B and C stay in order, A is paired afterwards as alike.
        XCTAssertEqual(matched(list(["text: A", "text: B", "text: C"]), list(["text: B", "text: C", "text: A"])),
                       ["/": "/", "/0": "/2", "/1": "/0", "/2": "/1"])
    }

    func testKindsNeverPairAndIDsDecide() {
        // A text replaced by an image: nothing to pair.
        XCTAssertEqual(matched(list(["text: A"]), list(["image: a"])), ["/": "/"])
        // Equal contents but different ids do not pair; the same id pairs across a change.
        let old = list(["text: Same\n      id: one", "text: Same\n      id: two"])
        let new = list(["text: Same\n      id: two", "text: Other\n      id: one"])
        XCTAssertEqual(matched(old, new), ["/": "/", "/0": "/1", "/1": "/0"])
    }

    func testViewMovedToAnotherContainerIsFoundByID() {
        let old = "body:\n  vstack:\n    - hstack:\n        - text: Hi\n          id: greeting\n    - vstack:\n        - color: red\n"
        let new = "body:\n  vstack:\n    - hstack:\n        - color: blue\n    - vstack:\n        - color: red\n        - text: Hi\n          id: greeting\n"
        XCTAssertEqual(matched(old, new)["/0/0"], "/1/1")
    }

    func testDecorationsAndInstanceBodiesPair() {
        let text = """
            components:
              Card:
                params: {title: {type: string}}
                body:
                  text: $title
                  background: {color: red}
                  overlay: {color: blue}
            body:
              vstack:
                - Card: {title: One}
                - Card: {title: Two}

            """
        let inserted = text.replacingOccurrences(of: "    - Card: {title: One}\n", with: "    - Card: {title: One}\n    - Card: {title: Zero}\n")
        let m = matched(text, inserted)
        XCTAssertEqual(m["/1"], "/2")
        XCTAssertEqual(m["/1/0"], "/2/0")
        XCTAssertEqual(m["/1/0/background"], "/2/0/background")
        XCTAssertEqual(m["/1/0/overlay"], "/2/0/overlay")
    }

    func testLineMapCarriesUnchangedLines() {
        let old = Array("a\nb\nc\nd\n".utf8), new = Array("a\nx\ny\nc\nd\n".utf8)
        let map = LineMap(old: old, new: new)
        XCTAssertEqual(map.map(0), 0)
        XCTAssertNil(map.map(1))
        XCTAssertEqual(map.map(2), 3)
        XCTAssertEqual(map.map(3), 4)
    }

    func testJSONMadeFileByFileIsTheWholeValuesText() {
        var a = DiffFile(oldPath: "a.tatami.yaml", newPath: "a.tatami.yaml", status: .modified)
        var v = DiffViewport(name: "phone", status: .changed, old: nil, new: nil, tolerance: 1)
        var c = DiffViewChange(change: .changed, kind: "text", id: "t", old: DiffViewSide(path: "/0", line: 3, frame: Rect(x: 0, y: 0, width: 10, height: 10)),
                               new: DiffViewSide(path: "/1", line: 4, frame: Rect(x: 0, y: 8, width: 10, height: 10)))
        c.dy = 8
        c.moved = true
        v.views = [c]
        a.viewports = [v]
        let b = DiffFile(oldPath: nil, newPath: "b.tatami.yaml", status: .added)
        for files in [[], [a], [a, b]] {
            let report = DiffReport(old: .init(label: "HEAD", commit: "abc"), new: .init(label: "working tree"), tolerance: nil,
                                    files: files, compared: 3, analyses: 4)
            XCTAssertEqual(DiffFormatter.json(report), DiffFormatter.value(report).serialized() + "\n")
        }
    }
}
