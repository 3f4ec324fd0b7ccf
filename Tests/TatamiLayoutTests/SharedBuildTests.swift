import Foundation
import TatamiBase
@testable import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiTestSupport
import XCTest

/// `LayoutEngine.layouts` builds one node tree for every viewport when building read no `when`
/// (`SharedBuild`). The shortcut must never change a result: every frame and diagnostic of every
/// viewport is compared with one `layout` per viewport, each building its own tree, on every
/// layout case and example, on the cases below, and across edits with a `LayoutMemory`.
final class SharedBuildTests: XCTestCase {
    private func document(_ text: String, path: String? = nil) -> TatamiDocument {
        let analysis = path.map { Pipeline.analyze(text: text, path: $0, workspaceRoot: Fixtures.repositoryRoot().path) }
            ?? Pipeline.analyze(text: text)
        return analysis.document
    }

    /// Each viewport laid out alone, dumped.
    private func alone(_ doc: TatamiDocument, _ viewports: [Viewport]) -> [[String]] {
        viewports.map { RigidShortcutTests.dump(LayoutEngine.layout(doc, in: $0)) }
    }

    private func together(_ doc: TatamiDocument, _ viewports: [Viewport], memory: LayoutMemory? = nil) throws -> [[String]] {
        try XCTUnwrap(LayoutEngine.layouts(doc, in: viewports, memory: memory)).map { RigidShortcutTests.dump($0) }
    }

    /// Fails with the first line that differs (a dump names font files' bytes: not all of it).
    private func assertSame(_ a: [[String]], _ b: [[String]], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard a != b else { return }
        let pairs = zip(a, b).flatMap { zip($0, $1) }
        let first = pairs.first { $0 != $1 }.map { "shared: \($0.0.prefix(300))\nalone:  \($0.1.prefix(300))" }
            ?? "shared \(a.map(\.count)) lines, alone \(b.map(\.count))"
        XCTFail("\(name): sharing the tree changes the layout\n\(first)", file: file, line: line)
    }

    /// Whether laying out the first viewport left a tree for the others.
    private func shares(_ doc: TatamiDocument) -> Bool {
        var shared = SharedBuild()
        _ = LayoutEngine.layout(doc, in: doc.viewports[0], options: LayoutOptions(), memory: nil, sharing: &shared)
        return shared.built != nil
    }

    func testLayoutCasesAndExamples() throws {
        let files = Fixtures.layoutCasesAndExamples()
        XCTAssertGreaterThan(files.count, 40)
        var shared = 0, several = 0
        for url in files {
            let doc = document(try String(contentsOf: url, encoding: .utf8), path: url.path)
            // The file's viewports, and the first of them again under another name and width
            // (most cases have one viewport).
            guard let first = doc.viewports.first else { continue }
            let other = Viewport(name: "other", width: first.width * 0.75 + 1, height: first.height + 10)
            let viewports = doc.viewports + [other]
            assertSame(try together(doc, viewports), alone(doc, viewports), url.lastPathComponent)
            several += 1
            if shares(doc) { shared += 1 }
        }
        // Most cases write no `when`, some do: both paths are compared above.
        XCTAssertGreaterThan(shared, several / 2, "\(shared) of \(several) files shared their tree")
        XCTAssertLessThan(shared, several, "every file shared its tree: the unshared path went untested")
    }

    /// A `when` anywhere in the tree (a child's, a decoration's, one that holds in every
    /// viewport) keeps each viewport's tree its own; without one, the tree is shared.
    func testAnyConditionKeepsTreesApart() throws {
        let viewports = "viewports: {narrow: {width: 300, height: 500}, wide: {width: 900, height: 500}}\n"
        let plain = viewports + "body: {vstack: [{text: A}, {text: B, background: {color: red}}]}\n"
        let child = viewports + "body: {vstack: [{text: A}, {text: B, when: \"width > 500\"}]}\n"
        let always = viewports + "body: {vstack: [{text: A}, {text: B, when: \"width > 0\"}]}\n"
        let decoration = viewports + "body: {vstack: [{text: A}, {text: B, background: {color: red, when: \"width > 500\"}}]}\n"
        XCTAssertTrue(shares(document(plain)))
        for (name, text) in [("child", child), ("always", always), ("decoration", decoration)] {
            let doc = document(text)
            XCTAssertFalse(shares(doc), name)
            assertSame(try together(doc, doc.viewports), alone(doc, doc.viewports), name)
        }
        // The conditional child is in the wide viewport's layout only: 3 frames against 2.
        let doc = document(child)
        let frames = try together(doc, doc.viewports).map { $0.filter { !$0.hasPrefix("!") }.count }
        XCTAssertEqual(frames, [2, 3])
    }

    /// A missing glyph found while building a shared tree is reported in every viewport, as
    /// when each builds its own.
    func testMissingGlyphInEveryViewport() throws {
        let url = Fixtures.url("layout/file-font-missing-glyph.tatami.yaml")
        let doc = document(try String(contentsOf: url, encoding: .utf8), path: url.path)
        let viewports = doc.viewports + [Viewport(name: "second", width: 120, height: 80)]
        XCTAssertTrue(shares(doc))
        let dumps = try together(doc, viewports)
        assertSame(dumps, alone(doc, viewports), "missing glyph")
        XCTAssertEqual(dumps.map { $0.filter { $0.hasPrefix("! missing-glyph") }.count }, [1, 1])
    }

    /// Edits laid out with one memory, the tree shared and the change between kept and new
    /// trees found once, give what each viewport laid out alone from nothing gives.
    func testSharedTreesAcrossEditsWithMemory() throws {
        func text(_ cards: [Int]) -> String {
            var s = "viewports: {phone: {width: 390, height: 844}, tablet: {width: 820, height: 1180}}\nbody:\n  vstack:\n"
            for (i, n) in cards.enumerated() {
                s += "    - hstack: [{text: \"Card \(i) \(String(repeating: "word ", count: n))\"}, {spacer: }, {color: blue, frame: {width: \(10 + n), height: 20}}]\n"
                s += "      padding: \(n % 3 * 4)\n"
            }
            return s
        }
        var random = SeededRandom(seed: 7)
        var cards = (0..<40).map { _ in Int.random(in: 1...12, using: &random) }
        let memory = LayoutMemory()
        var tookOver = 0
        for round in 0..<30 {
            cards[Int.random(in: 0..<cards.count, using: &random)] = Int.random(in: 1...12, using: &random)
            let doc = document(text(cards))
            XCTAssertTrue(shares(doc))
            let results = try XCTUnwrap(LayoutEngine.layouts(doc, in: doc.viewports, memory: memory))
            tookOver += results.filter(\.measurementsTakenOver).count
            assertSame(results.map { RigidShortcutTests.dump($0) }, alone(doc, doc.viewports), "round \(round)")
        }
        // Both viewports took over kept measurements after the first round.
        XCTAssertEqual(tookOver, 2 * 29)
    }
}
