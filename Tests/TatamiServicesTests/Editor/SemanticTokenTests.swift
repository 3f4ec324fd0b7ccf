import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.semanticTokens` and its legend.
final class SemanticTokenTests: XCTestCase {
    /// "text type modifier,modifier" per token, in order.
    private func listing(_ text: String) -> [String] {
        let a = EditorTest.analyze(text)
        let tokens = EditorServices.semanticTokens(a)
        checkInvariants(tokens, a)
        return tokens.map { t in
            ([EditorTest.text(a, t.range), t.type] + (t.modifiers.isEmpty ? [] : [t.modifiers.joined(separator: ",")]))
                .joined(separator: " ")
        }
    }

    /// Sorted, not overlapping, not empty, on one line, inside the text, in the legend.
    private func checkInvariants(_ tokens: [SemanticTokenInfo], _ a: Analysis, file: StaticString = #filePath, line: UInt = #line) {
        var end = 0
        for t in tokens {
            XCTAssertGreaterThanOrEqual(t.range.start, end, "overlap at \(t.range)", file: file, line: line)
            XCTAssertFalse(t.range.isEmpty, file: file, line: line)
            XCTAssertLessThanOrEqual(t.range.end, a.lineTable.bytes.count, file: file, line: line)
            XCTAssertEqual(a.lineTable.line(ofByte: t.range.start), a.lineTable.line(ofByte: t.range.end - 1),
                           "\(t.range) spans lines", file: file, line: line)
            XCTAssertFalse(a.lineTable.bytes[t.range.start..<t.range.end].contains(0x0A), file: file, line: line)
            XCTAssertTrue(EditorServices.semanticTokenTypes.contains(t.type), file: file, line: line)
            for m in t.modifiers { XCTAssertTrue(EditorServices.semanticTokenModifiers.contains(m), file: file, line: line) }
            end = t.range.end
        }
    }

    func testTheLegend() {
        XCTAssertEqual(EditorServices.semanticTokenTypes,
                       ["keyword", "property", "decorator", "class", "parameter", "variable", "number", "operator", "function"])
        XCTAssertEqual(EditorServices.semanticTokenModifiers, ["declaration", "defaultLibrary"])
        let t = SemanticTokenInfo(range: SourceRange(start: 0, end: 1), type: "function", modifiers: ["declaration", "defaultLibrary"])
        XCTAssertEqual(t.typeIndex, 8)
        XCTAssertEqual(t.modifierBits, 3)
    }

    func testKeysNamesReferencesAndExpressions() {
        let text = #"""
            alignments:
              mid: {axis: vertical, default: "bottom / 2"}
            components:
              Tag:
                params:
                  label: {type: string}
                body:
                  text: "#${label}"
                  padding: 4
            body:
              canvas:
                - Tag: {label: a}
                  position: {x: "width - 10", y: 0, width: "min(10, height)", height: 5}
                  when: "width \x3e= 300"
                  id: tag
                  hidden: false
                  colour: red
              alignmentGuides: {mid: 3}

            """#
        XCTAssertEqual(listing(text), [
            "alignments property", "mid variable declaration", "axis property", "default property",
            "bottom variable defaultLibrary", "/ operator", "2 number",
            "components property", "Tag class declaration", "params property", "label parameter declaration",
            "type property", "body property", "text keyword", "${label} parameter", "padding decorator",
            "body property", "canvas keyword", "Tag class", "label parameter",
            "position property", "x property", "width variable defaultLibrary", "- operator", "10 number",
            "y property", "0 number", "width property", "min function defaultLibrary", "10 number",
            "height variable defaultLibrary", "height property", "5 number",
            "when property", "width variable defaultLibrary", #"\x3e= operator"#, "300 number",
            "id property", "tag variable declaration", "hidden property",
            "alignmentGuides property", "mid property", "3 number",
        ])
    }

    func testDeclaredFontsAndAlignmentsAreColouredWhereUsed() {
        let text = """
            fonts:
              brand: {width: 8, height: 16}
            alignments:
              mid: {axis: vertical, default: bottom}
            body:
              hstack:
                - text: a
                  font: brand
                - text: b
                  font: title
                  background: {color: red}
                  modifiers: [{padding: 2}]
              alignment: mid

            """
        XCTAssertEqual(listing(text), [
            "fonts property", "brand variable declaration", "width property", "height property",
            "alignments property", "mid variable declaration", "axis property", "default property",
            "bottom variable defaultLibrary",
            "body property", "hstack keyword", "text keyword", "font property", "brand variable",
            "text keyword", "font property", "background decorator", "color keyword",
            "modifiers decorator", "padding decorator", "alignment property", "mid variable",
        ])
    }

    func testAKeyWrittenOverTwoLinesGivesOneTokenPerLine() {
        // A double-quoted key whose line break is escaped reads `body`.
        let text = "? \"bo\\\n  dy\"\n: {text: a}\n"
        XCTAssertEqual(listing(text), ["bo\\ property", "dy property", "text keyword"])
    }

    func testAnExpressionOverSeveralLinesIsLeftUncoloured() {
        let text = "body:\n  text: a\n  when: width >\n    300\n"
        XCTAssertEqual(listing(text), ["body property", "text keyword", "when property"])
    }

    func testBrokenAndEmptyFiles() {
        XCTAssertEqual(listing(""), [])
        XCTAssertEqual(listing("body: {vstack: [{text: a}, {when: \"width >\"}"), ["body property", "vstack keyword", "text keyword", "when property", "width variable defaultLibrary", "> operator"])
        XCTAssertEqual(listing("body: {text: a, when: \"1 = 2\"}\n"), ["body property", "text keyword", "when property", "1 number"])
    }
}
