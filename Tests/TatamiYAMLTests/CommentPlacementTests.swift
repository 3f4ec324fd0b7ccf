import TatamiBase
import TatamiYAML
import XCTest

/// Where the YAML layer keeps each comment for a rewrite (`YAMLComment.keptWith`,
/// `YAMLNode.commentsKeptBefore`), and the suppression comments it recognises while finding
/// comments (`CommentDirective`).
final class CommentPlacementTests: XCTestCase {
    private func text(_ r: SourceRange, in source: String) -> String {
        String(decoding: Array(source.utf8)[r.start..<r.end], as: UTF8.self)
    }

    func testAnOwnLineCommentIsKeptWithTheKeyStartingTheLineBelow() throws {
        let source = """
            body:
              vstack:
                # above the item's first key

                - padding: 4
                  # above a later key
                  text: hi

            """
        let result = YAMLParser.parse(source)
        let item = try XCTUnwrap(result.root?["body"]?["vstack"]?.items?.first)
        let keys = try XCTUnwrap(item.pairs).map(\.key)
        // It belongs to the list (the outermost node after it) but is kept with `padding`.
        XCTAssertTrue(result.comments[0].node === result.root?["body"]?["vstack"])
        XCTAssertTrue(result.comments[0].keptWith === keys[0])
        XCTAssertEqual(keys[0].commentsKeptBefore.map { text($0, in: source) }, ["# above the item's first key"])
        XCTAssertEqual(result.root?["body"]?["vstack"]?.commentsKeptBefore, [])
        XCTAssertTrue(result.comments[1].keptWith === keys[1])
        XCTAssertTrue(result.comments.allSatisfy(\.standsAlone))
    }

    func testTheHeaderStaysWithTheDocumentButALineSuppression() throws {
        let source = """
            # header
            # tatami-ignore-file: overflow
            # tatami-ignore: unknown-key
            colour: red
            body: {text: a}

            """
        let result = YAMLParser.parse(source)
        let root = try XCTUnwrap(result.root)
        XCTAssertEqual(root.commentsKeptBefore.map { text($0, in: source) }, ["# header", "# tatami-ignore-file: overflow"])
        let colour = try XCTUnwrap(root.pairs?.first?.key)
        XCTAssertEqual(colour.commentsKeptBefore.map { text($0, in: source) }, ["# tatami-ignore: unknown-key"])
        XCTAssertEqual(result.comments.map(\.directive?.kind), [nil, .ignoreFile, .ignoreLine])
    }

    func testACommentWithNoKeyBelowStaysWithItsNode() throws {
        let source = "items:\n  # a scalar item\n  - one\n  - # after the dash\n    two\n"
        let result = YAMLParser.parse(source)
        let items = try XCTUnwrap(result.root?["items"])
        XCTAssertTrue(result.comments[0].keptWith === items)
        XCTAssertTrue(result.comments[1].keptWith === items.items?[1])
        XCTAssertFalse(result.comments[1].standsAlone)
    }

    func testDirectives() throws {
        let source = """
            a: 1 # tatami-ignore: one, two
            # tatami-ignore: three
            b: "# tatami-ignore: in a string"
            c: 2 # note # tatami-ignore: four
            d: 3 #\ttatami-ignore: not one
            # tatami-ignore-file: five

            """
        let result = YAMLParser.parse(source)
        let found = result.directives.map { ($0.kind, text($0.codes, in: source), $0.standsAlone) }
        XCTAssertEqual(found.map(\.0), [.ignoreLine, .ignoreLine, .ignoreLine, .ignoreFile])
        XCTAssertEqual(found.map(\.1), [" one, two", " three", " four", " five"])
        XCTAssertEqual(found.map(\.2), [false, true, false, true])
    }

    func testDirectivesPastASyntaxErrorAreStillRead() throws {
        let source = "a: 1 # tatami-ignore: kept\nb: [unclosed\nc: 2 # tatami-ignore-file: after\n"
        let result = YAMLParser.parse(source)
        XCTAssertFalse(result.isComplete)
        XCTAssertEqual(result.comments.count, 1)
        XCTAssertEqual(result.directives.map { text($0.codes, in: source) }, [" kept", " after"])
    }
}
