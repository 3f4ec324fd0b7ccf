import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiYAML
import TatamiTestSupport
import XCTest

/// The validator's limits: reported once, never a crash, and the recursion stays bounded.
final class ValidatorLimitsTests: XCTestCase {
    func testViewsNestedPastTheLimitAreReportedOnce() {
        // Backgrounds nest one YAML mapping per view, so the YAML stage's own limit (2,000
        // collections) is not reached first.
        let levels = ValidationLimits.maxViewDepth + 5
        let text = "body: " + String(repeating: "{text: a, background: ", count: levels) + "x" + String(repeating: "}", count: levels) + "\n"
        nonisolated(unsafe) var result: ValidationResult? = nil
        ValidatorTestSupport.onLargeStack { result = ValidatorTestSupport.validate(text) }
        guard let result else { return XCTFail("no result") }
        XCTAssertEqual(result.diagnostics.map(\.code), [.tooComplex])
        // The view at depth 1,001 is the 1,001st mapping; its first key is reported.
        let offset = 6 + ValidationLimits.maxViewDepth * 22 + 1
        XCTAssertEqual(result.diagnostics.first?.range, SourceRange(start: offset, end: offset + 4))
        XCTAssertEqual(result.document.viewCount, ValidationLimits.maxViewDepth)
        XCTAssertEqual(ValidatorTestSupport.preOrder(result.document.body).count, ValidationLimits.maxViewDepth)
    }

    func testTooManyChildrenAreReportedAndCut() {
        let count = ValidationLimits.maxChildren + 1
        let text = "body:\n  vstack: [" + String(repeating: "a, ", count: count) + "]\n"
        let result = ValidatorTestSupport.validate(text)
        XCTAssertEqual(result.diagnostics.map(\.code), [.tooComplex])
        XCTAssertEqual(result.diagnostics.first?.range, SourceRange(start: 8, end: 14))
        XCTAssertEqual(result.document.body?.children.count, ValidationLimits.maxChildren)
        XCTAssertEqual(result.document.viewCount, ValidationLimits.maxChildren + 1)
    }

    func testSixtyThousandChildren() {
        let text = "body:\n  vstack:\n" + String(repeating: "    - {text: a, padding: 1}\n", count: 60_000)
        let start = Date()
        let result = ValidatorTestSupport.validate(text)
        XCTAssertEqual(result.diagnostics.count, 0)
        XCTAssertEqual(result.document.viewCount, 60_001)
        XCTAssertLessThan(Date().timeIntervalSince(start), Fixtures.hangGuard(30), "hang guard")
    }

    func testSixtyThousandMistakes() {
        let text = "body:\n  vstack:\n" + String(repeating: "    - {text: a, paddng: -1}\n", count: 60_000)
        let result = ValidatorTestSupport.validate(text)
        XCTAssertEqual(result.diagnostics.count, 60_000)
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.code == .unknownKey })
    }

    func testAVeryLongTextIsReportedAndCut() {
        let long = String(repeating: "ab", count: ValidationLimits.maxTextLength / 2 + 1)
        let result = ValidatorTestSupport.validate("body:\n  text: " + long + "\n")
        XCTAssertEqual(result.diagnostics.map(\.code), [.tooComplex])
        guard case .text(let kept, _)? = result.document.body?.kind else { return XCTFail("not a text") }
        XCTAssertEqual(kept.count, ValidationLimits.maxTextLength)
        // A long text of multi-byte characters within the limit is fine.
        let wide = String(repeating: "語", count: 400_000)
        XCTAssertEqual(ValidatorTestSupport.validate("body: " + wide + "\n").diagnostics.count, 0)
    }

    func testHostileTreesNeverTrap() {
        let texts = [
            "", "~", "[]", "{}", "42", "'body'", "---\n...\n", "body:", "body: ~", "body: []", "body: {}",
            "body: [[[[]]]]", "body: {text: {text: {text: x}}}", "body: !!binary aGk=", "? [a]\n: b\nbody: x",
            "body: {? [a] : b, text: c}", "body: {text: a, ? {x: 1} : 2}", "body: &a {vstack: [*a]}",
            "tatami: 99999999999999999999\nbody: x", "tatami: .nan\nbody: x", "tatami: [1]\nbody: x",
            "viewports: [a]\nfonts: 3\nalignments: x\nbody: x", "viewports: {a: {width: .inf, height: -.inf, scale: .nan}}\nbody: x",
            "fonts: {a: {width: 1e400, height: -0}}\nbody: x", "alignments: {a: {axis: [], default: {}}}\nbody: x",
            "body: {hstack: [], spacing: 1e999, alignment: ~}", "body: {grid: ~, columns: 1e20}", "body: {grid: [], columns: -.inf}",
            "body: {text: x, lineLimit: 1e300}", "body: {text: x, lineLimit: 9223372036854775807}",
            "body: {text: x, lineLimit: -9223372036854775808}", "body: {canvas: [{text: a, position: [[], {}, ~, 1]}]}",
            "body: {canvas: [{text: a, position: {absolute: [.nan, .inf, -.inf, 1e308]}}]}",
            "body: {text: a, modifiers: [[], ~, {}, {padding: {top: []}}, {background: []}]}",
            "body: {text: a, alignmentGuides: {? [] : 1, top: []}}", "body: {text: a, id: [], when: {}}",
            "body: {color: '#GGGGGG', fill: ''}", "body: {color: '#', fill: '👩‍👩‍👧'}", "body: {image: x, size: [[], {}]}",
            "body:\n  text: \"\\uD800\"\n", "body: {text: a\n", "body: [a, b", "\tbody: x", "body: {Text: a}", "body: {Ä: 1}",
            "body: {'': 1}", "body: {~: 1}", "body: {1: 2}", "body: {text: a, frame: {minWidth: 5, maxWidth: 1, width: 3}}",
        ]
        for text in texts {
            let result = ValidatorTestSupport.validate(text)
            RobustnessTests.checkInvariants(result, text: text)
        }
    }
}
