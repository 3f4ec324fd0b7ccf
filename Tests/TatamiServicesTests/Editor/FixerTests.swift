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
        XCTAssertEqual(r.fixedCount, 6)
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

    private static let badge = """
        viewports:
          v: {width: 300, height: 200}
        components:
          Badge:
            params:
              label: {type: string}
              count: {type: number}
            body:
              text: "${label} ${count}"

        """

    /// Missing arguments get placeholders only with `unsafe`: without it the error stays, and
    /// the result says `--unsafe-fixes` would fix it.
    func testMissingArgumentsAreAddedOnlyByUnsafeFixes() {
        let text = Self.badge + "body:\n  Badge: {}\n"
        let safe = fix(text)
        XCTAssertEqual(safe.bytes, Array(text.utf8))
        XCTAssertEqual(safe.analysis.diagnostics.map(\.code.name), ["missing-param"])
        XCTAssertEqual(safe.fixedCount, 0)
        XCTAssertEqual(safe.unsafeFixable, 1)

        let r = Fixer.fix(Array(text.utf8), unsafe: true) { Pipeline.analyze(bytes: $0) }
        XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self), Self.badge + "body:\n  Badge: {label: \"\", count: 0}\n")
        XCTAssertEqual(r.analysis.diagnostics.map(\.code.name), [])
        XCTAssertEqual(r.applied, ["Add arguments `label` and `count`"])
        XCTAssertEqual(r.fixedCount, 1)
        XCTAssertEqual(r.unsafeFixable, 0)
    }

    /// `{lable: typo}` for a required `label`: the misspelt argument is corrected (which also
    /// gives the missing one), never a second `label: ""` beside it, even with `unsafe`.
    func testAMisspeltArgumentIsCorrectedNotDuplicated() {
        let text = Self.badge + "body:\n  Badge: {lable: typo, count: 1}\n"
        for unsafe in [false, true] {
            let r = Fixer.fix(Array(text.utf8), unsafe: unsafe) { Pipeline.analyze(bytes: $0) }
            XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self), Self.badge + "body:\n  Badge: {label: typo, count: 1}\n")
            XCTAssertEqual(r.analysis.diagnostics.map(\.code.name), [])
            // Two findings went: `unknown-param` and `missing-param`.
            XCTAssertEqual(r.fixedCount, 2)
        }
    }

    /// Fixes that would each be fine alone but clash in one mapping: `txet` → `text` is applied,
    /// and then `imag` has no suggestion (the view has its kind).
    func testTwoKindGuessesInOneViewGiveOneKind() {
        let text = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstack:\n    - txet: a\n      imag: b\n    - text: c\n"
        let r = fix(text)
        XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self),
                       "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstack:\n    - text: a\n      imag: b\n    - text: c\n")
        XCTAssertEqual(r.analysis.diagnostics.map(\.code.name), ["unknown-key"])
        XCTAssertEqual(r.fixedCount, 1)
    }

    /// Keys the mapping has, and kinds on a view with one, are not suggested: nothing changes.
    func testNoFixMakesADuplicateKeyOrASecondKind() {
        for text in ["viewports:\n  v: {width: 300, height: 200}\nbody:\n  text: a\n  paddng: 4\n  padding: 2\n",
                     "viewports:\n  v: {width: 300, height: 200}\nbody:\n  text: x\n  colour: red\n"] {
            let r = fix(text)
            XCTAssertEqual(r.bytes, Array(text.utf8))
            XCTAssertEqual(r.analysis.diagnostics.map(\.code.name), ["unknown-key"])
            XCTAssertEqual(r.applied, [])
            XCTAssertEqual(r.fixedCount, 0)
        }
    }

    /// A fix whose result has a finding the text did not have is not kept, and is reported as
    /// withheld: `padding: 400` in a 100-wide viewport leaves the text no room (truncated).
    func testAFixThatAddsAFindingIsWithheld() {
        let text = "viewports:\n  v: {width: 100, height: 50}\nbody:\n  text: hello world\n  paddng: 400\n"
        let r = fix(text)
        XCTAssertEqual(r.bytes, Array(text.utf8))
        XCTAssertEqual(r.applied, [])
        XCTAssertEqual(r.withheld.map(\.title), ["Change to `padding`"])
        XCTAssertTrue(r.withheld.first?.addedCodes.contains("text-truncated") ?? false, "\(r.withheld)")
        XCTAssertEqual(r.analysis.diagnostics.map(\.code.name), ["unknown-key"])
        // The same fix with room to spare is kept.
        let roomy = text.replacingOccurrences(of: "width: 100, height: 50", with: "width: 1000, height: 1000")
            .replacingOccurrences(of: "400", with: "4")
        let kept = fix(roomy)
        XCTAssertEqual(kept.applied, ["Change to `padding`"])
        XCTAssertEqual(kept.withheld, [])
    }

    /// Independent fixes are tried together only when they edit different mappings.
    func testFixesOfOneMappingAreNotTriedTogether() {
        let text = "body:\n  vstack:\n    - txet: a\n      imag: b\n    - txt: c\n"
        let a = EditorTest.analyze(text)
        let actions = EditorServices.codeActions(a, in: SourceRange(start: 0, end: text.utf8.count)).filter(\.isPreferred)
        XCTAssertEqual(actions.map(\.title), ["Change to `text`", "Change to `image`", "Change to `text`"])
        let batch = Fixer.independent(actions, in: a.yaml.root)
        // The first item's first fix and the second item's: one per mapping.
        XCTAssertEqual(batch.map { $0.edits[0].range.start },
                       [EditorTest.offset(of: "txet", in: text), EditorTest.offset(of: "txt:", in: text)])
    }

    /// Offsets through edits: before an edit unchanged, inside one at its start, after one shifted.
    func testOffsetsAreMappedThroughEdits() {
        let edits = [FileEdit(path: "", range: SourceRange(start: 2, end: 5), newText: "A"),
                     FileEdit(path: "", range: SourceRange(start: 8, end: 8), newText: "xyz")]
        XCTAssertEqual(Fixer.map(1, through: edits), 1)
        XCTAssertEqual(Fixer.map(2, through: edits), 2)
        XCTAssertEqual(Fixer.map(4, through: edits), 2)
        XCTAssertEqual(Fixer.map(5, through: edits), 3)    // 5 - (3 - 1)
        XCTAssertEqual(Fixer.map(8, through: edits), 6)    // the insertion at 8 goes after it
        XCTAssertEqual(Fixer.map(9, through: edits), 10)   // 9 - 2 + 3
    }
}
