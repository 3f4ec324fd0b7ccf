import XCTest
@testable import TatamiText

final class FontFaceTests: XCTestCase {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let interBold = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"

    func face(_ path: String, index: Int = 0) throws -> FontFace {
        guard let data = FileManager.default.contents(atPath: path) else { throw XCTSkip("\(path) is not installed") }
        return try FontFace.load(bytes: [UInt8](data), index: index).get()
    }

    func testIssueFigures() throws {
        let regular = try face(Self.inter), bold = try face(Self.interBold)
        func w(_ f: FontFace, _ size: Double, _ s: String) -> Float { FontChain([f.at(size: size)]).measure(s[...].utf8).width }
        print(w(regular, 17, "iiiiiiiiii"), w(regular, 17, "WWWWWWWWWW"), w(bold, 28, "Avocado Toast"),
              w(regular, 12, "Ingredients: Avocado, Almond Butter, Bread, Red Pepper Flakes"))
        let r = regular.at(size: 17)
        print(r.ascent, r.descent, r.lineGap, regular.unitsPerEm, regular.ascender, regular.descender, regular.height)
    }

    func testNotAFont() {
        XCTAssertEqual(FontFace.load(bytes: Array("hello".utf8), index: 0).failureValue, .notAFont)
    }
}

extension Result {
    var failureValue: Failure? { if case .failure(let e) = self { return e } else { return nil } }
}
