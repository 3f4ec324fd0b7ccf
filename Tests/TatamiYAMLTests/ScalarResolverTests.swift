import XCTest
@testable import TatamiYAML

final class ScalarResolverTests: XCTestCase {
    func testCoreSchema() {
        XCTAssertEqual(ScalarResolver.resolve("", style: .plain), .null)
        XCTAssertEqual(ScalarResolver.resolve("~", style: .plain), .null)
        XCTAssertEqual(ScalarResolver.resolve("true", style: .plain), .bool(true))
        XCTAssertEqual(ScalarResolver.resolve("yes", style: .plain), .string("yes"))
        XCTAssertEqual(ScalarResolver.resolve("-5", style: .plain), .int(-5))
        XCTAssertEqual(ScalarResolver.resolve("0x1F", style: .plain), .int(31))
        XCTAssertEqual(ScalarResolver.resolve("1e308", style: .plain), .float(1e308))
        XCTAssertEqual(ScalarResolver.resolve("12345678901234567890", style: .plain), .float(12345678901234567890))
        XCTAssertEqual(ScalarResolver.resolve(".inf", style: .plain), .float(.infinity))
        XCTAssertEqual(ScalarResolver.resolve("1.5", style: .plain), .float(1.5))
        XCTAssertEqual(ScalarResolver.resolve(".5", style: .plain), .float(0.5))
        XCTAssertEqual(ScalarResolver.resolve("1.", style: .plain), .float(1))
        XCTAssertEqual(ScalarResolver.resolve("1e", style: .plain), .string("1e"))
        XCTAssertEqual(ScalarResolver.resolve("5", style: .doubleQuoted), .string("5"))
        guard case .float(let n) = ScalarResolver.resolve(".nan", style: .plain) else { return XCTFail() }
        XCTAssertTrue(n.isNaN)
    }
    /// Every spelling the core schema accepts, and near misses that stay strings.
    func testWordsAndNearMisses() {
        for w in ["null", "Null", "NULL", "~"] { XCTAssertEqual(ScalarResolver.resolve(w, style: .plain), .null, w) }
        for w in ["true", "True", "TRUE"] { XCTAssertEqual(ScalarResolver.resolve(w, style: .plain), .bool(true), w) }
        for w in ["false", "False", "FALSE"] { XCTAssertEqual(ScalarResolver.resolve(w, style: .plain), .bool(false), w) }
        for w in ["nul", "nulls", "nULL", "tRue", "truE ", "fals", "falsey", "~~", "n", "t", "f", "N", "T", "F", "none"] {
            XCTAssertEqual(ScalarResolver.resolve(w, style: .plain), .string(w), w)
        }
        for w in ["-.inf", "-.Inf", "-.INF"] { XCTAssertEqual(ScalarResolver.resolve(w, style: .plain), .float(-.infinity), w) }
        for w in ["+.inf", "+.Inf", "+.INF", ".Inf", ".INF"] { XCTAssertEqual(ScalarResolver.resolve(w, style: .plain), .float(.infinity), w) }
        for w in [".NaN", ".NAN"] {
            guard case .float(let n) = ScalarResolver.resolve(w, style: .plain) else { return XCTFail(w) }
            XCTAssertTrue(n.isNaN, w)
        }
        for w in [".inF", "-.nan", ".", "-", "+", "+-5", "--5", "1_000", "5px", "0x", "0xZ", "1.2.3", "1e5e5", "-."] {
            XCTAssertEqual(ScalarResolver.resolve(w, style: .plain), .string(w), w)
        }
        for style in [ScalarStyle.singleQuoted, .literal, .folded] {
            XCTAssertEqual(ScalarResolver.resolve("true", style: style), .string("true"))
        }
    }

    /// Integers at Int64's edges and one past them.
    func testIntegerEdges() {
        XCTAssertEqual(ScalarResolver.resolve("+5", style: .plain), .int(5))
        XCTAssertEqual(ScalarResolver.resolve("007", style: .plain), .int(7))
        XCTAssertEqual(ScalarResolver.resolve("-0", style: .plain), .int(0))
        XCTAssertEqual(ScalarResolver.resolve("0o17", style: .plain), .int(15))
        XCTAssertEqual(ScalarResolver.resolve("9223372036854775807", style: .plain), .int(.max))
        XCTAssertEqual(ScalarResolver.resolve("-9223372036854775808", style: .plain), .int(.min))
        XCTAssertEqual(ScalarResolver.resolve("9223372036854775808", style: .plain), .float(9223372036854775808))
        XCTAssertEqual(ScalarResolver.resolve("-9223372036854775809", style: .plain), .float(-9223372036854775809))
        XCTAssertEqual(ScalarResolver.resolve("+9223372036854775808", style: .plain), .float(9223372036854775808))
        XCTAssertEqual(ScalarResolver.resolve(String(repeating: "9", count: 400), style: .plain), .float(.infinity))
        XCTAssertEqual(ScalarResolver.resolve("-1.5e-3", style: .plain), .float(-0.0015))
    }
}
