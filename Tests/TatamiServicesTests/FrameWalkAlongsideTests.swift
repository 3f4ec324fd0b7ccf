import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiTestSupport
import XCTest

/// `FrameNode.preorderFrames(alongside:)`, which `tatami diff` uses to read both revisions' frame
/// trees in one pass: every example and layout fixture laid out as written and as edited (a
/// size changed, a text lengthened, a list item dropped), each viewport of the edited file read
/// alongside the original's. Whenever the walk says the trees were alike, the frames it wrote for
/// the edited tree are exactly those of the edited tree's own walk; and the original's frames
/// and views are always those of its own walk.
final class FrameWalkAlongsideTests: XCTestCase {
    /// A digit after a space raised by one, a `text:` line lengthened, a text hidden, a list item's
    /// line dropped.
    private func variants(_ bytes: [UInt8], using random: inout SeededRandom) -> [[UInt8]] {
        var out: [[UInt8]] = []
        let digits = bytes.indices.filter { (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(bytes[$0]) && $0 > 0 && bytes[$0 - 1] == 0x20 }
        if let at = digits.randomElement(using: &random) {
            var edited = bytes
            edited[at] += 1
            out.append(edited)
        }
        var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        if let i = lines.indices.filter({ lines[$0].contains("text: ") && !lines[$0].contains("#") }).randomElement(using: &random) {
            var edited = lines
            edited[i] += " and more words"
            out.append(Array(edited.joined(separator: "\n").utf8))
        }
        // A text hidden: the same tree, one record's flags changed.
        let items = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("- text: ") && !lines[$0].contains("#") }
        if let i = items.randomElement(using: &random), let key = lines[i].range(of: "text: ") {
            var edited = lines
            edited.insert(String(repeating: " ", count: lines[i].distance(from: lines[i].startIndex, to: key.lowerBound)) + "hidden: true", at: i + 1)
            out.append(Array(edited.joined(separator: "\n").utf8))
        }
        if let i = lines.indices.filter({ lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("- ") }).randomElement(using: &random) {
            lines.remove(at: i)
            out.append(Array(lines.joined(separator: "\n").utf8))
        }
        return out
    }

    /// A tree's own walk: the shown frames' views and rectangles.
    private func walk(_ result: LayoutResult, _ store: ViewStore?) -> (views: [Int32], frames: [Rect]) {
        guard let root = result.root else { return ([], []) }
        let room = root.tree.count
        var views = [Int32](repeating: 0, count: room), frames = [Rect](repeating: .zero, count: room)
        let n = views.withUnsafeMutableBufferPointer { v in
            frames.withUnsafeMutableBufferPointer { f in root.preorderFrames(in: store, views: v, frames: f).count }
        }
        return (Array(views[..<n]), Array(frames[..<n]))
    }

    func testFramesReadAlongsideAreTheOtherTreesOwn() throws {
        let root = Fixtures.repositoryRoot().path
        var random = SeededRandom(seed: 57)
        var alike = 0, unlike = 0
        for url in Fixtures.layoutCasesAndExamples() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let original = Pipeline.analyze(bytes: bytes, path: url.path, workspaceRoot: root)
            for variant in [bytes] + variants(bytes, using: &random) {
                let edited = Pipeline.analyze(bytes: variant, path: url.path, workspaceRoot: root)
                for (a, b) in zip(original.layouts, edited.layouts) where a.viewport == b.viewport {
                    guard let ra = a.root, let rb = b.root else { continue }
                    let storeA = original.document.body?.store, storeB = edited.document.body?.store
                    let own = walk(a, storeA), theirs = walk(b, storeB)
                    let room = ra.tree.count
                    var views = [Int32](repeating: 0, count: room), frames = [Rect](repeating: .zero, count: room)
                    var other = [Rect](repeating: .zero, count: max(room, rb.tree.count))
                    let (n, same) = views.withUnsafeMutableBufferPointer { v in
                        frames.withUnsafeMutableBufferPointer { f in
                            other.withUnsafeMutableBufferPointer { o in
                                ra.preorderFrames(in: storeA, views: v, frames: f, alongside: (node: rb, store: storeB, frames: o))
                            }
                        }
                    }
                    let name = "\(url.lastPathComponent) \(a.viewport.name)"
                    XCTAssertEqual(Array(views[..<n]), own.views, name)
                    XCTAssertEqual(Array(frames[..<n]), own.frames, name)
                    if same {
                        alike += 1
                        XCTAssertEqual(theirs.views, own.views, name)
                        XCTAssertEqual(Array(other[..<theirs.frames.count]), theirs.frames, name)
                    } else {
                        unlike += 1
                    }
                }
            }
        }
        // Both outcomes were reached: trees read together, and trees told apart.
        XCTAssertGreaterThan(alike, 50)
        XCTAssertGreaterThan(unlike, 20)
    }
}
