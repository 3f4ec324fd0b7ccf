import CHarfBuzz
import Foundation

/// One shaped cluster: HarfBuzz's cluster value (the UTF-8 offset, in the shaped text, of the
/// cluster's first byte), the advance of its glyphs in pixels, and whether any face of the chain
/// drew it (false: every face lacked a glyph, and the primary face's `.notdef` stands in).
public struct ShapedCluster: Sendable, Equatable {
    public var offset: Int
    public var advance: Float
    public var covered: Bool
}

/// A primary face and its fallbacks at one size: what a text is set in.
///
/// Shaping follows Chromium's font fallback: the text is shaped in the primary face; the runs of
/// clusters it has no glyph for are shaped again in the next face, and so on; what no face has
/// keeps the primary face's `.notdef`. HarfBuzz decomposes a character a face lacks into base
/// plus combining marks when the face has those (`ź` as `z` + U+0301), so such a letter stays in
/// its face, as in Chromium.
public final class FontChain: @unchecked Sendable {
    public let fonts: [SizedFont]
    public var primary: SizedFont { fonts[0] }

    /// Shaped words (`width(of:)`) by their bytes. A chain is one font, size, and the default
    /// language and features, so the bytes (which decide the script) are the whole key.
    private var words: [WordKey: [ShapedCluster]] = [:]
    private let wordsLock = NSLock()

    public init(_ fonts: [SizedFont]) {
        precondition(!fonts.isEmpty, "a chain has a primary face")
        self.fonts = fonts
    }

    /// The clusters of `text`, shaped: HarfBuzz clusters in logical order with their advances.
    public func shape(_ text: Substring.UTF8View) -> [ShapedCluster] {
        var bytes = Array(text)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var result: [ShapedCluster] = []
            for run in ScriptRuns(buffer) {
                shape(buffer, run.range, script: run.script, face: 0, into: &result)
            }
            return result
        }
    }

    /// The width of a text in pixels: its clusters' advances summed as Chromium sums them (in
    /// single precision), and whether every cluster had a glyph.
    public func measure(_ text: Substring.UTF8View) -> (width: Float, covered: Bool) {
        var width: Float = 0
        var covered = true
        for c in shape(text) {
            width += c.advance
            covered = covered && c.covered
        }
        return (width, covered)
    }

    /// One word (a piece between break opportunities) shaped, from the chain's cache: its
    /// clusters, offsets relative to the word's first byte.
    public func shape(word text: Substring.UTF8View) -> [ShapedCluster] {
        let key = WordKey(text)
        wordsLock.lock()
        if let w = words[key] {
            wordsLock.unlock()
            return w
        }
        wordsLock.unlock()
        let w = shape(text)
        wordsLock.lock()
        words[key] = w
        wordsLock.unlock()
        return w
    }

    /// Shapes `range` of `text` in face `face` of the chain, appending its clusters in logical
    /// order; clusters the face lacks go to the next face.
    private func shape(_ text: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t, face: Int,
                       into result: inout [ShapedCluster]) {
        guard !range.isEmpty else { return }
        let font = fonts[face]
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        text.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        // Clusters in logical order (HarfBuzz gives right-to-left runs in visual order).
        var clusters: [(offset: Int, advance: Int64, missing: Bool)] = []
        let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        for k in 0..<Int(count) {
            let i = rtl ? Int(count) - 1 - k : k
            let offset = Int(infos[i].cluster)
            let missing = infos[i].codepoint == 0
            if let last = clusters.last, last.offset == offset {
                clusters[clusters.count - 1].advance += Int64(positions[i].x_advance)
                clusters[clusters.count - 1].missing = last.missing || missing
            } else {
                clusters.append((offset, Int64(positions[i].x_advance), missing))
            }
        }
        var k = 0
        while k < clusters.count {
            let c = clusters[k]
            if !c.missing || face + 1 == fonts.count {
                result.append(ShapedCluster(offset: c.offset, advance: Float(Double(c.advance) / 65536),
                                            covered: !c.missing))
                k += 1
                continue
            }
            // A run of clusters this face lacks: shaped again in the next face.
            var j = k
            while j < clusters.count && clusters[j].missing { j += 1 }
            let end = j < clusters.count ? clusters[j].offset : range.upperBound
            shape(text, c.offset..<end, script: script, face: face + 1, into: &result)
            k = j
        }
    }
}

/// A word's bytes, hashed once.
private struct WordKey: Hashable {
    let bytes: [UInt8]
    init(_ text: Substring.UTF8View) { bytes = Array(text) }
}

/// A text split into runs of one script (Common and Inherited characters join the run around
/// them), as HarfBuzz shapes one script at a time.
struct ScriptRuns: Sequence, IteratorProtocol {
    let text: UnsafeMutableBufferPointer<UInt8>
    var position = 0
    private static let unicode = hb_unicode_funcs_get_default()

    init(_ text: UnsafeMutableBufferPointer<UInt8>) { self.text = text }

    mutating func next() -> (range: Range<Int>, script: hb_script_t)? {
        guard position < text.count else { return nil }
        let start = position
        var script = HB_SCRIPT_COMMON
        var i = position
        while i < text.count {
            let (scalar, length) = decode(at: i)
            let s = hb_unicode_script(ScriptRuns.unicode, scalar)
            let neutral = s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
            if !neutral {
                if script == HB_SCRIPT_COMMON {
                    script = s
                } else if s != script {
                    break
                }
            }
            i += length
        }
        position = i
        return (start..<i, script == HB_SCRIPT_COMMON ? HB_SCRIPT_LATIN : script)
    }

    /// The scalar at byte `i` and its length (the bytes are valid UTF-8: they come from a String).
    private func decode(at i: Int) -> (UInt32, Int) {
        let b0 = UInt32(text[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(text[i + 1]) & 0x3F, 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | (UInt32(text[i + 1]) & 0x3F) << 6 | UInt32(text[i + 2]) & 0x3F, 3) }
        return ((b0 & 0x07) << 18 | (UInt32(text[i + 1]) & 0x3F) << 12 | (UInt32(text[i + 2]) & 0x3F) << 6
                | UInt32(text[i + 3]) & 0x3F, 4)
    }
}
