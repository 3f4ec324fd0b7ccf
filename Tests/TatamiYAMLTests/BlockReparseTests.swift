import XCTest
import TatamiBase
import TatamiTestSupport
@testable import TatamiYAML

/// A block reparse (`YAMLParser.reparse`) gives exactly what parsing the whole text gives:
/// random documents, random edits one after another (each made from the last parse, whichever
/// way it was made), compared on `YAMLParseResult.fullDump()` (every node, value, offset map,
/// comment and the node it belongs to) after every edit.
final class BlockReparseTests: XCTestCase {
    func testReparseEqualsAWholeParseAfterRandomEdits() {
        var stats = (edits: 0, reusable: 0, reparsed: 0, chained: 0)
        for seed in 0..<40 {
            var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 11)
            var text = ReparseDocuments.document(&random)
            var last = YAMLParser.parse(text)
            var lastWasReparse = false
            var undo: String?
            for step in 0..<40 {
                // An edit that leaves the text broken is undone by the next.
                if let u = undo {
                    text = u
                    undo = nil
                } else {
                    let before = text
                    text = ReparseDocuments.edit(text, &random)
                    if !YAMLParser.parse(text).diagnostics.isEmpty { undo = before }
                }
                let bytes = Array(text.utf8)
                let fresh = YAMLParser.parse(bytes: bytes)
                stats.edits += 1
                if last.isComplete && last.diagnostics.isEmpty && !last.usesAliases { stats.reusable += 1 }
                if let made = YAMLParser.reparse(last, bytes: bytes) {
                    stats.reparsed += 1
                    if lastWasReparse { stats.chained += 1 }
                    let a = made.result.fullDump(), b = fresh.fullDump()
                    if a != b {
                        XCTFail("seed \(seed), edit \(step): reparse differs from a whole parse\n--- text ---\n\(text)"
                                + "--- reparse ---\n\(a)--- whole ---\n\(b)")
                        return
                    }
                    last = made.result
                    lastWasReparse = true
                } else {
                    last = fresh
                    lastWasReparse = false
                }
            }
        }
        // Not vacuous: most edits are reparsed, often from a tree a reparse made.
        XCTAssertGreaterThan(stats.reparsed, stats.reusable / 2, "\(stats)")
        XCTAssertGreaterThan(stats.chained, stats.reparsed / 3, "\(stats)")
    }

    func testAnEditInOneItemParsesOnlyThatItem() throws {
        let items = (0..<50).map { "    - text: \"item \($0)\"\n      padding: \($0)\n" }.joined()
        let text = "tatami: 1\nbody:\n  vstack:\n" + items + "  spacing: 0\n"
        let old = YAMLParser.parse(text)
        let edited = text.replacingOccurrences(of: "\"item 20\"", with: "\"item twenty\"")
        let made = try XCTUnwrap(YAMLParser.reparse(old, bytes: Array(edited.utf8)))
        // The item's two lines, an entry of the list 3 collections deep (the root, body's
        // mapping, the list); the item's mapping starts on the dash's line, so its pair cannot
        // be parsed alone.
        let start = text.utf8.count - items.utf8.count - "  spacing: 0\n".utf8.count
            + (0..<20).map { "    - text: \"item \($0)\"\n      padding: \($0)\n".utf8.count }.reduce(0, +)
        XCTAssertEqual(made.region.start, start)
        XCTAssertEqual(made.region.end, start + "    - text: \"item twenty\"\n      padding: 20\n".utf8.count)
        XCTAssertEqual(made.depth, 3)
        XCTAssertEqual(made.result.fullDump(), YAMLParser.parse(edited).fullDump())
        // The nodes after it are the last tree's, moved: their records are not copied.
        let vstack = try XCTUnwrap(made.result.root?["body"]?["vstack"]?.items)
        let oldVstack = try XCTUnwrap(old.root?["body"]?["vstack"]?.items)
        XCTAssertTrue(vstack[30].store.nodes.withUnsafeBufferPointer { $0.baseAddress }
                      == oldVstack[30].store.nodes.withUnsafeBufferPointer { $0.baseAddress })
        XCTAssertEqual(vstack[30].range.start, oldVstack[30].range.start + 4)
    }

    /// Many edits in turn into different items of a long list: what the tree holds stays about
    /// one parse's worth (a collection written on the way down is a store of its own, so an item
    /// edited before and taken whole later brings its own few slots, not the whole list's of
    /// that time), and a reparse still moves only what follows the edit.
    func testEditsInTurnDoNotPileUpStores() throws {
        let items = (0..<2000).map { "    - Card:\n        title: \"Card \($0)\"\n        count: \($0)\n" }.joined()
        var text = "tatami: 1\nbody:\n  vstack:\n" + items + "  spacing: 0\n"
        var last = YAMLParser.parse(text)
        for k in 0..<300 {
            let card = (k * 37) % 2000
            text = text.replacingOccurrences(of: "\"Card \(card)\"", with: "\"Card \(card)x\"")
            last = try XCTUnwrap(YAMLParser.reparse(last, bytes: Array(text.utf8))).result
        }
        XCTAssertEqual(last.fullDump(), YAMLParser.parse(text).fullDump())
        // Every shared slot of every store the tree reaches, each store once.
        var seen = Set<ObjectIdentifier>(), slots = 0
        var stack = [try XCTUnwrap(last.root).store]
        while let s = stack.popLast() {
            guard seen.insert(ObjectIdentifier(s)).inserted else { continue }
            slots += s.shared.count
            stack += s.shared.map(\.store)
        }
        // The list's 2,000 items, and for each of the 300 edited cards a few collections of a few
        // slots (its item, its `Card` mapping: 2 + 4 slots): about 4,000, not 300 × 2,000.
        XCTAssertLessThan(slots, 2000 + 300 * 8, "\(slots) shared slots over \(seen.count) stores")
    }

    func testWhatCannotBeParsedAloneIsParsedWhole() {
        func reparsed(_ before: String, _ after: String) -> Bool {
            guard let made = YAMLParser.reparse(YAMLParser.parse(before), bytes: Array(after.utf8)) else { return false }
            XCTAssertEqual(made.result.fullDump(), YAMLParser.parse(after).fullDump())
            return true
        }
        let base = "a:\n  - x: 1\n    y: 2\n  - x: 3\n    y: 4\nb: 5\n"
        XCTAssertTrue(reparsed(base, base.replacingOccurrences(of: "y: 2", with: "y: 22")))
        // An empty value ends after its colon, wherever the next token is.
        XCTAssertTrue(reparsed(base, base.replacingOccurrences(of: "y: 2", with: "y:")))
        // A block scalar last in a region ends past its line break, not at its last character:
        // no region holding it is parsed alone, and the text is parsed whole.
        XCTAssertFalse(reparsed(base, base.replacingOccurrences(of: "y: 2", with: "y: |\n      two")))
        // A key changed (duplicates are checked across the mapping), a comment typed, an alias.
        XCTAssertFalse(reparsed(base, base.replacingOccurrences(of: "y: 2", with: "x: 2")))
        XCTAssertFalse(reparsed(base, base.replacingOccurrences(of: "y: 2", with: "y: 2 # two")))
        XCTAssertFalse(reparsed("a: &k 1\n" + base, "a: &k 1\n" + base.replacingOccurrences(of: "y: 2", with: "y: *k")))
        // A new item, and a broken line: the region no longer parses as one entry.
        XCTAssertFalse(reparsed(base, base.replacingOccurrences(of: "y: 2\n", with: "y: 2\n  - z: 9\n")))
        XCTAssertFalse(reparsed(base, base.replacingOccurrences(of: "y: 2", with: "y: [2")))
        // The last parse had a finding: it is not reused.
        let broken = base.replacingOccurrences(of: "y: 2", with: "y: [2")
        XCTAssertFalse(reparsed(broken, base))
    }

    func testCommentsKeepTheirNodesAcrossAReparse() throws {
        let text = "# header\ntatami: 1  # version\nbody:\n  # the list\n  vstack:\n    - text: a\n      padding: 1\n"
            + "    # before b\n    - text: b\n      padding: 2\n    - text: c  # c\n      padding: 3\n# end\n"
        let edited = text.replacingOccurrences(of: "padding: 1", with: "padding: 10")
        let made = try XCTUnwrap(YAMLParser.reparse(YAMLParser.parse(text), bytes: Array(edited.utf8)))
        let fresh = YAMLParser.parse(edited)
        XCTAssertEqual(made.result.fullDump(), fresh.fullDump())
        XCTAssertEqual(made.result.comments.count, 6)
        XCTAssertEqual(made.result.root?.leadingComments.count, 1)
    }
}
