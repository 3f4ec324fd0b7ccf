import XCTest
@testable import TatamiYAML

/// `YAML11Resolver`: each implicit type of the YAML 1.1 type repository (yaml.org/type/) against
/// examples, the ones its page gives and near misses, worked out by hand from its definition.
final class YAML11ResolverTests: XCTestCase {
    private func kinds(_ texts: [String]) -> [YAML11Resolver.Kind] { texts.map(YAML11Resolver.kind(of:)) }

    func testBool() {
        let yes = ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE",
                   "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF"]
        XCTAssertEqual(kinds(yes), Array(repeating: .bool, count: yes.count))
        // Mixed case other than a capital first letter, and longer words, are strings.
        let no = ["yES", "oN", "oFF", "tRUE", "yess", "ye", "o", "nO", "Ye"]
        XCTAssertEqual(kinds(no), Array(repeating: .string, count: no.count))
    }

    func testNull() {
        XCTAssertEqual(kinds(["~", "null", "Null", "NULL", ""]), [.null, .null, .null, .null, .null])
        XCTAssertEqual(kinds(["nULL", "~~", "nil", "None"]), [.string, .string, .string, .string])
    }

    func testInt() {
        // The page's examples: 685230 written six ways.
        let page = ["685230", "+685_230", "02472256", "0x_0A_74_AE", "0b1010_0111_0100_1010_1110", "190:20:30"]
        XCTAssertEqual(kinds(page), Array(repeating: .int, count: page.count))
        let more = ["0", "-0", "+1", "1_000", "1__", "0b101", "-0b1", "012", "0_7", "0x1F", "0xff", "1:20", "-1:20",
                    "1:5:5", "1:05", "20011214",
                    // Wider than the definition, as ruamel.yaml reads decimals: underscores anywhere.
                    "0_9", "+_1", "09", "+_", "-__",
                    // YAML 1.2's octal, as ruamel.yaml reads it (underscores too).
                    "0o7", "0o_", "-0o17"]
        XCTAssertEqual(kinds(more), Array(repeating: .int, count: more.count))
        // Not digits of their base, a sexagesimal group past 59 or starting with 0, nothing after
        // a base's prefix, an underscore first: strings (or another type, below).
        let not = ["0b2", "0xg", "0b", "0x", "1:60", "0:30", "1:123", "_1", "1-2", "+", "-", "1a", "0o8", "0o", "1:", "1::2"]
        XCTAssertEqual(kinds(not), Array(repeating: .string, count: not.count), "\(zip(not, kinds(not)).filter { $0.1 != .string })")
    }

    func testFloat() {
        // The page's examples: 685230.15 written five ways, infinity and not-a-number.
        let page = ["6.8523015e+5", "685.230_15e+03", "685_230.15", "190:20:30.15", "-.inf", ".NaN"]
        XCTAssertEqual(kinds(page), Array(repeating: .float, count: page.count))
        let more = ["1_0.5", "1.", "0.", ".5", "+.5", "1.0e+3", "1.0e3", "1.0E-3", "1:20.5", "0:30.5", "1:7.", ".inf", ".Inf", ".INF",
                    "+.inf", ".nan", ".NAN", "1.2.3", "1_000.0",
                    // The definition's `([0-9][0-9_]*)?\.[0-9.]*` takes a point alone.
                    ".", "+.",
                    // YAML 1.2's float without a point, underscores as ruamel.yaml reads them.
                    "1e3", "1_0e5", "5_E+0", "-1e-3"]
        XCTAssertEqual(kinds(more), Array(repeating: .float, count: more.count), "\(zip(more, kinds(more)).filter { $0.1 != .float })")
        // Letters, an empty exponent, an exponent without digits before it.
        let not = ["e3", "_1e3", "+e3", "1.5e3x", "1.5e", "1.5e+", "inf", "Inf", "nan", ".infinity", "_1.5", "1:60.5", "v1.2"]
        XCTAssertEqual(kinds(not), Array(repeating: .string, count: not.count), "\(zip(not, kinds(not)).filter { $0.1 != .string })")
    }

    func testTimestamp() {
        // The page's examples.
        let page = ["2001-12-15T02:59:43.1Z", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
                    "2001-12-15 2:59:43.10", "2002-12-14"]
        XCTAssertEqual(kinds(page), Array(repeating: .timestamp, count: page.count))
        let more = ["2001-1-1 1:00:00", "2001-12-14T21:59:43Z", "2001-12-14 21:59:43 +5:30", "2001-12-14   21:59:43.",
                    "2001-12-14\t21:59:43", "2001-12-14 21:59:43.10 Z", "2001-12-14t21:59:43+05"]
        XCTAssertEqual(kinds(more), Array(repeating: .timestamp, count: more.count), "\(zip(more, kinds(more)).filter { $0.1 != .timestamp })")
        // A short date without a time, a missing part, three-digit fields, a bad zone: strings.
        let not = ["2001-1-1", "2001-12", "01-12-14", "2001-12-14x", "2001-12-14T21:59", "2001-12-14T21:59:4",
                   "2001-123-14", "2001-12-14T21:59:43+", "2001-12-14T21:59:43 X", "2001-12-14T21:59:43+5:3", "20011214T"]
        XCTAssertEqual(kinds(not), Array(repeating: .string, count: not.count), "\(zip(not, kinds(not)).filter { $0.1 != .string })")
    }

    func testValueAndMerge() {
        XCTAssertEqual(kinds(["=", "<<"]), [.value, .merge])
        XCTAssertEqual(kinds(["==", "<", "<<<", "= x", "<<a"]), [.string, .string, .string, .string, .string])
    }

    func testOrdinaryTextIsAString() {
        let texts = ["hello", "Avocado Toast", "a: b", "v1.2.3-beta", "12 apples", "1,000", "$1.50", "#fff", "x=1", "yes please"]
        XCTAssertEqual(kinds(texts), Array(repeating: .string, count: texts.count))
    }
}
