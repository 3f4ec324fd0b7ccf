import XCTest
@testable import TatamiText

/// Faces, advances and metrics, against numbers worked out by hand from the fonts' tables with
/// FreeType's fixed-point formulas (docs/text-reference.md 1a, 1b): for Inter Regular (upem
/// 2816) at 17 px, x_scale = FT_DivFix(17·64, 2816) = 25,321 and an advance of `a` units is
/// FT_MulDiv(a, 25,321, 64) in 16.16 px.
final class FontFaceTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let inter = root.appendingPathComponent("Examples/fonts/Inter-Regular.otf").path

    static func face(_ path: String, index: Int = 0) throws -> FontFace {
        guard let data = FileManager.default.contents(atPath: path) else { throw XCTSkip("\(path) is not installed") }
        return try FontFace.load(bytes: [UInt8](data), index: index).get()
    }

    func width(_ chain: FontChain, _ s: String) -> Double {
        let sum = chain.shape(s[...]).reduce(Int64(0)) { $0 + $1.advance }
        return Double((sum + 1023) >> 10) / 64
    }

    func testAdvancesAreFreeTypesLinearAdvancesSummedAndRoundedUp() throws {
        let chain = FontChain([try Self.face(Self.inter).at(size: 17)])
        // `i`: 668 units → 264,288 / 65,536 px; ten of them 2,642,880 → up to 40.328125.
        XCTAssertEqual(width(chain, "iiiiiiiiii"), 40.328125)
        // `W`: 2,672 units → 1,057,152; ten of them 161.3125.
        XCTAssertEqual(width(chain, "WWWWWWWWWW"), 161.3125)
    }

    func testLineMetricsAreTypoMetricsRoundedOneByOne() throws {
        // Inter sets USE_TYPO_METRICS: typo 2728 / −680 / 0 at 17 px: 16.47 → 16, 4.10 → 4.
        let f = try Self.face(Self.inter).at(size: 17)
        XCTAssertEqual([f.ascent, f.descent, f.lineGap, f.normalLineHeight], [16, 4, 0, 20])
    }

    func testHostileBytesAreErrorsNotCrashes() throws {
        XCTAssertEqual(FontFace.load(bytes: Array("hello".utf8), index: 0).failureValue, .notAFont)
        XCTAssertEqual(FontFace.load(bytes: [], index: 0).failureValue, .notAFont)
        let real = [UInt8](FileManager.default.contents(atPath: Self.inter) ?? Data())
        guard !real.isEmpty else { throw XCTSkip("no Inter") }
        // Truncated at every power of two and with flipped bytes: an error or a usable face,
        // never a crash.
        var n = 16
        while n < real.count {
            _ = FontFace.load(bytes: Array(real.prefix(n)), index: 0)
            n *= 2
        }
        var corrupt = real
        for i in stride(from: 0, to: corrupt.count, by: 997) { corrupt[i] ^= 0x5A }
        if case .success(let f) = FontFace.load(bytes: corrupt, index: 0) { _ = FontChain([f.at(size: 12)]).shape("Hello"[...]) }
        XCTAssertEqual(FontFace.load(bytes: real, index: 1).failureValue, .noSuchFace(index: 1, count: 1))
    }

    func testCollectionFaceTakenOutIsAFontOfItsOwn() throws {
        let path = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        guard let data = FileManager.default.contents(atPath: path) else { throw XCTSkip("\(path) is not installed") }
        let bytes = [UInt8](data)
        let sc = try FontFace.load(bytes: bytes, index: 2).get()
        let alone = try XCTUnwrap(FontCollection.standaloneFace(bytes, index: 2))
        let single = try FontFace.load(bytes: alone, index: 0).get()
        XCTAssertEqual(single.faceCount, 1)
        XCTAssertEqual(single.familyName, sc.familyName)
        XCTAssertEqual(single.glyphCount, sc.glyphCount)
        XCTAssertNil(FontCollection.standaloneFace(Array("not a collection".utf8), index: 0))
    }

    /// FreeType opens a WOFF file, HarfBuzz does not: loaded, every character shaped as `.notdef`
    /// and reported as `missing-glyph`. The file is refused instead. (Inter's tables wrapped in
    /// WOFF 1.0 uncompressed: a table whose compressed length equals its length is stored as is.)
    func testWOFFIsRefusedNotShapedAsMissingGlyphs() throws {
        let sfnt = [UInt8](FileManager.default.contents(atPath: Self.inter) ?? Data())
        guard !sfnt.isEmpty else { throw XCTSkip("no Inter") }
        func u16(_ at: Int) -> Int { Int(sfnt[at]) << 8 | Int(sfnt[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        func put(_ out: inout [UInt8], _ v: Int, _ n: Int) { for k in (0..<n).reversed() { out.append(UInt8(v >> (8 * k) & 0xFF)) } }
        let n = u16(4)
        var directory: [UInt8] = [], data: [UInt8] = []
        var offset = 44 + 20 * n, total = 12 + 16 * n
        for t in 0..<n {
            let r = 12 + 16 * t
            let (checksum, from, length) = (u32(r + 4), u32(r + 8), u32(r + 12))
            directory += sfnt[r..<r + 4]
            put(&directory, offset, 4); put(&directory, length, 4); put(&directory, length, 4); put(&directory, checksum, 4)
            data += sfnt[from..<from + length]
            let padded = (length + 3) & ~3
            data += [UInt8](repeating: 0, count: padded - length)
            offset += padded
            total += padded
        }
        var woff = Array("wOFF".utf8) + sfnt[0..<4]
        put(&woff, 44 + directory.count + data.count, 4); put(&woff, n, 2); put(&woff, 0, 2); put(&woff, total, 4)
        put(&woff, 1, 2); put(&woff, 0, 2)
        woff += [UInt8](repeating: 0, count: 20)  // no metadata, no private data
        woff += directory + data
        XCTAssertEqual(FontFace.load(bytes: woff, index: 0).failureValue, .notOpenType)
    }

    /// Found by fuzz-fonts (Fuzz/regressions/fuzz-fonts/ttc-directory-past-the-end): a collection
    /// whose face directory starts 8 bytes before the end and says it has no tables. The table
    /// count could be read, the rest of the 12-byte directory could not: copying it trapped.
    func testCollectionWhoseFaceDirectoryIsCutShortIsNotAFace() {
        // "ttcf", version, 4,352 faces, face 0 at 0, face 1 at 12: 0 tables, then the end.
        let bytes: [UInt8] = [0x74, 0x74, 0x63, 0x66, 0, 0, 0x18, 0, 0, 0, 0x11, 0, 0, 0, 0, 0, 0, 0, 0, 0x0C]
        XCTAssertNil(FontCollection.standaloneFace(bytes, index: 1))
        // Every shorter and longer cut of a directory with one table record: nil until it is whole.
        var ttc: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16]
        ttc += [0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]  // sfnt version, 1 table
        ttc += Array("abcd".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]  // at offset 0, 0 bytes long
        for n in 0..<ttc.count { XCTAssertNil(FontCollection.standaloneFace(Array(ttc.prefix(n)), index: 0), "\(n) bytes") }
        let whole = FontCollection.standaloneFace(ttc, index: 0)
        XCTAssertEqual(whole?.count, 12 + 16)
    }
}

extension Result {
    var failureValue: Failure? { if case .failure(let e) = self { return e } else { return nil } }
}
