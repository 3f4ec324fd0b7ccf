import XCTest
final class PlaceholderTests_TatamiModelTests: XCTestCase { func testNothingYet() {} }
