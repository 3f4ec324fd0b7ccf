import CHarfBuzz
import Foundation

/// One grapheme cluster of a shaped text: its UTF-8 length, the advance of its glyphs in 16.16
/// pixels (HarfBuzz's units at Chromium's scale), the face of the chain that drew it, and whether
/// that face had its glyphs (false: no face had them, and the primary face's `.notdef` stands in).
public struct ShapedGrapheme: Sendable, Equatable {
    public var length: UInt32
    public var advance: Int64
    public var face: UInt8
    public var covered: Bool
    /// HarfBuzz marks the text before this cluster unsafe to break: shaped apart, the two sides
    /// would not keep these advances (a kern or a ligature reaches across), so a line that ends
    /// or starts here is shaped again on its own.
    public var unsafeBefore: Bool = false
}

/// A primary face and its fallbacks at one size: what a text is set in, chosen and shaped as
/// Chromium sets a `font-family` list of `@font-face` fonts (docs/text-reference.md 1d):
/// - each grapheme cluster takes the first face that has glyphs for it (HarfBuzz decomposes a
///   precomposed letter the face lacks, `ź` as `z` + U+0301, so a face with both parts counts);
///   a cluster shown as an emoji (U+FE0F, Emoji_Presentation, or from U+1F000 on) tries the
///   colour faces first;
/// - consecutive clusters of one face and one script are shaped together by HarfBuzz, with the
///   rest of the text as context;
/// - a cluster no face has keeps the primary face's `.notdef` (a screen would fall back to a
///   system font: `missing-glyph`).
public final class FontChain: @unchecked Sendable {
    public let fonts: [SizedFont]
    public var primary: SizedFont { fonts[0] }
    /// U+2026 `…` in the first face that has it, in 16.16 pixels (what truncation adds).
    public private(set) var ellipsisAdvance: Int64 = 0
    /// A space, in 16.16 pixels (what a line break read as a space adds when a text is cut).
    public private(set) var spaceAdvance: Int64 = 0

    private let lock = NSLock()
    /// Shaped words (`shape(word:)`) by their bytes. A chain is one set of faces at one size with
    /// the default language and features, so the bytes (which decide the script) are the key.
    private var words: [[UInt8]: [ShapedGrapheme]] = [:]
    private var wordBytes = 0
    /// The face chosen for a grapheme cluster, by its text.
    private var faceOf: [String: (face: UInt8, covered: Bool)] = [:]
    /// Words are kept up to this many bytes of text, then the cache starts again (a bound on the
    /// memory a long-running server spends on it).
    static let wordCacheLimit = 4 << 20

    public init(_ fonts: [SizedFont]) {
        precondition(!fonts.isEmpty, "a chain has a primary face")
        self.fonts = Array(fonts.prefix(255))
        ellipsisAdvance = shape("…"[...]).reduce(0) { $0 + $1.advance }
        spaceAdvance = shape(" "[...]).reduce(0) { $0 + $1.advance }
    }

    /// One word (a piece between break opportunities) shaped, from the chain's cache.
    public func shape(word: Substring) -> [ShapedGrapheme] {
        let key = Array(word.utf8)
        lock.lock()
        if let known = words[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let shaped = shape(word)
        lock.lock()
        if wordBytes > FontChain.wordCacheLimit {
            words.removeAll(keepingCapacity: true)
            wordBytes = 0
        }
        words[key] = shaped
        wordBytes += key.count + 16 * shaped.count
        lock.unlock()
        return shaped
    }

    /// A text shaped: one entry per grapheme cluster (Swift `Character`), in order.
    public func shape(_ text: Substring) -> [ShapedGrapheme] {
        var graphemes: [ShapedGrapheme] = []
        var scripts: [hb_script_t] = []
        graphemes.reserveCapacity(text.utf8.count)
        for c in text {
            let choice = face(for: c)
            graphemes.append(ShapedGrapheme(length: UInt32(c.utf8.count), advance: 0, face: choice.face, covered: choice.covered))
            scripts.append(ScriptRuns.script(of: c))
        }
        ScriptRuns.resolveNeutral(&scripts)
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var start = 0, offset = 0
            var runStartOffset = 0
            var offsets: [Int] = []
            offsets.reserveCapacity(graphemes.count + 1)
            for g in graphemes {
                offsets.append(offset)
                offset += Int(g.length)
            }
            offsets.append(offset)
            // Which graphemes begin a HarfBuzz cluster: one that does not (the `>` of a `->`
            // ligature) cannot be broken before without shaping again.
            var starts = [Bool](repeating: false, count: graphemes.count)
            while start < graphemes.count {
                var end = start + 1
                while end < graphemes.count && graphemes[end].face == graphemes[start].face && scripts[end] == scripts[start] {
                    end += 1
                }
                runStartOffset = offsets[start]
                shapeRun(buffer, runStartOffset..<offsets[end], script: scripts[start], face: Int(graphemes[start].face)) { cluster, advance, unsafe in
                    // The grapheme holding the cluster's first byte (clusters never start before the run).
                    var lo = start, hi = end - 1
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if offsets[mid] <= cluster { lo = mid } else { hi = mid - 1 }
                    }
                    graphemes[lo].advance += advance
                    if offsets[lo] == cluster {
                        starts[lo] = true
                        if unsafe { graphemes[lo].unsafeBefore = true }
                    }
                }
                start = end
            }
            for i in graphemes.indices where !starts[i] { graphemes[i].unsafeBefore = true }
        }
        return graphemes
    }

    /// Which face draws `c`, and whether it has its glyphs.
    private func face(for c: Character) -> (face: UInt8, covered: Bool) {
        if fonts.count == 1, c.unicodeScalars.allSatisfy({ $0.value < 0x80 }) {
            return (0, fonts[0].face.covers(c))
        }
        let key = String(c)
        lock.lock()
        if let known = faceOf[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        var order = Array(fonts.indices)
        if ScriptRuns.isEmojiPresentation(c) {
            order = order.filter { fonts[$0].face.isColor } + order.filter { !fonts[$0].face.isColor }
        }
        var choice: (face: UInt8, covered: Bool) = (0, false)
        for i in order where fonts[i].face.covers(c) {
            choice = (UInt8(i), true)
            break
        }
        lock.lock()
        faceOf[key] = choice
        lock.unlock()
        return choice
    }

    /// Shapes `range` of `text` in face `face`, reporting each glyph's cluster (a byte offset into
    /// `text`) and advance.
    private func shapeRun(_ text: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t, face: Int,
                          _ add: (Int, Int64, Bool) -> Void) {
        guard !range.isEmpty else { return }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        text.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_shape(fonts[face].hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        for i in 0..<Int(count) {
            let unsafe = hb_glyph_info_get_glyph_flags(&infos[i]).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
            add(Int(infos[i].cluster), Int64(positions[i].x_advance), unsafe)
        }
    }
}

extension FontFace {
    /// Whether the face has glyphs for the cluster: for every character that is not
    /// default-ignorable (a joiner, a variation selector), or else for its canonical
    /// decomposition (HarfBuzz shapes `ź` as `z` + U+0301 when the face lacks `ź`).
    public func covers(_ c: Character) -> Bool {
        func has(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
            scalars.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || hasGlyph($0) }
        }
        if has(c.unicodeScalars) { return true }
        let decomposed = String(c).decomposedStringWithCanonicalMapping.unicodeScalars
        return !decomposed.elementsEqual(c.unicodeScalars) && has(decomposed)
    }
}

/// Scripts as HarfBuzz shapes them: a script per grapheme cluster, neutral ones (Common,
/// Inherited) taking the script of the text before them (or after, at the start).
enum ScriptRuns {
    private static let unicode = hb_unicode_funcs_get_default()

    static func script(of c: Character) -> hb_script_t {
        hb_unicode_script(unicode, c.unicodeScalars.first!.value)
    }

    static func isNeutral(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }

    /// Neutral scripts replaced by the preceding strong one (the first strong one for those that
    /// lead); a text of neutral characters only is shaped as Common, as Chromium shapes it.
    static func resolveNeutral(_ scripts: inout [hb_script_t]) {
        let firstStrong = scripts.first { !isNeutral($0) } ?? HB_SCRIPT_COMMON
        var current = firstStrong
        for i in scripts.indices {
            if isNeutral(scripts[i]) { scripts[i] = current } else { current = scripts[i] }
        }
    }

    /// A cluster shown as an emoji: it holds U+FE0F, a character with Emoji_Presentation, or a
    /// character from U+1F000 on (docs/text-reference.md 1d).
    static func isEmojiPresentation(_ c: Character) -> Bool {
        c.unicodeScalars.contains { $0.value == 0xFE0F || $0.value >= 0x1F000 || $0.properties.isEmojiPresentation }
    }
}
