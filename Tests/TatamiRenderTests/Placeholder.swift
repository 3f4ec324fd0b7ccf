import XCTest
final class PlaceholderTests_TatamiRenderTests: XCTestCase { func testNothingYet() {} }
