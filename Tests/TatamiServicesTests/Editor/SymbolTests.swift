import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.documentSymbols`: the outline of sections, declarations and the view tree.
final class SymbolTests: XCTestCase {
    /// One line per symbol: `kind name [detail]`, indented by nesting.
    private func outline(_ symbols: [DocumentSymbolInfo], _ indent: String = "") -> String {
        symbols.map { s in
            let detail = s.detail.map { " [\($0)]" } ?? ""
            return indent + "\(s.kind.rawValue) \(s.name)\(detail)\n" + outline(s.children, indent + "  ")
        }.joined()
    }

    /// Every selection lies in its range, every child in its parent, siblings in order.
    private func checkNesting(_ symbols: [DocumentSymbolInfo], in parent: SourceRange? = nil,
                              file: StaticString = #filePath, line: UInt = #line) {
        var previousEnd = parent?.start ?? 0
        for s in symbols {
            XCTAssertTrue(s.range.start <= s.selectionRange.start && s.selectionRange.end <= s.range.end,
                          "\(s.name): selection \(s.selectionRange) outside \(s.range)", file: file, line: line)
            if let parent {
                XCTAssertTrue(parent.start <= s.range.start && s.range.end <= parent.end, "\(s.name) outside its parent",
                              file: file, line: line)
            }
            XCTAssertGreaterThanOrEqual(s.range.start, previousEnd, "\(s.name) overlaps its previous sibling", file: file, line: line)
            previousEnd = s.range.end
            checkNesting(s.children, in: s.range, file: file, line: line)
        }
    }

    func testTheViewTreeNestsAsInTheFileWithIdsAndDecorations() {
        let m = Marked("""
            body:
              «vstack»:
                - «text»: Hello
                  id: greeting
                - hstack:
                    - image: star
                    - «Badge»: {label: New}
                  background: {color: red}
                  overlay: Sale
                  modifiers: [{padding: 4}, {background: {text: x}}]
              id: root
            components:
              Badge:
                params:
                  label: {type: string}
                body: {text: $label}

            """)
        let a = EditorTest.analyze(m.text)
        let symbols = EditorServices.documentSymbols(a)
        XCTAssertEqual(outline(symbols), """
            section body
              view vstack #root
                view text #greeting [Hello]
                view hstack
                  view image [star]
                  instance Badge
                  view color [background · red]
                  view text [overlay · Sale]
                  view text [background · x]
            section components
              component Badge [(label)]
                parameter label [string]
                view text [$label]

            """)
        checkNesting(symbols)
        let vstack = symbols[0].children[0]
        XCTAssertEqual(vstack.selectionRange, m.ranges[0])
        XCTAssertEqual(vstack.children[0].selectionRange, m.ranges[1])
        XCTAssertEqual(vstack.children[1].children[1].selectionRange, m.ranges[2])
        XCTAssertEqual(vstack.children[1].children[1].range, m.ranges[2].union(SourceRange(start: m.ranges[2].start, end: m.ranges[2].end + 14)))
    }

    func testTopLevelSectionsHoldTheirDeclarations() {
        let m = Marked("""
            tatami: 1
            «viewports»:
              «phone»: {width: 320, height: 480}
              tablet: {width: 1024, height: 768}
            fonts:
              brand: {width: 10, height: 20}
            alignments:
              mid: {axis: vertical, default: bottom / 2}
            imports: [lib/ui.tatami.yaml]
            components:
              Row:
                params:
                  content: {type: view, default: {text: empty}}
                body:
                  hstack: [$content, {Card: {title: x}}]
            body: {Row: {content: {image: star}}}

            """)
        let a = EditorTest.analyze(m.text)
        let symbols = EditorServices.documentSymbols(a)
        XCTAssertEqual(outline(symbols), """
            section viewports
              viewport phone [320×480]
              viewport tablet [1024×768]
            section fonts
              font brand [10×20]
            section alignments
              alignment mid [vertical]
            section imports
              import lib/ui.tatami.yaml
            section components
              component Row [(content)]
                parameter content [view]
                  view text [default · empty]
                view hstack
                  view text [$content]
                  instance Card
            section body
              instance Row
                view image [content · star]

            """)
        checkNesting(symbols)
        // A section spans its key and value; its selection is the key.
        XCTAssertEqual(symbols[0].selectionRange, m.ranges[0])
        XCTAssertEqual(symbols[0].range.start, m.ranges[0].start)
        XCTAssertEqual(symbols[0].children[0].selectionRange, m.ranges[1])
    }

    func testAPartialTreeStillHasItsOutline() {
        // The flow list is never closed: a syntax error, with the views before it kept.
        let a = EditorTest.analyze("""
            body:
              vstack:
                - text: a
                  id: first
                - hstak: [
                - text: b

            """)
        XCTAssertTrue(a.diagnostics.contains { $0.code.name == "yaml-syntax" })
        let symbols = EditorServices.documentSymbols(a)
        XCTAssertEqual(outline(symbols).components(separatedBy: "\n").prefix(3).joined(separator: "\n"), """
            section body
              view vstack
                view text #first [a]
            """)
        checkNesting(symbols)
    }

    func testAMappingWithoutAKindIsNamedByTheKeyBeingTyped() {
        let a = EditorTest.analyze("body:\n  vstack:\n    - padding: 4\n      hst: [a]\n    - padding: 2\n")
        XCTAssertEqual(outline(EditorServices.documentSymbols(a)), """
            section body
              view vstack
                view hst
                view view

            """)
    }

    func testEmptyAndScalarFilesHaveNoSymbols() {
        XCTAssertEqual(EditorServices.documentSymbols(EditorTest.analyze("")), [])
        XCTAssertEqual(EditorServices.documentSymbols(EditorTest.analyze("just text\n")), [])
        XCTAssertEqual(EditorServices.documentSymbols(EditorTest.analyze("- a\n- b\n")), [])
    }

    func testDeepNestingIsCutAtTheSymbolDepthLimit() {
        var text = "body:\n"
        var indent = "  "
        for _ in 0..<400 {
            text += indent + "vstack:\n" + indent + "  -\n"
            indent += "    "
        }
        text += indent + "text: leaf\n"
        let symbols = EditorServices.documentSymbols(EditorTest.analyze(text))
        var depth = 0
        var level = symbols
        while let first = level.first {
            depth += 1
            level = first.children
        }
        XCTAssertEqual(depth, EditorServices.maximumSymbolDepth)
    }
}
