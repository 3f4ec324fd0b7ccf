import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.documentHighlights`: what references finds, in this file only, with the
/// declaration as the write.
final class DocumentHighlightTests: XCTestCase {
    static let file = """
        viewports:
          phone: {width: 320, height: 480}
          tablet: {width: 768, height: 1024}
        fonts:
          big: {width: 16, height: 32}
        alignments:
          mid: {axis: vertical, default: "bottom / 2"}
        components:
          Card:
            params:
              title: {type: string}
              note: {type: string, default: ""}
            body:
              vstack:
                - text: $title
                  font: big
                - text: "${title}: ${note}"
        body:
          hstack:
            - Card: {title: One}
            - Card:
                title: Two
                note: x
              id: second
            - text: Hi
              font: big
              alignmentGuides: {mid: "bottom"}
            - text: Lo
              font: caption
            - text: Lo2
              font: caption
          alignment: mid

        """

    private struct Expect: Equatable {
        let text: String
        let line: Int
        let kind: DocumentHighlightInfo.Kind
    }

    private func highlights(at needle: String, nth: Int = 0, offset: Int = 0, workspace: (any EditorWorkspace)? = nil,
                            text: String = file, path: String = "/ws/main.tatami.yaml") -> [Expect] {
        let a = EditorTest.analyze(text, path: path, workspace: workspace)
        var index = text.startIndex
        for _ in 0..<nth { index = text.index(after: text.range(of: needle, range: index..<text.endIndex)!.lowerBound) }
        let start = text.range(of: needle, range: index..<text.endIndex)!.lowerBound
        let at = text.utf8.distance(from: text.utf8.startIndex, to: start) + offset
        return EditorServices.documentHighlights(a, at: at, workspace: workspace).map {
            Expect(text: EditorTest.text(a, $0.range), line: a.lineTable.line(ofByte: $0.range.start), kind: $0.kind)
        }
    }

    func testTheFileIsValid() {
        let a = EditorTest.analyze(Self.file)
        XCTAssertEqual(a.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    }

    func testAComponentFromAnInstance() {
        // Declared on line 8, used on lines 19 and 20.
        let expected = [Expect(text: "Card", line: 8, kind: .write), Expect(text: "Card", line: 19, kind: .read),
                        Expect(text: "Card", line: 20, kind: .read)]
        XCTAssertEqual(highlights(at: "Card: {title", offset: 2), expected)
        XCTAssertEqual(highlights(at: "Card:"), expected)
    }

    func testAParameterItsReferencesAndArguments() {
        // `title`: declared (10), `$title` (14), `${title}` (16), arguments (19, 21).
        let expected = [Expect(text: "title", line: 10, kind: .write), Expect(text: "title", line: 14, kind: .read),
                        Expect(text: "title", line: 16, kind: .read), Expect(text: "title", line: 19, kind: .read),
                        Expect(text: "title", line: 21, kind: .read)]
        XCTAssertEqual(highlights(at: "$title", offset: 1), expected)
        XCTAssertEqual(highlights(at: "title: Two"), expected)
        // `note` is another parameter of the same component: its own places only.
        XCTAssertEqual(highlights(at: "${note}", offset: 3), [
            Expect(text: "note", line: 11, kind: .write), Expect(text: "note", line: 16, kind: .read),
            Expect(text: "note", line: 22, kind: .read),
        ])
    }

    func testFontsAlignmentsViewportsAndIds() {
        XCTAssertEqual(highlights(at: "big", nth: 1), [
            Expect(text: "big", line: 4, kind: .write), Expect(text: "big", line: 15, kind: .read),
            Expect(text: "big", line: 25, kind: .read),
        ])
        // A custom alignment: declared, a guide key, a stack's alignment.
        XCTAssertEqual(highlights(at: "mid", nth: 2), [
            Expect(text: "mid", line: 6, kind: .write), Expect(text: "mid", line: 26, kind: .read),
            Expect(text: "mid", line: 31, kind: .read),
        ])
        // A viewport is only declared (nothing in the format names one).
        XCTAssertEqual(highlights(at: "tablet"), [Expect(text: "tablet", line: 2, kind: .write)])
        XCTAssertEqual(highlights(at: "second"), [Expect(text: "second", line: 23, kind: .write)])
    }

    func testUndeclaredNamesHighlightTheirSpellings() {
        // `caption` is a default font: no declaration, its two uses.
        XCTAssertEqual(highlights(at: "caption"), [
            Expect(text: "caption", line: 28, kind: .read), Expect(text: "caption", line: 30, kind: .read),
        ])
    }

    func testNothingOnPlainValues() {
        XCTAssertEqual(highlights(at: "Hi"), [])
        XCTAssertEqual(highlights(at: "vstack"), [])
    }

    func testAnImportedComponentInThisFileOnly() {
        let main = "imports: [lib.tatami.yaml]\nbody:\n  vstack:\n    - Chip: {text: a}\n    - Chip: {text: b}\n"
        let workspace = EditorTest.workspace([
            "lib.tatami.yaml": "components:\n  Chip:\n    params: {text: {type: string}}\n    body: {text: $text}\nbody: {Chip: {text: x}}\n",
            "main.tatami.yaml": main,
        ])
        // Both instances, as uses: the declaration is in the other file.
        XCTAssertEqual(highlights(at: "Chip", nth: 1, workspace: workspace, text: main), [
            Expect(text: "Chip", line: 3, kind: .read), Expect(text: "Chip", line: 4, kind: .read),
        ])
        // An argument key of the imported component: the other instance's too.
        XCTAssertEqual(highlights(at: "text: a", workspace: workspace, text: main), [
            Expect(text: "text", line: 3, kind: .read), Expect(text: "text", line: 4, kind: .read),
        ])
    }

    func testDuplicateIdsAreAllDeclarations() {
        let text = "body:\n  vstack:\n    - text: a\n      id: x\n    - text: b\n      id: x\n"
        XCTAssertEqual(highlights(at: "id: x", offset: 4, text: text), [
            Expect(text: "x", line: 3, kind: .write), Expect(text: "x", line: 5, kind: .write),
        ])
    }
}
