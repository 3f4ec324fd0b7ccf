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
}
