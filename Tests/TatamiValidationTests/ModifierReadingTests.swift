@testable import TatamiValidation
import TatamiBase
import TatamiModel
import TatamiYAML
import XCTest

/// Every modifier of the schema table is read one way: by a reader of the validator's own
/// (`ModifierName`), or from its checked value by the table's `KeySpec.modifier`, never both and
/// never neither (a key read neither way would be accepted and do nothing).
final class ModifierReadingTests: XCTestCase {
    func testEveryModifierIsReadExactlyOneWay() {
        for spec in Schema.modifiers {
            let own = ModifierName(spec.name) != .other
            let generic = PreparedShape.modifiers[spec.name] != nil
            XCTAssertTrue(own != generic, "`\(spec.name)`: read by the validator \(own), from the table \(generic)")
            if spec.modifier != nil {
                XCTAssertTrue(SchemaValue.canRead(spec.shape), "`\(spec.name)` has a builder but a shape read only by hand")
            }
        }
        // And no reader of the validator's own is left for a key the table no longer has.
        for name in ModifierName.allCases where name != .other {
            XCTAssertTrue(Schema.modifiers.contains { $0.name == name.rawValue }, "`\(name)` is not a modifier of the table")
        }
    }

    func testTableModifiersAreBuiltFromTheirCheckedValues() {
        func modifiers(_ value: String) -> [Modifier] {
            Array(body("body:\n  text: a\n  \(value)\n").modifiers)
        }
        XCTAssertEqual(modifiers("border: {style: double}").map(\.keyName), ["border"])
        guard case .border(.double)? = modifiers("border: {style: double}").first else { return XCTFail() }
        guard case .border(.single)? = modifiers("border: true").first else { return XCTFail() }
        guard case .border(.single)? = modifiers("border: {}").first else { return XCTFail() }
        XCTAssertTrue(modifiers("border: false").isEmpty)
        guard case .offset(-3, 0)? = modifiers("offset: {x: -3}").first else { return XCTFail() }
    }

    /// The generic reader reports as the hand-written ones did: the shape's options in words,
    /// a YAML 1.1 boolean's fix, a field's bounds and words, an unknown field.
    func testTableModifiersReportWrongValues() {
        func messages(_ value: String) -> [String] {
            ValidatorTestSupport.validate("body:\n  text: a\n  \(value)\n").diagnostics.map { "\($0.code.name): \($0.message)" }
        }
        XCTAssertEqual(messages("border: 3"), ["wrong-type: expected `true`, `false` or `{style}` for `border`, found a number"])
        XCTAssertEqual(messages("border: yes").first?.hasPrefix("wrong-type: expected `true`, `false` or `{style}` for `border`, found the string `yes`"), true)
        XCTAssertEqual(messages("border: {style: dashd}").first?.hasPrefix("invalid-value: `style` must be one of"), true)
        XCTAssertEqual(messages("offset: {x: 2000000}"), ["invalid-value: `x` must be a number from -1000000 to 1000000; found 2000000"])
        XCTAssertEqual(messages("offset: 3"), ["wrong-type: expected a mapping for `offset`, found a number"])
        XCTAssertEqual(messages("offset: {z: 1}").first?.hasPrefix("unknown-key: "), true)
    }

    func testShapesTheReaderCannotTakeAreRefused() {
        XCTAssertFalse(SchemaValue.canRead(.view))
        XCTAssertFalse(SchemaValue.canRead(.oneOf([.number(.length), .number(.signedLength)])))
        XCTAssertTrue(SchemaValue.canRead(.oneOf([.boolean, .number(.length), .object(Schema.offsetKeys)])))
        XCTAssertNil(PreparedShape(.viewList))
    }
}
