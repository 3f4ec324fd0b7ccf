import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiYAML
import XCTest

/// Keys are looked up through indexes built from the schema; these cases exercise their edges:
/// mappings with many keys, duplicates, quoted and non-ASCII keys.
final class ValidatorKeyLookupTests: XCTestCase {
    private func codes(_ result: ValidationResult) -> [String] {
        result.diagnostics.map(\.code.name)
    }

    func testKeysAfterTheSixteenthAreRead() {
        let keys = [
            "text: a", "truncation: head", "fixedSize: true", "aspectRatio: 2", "padding: 3", "border: true",
            "offset: {x: 1}", "id: first", "layoutPriority: 1", "zIndex: 2", "hidden: false", "when: landscape",
            "font: title", "lineLimit: 2", "multilineAlignment: center", "alignmentGuides: {top: 1}",
            "frame: {width: 7}", "background: {color: red}", "id: second",
        ]
        let result = ValidatorTestSupport.validate("body: {" + keys.joined(separator: ", ") + "}\n")
        // The second `id` is the YAML stage's duplicate; the validator keeps the first.
        XCTAssertEqual(codes(result), ["duplicate-key"])
        guard let body = result.document.body else { return XCTFail("no body") }
        XCTAssertEqual(body.id, "first")
        XCTAssertEqual(body.modifiers.map(\.keyName),
                       ["fixedSize", "aspectRatio", "frame", "padding", "background", "border", "offset"])
        guard case .frame(.fixed(let width, _, _))? = body.modifiers.first(where: { $0.keyName == "frame" }) else {
            return XCTFail("no fixed frame")
        }
        XCTAssertEqual(width, 7)
    }

    func testUnknownKeysBeforeAKnownOneInALargeMapping() {
        let unknown = (1...17).map { "k\($0): 1" }.joined(separator: ", ")
        let result = ValidatorTestSupport.validate("body: {text: a, frame: {" + unknown + ", height: 4}}\n")
        XCTAssertEqual(codes(result), Array(repeating: "unknown-key", count: 17))
        guard case .frame(.fixed(nil, let height?, _))? = result.document.body?.modifiers.first else {
            return XCTFail("no fixed frame")
        }
        XCTAssertEqual(height, 4)
    }

    func testQuotedKeysAreKeys() {
        let result = ValidatorTestSupport.validate("body: {\"text\": a, 'frame': {\"width\": 3}}\n")
        XCTAssertEqual(codes(result), [])
        XCTAssertEqual(result.document.body?.modifiers.map(\.keyName), ["frame"])
    }

    func testCanonicallyEquivalentKeysAreTwoKeys() {
        // "é" precomposed and decomposed: YAML 1.2 compares scalars character by character (code
        // points), so these are two different keys, both unknown; neither is a duplicate.
        let result = ValidatorTestSupport.validate("body: {text: a, \"\u{E9}\": 1, \"e\u{301}\": 2}\n")
        XCTAssertEqual(result.diagnostics.map(\.code.name), ["unknown-key", "unknown-key"])
    }

    func testCapitalisedNonASCIIKeysNameComponents() {
        let result = ValidatorTestSupport.validate("body: {text: a, \u{C9}clair: 1, \u{F1}u: 2}\n")
        XCTAssertEqual(codes(result), ["unknown-component", "unknown-key"])
    }
    /// An instance's arguments keep the first of a repeated key (the YAML stage reports the
    /// later one), in a mapping of a few arguments (compared in place) and of many (a hash set),
    /// with quoted spellings of the same key and keys that only look alike.
    func testRepeatedArgumentsKeepTheFirstInSmallAndLargeMappings() {
        for extra in [0, 20] {
            let params = ["title"] + (0..<extra).map { "p\($0)" }
            var text = "components:\n  Card:\n    params:\n"
            for p in params { text += "      \(p): {type: string, default: x}\n" }
            text += "    body: {text: $title}\nbody:\n  vstack:\n"
            let others = (0..<extra).map { ", p\($0): y" }.joined()
            text += "    - Card: {title: first\(others), \"title\": second}\n"
            text += "    - Card: {'title': third, titlé: fourth\(others), title: fifth}\n"
            let result = ValidatorTestSupport.validate(text)
            XCTAssertEqual(codes(result).filter { $0 != "unknown-param" }, ["duplicate-key", "duplicate-key"], "\(extra)")
            XCTAssertEqual(codes(result).filter { $0 == "unknown-param" }.count, 1, "\(extra)")
            let texts = result.document.body?.children.compactMap { card -> String? in
                guard case .component(_, let body) = card.kind, case .text(let t, _) = body.kind else { return nil }
                return t
            }
            XCTAssertEqual(texts, ["first", "third"], "\(extra)")
        }
    }
}
