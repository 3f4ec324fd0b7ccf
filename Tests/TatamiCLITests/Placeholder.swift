import XCTest
final class PlaceholderTests_TatamiCLITests: XCTestCase { func testNothingYet() {} }
