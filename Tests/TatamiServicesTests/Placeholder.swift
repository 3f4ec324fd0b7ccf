import XCTest
final class PlaceholderTests_TatamiServicesTests: XCTestCase { func testNothingYet() {} }
