import TatamiBase
@testable import TatamiServices
import XCTest

/// `tatami lint --fix`'s engine: preferred fixes applied, again until nothing changes.
final class FixerTests: XCTestCase {
    private func fix(_ text: String) -> Fixer.Result {
        Fixer.fix(Array(text.utf8)) { Pipeline.analyze(bytes: $0) }
    }

    func testPreferredFixesAreAppliedAndTheRestIsReported() {
        let text = """
            viewports:
              v: {width: 300, height: 200}
            body:
              vstak:
                - txet: Hello
                  font: titel
                - text: World
                  paddng: 4
                  background: red
              alignment: leadin

            """
        let r = fix(text)
        XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self), """
            viewports:
              v: {width: 300, height: 200}
            body:
              vstack:
                - text: Hello
                  font: title
                - text: World
                  padding: 4
                  background: {color: red}
              alignment: leading

            """)
        XCTAssertEqual(r.applied.count, 6, "\(r.applied)")
        XCTAssertEqual(r.analysis.diagnostics.map(\.code.name), [])
        // Fixing the fixed text changes nothing.
        let again = Fixer.fix(r.bytes) { Pipeline.analyze(bytes: $0) }
        XCTAssertEqual(again.bytes, r.bytes)
        XCTAssertEqual(again.applied, [])
    }

    /// A word close to two candidates has two fixes, none preferred: it is left, and reported.
    func testAmbiguousFixesAreLeft() {
        let text = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  stack:\n    - text: a\n"
        let r = fix(text)
        XCTAssertEqual(r.bytes, Array(text.utf8))
        XCTAssertEqual(r.applied, [])
        XCTAssertEqual(r.analysis.diagnostics.map(\.code.name), ["unknown-key"])
    }

    /// Fixes that touch one place are applied one per pass, never on top of each other.
    func testOverlappingEditsAreNotAppliedTogether() {
        let a = CodeActionInfo(title: "a", edits: [FileEdit(path: "<stdin>", range: SourceRange(start: 2, end: 5), newText: "A")],
                               diagnostics: [], isPreferred: true)
        let b = CodeActionInfo(title: "b", edits: [FileEdit(path: "<stdin>", range: SourceRange(start: 4, end: 6), newText: "B")],
                               diagnostics: [], isPreferred: true)
        let c = CodeActionInfo(title: "c", edits: [FileEdit(path: "<stdin>", range: SourceRange(start: 6, end: 6), newText: "C")],
                               diagnostics: [], isPreferred: true)
        let d = CodeActionInfo(title: "d", edits: [FileEdit(path: "<stdin>", range: SourceRange(start: 6, end: 6), newText: "D")],
                               diagnostics: [], isPreferred: true)
        XCTAssertEqual(Fixer.nonOverlapping([b, a, c, d]).map(\.title), ["a", "c"])
        XCTAssertEqual(Fixer.apply([FileEdit(path: "", range: SourceRange(start: 2, end: 5), newText: "A"),
                                    FileEdit(path: "", range: SourceRange(start: 6, end: 6), newText: "C")],
                                   to: Array("0123456789".utf8)), Array("01A5C6789".utf8))
    }

    /// Missing arguments are added with placeholders of their types (the preferred "add all").
    func testMissingArgumentsAreAdded() {
        let text = """
            viewports:
              v: {width: 300, height: 200}
            components:
              Badge:
                params:
                  label: {type: string}
                  count: {type: number}
                body:
                  text: "${label} ${count}"
            body:
              Badge: {}

            """
        let r = fix(text)
        XCTAssertEqual(r.analysis.diagnostics.filter { $0.severity == .error }.map(\.code.name), [])
        XCTAssertEqual(r.applied.count, 1, "\(r.applied)")
    }
}
