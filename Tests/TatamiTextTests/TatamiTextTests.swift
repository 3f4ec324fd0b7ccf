import XCTest
@testable import TatamiText
