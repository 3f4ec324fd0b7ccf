/// What `--ascii` draws for a character of the file's own text (text views, image names, the
/// viewport's name, `fill` characters): always ASCII, always as many cells as the character
/// itself takes, so that every column stays where it is without `--ascii`. The rule, in order
/// (docs/render.md lists it too):
///
/// 1. 0 cells (a lone zero-width character): nothing.
/// 2. 2 cells (CJK, emoji, other wide characters): `??`, or two spaces for a wide space.
/// 3. 1 cell:
///    - a character starting with a printable ASCII scalar is that scalar: combining marks and
///      variation selectors after it are dropped (`e` + U+0301 → `e`, the keycap `1️⃣` → `1`);
///    - `…` → `~` (a cut, and not a `.` that could be the text's own full stop);
///    - spaces (no-break, thin, …) → ` `; dashes and the minus sign → `-`; single quotation marks
///      and primes (`‘ ’ ‚ ‛ ‹ › ′`) → `'`; double ones (`“ ” „ ‟ « » ″`) → `"`; `•` → `*`;
///      `×` → `x`;
///    - a Latin letter with diacritics (`é`, `Å`, `ł`, `ø`: whose Unicode name is
///      `LATIN CAPITAL|SMALL LETTER X WITH …`) → the plain letter in its case;
///    - anything else (`★`, `ß`, Greek, Cyrillic, symbols) → `?`.
enum ASCIIStandIn {
    /// The stand-in for the truncation ellipsis `…`.
    static let ellipsis = "~"

    /// The ASCII drawn for `c`, which takes `width` cells (0, 1 or 2). Control characters are
    /// the caller's business (they are drawn as `?` with or without `--ascii`).
    static func of(_ c: Character, width: Int) -> String {
        guard let first = c.unicodeScalars.first, width > 0 else { return "" }
        if width >= 2 {
            return first.properties.generalCategory == .spaceSeparator ? "  " : "??"
        }
        if first.value >= 0x20 && first.value < 0x7F { return String(Character(first)) }
        if let mapped = punctuation[first.value] { return mapped }
        switch first.properties.generalCategory {
        case .spaceSeparator: return " "
        case .dashPunctuation: return "-"
        default: break
        }
        if let letter = plainLatinLetter(first) { return letter }
        return "?"
    }

    /// One-cell punctuation with an obvious ASCII look-alike.
    private static let punctuation: [UInt32: String] = [
        0x2026: ellipsis,  // …
        0x2212: "-",  // − minus sign
        0x2018: "'", 0x2019: "'", 0x201A: "'", 0x201B: "'", 0x2039: "'", 0x203A: "'", 0x2032: "'",
        0x201C: "\"", 0x201D: "\"", 0x201E: "\"", 0x201F: "\"", 0x00AB: "\"", 0x00BB: "\"", 0x2033: "\"",
        0x2022: "*",  // •
        0x00D7: "x",  // ×
    ]

    /// `é` → `e`, `Å` → `A`: the letter named by `LATIN SMALL LETTER E WITH ACUTE` and the like.
    /// Letters whose name says something else (`SHARP S`, `DOTLESS I`, ligatures) get nil.
    private static func plainLatinLetter(_ s: Unicode.Scalar) -> String? {
        guard let name = s.properties.name else { return nil }
        let small = "LATIN SMALL LETTER ", capital = "LATIN CAPITAL LETTER "
        let isSmall: Bool
        let rest: Substring
        if name.hasPrefix(small) {
            isSmall = true
            rest = name.dropFirst(small.count)
        } else if name.hasPrefix(capital) {
            isSmall = false
            rest = name.dropFirst(capital.count)
        } else {
            return nil
        }
        guard rest.count > 6, rest.dropFirst().hasPrefix(" WITH "),
              let letter = rest.first, letter.isASCII, letter.isUppercase
        else { return nil }
        return isSmall ? letter.lowercased() : String(letter)
    }
}
