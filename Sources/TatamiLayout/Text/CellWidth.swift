/// Display width of grapheme clusters in monospace cells (docs/format.md §5.1).
///
/// A cluster (a Swift `Character`) takes:
/// - 2 cells when its first scalar is East Asian Wide or Fullwidth, or has Emoji_Presentation=Yes;
/// - otherwise 0 cells when every scalar in it is zero-width: General_Category Mn, Me or Cf, or
///   Default_Ignorable_Code_Point (ZWSP/ZWNJ/ZWJ, U+2060, variation selectors, tags, soft hyphen,
///   bidi controls, …), except the visible Prepended_Concatenation_Marks (U+0600…U+0605 and kin);
/// - otherwise 1 cell (this includes control characters such as a tab).
///
/// The rules apply in that order, so a scalar that is both wide and default-ignorable (U+3164
/// HANGUL FILLER) makes a 2-cell cluster when it comes first. The tables are generated from the
/// Unicode Character Database by `scripts/generate-unicode-width.py`.
public enum CellWidth {
    /// The Unicode version of the width tables.
    public static var unicodeVersion: String { UnicodeWidthTable.unicodeVersion }

    public static func of(_ c: Character) -> Int {
        if c.isASCII { return 1 }  // includes "\r\n" and the other ASCII controls
        var scalars = c.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if isWide(first.value) { return 2 }
        if !isZeroWidth(first.value) { return 1 }
        while let s = scalars.next() {
            if !isZeroWidth(s.value) { return 1 }
        }
        return 0
    }

    /// East Asian Wide/Fullwidth or default emoji presentation.
    static func isWide(_ v: UInt32) -> Bool {
        if v < 0x7F { return false }  // ASCII fast path
        return contains(UnicodeWidthTable.wide, v)
    }

    /// Combining/enclosing marks, format characters and default-ignorable code points.
    static func isZeroWidth(_ v: UInt32) -> Bool {
        if v < 0x7F { return false }  // ASCII fast path
        return contains(UnicodeWidthTable.zeroWidth, v)
    }

    /// Binary search over flat `[lo, hi, lo, hi, …]` inclusive ranges sorted by `lo`.
    private static func contains(_ ranges: [UInt32], _ v: UInt32) -> Bool {
        var low = 0
        var high = ranges.count / 2  // search pairs [low, high)
        while low < high {
            let mid = (low &+ high) / 2
            if v < ranges[2 * mid] {
                high = mid
            } else if v > ranges[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
