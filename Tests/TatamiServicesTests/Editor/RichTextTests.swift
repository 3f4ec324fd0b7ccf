import TatamiServices
import XCTest

/// `RichText`: the structure hover and completion documentation are built from, written as
/// Markdown or as plain text.
final class RichTextTests: XCTestCase {
    func testSpansReadCodeBetweenBackticks() {
        XCTAssertEqual(RichText.spans("a `b` c"), [.text("a "), .code("b"), .text(" c")])
        XCTAssertEqual(RichText.spans("`x``y`"), [.code("x"), .code("y")])
        // An unmatched backtick stays text.
        XCTAssertEqual(RichText.spans("a ` b"), [.text("a ` b")])
        XCTAssertEqual(RichText.spans(""), [])
    }

    func testMarkdownAndPlainTextOfEachBlock() {
        let text = RichText([
            .paragraph([.strong("Badge"), .text(" — component declared in "), .code("lib.tatami.yaml")]),
            .list([[.text("one "), .code("x")], [.text("two")]]),
            .rows([
                RichText.Row([.code("label")], ": ", [.text("string, required")]),
                RichText.Row([.code("tint")], ": ", [.text("color, default "), .code("blue")]),
                RichText.Row([.text("Required")], "", []),
            ]),
            .paragraph([]),
            .rows([]),
        ])
        XCTAssertEqual(text.markdown, """
            **Badge** — component declared in `lib.tatami.yaml`

            - one `x`
            - two

            - `label`: string, required
            - `tint`: color, default `blue`
            - Required
            """)
        // Rows: indented two columns; details start two columns after the longest label
        // ("Required", 8), so after "label" (5) come 5 spaces and after "tint" (4) 6.
        XCTAssertEqual(text.plainText, """
            Badge — component declared in lib.tatami.yaml

            - one x
            - two

              label     string, required
              tint      color, default blue
              Required
            """)
    }

    func testPlainTextColumnsCountTerminalCells() {
        // 電話 takes 4 cells, so "電話 (1×2)" is 10 cells wide, like "tablet (1×2)" less 2.
        let text = RichText([.rows([
            RichText.Row([.strong("電話"), .text(" (1×2)")], ": ", [.text("a")]),
            RichText.Row([.strong("tablet"), .text(" (1×2)")], ": ", [.text("b")]),
        ])])
        XCTAssertEqual(text.plainText, "  電話 (1×2)    a\n  tablet (1×2)  b")
    }

    func testReadingTheMarkdownSubsetOfCompletionDocumentation() {
        let doc = "Declared in `lib.tatami.yaml`.\n\n- `label`: string, required\n- `tint`: color\nA **bold** word, a ** lone one."
        let text = RichText(markdown: doc)
        XCTAssertEqual(text.blocks, [
            .paragraph([.text("Declared in "), .code("lib.tatami.yaml"), .text(".")]),
            .list([[.code("label"), .text(": string, required")], [.code("tint"), .text(": color")]]),
            .paragraph([.text("A "), .strong("bold"), .text(" word, a "), .text("** lone one.")]),
        ])
        XCTAssertEqual(text.plainText,
                       "Declared in lib.tatami.yaml.\n\n- label: string, required\n- tint: color\n\nA bold word, a ** lone one.")
        // What the services write reads back to the same Markdown.
        XCTAssertEqual(RichText(markdown: "`min(a, b)` (docs/format.md §10).").markdown, "`min(a, b)` (docs/format.md §10).")
    }
}
