import Foundation
import TatamiBase
import TatamiLayout
import TatamiServices
import TatamiTestSupport
import XCTest

/// A layout that takes over what the document's last layout kept (`LayoutMemory`) gives what a
/// layout from nothing gives: every example and layout fixture, edited again and again (numbers
/// changed, texts lengthened, then put back), analysed with one memory across the edits and
/// fresh, must have the same diagnostics and frames in every viewport.
final class LayoutMemoryTests: XCTestCase {
    private func files() -> [URL] {
        let examplesFolder = Fixtures.repositoryRoot().appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)) ?? []
        let examples = names.filter { $0.hasSuffix(".tatami.yaml") }.sorted().map { examplesFolder.appendingPathComponent($0) }
        return examples + Fixtures.files(in: "layout", suffix: ".tatami.yaml")
    }

    /// The offsets of the digit runs and of the texts' first letters: what an edit changes.
    private func editableOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var inComment = false
        for i in bytes.indices {
            let b = bytes[i]
            if b == UInt8(ascii: "#") { inComment = true }
            if b == UInt8(ascii: "\n") { inComment = false }
            if inComment { continue }
            let previous = i > 0 ? bytes[i - 1] : 0
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b)
            if isDigit && previous == UInt8(ascii: " ") { offsets.append(i) }
            if isLetter && previous == UInt8(ascii: " ") && i > 1 && bytes[i - 2] == UInt8(ascii: ":") { offsets.append(i) }
        }
        return offsets
    }

    private func summary(_ a: Analysis) -> String {
        var parts = a.diagnostics.map {
            "\($0.range.start)-\($0.range.end) \($0.code.name) \($0.message) "
                + $0.related.map { "\($0.range.start)-\($0.range.end) \($0.message)" }.joined(separator: "; ")
        }
        for l in a.layouts {
            parts.append(FramesFormatter.json(file: "f", result: l))
            if let root = l.root { describe(root, into: &parts) }
        }
        return parts.joined(separator: "\n")
    }

    /// What the frames JSON leaves out: each frame's view (its place in the text, which an edit
    /// before it moves), proposal, drawing, borders and drawing order; every frame, decorations
    /// included.
    private func describe(_ f: FrameNode, into parts: inout [String]) {
        let r = f.view.kindRange
        parts.append("\(f.path) \(r.start)-\(r.end) \(f.proposal) \(f.hidden) \(f.drawing) \(f.borders.map { "\($0.style) \($0.rect)" }) "
                     + f.childrenInDrawingOrder.map(\.path).joined(separator: ","))
        for c in f.backgrounds { describe(c, into: &parts) }
        for c in f.children { describe(c, into: &parts) }
        for c in f.overlays { describe(c, into: &parts) }
    }

    func testKeptLayoutsGiveWhatFreshLayoutsGive() throws {
        let (takenOver, layouts) = try checkKeptLayouts { LayoutMemory() }
        // Most of them took over what was kept (the others had a shape that changed, a canvas…).
        XCTAssertGreaterThan(takenOver, layouts / 2, "\(takenOver) of \(layouts) layouts took over kept measurements")
    }

    /// The same with every kept context compacted (`LayoutMemory.keep`): to all its reachable
    /// measurements (a frontier of every node), to those of the nodes whose parent has a subtree
    /// of 8 nodes or more, and to none at all. What is kept changes what is computed again,
    /// never the result.
    func testCompactedLayoutsGiveWhatFreshLayoutsGive() throws {
        for subtree in [1, 8, Int.max] {
            let (takenOver, layouts) = try checkKeptLayouts { LayoutMemory(frontierSubtree: subtree, alwaysCompacts: true) }
            XCTAssertGreaterThan(takenOver, layouts / 2, "frontier \(subtree): \(takenOver) of \(layouts) layouts took over")
        }
    }

    /// Found by fuzz-invariants' invariant 10: nested grids whose content overflows, laid out
    /// again from what the first layout kept, whole and compacted to a small frontier.
    func testKeptLayoutsOfOverflowingNestedGrids() throws {
        let text = #"""
viewports: {v0: {width: 40, height: 0, direction: rtl}, v1: {width: 33.3, height: 7}}
body: {grid: [{grid: [{grid: [{grid: [{grid: [{grid: [{image: "a", size: [250, 250], resizable: true, when: "width / 0 > 1"}, {image: "a", size: [250, 250], resizable: true, when: "width / 0 > 1"}, {image: "a", size: [250, 250], resizable: true, when: "width / 0 > 1"}], columns: 2, cells: fit, spacing: 0, alignment: bottomLeading, when: "width / 0 > 1"}, {text: "-\u200B\U0001F469\u200D\U0001F469\u200D\U0001F467", truncation: middle}, {spacer: null, minLength: 16, alignmentGuides: {leading: "width"}, when: "width / 0 > 1"}], columns: 2, cells: fit, spacing: 0, alignment: bottomLeading, when: "width / 0 > 1"}, {vstack: [{spacer: 30, id: "view-1", frame: {width: 0.25, height: 1000}}, {zstack: [], alignment: center, multilineAlignment: center}, {zstack: [{divider: null, offset: {x: -50, y: 1000}, layoutPriority: 0.5, modifiers: [{offset: {x: 1000000, y: 0}}, {padding: {top: 16}}, {padding: 30}]}, {image: "\u6F22\u5B57", resizable: false, border: {style: single}, padding: false}]}, {text: ""}, {text: ""}]}, {text: ""}], columns: auto}, {text: ""}, {text: ""}], columns: auto}, {text: ""}, {text: ""}], columns: auto}, {text: ""}, {text: ""}], columns: auto}
"""#
        let fresh = summary(Pipeline.analyze(text: text, path: "g.tatami.yaml"))
        for memory in [LayoutMemory(), LayoutMemory(frontierSubtree: 4, alwaysCompacts: true)] {
            for round in 0..<3 {
                let kept = try XCTUnwrap(Pipeline.analyze(bytes: Array(text.utf8), path: "g.tatami.yaml", context: .standalone,
                                                          isCancelled: nil, layoutMemory: memory))
                XCTAssertEqual(summary(kept), fresh, "compacted \(memory.alwaysCompacts), round \(round)")
            }
        }
    }

    /// Every file edited and put back, analysed with one memory from `makeMemory` per file and
    /// fresh, compared; how many layouts took over kept measurements, of how many.
    private func checkKeptLayouts(_ makeMemory: () -> LayoutMemory) throws -> (Int, Int) {
        var random = SeededRandom(seed: 42)
        var takenOver = 0, layouts = 0
        for url in files() {
            let original = Array(try Data(contentsOf: url))
            let offsets = editableOffsets(original)
            guard !offsets.isEmpty else { continue }
            let memory = makeMemory()
            let root = url.deletingLastPathComponent().path
            var versions: [[UInt8]] = []
            for _ in 0..<4 {
                var bytes = original
                let at = offsets.randomElement(using: &random)!
                // A digit becomes another (a size changes); a word gets a letter more (a text grows).
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) {
                    bytes[at] = UInt8(ascii: "0") + UInt8((Int(bytes[at] - UInt8(ascii: "0")) + 3) % 10)
                } else {
                    bytes.insert(UInt8(ascii: "w"), at: at)
                }
                versions.append(bytes)
                versions.append(original)
            }
            _ = Pipeline.analyze(bytes: original, path: url.path, context: Pipeline.fileContext(path: url.path, workspaceRoot: root),
                                 isCancelled: nil, layoutMemory: memory)
            for (k, bytes) in versions.enumerated() {
                let context = Pipeline.fileContext(path: url.path, workspaceRoot: root)
                let kept = try XCTUnwrap(Pipeline.analyze(bytes: bytes, path: url.path, context: context, isCancelled: nil, layoutMemory: memory))
                let fresh = Pipeline.analyze(bytes: bytes, path: url.path, context: context)
                XCTAssertEqual(summary(kept), summary(fresh), "\(url.lastPathComponent), version \(k)")
                layouts += kept.layouts.count
                takenOver += kept.layouts.filter(\.measurementsTakenOver).count
            }
        }
        return (takenOver, layouts)
    }

    /// After an edit to one card of many, only that card and its ancestors are measured again.
    func testAnEditToOneCardMeasuresOnlyItAndItsAncestors() throws {
        func screen(_ title: String) -> String {
            var s = "viewports:\n  phone: {width: 320, height: 20000}\nbody:\n  vstack:\n"
            for i in 0..<200 {
                s += "    - hstack:\n        - text: \(i == 100 ? title : "Card \(i)")\n        - spacer\n        - color: red\n          frame: {width: 10, height: 10}\n      padding: 4\n"
            }
            return s
        }
        let memory = LayoutMemory()
        let first = try XCTUnwrap(Pipeline.analyze(bytes: Array(screen("Card 100").utf8), path: "s.tatami.yaml", context: .standalone,
                                                   isCancelled: nil, layoutMemory: memory))
        let edited = try XCTUnwrap(Pipeline.analyze(bytes: Array(screen("A longer title for card 100").utf8), path: "s.tatami.yaml",
                                                    context: .standalone, isCancelled: nil, layoutMemory: memory))
        XCTAssertFalse(first.layouts[0].measurementsTakenOver)
        XCTAssertTrue(edited.layouts[0].measurementsTakenOver)
        XCTAssertGreaterThan(first.layouts[0].measurementsComputed, 2000)
        XCTAssertLessThan(edited.layouts[0].measurementsComputed, 40, "the other 199 cards come from what was kept")
        // Their frames too: each card is 5 frames (hstack, text, spacer, color and the body's
        // vstack once), and all but the edited card's and the vstack's are copied.
        XCTAssertEqual(first.layouts[0].framesCopied, 0)
        XCTAssertEqual(edited.layouts[0].framesCopied, 199 * 4)
        let fresh = Pipeline.analyze(text: screen("A longer title for card 100"), path: "s.tatami.yaml")
        XCTAssertEqual(summary(edited), summary(fresh))
        XCTAssertGreaterThan(memory.keptBytes, 100_000)

        // A budget smaller than the layout's store keeps the measurements of the cards (the
        // frontier: the children of the vstack), not those inside them: an edit measures the
        // edited card again, and the others come from what was kept.
        let whole = memory.keptBytes
        let small = LayoutMemory(budget: whole * 3 / 4)
        for (k, title) in ["Card 100", "Another title", "Card 100"].enumerated() {
            let a = try XCTUnwrap(Pipeline.analyze(bytes: Array(screen(title).utf8), path: "s.tatami.yaml", context: .standalone,
                                                   isCancelled: nil, layoutMemory: small))
            XCTAssertEqual(a.layouts[0].measurementsTakenOver, k > 0)
            if k > 0 { XCTAssertLessThan(a.layouts[0].measurementsComputed, 60) }
            XCTAssertGreaterThan(small.keptBytes, 0)
            XCTAssertLessThan(small.keptBytes, whole * 3 / 4)
            XCTAssertEqual(summary(a), summary(Pipeline.analyze(text: screen(title), path: "s.tatami.yaml")))
        }

        // A budget smaller than the tree keeps nothing: the next layout starts afresh.
        let tiny = LayoutMemory(budget: 4096)
        for title in ["Card 100", "Another title"] {
            let a = try XCTUnwrap(Pipeline.analyze(bytes: Array(screen(title).utf8), path: "s.tatami.yaml", context: .standalone,
                                                   isCancelled: nil, layoutMemory: tiny))
            XCTAssertFalse(a.layouts[0].measurementsTakenOver)
            XCTAssertEqual(tiny.keptBytes, 0)
        }
    }

    /// Cards below the fold of a short viewport are proposed no height and report `overflow`
    /// (and a too narrow text `text-truncated`). A subtree that reported something is still
    /// copied when it is unchanged, its diagnostics reported again at its views' new places.
    func testCardsThatReportedAreCopiedAndReportedAgainWhereTheirViewsNowAre() throws {
        func screen(_ first: String, _ middle: String) -> String {
            var s = "viewports:\n  phone: {width: 320, height: 200}\nbody:\n  vstack:\n"
            for i in 0..<200 {
                let title = i == 0 ? first : i == 100 ? middle : "Card \(i)"
                s += "    - hstack:\n        - text: \(title)\n        - text: A detail too long for its frame\n"
                    + "          lineLimit: 1\n          frame: {width: 40}\n        - spacer\n      padding: 4\n"
            }
            return s
        }
        let memory = LayoutMemory()
        let texts = [screen("Card 0", "Card 100"), screen("Card 0", "A longer title for card 100"),
                     screen("The first card, retitled", "A longer title for card 100"), screen("Card 0", "Card 100")]
        for (k, text) in texts.enumerated() {
            let a = try XCTUnwrap(Pipeline.analyze(bytes: Array(text.utf8), path: "s.tatami.yaml", context: .standalone,
                                                   isCancelled: nil, layoutMemory: memory))
            let fresh = Pipeline.analyze(text: text, path: "s.tatami.yaml")
            XCTAssertEqual(summary(a), summary(fresh), "edit \(k)")
            XCTAssertGreaterThan(a.diagnostics.filter { $0.code == .overflow }.count, 150, "edit \(k)")
            XCTAssertGreaterThanOrEqual(a.diagnostics.filter { $0.code == .textTruncated }.count, 200, "edit \(k)")
            guard k > 0 else { continue }
            // Each card is 4 frames (hstack, two texts, spacer); every card but those edited
            // since the last analysis (one, then one, then two) is copied, with what it reported.
            XCTAssertEqual(a.layouts[0].framesCopied, (k == 3 ? 198 : 199) * 4, "edit \(k)")
            XCTAssertLessThan(a.layouts[0].measurementsComputed, 100, "edit \(k)")
        }
    }
}
