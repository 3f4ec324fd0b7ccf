import CFreeType
import CHarfBuzz
import Foundation
import TatamiBase

/// Why a font file could not be used: what `FontFace.load` reports instead of throwing, so a
/// caller can turn it into a diagnostic at the file's `file:` value.
public enum FontLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// FreeType does not recognise the bytes as a font (truncated, corrupted, another format).
    case notAFont
    /// The file holds `count` faces and `index` is not one of them (a `.ttc` collection).
    case noSuchFace(index: Int, count: Int)
    /// A face without outlines or a colour bitmap strike to size (e.g. a bitmap font of fixed
    /// sizes only): nothing to measure at an arbitrary size.
    case notScalable
    /// A face without a Unicode character map: no character can be looked up in it.
    case noUnicodeMap
    /// FreeType reads the file but HarfBuzz, which shapes, cannot: it is not an sfnt (WOFF, WOFF2,
    /// Type 1, a bitmap format). Shaped, every character would be `.notdef`.
    case notOpenType

    public var description: String {
        switch self {
        case .notAFont: return "not a font file FreeType can read (TrueType, OpenType or a collection)"
        case .noSuchFace(let index, let count):
            return count == 1 ? "the file holds one face; index \(index) is not it (use 0)"
                : "the file holds \(count) faces (0–\(count - 1)); index \(index) is not one of them"
        case .notScalable: return "the face has neither outlines nor a colour bitmap strike: it cannot be sized"
        case .noUnicodeMap: return "the face has no Unicode character map"
        case .notOpenType:
            return """
                FreeType reads it but HarfBuzz cannot shape it: only TrueType and OpenType files and collections \
                are read, not WOFF, WOFF2 or Type 1 (decompress or convert it to a .ttf or .otf)
                """
        }
    }
}

/// One face of a font file, loaded: FreeType's face (advances, vertical metrics, bitmap strikes)
/// and HarfBuzz's face (shaping) over one copy of the file's bytes.
///
/// Immutable once loaded, and shared: every text set in the same file and face at any size uses
/// the same `FontFace` (`FontFace.cached`). FreeType's face is not thread-safe, so every call
/// into it holds `lock`; HarfBuzz's objects are safe to use from several threads.
public final class FontFace: @unchecked Sendable {
    /// The file's bytes: FreeType and HarfBuzz read them in place for the face's lifetime.
    private let storage: UnsafeMutableRawBufferPointer
    private let library: FT_Library
    let ftFace: FT_Face
    let hbFace: OpaquePointer
    /// The face at its units-per-em scale, with HarfBuzz's own OpenType functions: the parent of
    /// every sized font (`SizedFont`), which supplies Chromium's advances over it.
    let hbFont: OpaquePointer
    let lock = NSLock()

    /// The face's design units per em (2,816 for Inter, 2,048 for most TrueType fonts).
    public let unitsPerEm: Int
    public let familyName: String
    public let styleName: String
    /// How many faces the file holds (more than one for a `.ttc` collection).
    public let faceCount: Int
    public let glyphCount: Int
    /// The face draws colour bitmaps from a fixed strike (CBDT/sbix, e.g. Noto Color Emoji): its
    /// advances come from the strike, scaled to the size (as Chromium takes them through Skia).
    public let bitmapStrike: (index: Int, ppem: Double)?
    /// The ascender, descender (negative below the baseline) and line gap in design units that
    /// set a line's height: OS/2's typographic ones when the face sets USE_TYPO_METRICS (bit 7
    /// of `fsSelection`), else hhea's (as Skia reads them for Blink).
    let lineMetrics: (ascender: Int, descender: Int, lineGap: Int)
    /// The face draws colour glyphs (a bitmap strike, or COLR): emoji prefer it.
    public let isColor: Bool

    private init(storage: UnsafeMutableRawBufferPointer, library: FT_Library, ftFace: FT_Face, hbFace: OpaquePointer,
                 hbFont: OpaquePointer, faceCount: Int, bitmapStrike: (index: Int, ppem: Double)?) {
        self.storage = storage
        self.library = library
        self.ftFace = ftFace
        self.hbFace = hbFace
        self.hbFont = hbFont
        self.faceCount = faceCount
        self.bitmapStrike = bitmapStrike
        let record = ftFace.pointee
        // A bitmap-only face reports 0 units per em; its `head` table still has them.
        if record.units_per_EM == 0, let head = FT_Get_Sfnt_Table(ftFace, FT_SFNT_HEAD) {
            unitsPerEm = Int(head.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
        } else {
            unitsPerEm = Int(record.units_per_EM)
        }
        familyName = record.family_name.map { String(cString: $0) } ?? ""
        styleName = record.style_name.map { String(cString: $0) } ?? ""
        glyphCount = Int(record.num_glyphs)
        isColor = record.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        lineMetrics = FontFace.readLineMetrics(ftFace)
    }

    private static func readLineMetrics(_ face: FT_Face) -> (ascender: Int, descender: Int, lineGap: Int) {
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version != 0xFFFF, os2.fsSelection & (1 << 7) != 0 {
                return (Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap))
            }
        }
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            return (Int(hhea.Ascender), Int(hhea.Descender), Int(hhea.Line_Gap))
        }
        let r = face.pointee
        return (Int(r.ascender), Int(r.descender), max(0, Int(r.height) - Int(r.ascender) + Int(r.descender)))
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(ftFace)
        FT_Done_FreeType(library)
        storage.deallocate()
    }

    /// Loads face `index` of a font file's bytes. Never crashes on hostile bytes: FreeType and
    /// HarfBuzz validate what they read, and what they refuse is an error value.
    public static func load(bytes: [UInt8], index: Int) -> Result<FontFace, FontLoadError> {
        guard !bytes.isEmpty, index >= 0, index < 0x10000 else {
            return .failure(index < 0 || index >= 0x10000 ? .noSuchFace(index: index, count: 1) : .notAFont)
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return .failure(.notAFont) }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        let base = storage.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
        func fail(_ error: FontLoadError, face: FT_Face? = nil) -> Result<FontFace, FontLoadError> {
            if let face { FT_Done_Face(face) }
            FT_Done_FreeType(library)
            storage.deallocate()
            return .failure(error)
        }
        // How many faces the file holds (face index -1 asks without loading one).
        var probe: FT_Face?
        guard FT_New_Memory_Face(library, base, FT_Long(bytes.count), -1, &probe) == 0, let probe else {
            return fail(.notAFont)
        }
        let count = max(1, Int(probe.pointee.num_faces))
        FT_Done_Face(probe)
        guard index < count else { return fail(.noSuchFace(index: index, count: count)) }
        var loaded: FT_Face?
        guard FT_New_Memory_Face(library, base, FT_Long(bytes.count), FT_Long(index), &loaded) == 0, let face = loaded else {
            return fail(.notAFont)
        }
        let flags = face.pointee.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        var strike: (index: Int, ppem: Double)? = nil
        if !scalable {
            // A colour bitmap font: the largest strike (Chromium's Skia picks the strike nearest
            // above the size; Noto Color Emoji has one, 109 ppem).
            let n = Int(face.pointee.num_fixed_sizes)
            guard flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, n > 0, let sizes = face.pointee.available_sizes else {
                return fail(.notScalable, face: face)
            }
            var best = 0
            for i in 0..<n where sizes[i].y_ppem > sizes[best].y_ppem { best = i }
            let ppem = Double(sizes[best].y_ppem) / 64
            guard ppem > 0, FT_Select_Size(face, FT_Int(best)) == 0 else { return fail(.notScalable, face: face) }
            strike = (best, ppem)
        }
        guard face.pointee.charmap != nil, face.pointee.units_per_EM > 0 || strike != nil else {
            return fail(.noUnicodeMap, face: face)
        }
        // HarfBuzz reads the same bytes; the blob does not own them (the face does).
        guard let blob = hb_blob_create(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                        HB_MEMORY_MODE_READONLY, nil, nil) else { return fail(.notAFont, face: face) }
        let hbFace = hb_face_create(blob, UInt32(index))!
        hb_blob_destroy(blob)
        // HarfBuzz reads sfnt files only; FreeType also opens WOFF, WOFF2, Type 1 and bitmap
        // formats, which HarfBuzz sees as a face without glyphs.
        guard hb_face_get_glyph_count(hbFace) > 0 else {
            hb_face_destroy(hbFace)
            return fail(.notOpenType, face: face)
        }
        let hbFont = hb_font_create(hbFace)!
        let upem = Int32(max(1, face.pointee.units_per_EM))
        hb_font_set_scale(hbFont, upem, upem)
        hb_font_make_immutable(hbFont)
        return .success(FontFace(storage: storage, library: library, ftFace: face, hbFace: hbFace, hbFont: hbFont,
                                 faceCount: count, bitmapStrike: strike))
    }

    /// Whether the face maps `scalar` to a glyph (not `.notdef`).
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 && glyph != 0
    }

    // MARK: - Shared faces

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [FaceKey: Result<FontFace, FontLoadError>] = [:]

    private struct FaceKey: Hashable {
        let bytes: FontBytes
        let index: Int
    }

    /// The face for these bytes and index, loaded once per process and shared by every text,
    /// file and thread (faces are immutable). Failures are remembered too: a corrupt file is
    /// parsed once.
    public static func cached(_ bytes: FontBytes, index: Int) -> Result<FontFace, FontLoadError> {
        let key = FaceKey(bytes: bytes, index: index)
        cacheLock.lock()
        if let known = cache[key] {
            cacheLock.unlock()
            return known
        }
        cacheLock.unlock()
        let result = load(bytes: bytes.bytes, index: index)
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let raced = cache[key] { return raced }
        cache[key] = result
        return result
    }
}
