import XCTest
import TatamiBase
@testable import TatamiYAML

/// The document store behind `YAMLNode`: records, scalars kept as source ranges, identity,
/// parents, relocation and comments as trivia.
final class YAMLStoreTests: XCTestCase {
    private func parse(_ text: String) -> YAMLParseResult { YAMLParser.parse(text) }

    private func text(_ r: SourceRange, in source: String) -> String {
        String(decoding: Array(source.utf8)[r.start..<r.end], as: UTF8.self)
    }

    func testScalarsKeepTheirTextOnlyWhereItDiffersFromTheSource() throws {
        let source = "a: plain\nb: 'quoted'\nc: \"esc\\taped\"\nd: |\n  block\n"
        let result = parse(source)
        let root = try XCTUnwrap(result.root)
        let store = root.store
        // Only the escaped and the block scalar hold decoded text.
        XCTAssertEqual(store.texts.sorted(), ["block\n", "esc\taped"])
        // The plain and the quoted scalar without escapes (and the keys) are inline: their node
        // records hold them, and only the other two have scalar records.
        XCTAssertEqual(store.scalars.count, 2)
        XCTAssertEqual(store.nodes.filter(\.isInlineScalar).count, 6)
        XCTAssertEqual(root["a"]?.scalar?.text, "plain")
        XCTAssertEqual(root["b"]?.scalar?.text, "quoted")
        XCTAssertEqual(root["b"]?.scalar?.offsetMap, .identity(start: 13, count: 6))
        let escaped = try XCTUnwrap(root["c"]?.scalar)
        XCTAssertEqual(escaped.text, "esc\taped")
        // The tab's value byte maps to the backslash of `\t`.
        XCTAssertEqual(escaped.sourceRange(ofValueBytes: 3..<4), SourceRange(start: 28, end: 30))
        XCTAssertEqual(root["d"]?.scalar?.style, .literal)
        XCTAssertTrue(root["a"]?.isScalar("plain") ?? false)
        XCTAssertFalse(root["a"]?.isScalar("plai") ?? true)
        XCTAssertTrue(root["c"]?.isScalar("esc\taped") ?? false)
    }

    /// A node's record keeps its 24 bytes with its flags, style and reading typed.
    func testNodeRecordsStay24Bytes() {
        XCTAssertEqual(MemoryLayout<YAMLStore.NodeRecord>.stride, 24)
    }

    func testResolvedValuesAreKeptWithoutTheirText() throws {
        let root = try XCTUnwrap(parse("[1, -2.5, true, ~, 0x10, .inf, word, '3']").root)
        let values = root.items?.map { $0.scalar?.resolved }
        XCTAssertEqual(values, [.int(1), .float(-2.5), .bool(true), .null, .int(16), .float(.infinity), .string("word"), .string("3")])
    }

    func testRecordsAreInDocumentOrderWithParents() throws {
        let root = try XCTUnwrap(parse("a:\n  - x\n  - {y: 1}\nb: 2\n").root)
        let starts = root.store.nodes.map(\.start)
        XCTAssertEqual(starts, starts.sorted(), "records never start before the one before them")
        XCTAssertNil(root.parent)
        let list = try XCTUnwrap(root["a"])
        XCTAssertTrue(list.parent === root)
        let flow = try XCTUnwrap(list.items?[1])
        XCTAssertTrue(flow.isFlow)
        XCTAssertTrue(flow["y"]?.parent === flow)
        XCTAssertTrue(flow.parent === list)
    }

    func testAnAliasIsTheAnchoredNodeWithItsFirstParent() throws {
        let root = try XCTUnwrap(parse("a: &x {k: v}\nb: [*x]\n").root)
        let anchored = try XCTUnwrap(root["a"])
        let aliased = try XCTUnwrap(root["b"]?.items?.first)
        XCTAssertTrue(anchored === aliased)
        XCTAssertEqual(anchored.id, aliased.id)
        // The parent is where the node was written, not where an alias repeats it.
        XCTAssertTrue(aliased.parent === root)
        XCTAssertEqual(root.store.nodes.count, 7, "root, a, {k: v}, k, v, b and the list: no record for *x")
    }

    func testRelocationSharesTheRecordsAndMovesEveryOffset() throws {
        let root = try XCTUnwrap(parse("key: 'v\\'al'\n").root)
        let moved = root.relocated(by: 1 << 40)
        XCTAssertTrue(moved.store.nodes.count == root.store.nodes.count)
        XCTAssertEqual(moved.range.start, root.range.start + (1 << 40))
        XCTAssertEqual(moved["key"]?.scalar?.valueRange.start, root["key"]?.scalar?.valueRange.start.advanced(by: 1 << 40))
        XCTAssertFalse(moved === root)
    }

    func testNodesMadeOutsideTheParserHoldChildrenFromAnyStore() throws {
        let root = try XCTUnwrap(parse("a: 1\n").root)
        let key = try XCTUnwrap(root.pairs?.first?.key)
        var builder = YAMLStoreBuilder(over: root)
        let mapping = builder.openCollection(isMapping: true, range: .at(0), isFlow: true, parent: -1)
        let slots = [builder.addShared(key), builder.addShared(root)]
        slots.withUnsafeBufferPointer { builder.close(mapping, children: $0) }
        let made = builder.finish()[mapping]
        XCTAssertTrue(made["a"] === root)
        XCTAssertTrue(made.isFlow)
        XCTAssertNil(made.parent)
        XCTAssertEqual(made.relocated(by: 10)["a"]?["a"]?.range.start, 13)
    }

    func testACopyWrittenOverATextTakesWhatItDoesNotChangeWhole() throws {
        let source = "a: {b: [1, 2], c: 'x$y'}\n"
        let root = try XCTUnwrap(parse(source).root)
        let inner = try XCTUnwrap(root["a"])
        let c = try XCTUnwrap(inner.pairs?[1])
        // A copy of `a` whose `c` reads "xz": one store, `b` and the keys taken whole.
        var builder = YAMLStoreBuilder(over: root)
        let mapping = builder.openCollection(copying: inner, parent: -1)
        let changed = builder.addScalar(copying: c.value, text: "xz", parent: Int32(mapping))
        let b = try XCTUnwrap(inner.pairs?[0])
        let slots = [builder.addShared(b.key), builder.addShared(b.value), builder.addShared(c.key), changed]
        slots.withUnsafeBufferPointer { builder.close(mapping, children: $0) }
        let nodes = builder.finish()
        let copy = nodes[mapping]
        XCTAssertEqual(copy.range, inner.range)
        XCTAssertTrue(copy.isFlow)
        XCTAssertTrue(copy["b"] === b.value, "an unchanged subtree is the original node")
        XCTAssertTrue(copy.pairs?[1].key === c.key)
        let scalar = try XCTUnwrap(copy["c"]?.scalar)
        XCTAssertEqual(scalar.text, "xz")
        XCTAssertEqual(scalar.style, .singleQuoted)
        XCTAssertEqual(scalar.valueRange, c.value.scalar?.valueRange)
        XCTAssertEqual(scalar.offsetMap, .none, "a changed text maps back to no source bytes")
        XCTAssertTrue(copy["c"]?.parent === copy)
        XCTAssertNil(copy.parent)
        XCTAssertEqual(copy["c"]?.range, c.value.range)

        // The same scalar read with another style: a plain number as a string.
        let one = try XCTUnwrap(b.value.items?[0])
        var quoting = YAMLStoreBuilder(over: one)
        let slot = quoting.addScalar(copying: one, style: .doubleQuoted, parent: -1)
        let quoted = quoting.finish()[slot]
        XCTAssertEqual(quoted.scalar?.resolved, .string("1"))
        XCTAssertEqual(quoted.scalar?.offsetMap, one.scalar?.offsetMap)
        XCTAssertEqual(one.scalar?.resolved, .int(1))
    }

    func testPairsKeptAndItemsCutAreViewsOfAStore() throws {
        let root = try XCTUnwrap(parse("a: 1\nb: [x, y, z]\nc: 3\n").root)
        let pairs = try XCTUnwrap(root.pairs)
        let kept = pairs.keeping([0, 2])
        XCTAssertEqual(kept.count, 2)
        XCTAssertTrue(kept[0].key === pairs[0].key)
        XCTAssertTrue(kept[1].value === pairs[2].value)
        let items = try XCTUnwrap(root["b"]?.items)
        XCTAssertEqual(items.prefix(2).map { $0.scalar?.text }, ["x", "y"])
        XCTAssertEqual(items.prefix(5).count, 3)
        XCTAssertTrue(YAMLPairs.empty.isEmpty && YAMLItems.empty.isEmpty)
    }

    /// The in-place readers (`withKeyBytes(at:)`, `valueNumber(at:)`, `stringValue`) read
    /// what the handles read, for parsed pairs, decoded keys and pairs taken from another store.
    func testPairsReadInPlaceAgreeWithTheirNodes() throws {
        let root = try XCTUnwrap(parse("a: 1\n\"b\\tc\": -2.5\nd: [x]\ne: word\nf: '7'\ng: ~\n").root)
        let pairs = try XCTUnwrap(root.pairs)
        let kept = pairs.keeping([4, 0, 2])  // slots that name nodes of another store
        for p in [pairs, kept] {
            for i in p.indices {
                let key = p.key(at: i), value = p[i].value
                XCTAssertEqual(p.withKeyBytes(at: i) { Array($0) }, key.withScalarBytes { Array($0) })
                XCTAssertEqual(p.valueNumber(at: i), value.numberValue)
                XCTAssertEqual(value.stringValue, { if case .string(let t)? = value.scalar?.resolved { return t } else { return nil } }())
            }
        }
        XCTAssertEqual(pairs.withKeyBytes(at: 1) { String(decoding: $0, as: UTF8.self) }, "b\tc")
        XCTAssertEqual(pairs.valueNumber(at: 1), -2.5)
        XCTAssertNil(pairs.valueNumber(at: 4), "a quoted number is a string")
        XCTAssertEqual(pairs[4].value.stringValue, "7")
        XCTAssertEqual(pairs[3].value.stringValue, "word")
        XCTAssertNil(pairs[2].value.stringValue)
        XCTAssertNil(pairs[5].value.stringValue)
        XCTAssertEqual(kept.valueNumber(at: 1), 1)
        let flowKey = try XCTUnwrap(parse("{[a]: 1}").root?.pairs)
        XCTAssertNil(flowKey.withKeyBytes(at: 0) { $0.count }, "a collection key has no bytes")
    }

    // MARK: Comments

    func testCommentsAreFoundOutsideScalarsAndAttached() throws {
        let source = """
        # file header
        body:   # after a key
          vstack:
            # before the text
            - text: "a # not a comment" # after a value
            - color: red#notcomment
        # at the end

        """
        let result = parse(source)
        let root = try XCTUnwrap(result.root)
        let comments = result.comments.map { text($0.range, in: source) }
        XCTAssertEqual(comments, ["# file header", "# after a key", "# before the text", "# after a value", "# at the end"])

        // The header leads the outermost node starting after it: the document's mapping.
        XCTAssertEqual(root.leadingComments.map { text($0, in: source) }, ["# file header"])
        // After `body:` with the value on the next lines: trails the key.
        let bodyKey = try XCTUnwrap(root.pairs?.first?.key)
        XCTAssertEqual(bodyKey.trailingComment.map { text($0, in: source) }, "# after a key")
        // An own-line comment before the list's first `-` leads the list (it starts there).
        let list = try XCTUnwrap(root["body"]?["vstack"])
        XCTAssertEqual(list.leadingComments.map { text($0, in: source) }, ["# before the text"])
        // `text: "…" # …`: trails the quoted value, the innermost node ending before it.
        let items = try XCTUnwrap(list.items)
        XCTAssertEqual(items[0]["text"]?.trailingComment.map { text($0, in: source) }, "# after a value")
        XCTAssertNil(items[0].trailingComment)
        XCTAssertEqual(result.comments[3].placement, .trailing)
        // After everything: attached to nothing.
        XCTAssertNil(result.comments[4].node)
        XCTAssertEqual(result.comments[4].placement, .leading)
    }

    func testACommentInsideABlockScalarIsText() throws {
        let source = "a: |\n  # text\n  more\nb: 1 # real\n"
        let result = parse(source)
        XCTAssertEqual(result.comments.map { text($0.range, in: source) }, ["# real"])
        XCTAssertEqual(result.root?["a"]?.scalar?.text, "# text\nmore\n")
        XCTAssertTrue(result.comments[0].node === result.root?["b"])
    }

    func testAFlowCollectionsTrailingCommentBelongsToTheWholeCollection() throws {
        let source = "size: [20, 20] # square\n"
        let result = parse(source)
        let list = try XCTUnwrap(result.root?["size"])
        XCTAssertTrue(result.comments.first?.node === list)
    }

    func testCommentsAfterASyntaxErrorAreNotAttachedToWhatWasNotRead() throws {
        let source = "a: 1 # kept\nb: [unclosed\nc: 2 # after the error\n"
        let result = parse(source)
        XCTAssertFalse(result.isComplete)
        // Only the part read is scanned: text past the error may be inside an unclosed quote.
        XCTAssertEqual(result.comments.map { text($0.range, in: source) }, ["# kept"])
    }
}
