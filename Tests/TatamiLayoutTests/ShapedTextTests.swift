import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiTestSupport
import XCTest

/// Texts in font files (docs/format.md §5.1) through `TextProbe`, the measurement layout makes,
/// with expectations worked out from the fonts' tables (Inter: upem 2816, typo metrics 2728 /
/// −680 / 0, USE_TYPO_METRICS set; Noto Sans CJK JP: upem 1000, hhea 1160 / −288 / 0).
final class ShapedTextTests: XCTestCase {
    static let inter = Fixtures.repositoryRoot().appendingPathComponent("Examples/fonts/Inter-Regular.otf").path
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    func face(_ path: String, index: Int = 0) throws -> FontFile.Face {
        guard let data = FileManager.default.contents(atPath: path) else { throw XCTSkip("\(path) is not installed") }
        return FontFile.Face(path: path, index: index, bytes: FontBytes([UInt8](data)))
    }

    /// A line's height is the largest ascent plus the largest descent among the faces it uses and
    /// the primary face. At 17: Inter A = round(2728/2816·17) = round(16.47) = 16, D =
    /// round(680/2816·17) = round(4.10) = 4; Noto CJK A = round(1.160·17) = round(19.72) = 20,
    /// D = round(0.288·17) = round(4.90) = 5. A Latin line is 20 tall with its baseline at 16; a
    /// line with ideographs (drawn by the fallback) is 20 + 5 = 25, baseline 20.
    func testALineIsAsTallAsTheFacesItUses() throws {
        let font = FontFile(faces: [try face(Self.inter), try face(Self.cjk)], size: 17)
        let latin = try XCTUnwrap(TextProbe.measure("Tokyo", font: font, width: 1000, lineLimit: nil))
        XCTAssertEqual([latin.height64, latin.baseline64], [20 * 64, 16 * 64])
        let mixed = try XCTUnwrap(TextProbe.measure("Tokyo 東京", font: font, width: 1000, lineLimit: nil))
        XCTAssertEqual([mixed.height64, mixed.baseline64], [25 * 64, 20 * 64])
        // Two lines: the first Latin only (20, baseline 16), the second with ideographs (25).
        let two = try XCTUnwrap(TextProbe.measure("Tokyo\n東京", font: font, width: 1000, lineLimit: nil))
        XCTAssertEqual([two.height64, two.baseline64], [45 * 64, 16 * 64])
        XCTAssertEqual(two.lineStarts, [0, 6])
    }

    /// Ideographs break between each other (UAX #14 ID ÷ ID); each is just under 17 px in Noto
    /// CJK at 17: x_scale = FT_DivFix(17·64, 1000) = round(1088·65,536 / 1000) = 71,303, and an
    /// advance of 1000 units is FT_MulDiv(1000, 71,303, 64) = round(1,114,109.4) = 1,114,109
    /// (16.99996 px). Two are 2,228,218, rounded up to 1/64: 2,176/64 = 34; one 1,088/64 = 17.
    /// In 40 px, two fit on a line and the third goes to the next.
    func testIdeographsWrapBetweenEachOther() throws {
        let font = FontFile(faces: [try face(Self.cjk)], size: 17)
        let p = try XCTUnwrap(TextProbe.measure("東京都", font: font, width: 40, lineLimit: nil))
        XCTAssertEqual(p.lineStarts, [0, 6])
        XCTAssertEqual(p.lineWidths64, [34 * 64, 17 * 64])
    }
}
