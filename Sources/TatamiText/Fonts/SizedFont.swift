import CFreeType
import CHarfBuzz
import Foundation

/// A face at one size in pixels (a Tatami point is a CSS pixel): the advances and vertical
/// metrics Chromium computes for it, and a HarfBuzz font that shapes with those advances.
///
/// Chromium does not take a glyph's advance from HarfBuzz's own tables: Skia asks FreeType, which
/// scales the design advance to 26.6 fixed point (1/64 px) when it loads the glyph unhinted, and
/// for a colour bitmap face reads the strike's advance and scales it by size / strike ppem. The
/// HarfBuzz font here is a sub-font of the face's whose advance callback returns exactly those
/// values, so kerning and other GPOS adjustments are added by HarfBuzz on top of them, as in
/// Chromium. Advances are looked up once per glyph and kept (`advances`).
public final class SizedFont: @unchecked Sendable {
    public let face: FontFace
    /// The size in pixels (CSS `font-size`).
    public let size: Double
    let hbFont: OpaquePointer
    /// Per glyph: its advance in HarfBuzz units (1/65,536 px), or -1 before it is looked up.
    /// Guarded by the face's lock (FreeType is consulted under it anyway).
    private var advances: [Int32]

    /// Ascent, descent and line gap in pixels, each rounded to a whole pixel as Blink rounds them
    /// on Linux; `normalLineHeight` is their sum (CSS `line-height: normal`).
    public let ascent: Double
    public let descent: Double
    public let lineGap: Double
    public var normalLineHeight: Double { ascent + descent + lineGap }

    init(face: FontFace, size: Double) {
        self.face = face
        self.size = size
        advances = Array(repeating: -1, count: max(1, face.glyphCount))
        let sub = hb_font_create_sub_font(face.hbFont)!
        // Chromium's scale: the size in single precision, in 16.16, truncated.
        let scale = Int32(clamping: Int(Float(size) * 65536))
        hb_font_set_scale(sub, scale, scale)
        hbFont = sub
        let m = SizedFont.verticalMetrics(face, size: size)
        ascent = m.ascent
        descent = m.descent
        lineGap = m.lineGap
        hb_font_set_funcs(sub, SizedFont.funcs, Unmanaged.passUnretained(self).toOpaque(), nil)
        hb_font_make_immutable(sub)
    }

    deinit { hb_font_destroy(hbFont) }

    /// The font functions every sized font uses: the advance from FreeType (`advance(of:)`);
    /// everything else (character map, GPOS, GSUB, extents) falls through to the parent font,
    /// scaled by HarfBuzz.
    nonisolated(unsafe) private static let funcs: OpaquePointer = {
        let f = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advance_func(f, { _, fontData, glyph, _ in
            Unmanaged<SizedFont>.fromOpaque(fontData!).takeUnretainedValue().advance(of: glyph)
        }, nil, nil)
        hb_font_funcs_make_immutable(f)
        return f
    }()

    /// A glyph's advance in HarfBuzz units (1/65,536 px).
    func advance(of glyph: hb_codepoint_t) -> hb_position_t {
        let g = Int(glyph)
        face.lock.lock()
        defer { face.lock.unlock() }
        if g < advances.count, advances[g] >= 0 { return advances[g] }
        let value = loadAdvance(glyph)
        if g < advances.count { advances[g] = value }
        return value
    }

    /// The advance FreeType gives the glyph (the caller holds the face's lock), in 16.16 pixels:
    /// the unhinted glyph's `linearHoriAdvance` at the size truncated to 26.6, which carries
    /// FreeType's own rounding of its scale (Chromium's advances, docs/text-reference.md 1a); for
    /// a colour bitmap face, the strike's advance scaled by size / strike ppem.
    private func loadAdvance(_ glyph: hb_codepoint_t) -> Int32 {
        let ft = face.ftFace
        if let strike = face.bitmapStrike {
            guard FT_Select_Size(ft, FT_Int(strike.index)) == 0,
                  FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_COLOR)) == 0 else { return 0 }
            let pixels = Double(ft.pointee.glyph.pointee.advance.x) / 64 * size / strike.ppem
            return Int32(clamping: Int(pixels * 65536))
        }
        guard FT_Set_Char_Size(ft, FT_F26Dot6(Int(Float(size) * 64)), 0, 72, 72) == 0,
              FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_AUTOHINT | FT_LOAD_NO_BITMAP)) == 0 else {
            return 0
        }
        return Int32(clamping: Int(ft.pointee.glyph.pointee.linearHoriAdvance))
    }

    /// Ascent, descent and line gap in pixels as Blink computes them on Linux (docs/text-reference.md
    /// 1b): the OS/2 typographic metrics when the face asks for them (USE_TYPO_METRICS), else hhea's
    /// (a colour bitmap face too, not its strike's), scaled to the size in single precision and
    /// each rounded to a whole pixel, halves up.
    static func verticalMetrics(_ face: FontFace, size: Double) -> (ascent: Double, descent: Double, lineGap: Double) {
        let m = face.lineMetrics
        let upem = Float(max(1, face.unitsPerEm)), s = Float(size)
        func px(_ units: Int) -> Double { Double((Float(abs(units)) / upem * s).rounded(.toNearestOrAwayFromZero)) }
        return (px(m.ascender), px(m.descender), m.lineGap > 0 ? px(m.lineGap) : 0)
    }
}

extension FontFace {
    private static let sizedLock = NSLock()
    nonisolated(unsafe) private static var sized: [SizedKey: SizedFont] = [:]

    private struct SizedKey: Hashable {
        let face: ObjectIdentifier
        let size: Double
    }

    /// This face at `size` pixels, made once per process and shared (sized fonts are immutable
    /// but for their advance table, which fills under the face's lock).
    public func at(size: Double) -> SizedFont {
        let key = SizedKey(face: ObjectIdentifier(self), size: size)
        FontFace.sizedLock.lock()
        defer { FontFace.sizedLock.unlock() }
        if let known = FontFace.sized[key] { return known }
        let font = SizedFont(face: self, size: size)
        FontFace.sized[key] = font
        return font
    }

    /// This face at `size` pixels, made for the caller alone: `at(size:)` keeps what it makes
    /// (and so the face) for the life of the process, which a caller that loads faces for a
    /// moment does not want (the font fuzzer loads one per input).
    public func unshared(size: Double) -> SizedFont {
        SizedFont(face: self, size: size)
    }
}
