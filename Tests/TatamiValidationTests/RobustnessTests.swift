import TatamiValidation
import TatamiBase
import TatamiModel
import TatamiYAML
import TatamiTestSupport
import XCTest

/// Random mutations of a valid file: validation never traps, every range lies inside the text,
/// and serial numbers stay a pre-order numbering.
final class RobustnessTests: XCTestCase {
    static let base = """
        tatami: 1
        viewports:
          phone: {width: 390, height: 844, safeArea: {top: 47, bottom: 34}}
          tablet: {width: 1024, height: 768, direction: rtl, scale: 2}
        fonts:
          mono: {width: 7, height: 14}
        alignments:
          mid: {axis: vertical, default: bottom}
        body:
          vstack:
            - hstack:
                - text: Title
                  font: title
                  alignmentGuides: {mid: 4}
                - spacer: 8
                - image: logo
                  size: [20, 20]
              alignment: mid
              spacing: 4
            - text: A longer line of text
              lineLimit: 2
              truncation: middle
              padding: {horizontal: 8, top: 2}
              background: {color: "#336699", alignment: topLeading}
              overlay: {text: "!", alignment: topTrailing}
              border: {style: rounded}
              when: landscape
            - grid: [a, b, c, d]
              columns: {minWidth: 40}
              cells: fit
            - bricks: [tag, another tag, x]
              rowHeight: 20
              fill: last
            - flow: [one, two, three]
              lineSpacing: 2
            - canvas:
                - text: pinned
                  position: {absolute: [0, 0, 100, 20]}
                - color: red
                  position:
                    - {relative: [0, 0, 0.5, 0.5], when: portrait}
                    - {anchor: {from: bottomTrailing, x: -4, y: -4, width: 10, height: 10}}
              frame: {maxWidth: infinity, minHeight: 100}
            - zstack: [divider, {color: blue, fill: "#"}]
              alignment: bottomLeading
              modifiers: [{padding: 4}, {frame: {width: 100}}, {offset: {x: -2, y: 3}}]
              id: stack
              zIndex: 2
              hidden: false
              layoutPriority: 1
          ignoresSafeArea: true
          multilineAlignment: center
        """

    static let scalars = [
        "-1", "0", ".nan", ".inf", "-.inf", "1e308", "99999999999999999999", "-99999999999999999999", "~", "", "[]", "{}",
        "\"x\"", "true", "no", "hstack", "text", "'#'", "#", "&a", "*a", "&b [1]", "[*b]", "infinity", "0x1F", "2.5",
        "[1, 2, 3, 4]", "{x: 1}", "\"width > 3\"", "\"?\"", "landscape", "center", "topLeading", "mid", "'é🌸'", "- a",
        ": :", "!!str 1", "|\n  block", "{text: a}", "[a, [b, [c]]]", "{a: {b: {c: {}}}}", "\"\\t\\u00e9\"",
    ]

    func testRandomMutationsNeverTrap() {
        var rng = SeededRandom(seed: 0x7A7A_4D15)
        let lines = Self.base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(ValidatorTestSupport.validate(Self.base).diagnostics.count, 0)
        for _ in 0..<500 {
            var mutated = lines
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                Self.mutate(&mutated, using: &rng)
            }
            let text = mutated.joined(separator: "\n")
            Self.checkInvariants(ValidatorTestSupport.validate(text), text: text)
        }
    }

    /// Applies one random edit to the lines of a file.
    static func mutate(_ lines: inout [String], using rng: inout SeededRandom) {
        guard !lines.isEmpty else { lines = ["body: x"]; return }
        let i = Int.random(in: 0..<lines.count, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:  // Swap the values of two `key: value` lines.
            let j = Int.random(in: 0..<lines.count, using: &rng)
            if let (ki, vi) = split(lines[i]), let (kj, vj) = split(lines[j]) {
                lines[i] = ki + vj
                lines[j] = kj + vi
            }
        case 1:
            lines.remove(at: i)
        case 2:
            lines.insert(lines[i], at: i)
        case 3:  // Replace a value with a random scalar.
            if let (k, _) = split(lines[i]) { lines[i] = k + " " + scalars.randomElement(using: &rng)! }
        case 4:  // Insert a random key with a random value at a random indentation.
            let keys = Schema.commonViewKeys.map(\.name) + Schema.kindNames + ["width", "x", "Foo", "spacing", "alignment"]
            let indent = String(repeating: " ", count: Int.random(in: 0...8, using: &rng))
            lines.insert(indent + keys.randomElement(using: &rng)! + ": " + scalars.randomElement(using: &rng)!, at: i)
        default:  // Move a line's indentation.
            let trimmed = lines[i].drop { $0 == " " }
            lines[i] = String(repeating: " ", count: Int.random(in: 0...10, using: &rng)) + trimmed
        }
    }

    private static func split(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let after = line.index(after: colon)
        return (String(line[..<after]), String(line[after...]))
    }

    static func checkInvariants(_ result: ValidationResult, text: String, file: StaticString = #filePath, line: UInt = #line) {
        let count = text.utf8.count
        func inside(_ r: SourceRange) -> Bool { r.start >= 0 && r.start <= r.end && r.end <= count }
        for d in result.diagnostics {
            XCTAssertTrue(inside(d.range), "range \(d.range) outside the text (\(count) bytes): \(d.message)\n\(text)", file: file, line: line)
            for r in d.related { XCTAssertTrue(inside(r.range), "related range outside the text", file: file, line: line) }
            for f in d.fixes { XCTAssertTrue(inside(f.range), "fix range outside the text", file: file, line: line) }
            XCTAssertFalse(d.message.isEmpty, file: file, line: line)
        }
        let order = ValidatorTestSupport.preOrder(result.document.body)
        XCTAssertEqual(order.map(\.serial), Array(0..<order.count), "serials are not pre-order", file: file, line: line)
        XCTAssertEqual(result.document.viewCount, order.count, file: file, line: line)
        XCTAssertFalse(result.document.viewports.isEmpty, file: file, line: line)
    }
}

