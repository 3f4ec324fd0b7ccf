import TatamiValidation
import TatamiBase
import TatamiModel
import TatamiServices
import TatamiYAML
import XCTest

/// Every limit of docs/limits.md at its value (accepted: no `too-complex`) and one past it
/// (`too-complex`), through the whole pipeline.
final class LimitBoundaryTests: XCTestCase {
    private func tooComplex(_ text: String, layout: Bool = false) -> Bool {
        Pipeline.analyze(text: text, layout: layout).diagnostics.contains { $0.code.name == "too-complex" }
    }

    private func tooComplex(bytes: [UInt8]) -> Bool {
        Pipeline.analyze(bytes: bytes, layout: false).diagnostics.contains { $0.code.name == "too-complex" }
    }

    func testFileSize() {
        let limit = YAMLLimits.standard.maxBytes
        XCTAssertEqual(limit, 64 << 20)
        // A valid file padded with one comment line to exactly the limit, then one byte more.
        var bytes = Array("body: {text: x}\n#".utf8)
        bytes += Array(repeating: UInt8(ascii: "x"), count: limit - bytes.count - 1) + [0x0A]
        XCTAssertEqual(bytes.count, limit)
        XCTAssertFalse(tooComplex(bytes: bytes))
        bytes.append(0x0A)
        XCTAssertTrue(tooComplex(bytes: bytes))
    }

    func testYAMLNesting() {
        XCTAssertEqual(YAMLLimits.standard.maxDepth, 4_000)
        // The top-level mapping is level 1; each `[` one more.
        func file(levels n: Int) -> String { "x: " + String(repeating: "[", count: n - 1) + String(repeating: "]", count: n - 1) + "\n" }
        XCTAssertFalse(tooComplex(file(levels: 4_000)))
        XCTAssertTrue(tooComplex(file(levels: 4_001)))
    }

    func testAliasExpansion() {
        XCTAssertEqual(YAMLLimits.standard.maxAliasExpansion, 100_000)
        // An anchored list of 99 scalars is 100 nodes; each alias of it adds 100.
        func file(aliases m: Int) -> String {
            "a: &a [" + Array(repeating: "1", count: 99).joined(separator: ",") + "]\n"
                + "b: [" + Array(repeating: "*a", count: m).joined(separator: ",") + "]\n"
        }
        XCTAssertFalse(tooComplex(file(aliases: 1_000)))
        XCTAssertTrue(tooComplex(file(aliases: 1_001)))
    }

    func testViewNesting() {
        XCTAssertEqual(ValidationLimits.maxViewDepth, 1_000)
        // n views on one chain: n − 1 vstacks around a text; laid out too, at the limit.
        func file(views n: Int) -> String {
            var s = "{text: x}"
            for _ in 0..<(n - 1) { s = "{vstack: [" + s + "]}" }
            return "body: " + s + "\n"
        }
        XCTAssertFalse(tooComplex(file(views: 1_000), layout: true))
        XCTAssertTrue(tooComplex(file(views: 1_001)))
    }

    func testChildrenOfOneContainer() {
        XCTAssertEqual(ValidationLimits.maxChildren, 100_000)
        func file(children n: Int) -> String {
            "body:\n  vstack: [" + Array(repeating: "{color: red}", count: n).joined(separator: ",") + "]\n"
        }
        XCTAssertFalse(tooComplex(file(children: 100_000)))
        XCTAssertTrue(tooComplex(file(children: 100_001)))
    }

    func testTextLength() {
        XCTAssertEqual(ValidationLimits.maxTextLength, 1_000_000)
        func file(characters n: Int) -> String { "body: {text: " + String(repeating: "a", count: n) + "}\n" }
        XCTAssertFalse(tooComplex(file(characters: 1_000_000)))
        XCTAssertTrue(tooComplex(file(characters: 1_000_001)))
    }

    func testExpressionLength() {
        XCTAssertEqual(ExpressionParser.maximumLength, 4_096)
        // `width > 0` padded with spaces to exactly n bytes.
        func file(bytes n: Int) -> String {
            let e = "width > 0"
            return "body: {text: x, when: \"" + e + String(repeating: " ", count: n - e.utf8.count) + "\"}\n"
        }
        XCTAssertFalse(tooComplex(file(bytes: 4_096)))
        XCTAssertTrue(tooComplex(file(bytes: 4_097)))
    }

    func testExpressionNesting() {
        XCTAssertEqual(ExpressionParser.maximumDepth, 64)
        func file(parentheses n: Int) -> String {
            "body: {text: x, when: \"" + String(repeating: "(", count: n) + "width" + String(repeating: ")", count: n) + " > 0\"}\n"
        }
        XCTAssertFalse(tooComplex(file(parentheses: 64)))
        XCTAssertTrue(tooComplex(file(parentheses: 65)))
    }
}
