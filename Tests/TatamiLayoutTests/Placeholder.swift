import XCTest
final class PlaceholderTests_TatamiLayoutTests: XCTestCase { func testNothingYet() {} }
