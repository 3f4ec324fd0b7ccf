import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
@testable import TatamiServices
import TatamiTestSupport
import TatamiYAML
import XCTest

/// Hover and inlay hints find a view's frames by where it is written, walking only the frames of
/// the views written around it (outside `components:`). The pruned walks must find exactly what
/// the whole walks find, for every node of every example (components, slots, imports, canvas).
final class FrameLookupPruningTests: XCTestCase {
    private func examples() throws -> [(String, Analysis)] {
        let dir = Fixtures.repositoryRoot().appendingPathComponent("Examples")
        var out: [(String, Analysis)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".tatami.yaml") {
            let path = dir.appendingPathComponent(name).path
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            out.append((name, Pipeline.analyze(bytes: bytes, path: path, workspaceRoot: dir.path)))
        }
        // A body whose instances take views as arguments, and views inside a component's body.
        let text = """
            components:
              Row:
                params:
                  title: {type: string}
                  accessory: {type: view, default: ~}
                body:
                  hstack:
                    - text: $title
                    - spacer
                    - $accessory
            body:
              vstack:
                - Row: {title: One, accessory: {text: "1", padding: 2}}
                - Row: {title: Two}
                - zstack:
                    - Row: {title: Three, accessory: {color: red, frame: {width: 4, height: 4}}}
                  background: {color: blue}
            """
        out.append(("slots", Pipeline.analyze(text: text)))
        XCTAssertGreaterThanOrEqual(out.count, 8)
        return out
    }

    private func allNodes(_ root: YAMLNode?) -> [YAMLNode] {
        var out: [YAMLNode] = []
        var stack = root.map { [$0] } ?? []
        while let n = stack.popLast() {
            out.append(n)
            stack.append(contentsOf: n.items ?? .empty)
            stack.append(contentsOf: (n.pairs ?? .empty).map(\.value))
        }
        return out
    }

    func testPrunedLookupsFindWhatTheWholeWalksFind() throws {
        var compared = 0, found = 0
        for (name, a) in try examples() {
            let scope = AssistScope(a)
            for node in allNodes(a.yaml.root) {
                let whole = AssistFrames.views(at: node.range, in: a.document).map(\.range)
                XCTAssertEqual(AssistFrames.views(at: node.range, in: a.document, scope: scope).map(\.range), whole, "\(name) views at \(node.range)")
                for layout in a.layouts {
                    let all = AssistFrames.matches(node.range, in: layout).map { "\($0.node.path) \($0.instance?.path ?? "-")" }
                    let pruned = AssistFrames.matches(node.range, in: layout, scope: scope).map { "\($0.node.path) \($0.instance?.path ?? "-")" }
                    XCTAssertEqual(pruned, all, "\(name) frames of \(node.range) in \(layout.viewport.name)")
                    compared += 1
                    found += all.count
                }
            }
            // Inlay hints' first frames, for ranges of every line.
            for layout in a.layouts {
                let whole = AssistFrames.firstFrames(in: layout)
                for line in 0..<a.lineTable.lineCount {
                    let r = a.lineTable.contentRange(ofLine: line)
                    let wanted = SourceRange(start: r.lowerBound, end: r.upperBound)
                    let pruned = AssistFrames.firstFrames(in: layout, within: wanted, scope: scope)
                    for (range, frame) in whole where range.end >= wanted.start && range.start <= wanted.end && range.start < 1 << 40 {
                        XCTAssertTrue(pruned[range] == frame, "\(name) first frame of \(range) for line \(line)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(found, 100, "the comparison found frames (\(compared) lookups)")
    }
}
