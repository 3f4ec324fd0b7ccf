import TatamiBase
import TatamiLayout
import TatamiServices
import XCTest

/// One problem, one diagnostic: checks of the written tree are reported once however many
/// viewports the file declares, and a canvas child without a usable `position` gets the
/// validator's error alone (and so one fix).
final class OneDiagnosticPerProblemTests: XCTestCase {
    private let twoViewports = "viewports:\n  portrait: {width: 100, height: 200}\n  landscape: {width: 200, height: 100}\n"

    private func analyze(_ text: String) -> Analysis { Pipeline.analyze(text: text) }

    private func found(_ a: Analysis, _ code: DiagnosticCode) -> [Diagnostic] {
        a.diagnostics.filter { $0.code == code }
    }

    /// The byte range of the `nth` occurrence of `needle`.
    private func range(of needle: String, in text: String, nth: Int = 0) -> SourceRange {
        let bytes = Array(text.utf8), n = Array(needle.utf8)
        var seen = 0
        for i in 0...(bytes.count - n.count) where Array(bytes[i..<(i + n.count)]) == n {
            if seen == nth { return SourceRange(start: i, end: i + n.count) }
            seen += 1
        }
        XCTFail("\(needle) not found")
        return SourceRange(start: 0, end: 0)
    }

    func testAUselessContainerIsReportedOnceWhateverTheViewports() {
        let text = twoViewports + "body:\n  vstack:\n    - text: hi\n"
        let a = analyze(text)
        XCTAssertEqual(a.layouts.count, 2)
        let useless = found(a, .uselessContainer)
        XCTAssertEqual(useless.count, 1, "\(useless.map(\.message))")
        XCTAssertEqual(useless.first?.range, range(of: "vstack", in: text))
        XCTAssertNil(useless.first?.viewport, "a structural lint belongs to no viewport")
    }

    /// A component's body is checked once as a template, with serial numbers the views read after
    /// it take again; a container the template read as a guessed kind (`vstak`) must not make a
    /// later view of the file look provisional (found by the formatter's fuzz invariant: whether it
    /// showed depended on the order templates were checked in).
    func testATemplatesGuessedContainerDoesNotHideAUselessContainerOfTheBody() {
        let text = """
        components:
          Card:
            body:
              vstak:
                - text: a
                - text: b
        body:
          vstack:
            - vstack:
                - text: x

        """
        let useless = found(analyze(text), .uselessContainer)
        XCTAssertEqual(useless.map(\.range), [range(of: "vstack", in: text), range(of: "vstack", in: text, nth: 1)])
    }

    /// A body list that lost an empty slot is remembered by its copy's identity; that copy must
    /// stay alive while remembered, or a later instance's copy, allocated where it was, passes
    /// for it and its single-child stack is not called useless (found by the formatter's fuzz
    /// invariant: which instance lost its finding changed with the allocation pattern). With
    /// the defect, a release build reported none of the 20 (`tatami lint` of this text); the
    /// debug build's allocations happened not to collide here.
    func testEveryInstanceThatFillsASlotOfASingleChildStackIsReported() {
        var text = """
        components:
          Box:
            params:
              content: {type: view, default: null}
            body:
              zstack:
                - $content
        body:
          vstack:

        """
        for i in 0..<40 {
            text += i % 2 == 0 ? "    - Box: {}\n" : "    - Box: {content: {text: x}}\n"
        }
        let useless = found(analyze(text), .uselessContainer)
        XCTAssertEqual(useless.count, 20, "\(useless.map(\.range))")
    }

    func testAViewCopiedWithAnAliasReportsItsProblemsOnce() {
        // The alias repeats the anchored row: both copies stand at the anchor's text, so each
        // finding would come twice, in every viewport.
        let text = twoViewports + """
            body:
              vstack:
                - &row
                  hstack:
                    - text: "a text far too long for the row"
                      lineLimit: 1
                    - vstack:
                        - text: x
                - *row

            """
        let a = analyze(text)
        XCTAssertTrue(a.yaml.usesAliases)
        let useless = found(a, .uselessContainer)
        XCTAssertEqual(useless.map(\.range), [range(of: "vstack", in: text, nth: 1)], "\(useless.map(\.message))")
        let cut = found(a, .textTruncated)
        XCTAssertEqual(cut.count, 2, "\(cut.map(\.message))")
        XCTAssertEqual(Set(cut.compactMap(\.viewport)), ["portrait", "landscape"])
        // Without the alias, the same row written twice is two problems each.
        let twice = analyze(text.replacingOccurrences(of: "    - *row\n", with: """
                - hstack:
                    - text: "a text far too long for the row"
                      lineLimit: 1
                    - vstack:
                        - text: x

            """))
        XCTAssertFalse(twice.yaml.usesAliases)
        XCTAssertEqual(found(twice, .uselessContainer).count, 2)
        XCTAssertEqual(found(twice, .textTruncated).count, 4)
    }

    func testTooDeepIsReportedOnceWhateverTheViewports() {
        // Eleven nested vstacks, each with two children (so none is useless): the 11th is too deep.
        var text = twoViewports + "body:\n"
        var indent = "  "
        for level in 1...11 {
            text += indent + "vstack:\n" + indent + "  - text: t\(level)\n" + indent + "  -" + (level == 11 ? " text: leaf\n" : "\n")
            indent += "    "
        }
        let a = analyze(text)
        XCTAssertFalse(a.diagnostics.hasErrors, "\(a.diagnostics.map(\.message))")
        let deep = found(a, .tooDeep)
        XCTAssertEqual(deep.count, 1, "\(deep.map(\.message))")
        XCTAssertEqual(deep.first?.range, range(of: "vstack", in: text, nth: 10))
        XCTAssertNil(deep.first?.viewport)
        XCTAssertEqual(found(a, .uselessContainer), [])
    }

    func testAStackIsJudgedOnTheChildrenWrittenNotThoseShownInOneViewport() {
        // In portrait only the first text is present; the stack holds two views in landscape,
        // so it cannot be removed.
        let text = twoViewports + "body:\n  hstack:\n    - text: a\n    - text: b\n      when: landscape\n"
        let a = analyze(text)
        XCTAssertEqual(a.layouts.first?.root?.children.count, 1, "portrait shows one child")
        XCTAssertEqual(found(a, .uselessContainer), [])
    }

    func testAUselessStackInAComponentUsedTwiceInsideAnotherIsReportedOnce() {
        // Inner's vstack expands twice under Outer's one instance, at that instance's kind key.
        let text = twoViewports + """
            components:
              Inner:
                body:
                  vstack:
                    - text: a
              Outer:
                body:
                  hstack:
                    - Inner: {}
                    - Inner: {}
            body:
              Outer: {}

            """
        let useless = found(analyze(text), .uselessContainer)
        XCTAssertEqual(useless.map(\.range), [range(of: "Outer", in: text, nth: 1)])
    }

    func testACanvasChildWithoutPositionGetsOneDiagnosticAndOneFix() {
        let text = twoViewports + "body:\n  canvas:\n    - text: hi\n    - color: red\n      padding: 4\n"
        let a = analyze(text)
        for child in ["text", "color"] {
            let key = range(of: child, in: text)
            let here = a.diagnostics.filter { $0.range == key }
            XCTAssertEqual(here.map(\.code), [.missingRequired], "\(child): \(here.map(\.message))")
            // A client asks for the fixes of each diagnostic it shows: one diagnostic, one fix.
            var titles: [String] = []
            for d in here { titles += EditorServices.codeActions(a, in: d.range).map(\.title) }
            XCTAssertEqual(titles, ["Add `position`"], child)
        }
        XCTAssertEqual(found(a, .noPosition), [])
    }

    func testACanvasChildWithAnUnusablePositionGetsOnlyTheValidatorsError() {
        let text = twoViewports + "body:\n  canvas:\n    - text: a\n      position: 5\n    - text: b\n      position: []\n"
        let a = analyze(text)
        XCTAssertEqual(a.diagnostics.map(\.code), [.wrongType, .invalidValue], "\(a.diagnostics.map(\.message))")
    }

    func testADivisionByAConstantZeroIsReportedOnceAndOnlyAVaryingOnePerViewport() {
        // `width / 0` is 0 in every viewport: one warning, at the division, with no viewport.
        // `width / (width - 100)` divides by zero only where the width is 100 (portrait).
        let text = twoViewports + """
            body:
              vstack:
                - text: a
                  when: "width / 0 > 1"
                - text: b
                  when: "width / (width - 100) > 1"

            """
        let divisions = found(analyze(text), DiagnosticCode("division-by-zero", .warning))
        XCTAssertEqual(divisions.map(\.range), [range(of: "width / 0", in: text), range(of: "width / (width - 100)", in: text)])
        XCTAssertEqual(divisions.map(\.viewport), [nil, "portrait"])
        XCTAssertEqual(divisions.first?.message, "division by zero in `width / 0 > 1`; the result is 0")
    }

    func testADivisionByAConstantZeroInAComponentBodyIsReportedOnceAtTheBody() {
        let text = twoViewports + """
            components:
              Tag:
                params: {t: {type: string}}
                body:
                  text: $t
                  when: "1 / 0 < width"
            body:
              hstack:
                - Tag: {t: a}
                - Tag: {t: b}

            """
        let divisions = found(analyze(text), DiagnosticCode("division-by-zero", .warning))
        XCTAssertEqual(divisions.map(\.range), [range(of: "1 / 0", in: text)])
        XCTAssertEqual(divisions.map(\.viewport), [nil])
    }

    func testNoPositionStaysPerViewportWhenConditionsDecide() {
        // The only placement holds where the canvas is wider than 150: in landscape (200 wide),
        // not in portrait (100 wide).
        let text = twoViewports + """
            body:
              canvas:
                - text: a
                  position: {absolute: [0, 0, 10, 10], when: "width > 150"}

            """
        let a = analyze(text)
        XCTAssertFalse(a.diagnostics.hasErrors, "\(a.diagnostics.map(\.message))")
        let notes = found(a, .noPosition)
        XCTAssertEqual(notes.map(\.viewport), ["portrait"])
        XCTAssertEqual(notes.first?.range, range(of: "text", in: text))
    }
}
