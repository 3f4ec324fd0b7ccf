import TatamiBase
import TatamiLayout
import TatamiServices
import XCTest

/// Diagnostics that keep going past a first problem, through the whole pipeline (issue 15).
final class KeepGoingDiagnosticsTests: XCTestCase {
    private func codes(_ text: String) -> [String] {
        Pipeline.analyze(text: text).diagnostics.map(\.code.name)
    }

    /// A stack cut short by a syntax error holds one view only because the rest was lost: it is
    /// not reported as useless. The same stack written whole with one child is.
    func testCutStackIsNotUseless() {
        let cut = "viewports:\n  v: {width: 100, height: 100}\nbody:\n  vstack:\n    - text: {a: 1\n    - text: b\n    - text: c\n"
        XCTAssertFalse(codes(cut).contains("useless-container"), "\(codes(cut))")
        XCTAssertTrue(codes(cut).contains("yaml-syntax"))
        let whole = "viewports:\n  v: {width: 100, height: 100}\nbody:\n  vstack:\n    - text: a\n"
        XCTAssertEqual(codes(whole), ["useless-container"])
        // A stack whose second child could not be read (no kind) holds two written views.
        let lost = "viewports:\n  v: {width: 100, height: 100}\nbody:\n  vstack:\n    - text: a\n    - stack: [b]\n"
        XCTAssertEqual(codes(lost), ["unknown-key"])
    }

    /// A misspelt kind at the top is checked as the kind it was meant to be: the problems below
    /// it are reported, and its fix gives a file with only those left.
    func testMisspeltKindKeepsValidating() {
        let text = "viewports:\n  v: {width: 100, height: 100}\nbody:\n  vstak:\n    - text: a\n      font: titel\n    - text: b\n  spacing: x\n"
        let diagnostics = Pipeline.analyze(text: text).diagnostics
        XCTAssertEqual(diagnostics.map(\.code.name), ["unknown-key", "unknown-font", "wrong-type"])
        XCTAssertEqual(diagnostics[0].fixes.map(\.replacement), ["vstack"])
        // A guessed stack with one child was not written as a stack: not called useless.
        XCTAssertEqual(codes("body:\n  hstak:\n    - text: Hello\n"), ["unknown-key"])
    }

    /// `background: red` is a text view showing "red": a warning with a fix to `{color: red}`;
    /// a colour name elsewhere (a text in a stack) is just a text.
    func testColourNameAsADecorationGetsAHint() {
        let text = "viewports:\n  v: {width: 200, height: 100}\nbody:\n  vstack:\n    - text: Limited offer\n      background: red\n    - red\n"
        let diagnostics = Pipeline.analyze(text: text).diagnostics
        XCTAssertEqual(diagnostics.map(\.code.name), ["color-as-text"])
        XCTAssertEqual(diagnostics.first?.fixes.map(\.replacement), ["{color: red}"])
        var fixed = text
        let range = diagnostics[0].fixes[0].range
        let bytes = Array(fixed.utf8)
        fixed = String(decoding: bytes[..<range.start] + Array("{color: red}".utf8) + bytes[range.end...], as: UTF8.self)
        XCTAssertEqual(Pipeline.analyze(text: fixed).diagnostics.map(\.code.name), [])
    }

    /// An unknown name in an expression lists the names once, and a close name comes with a fix.
    func testUnknownNameMessageIsNotRepeated() {
        let text = "viewports:\n  v: {width: 100, height: 100}\nbody: {text: Hi, when: \"widht > 600 && true\"}\n"
        let diagnostics = Pipeline.analyze(text: text).diagnostics
        XCTAssertEqual(diagnostics.map(\.code.name), ["unknown-name", "unknown-name"])
        XCTAssertEqual(diagnostics[0].message, "unknown name `widht`; did you mean `width`?")
        XCTAssertEqual(diagnostics[0].fixes.map(\.replacement), ["width"])
        XCTAssertEqual(diagnostics[1].message.components(separatedBy: "`width`").count - 1, 1, diagnostics[1].message)
        XCTAssertEqual(diagnostics[1].fixes, [])
    }

    /// A stack in a component body with an empty slot holds one view only in that instance: its
    /// body as written has two, so it is not called useless. A body written with one child is.
    func testAnEmptySlotDoesNotMakeAStackUseless() {
        let text = """
            viewports:
              v: {width: 300, height: 100}
            components:
              Labeled:
                params:
                  title: {type: string}
                  icon: {type: view, default: ~}
                body:
                  hstack: [$icon, {text: "${title}:"}]
              Single:
                body:
                  hstack: [{text: one}]
            body:
              vstack:
                - Labeled: {title: Notes}
                - Labeled: {title: Tags, icon: {image: tag, size: [8, 8]}}
                - Single: {}

            """
        XCTAssertEqual(codes(text), ["useless-container"])
        let d = Pipeline.analyze(text: text).diagnostics[0]
        XCTAssertEqual(d.range.start, Array(text.utf8).count - Array("Single: {}\n".utf8).count, "reported at the Single instance")
    }
}
