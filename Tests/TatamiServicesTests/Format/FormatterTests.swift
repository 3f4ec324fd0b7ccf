import Foundation
import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// `TatamiFormatter` (docs/format.md §12.6, §15): the canonical shape, comments, quoting, and
/// that formatting changes nothing a file means.
final class FormatterTests: XCTestCase {
    private func format(_ text: String, width: Int = TatamiFormatter.defaultLineWidth,
                        file: StaticString = #filePath, line: UInt = #line) -> String {
        let result = TatamiFormatter.format(text: text, lineWidth: width)
        guard let out = result.text else {
            XCTFail("not formatted: \(result.failure?.message ?? "")", file: file, line: line)
            return ""
        }
        XCTAssertEqual(TatamiFormatter.format(text: out, lineWidth: width).text, out, "not idempotent", file: file, line: line)
        return out
    }

    private static var root: URL { Fixtures.repositoryRoot() }

    /// Every Tatami file of Examples/ and Tests/Fixtures/ (recursively).
    private static func corpus() -> [URL] {
        var result: [URL] = []
        for dir in ["Examples", "Tests/Fixtures"] {
            let base = root.appendingPathComponent(dir)
            let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.lastPathComponent.hasSuffix(".tatami.yaml") { result.append(url) }
            }
        }
        return result.sorted { $0.path < $1.path }
    }

    /// What a file means: its diagnostics (codes and messages; positions may move) and its
    /// frames in every viewport.
    private func meaning(_ bytes: [UInt8], at url: URL) -> (diagnostics: [String], frames: [String]) {
        let a = Pipeline.analyze(bytes: bytes, path: url.path, workspaceRoot: Self.root.path)
        return (a.diagnostics.map { "\($0.code.name) \($0.viewport ?? "-"): \($0.message)" }.sorted(),
                a.layouts.map { FramesFormatter.text(file: "f", result: $0) })
    }

    // MARK: The corpus

    func testExamplesAndFixturesKeepTheirMeaningAndFormatIdempotently() throws {
        var formatted = 0
        for url in Self.corpus() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let result = TatamiFormatter.format(bytes: bytes)
            guard let out = result.bytes else {
                // Only files the YAML layer rejects are left alone here.
                XCTAssertEqual(result.failure?.kind, .syntaxError, "\(url.lastPathComponent): \(result.failure?.message ?? "")")
                continue
            }
            formatted += 1
            XCTAssertEqual(TatamiFormatter.format(bytes: out).bytes, out, "\(url.lastPathComponent): not idempotent")
            let before = meaning(bytes, at: url), after = meaning(out, at: url)
            // `modifier-order` is about the order keys are written in, which the formatter makes
            // the order they apply in (§15): it goes, and nothing else changes.
            let reordered = "modifier-order "
            XCTAssertEqual(before.diagnostics.filter { !$0.hasPrefix(reordered) }, after.diagnostics,
                           "\(url.lastPathComponent): diagnostics changed")
            XCTAssertEqual(before.frames, after.frames, "\(url.lastPathComponent): frames changed")
        }
        XCTAssertGreaterThan(formatted, 100)
    }

    func testExamplesAreInCanonicalShape() throws {
        for url in Self.corpus() where url.path.contains("/Examples/") {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(TatamiFormatter.format(text: text).text, text, url.lastPathComponent)
        }
    }

    func testUnformattedTwinsFormatToTheExamples() throws {
        let twins = Fixtures.files(in: "format", suffix: ".unformatted.tatami.yaml")
        XCTAssertEqual(twins.count, 10)
        for twin in twins {
            let name = twin.lastPathComponent.replacingOccurrences(of: ".unformatted.tatami.yaml", with: ".tatami.yaml")
            let example = try String(contentsOf: Self.root.appendingPathComponent("Examples").appendingPathComponent(name), encoding: .utf8)
            let text = try String(contentsOf: twin, encoding: .utf8)
            XCTAssertNotEqual(text, example)
            XCTAssertEqual(TatamiFormatter.format(text: text).text, example, name)
        }
    }

    // MARK: Shape

    func testKeysOfAViewAndTheTopLevelGoInSchemaOrder() {
        let source = """
            body:
              padding: 8
              id: main
              offset: {x: 1}
              spacing: 4
              background: {color: red}
              vstack:
                - frame: {width: 10}
                  font: title
                  text: Hi
                  zzz: 1
                  fixedSize: true
              alignment: leading
            viewports:
              v: {width: 100, height: 100}
            tatami: 1

            """
        XCTAssertEqual(format(source), """
            tatami: 1
            viewports:
              v: {width: 100, height: 100}
            body:
              vstack:
                - text: Hi
                  font: title
                  fixedSize: true
                  frame: {width: 10}
                  zzz: 1
              spacing: 4
              alignment: leading
              padding: 8
              background:
                color: red
              offset: {x: 1}
              id: main

            """)
    }

    /// A component instance is a capitalised key, as the validator reads it (`Schema.isComponentKey`),
    /// a non-ASCII capital included: it comes first, like a kind.
    func testAnInstanceWithANonASCIICapitalComesFirst() {
        let source = """
            body:
              padding: 4
              Écran: {titre: x}

            """
        XCTAssertEqual(format(source), """
            body:
              Écran: {titre: x}
              padding: 4

            """)
    }

    func testAModifiersListKeepsItsOrderAndIndentationIsTwoSpaces() {
        let source = """
            body:
                text: Hi
                modifiers:
                    -   padding: 4
                    -   background:
                            color: yellow
                    -   padding: 8

            """
        XCTAssertEqual(format(source), """
            body:
              text: Hi
              modifiers:
                - padding: 4
                - background:
                    color: yellow
                - padding: 8

            """)
    }

    func testSmallMapsAndListsGoFlowWhenTheyFit() {
        let source = """
            viewports:
              phone:
                width: 320
                height: 120
            body:
              image: logo
              size:
                - 20
                - 20
              frame: {width: 100000, height: 200000, minWidth: 300000, alignment: topLeading}

            """
        XCTAssertEqual(format(source), """
            viewports:
              phone: {width: 320, height: 120}
            body:
              image: logo
              size: [20, 20]
              frame: {width: 100000, height: 200000, minWidth: 300000, alignment: topLeading}

            """)
        // 40 columns: the frame no longer fits and goes block; the rest still fits.
        XCTAssertEqual(format(source, width: 40), """
            viewports:
              phone: {width: 320, height: 120}
            body:
              image: logo
              size: [20, 20]
              frame:
                width: 100000
                height: 200000
                minWidth: 300000
                alignment: topLeading

            """)
    }

    func testBlankLinesAreKeptAtMostOneAndBlockScalarsAreReindented() {
        let source = """
            body:
                vstack:
                    - text: |
                          two
                            lines


                    - text: >-
                          folded
                          text
                spacing: 0
            """
        XCTAssertEqual(format(source), """
            body:
              vstack:
                - text: |
                    two
                      lines

                - text: >-
                    folded
                    text
              spacing: 0

            """)
    }

    // MARK: Quoting

    func testQuotingIsMinimalButSafe() {
        let source = """
            body:
              vstack:
                - text: "123"
                - text: "true"
                - text: "null"
                - text: 'yes'
                - text: "hello"
                - text: 'it''s'
                - text: "a: b"
                - text: "- x"
                - text: "infinity"
                - color: "#fff"
                - text: "tab\\there"
              when: "width > 100"
              zIndex: 2

            """
        XCTAssertEqual(format(source), """
            body:
              vstack:
                - text: "123"
                - text: "true"
                - text: "null"
                - text: 'yes'
                - text: hello
                - text: it's
                - text: "a: b"
                - text: "- x"
                - text: "infinity"
                - color: "#fff"
                - text: "tab\\there"
              zIndex: 2
              when: width > 100

            """)
    }

    /// docs/format.md §15's list: what YAML 1.1 readers (PyYAML) or YAML 1.2 readers (ruamel.yaml)
    /// take for anything but the string, and what a reader could not see, keeps its quotes.
    func testQuotesStayWhereAnyReaderWouldReadSomethingElse() {
        let kept = [
            // YAML 1.1 booleans and null.
            "yes", "Yes", "YES", "no", "NO", "y", "Y", "n", "N", "on", "On", "OFF", "off", "~",
            // YAML 1.1 ints: underscores, binary, octal, hexadecimal, sexagesimal.
            "1_000", "+685_230", "0b101", "-0b1", "012", "0x1F", "0x_0A", "1:20", "190:20:30", "0_9",
            // YAML 1.1 floats: underscores, infinity, sexagesimal, a point alone after digits.
            "1_0.5", "685.230_15e+03", "1:20.5", "1.", "1.2.3", "+.5",
            // Timestamps, the value and merge keys.
            "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2001-12-15 2:59:43.10", "=", "<<",
            // YAML 1.2.
            "1e3", "0o7", "NULL", "True", "+1",
            // Invisible: a no-break space or an ideographic space at an end, a zero-width space or a
            // bidirectional control anywhere, a combining mark first.
            "\u{00A0}x", "x\u{00A0}", "\u{3000}x", "x\u{200B}y", "\u{200F}ab", "a\u{202E}b", "a\u{2066}b\u{2069}",
            "\u{00AD}soft", "\u{0301}e", "a\u{FEFF}",
        ]
        for text in kept {
            let source = "body:\n  text: \"\(text)\"\n"
            XCTAssertEqual(format(source), source, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        // Written plain: ordinary text, and near misses of the above.
        let plain = ["hello", "a b", "v1.2", "0:30", "1:60", "_1", "2001-1-1", "yess", "x=1", "<", "inf", "é", "e\u{0301}", "कि", "a\u{00A0}b"]
        for text in plain {
            XCTAssertEqual(format("body:\n  text: \"\(text)\"\n"), "body:\n  text: \(text)\n", text)
        }
    }

    // MARK: Comments

    func testCommentsMoveWithTheirKeysAndStayWhereTheyStand() {
        let source = """
            # header

            body:   # after the key
              # the stack's spacing
              spacing: 4
              vstack:
                # first child
                - text: a # trailing on a scalar
                # second child
                - image: b
                  size: [20, 20]  # trailing on a flow list
                # at the end of the list
              padding: 8
            # at the end of the file

            """
        XCTAssertEqual(format(source), """
            # header

            body: # after the key
              vstack:
                # first child
                - text: a # trailing on a scalar
                # second child
                - image: b
                  size: [20, 20] # trailing on a flow list
              # the stack's spacing
              spacing: 4
              # at the end of the list
              padding: 8
            # at the end of the file

            """)
    }

    func testATrailingCommentKeepsAFlowCollectionOnItsLine() {
        let source = "body:\n  color: red\n  frame: {minWidth: 100, maxWidth: 50, alignment: leading}  # tatami-ignore: min-exceeds-max\n"
        XCTAssertEqual(format(source, width: 30), "body:\n  color: red\n  frame: {minWidth: 100, maxWidth: 50, alignment: leading} # tatami-ignore: min-exceeds-max\n")
    }

    func testSuppressionCommentsStillSuppress() throws {
        let source = """
            viewports:
              v: {width: 40, height: 40}
            body:
              vstack:
                # tatami-ignore: text-truncated
                - lineLimit: 1
                  text: A long text that is cut
                - text: Another long text that is cut  # tatami-ignore: text-truncated
                  lineLimit: 1
              spacing: 0

            """
        let out = format(source)
        let codes = { (t: String) in Pipeline.analyze(text: t).diagnostics.map(\.code.name).sorted() }
        XCTAssertEqual(codes(out), codes(source), "\(Pipeline.analyze(text: source).diagnostics)")
        // The first view's comment silenced the line below it, `lineLimit` (nothing): it goes with that key.
        XCTAssertEqual(codes(out), ["text-truncated"])
        XCTAssertTrue(out.contains("    - text: A long text that is cut\n      # tatami-ignore: text-truncated\n      lineLimit: 1\n"), out)
    }

    func testEveryCommentSurvivesInsideCollections() {
        let source = """
            viewports:
              # phones
              phone: {width: 320, height: 480}  # portrait
            body:
              hstack: [{text: a}, {text: b}]   # two texts
            """
        let out = format(source)
        for c in ["# phones", "# portrait", "# two texts"] {
            XCTAssertEqual(out.components(separatedBy: c).count, 2, "\(c) in \(out)")
        }
    }

    // MARK: Comments that stay on their token's line (issue 28)

    /// A comment above a list item that is a flow collection, and one after it: the first stays
    /// above, the second after the item's first line.
    func testCommentsAboveAndAfterAFlowItemKeepTheirSides() {
        let list = """
            body:
              vstack:
                # above
                - [{text: a}] # after
                - text: b

            """
        XCTAssertEqual(format(list), """
            body:
              vstack:
                # above
                - # after
                  - {text: a}
                - text: b

            """)
        let view = """
            body:
              vstack:
                - text: a
                # above
                - {text: b, font: title} # after

            """
        XCTAssertEqual(format(view), """
            body:
              vstack:
                - text: a
                # above
                - text: b # after
                  font: title

            """)
    }

    func testACommentAfterAnOpeningBracketStaysOnItsLine() {
        XCTAssertEqual(format("body:\n  text: a\n  frame: [ # odd\n  ]\n"), "body:\n  text: a\n  frame: [] # odd\n")
        XCTAssertEqual(format("body:\n  image: a\n  size: [   # two\n    20,\n    20]\n"), "body:\n  image: a\n  size: [20, 20] # two\n")
    }

    func testACommentAfterAFlowModifierStaysOnItsLine() {
        let source = """
            body:
              text: a
              modifiers:
                - {paddng: 3} # c
                - {background: {color: red}}   # d

            """
        XCTAssertEqual(format(source), """
            body:
              text: a
              modifiers:
                - paddng: 3 # c
                - background: # d
                    color: red

            """)
    }

    func testACommentAfterADashOrADocumentMarkerStaysThere() {
        let dash = """
            body:
                vstack:
                    -   # after dash
                        font: title
                        text: a
                    - # an empty item
                    -    # a text
                      b

            """
        XCTAssertEqual(format(dash), """
            body:
              vstack:
                - # after dash
                  text: a
                  font: title
                - # an empty item
                - # a text
                  b

            """)
        XCTAssertEqual(format("--- # after marker\nbody:\n    text: a\n"), "--- # after marker\nbody:\n  text: a\n")
        XCTAssertEqual(format("---   # alone\n"), "--- # alone\n")
    }

    // MARK: Files that used to be refused (issue 28)

    func testKeptBlockScalarsKeepTheirBlankLines() {
        // `|+` keeps every line break after its text: "a\n\n" here, whatever follows.
        XCTAssertEqual(format("body:\n    text: |+\n        a\n\n    font: title\n"), "body:\n  text: |+\n    a\n\n  font: title\n")
        XCTAssertEqual(format("body:\n    text: >+\n        a\n\n"), "body:\n  text: >+\n    a\n\n")
        XCTAssertEqual(format("body:\n  text: |+\n    a\n\n\n# end\n"), "body:\n  text: |+\n    a\n\n\n# end\n")
    }

    func testACommentOnABlockScalarsHeaderStays() {
        XCTAssertEqual(format("body:\n    text: | # c\n        a\n    font: title\n"), "body:\n  text: | # c\n    a\n  font: title\n")
        XCTAssertEqual(format("body:\n  font: title\n  text: |+  # keep\n    a\n\n"), "body:\n  text: |+  # keep\n    a\n\n  font: title\n")
    }

    /// A byte-order mark stays, line breaks become LF: CRLF and CR alone.
    func testByteOrderMarksAndLineEnds() {
        let bom = "\u{FEFF}"
        XCTAssertEqual(format(bom + "# c\nbody:\n    text: a\n"), bom + "# c\nbody:\n  text: a\n")
        XCTAssertEqual(format(bom + "# c\r\nbody:\r\n    # d\r\n    text: a\r\n"), bom + "# c\nbody:\n  # d\n  text: a\n")
        XCTAssertEqual(format("body:\r    text:   a\r    # c\r    font: title\r"), "body:\n  text: a\n  # c\n  font: title\n")
        // A quoted scalar over CR-ended lines folds as over LF-ended ones; a block scalar's lines stay.
        XCTAssertEqual(format("body:\r  text: \"a\r    b\"\r  font: |\r    x\r\r    y\r"), "body:\n  text: a b\n  font: |\n    x\n\n    y\n")
    }

    /// Views are block (§15), a flow view followed by a comment too; a `tatami-ignore` comment
    /// keeps it on its line, where it silences what the line holds.
    func testAFlowViewWithACommentGoesBlockButForASuppression() {
        XCTAssertEqual(format("body:\n  text: a\n  background: {color: red} # c\n"), "body:\n  text: a\n  background: # c\n    color: red\n")
        let kept = "body:\n  text: a\n  background: {color: red} # tatami-ignore: unknown-key\n"
        XCTAssertEqual(format(kept), kept)
    }

    // MARK: What is left alone

    func testSyntaxErrorsAndAnchorsAreNotFormatted() {
        let broken = TatamiFormatter.format(text: "body:\n  text: [a\n")
        XCTAssertEqual(broken.failure?.kind, .syntaxError)
        XCTAssertFalse(broken.failure?.diagnostics.isEmpty ?? true)
        for source in ["a: &x 1\nb: *x\nbody: {text: a}\n", "body: !!map {text: a}\n", "body:\n  text: &t a\n", "%YAML 1.2\n---\nbody: {text: a}\n"] {
            XCTAssertEqual(TatamiFormatter.format(text: source).failure?.kind, .unsupported, source)
        }
        XCTAssertEqual(format("---\nbody: {text: a}\n"), "---\nbody:\n  text: a\n")
        XCTAssertEqual(format(""), "")
        XCTAssertEqual(format("# only a comment\n"), "# only a comment\n")
    }
}
