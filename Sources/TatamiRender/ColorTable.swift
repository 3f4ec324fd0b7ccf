import TatamiModel

/// How a colour looks in the render: the character that fills its cells without colour, and the
/// SGR parameters of its ANSI background with colour. See docs/render.md for the table.
struct ColorLook: Sendable, Equatable {
    let fill: Character
    /// SGR parameters (without `ESC[` and `m`); nil draws the fill character with the terminal's
    /// background even with colour on.
    let background: String?
}

public enum ColorTable {
    /// The named colours. Fill characters are all ASCII, pairwise different, and different from
    /// the characters used by `--ascii` boxes (`+ - |`) and one-row images (`[ ]`).
    static let named: [String: ColorLook] = [
        "red": ColorLook(fill: "#", background: "41"),
        "green": ColorLook(fill: "%", background: "42"),
        "blue": ColorLook(fill: "~", background: "44"),
        "orange": ColorLook(fill: "o", background: "48;5;208"),
        "yellow": ColorLook(fill: "=", background: "43"),
        "purple": ColorLook(fill: "*", background: "45"),
        "pink": ColorLook(fill: ":", background: "105"),
        "gray": ColorLook(fill: ";", background: "100"),
        "black": ColorLook(fill: "@", background: "40"),
        "white": ColorLook(fill: ".", background: "47"),
    ]

    /// Fill characters for `#RRGGBB` colours, none of them used by the named colours.
    static let derivedFills: [Character] = ["$", "&", "?", "!", "^", "/", "\\", "<", ">", "{", "}", "x"]

    /// FNV-1a over the bytes, for a stable pick from `derivedFills`.
    static func hash<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var h: UInt32 = 2_166_136_261
        for b in bytes {
            h ^= UInt32(b)
            h = h &* 16_777_619
        }
        return h
    }

    static func derivedFill<S: Sequence>(_ bytes: S) -> Character where S.Element == UInt8 {
        derivedFills[Int(hash(bytes) % UInt32(derivedFills.count))]
    }

    /// SwiftUI's system colours in the light appearance (docs/decisions.md), for the graphical
    /// renders and the editor's colour swatches.
    public static let namedRGB: [String: RGB] = [
        "red": RGB(255, 59, 48),
        "green": RGB(52, 199, 89),
        "blue": RGB(0, 122, 255),
        "orange": RGB(255, 149, 0),
        "yellow": RGB(255, 204, 0),
        "purple": RGB(175, 82, 222),
        "pink": RGB(255, 45, 85),
        "gray": RGB(142, 142, 147),
        "black": RGB(0, 0, 0),
        "white": RGB(255, 255, 255),
    ]

    /// The colour the graphical renders fill with; nil for `clear`, which draws nothing. A name
    /// outside the eleven (which validation should reject) is drawn gray.
    public static func rgb(_ color: ColorValue) -> RGB? {
        switch color {
        case .named("clear"): return nil
        case .named(let name): return namedRGB[name] ?? RGB(142, 142, 147)
        case .rgb(let r, let g, let b): return RGB(r, g, b)
        }
    }

    /// nil for `clear`, which draws nothing.
    static func look(_ color: ColorValue) -> ColorLook? {
        switch color {
        case .named("clear"):
            return nil
        case .named(let name):
            if let look = named[name] { return look }
            // Not one of the eleven (validation should have caught it): a derived character, and
            // no ANSI colour since none is known.
            return ColorLook(fill: derivedFill(Array(name.utf8)), background: nil)
        case .rgb(let r, let g, let b):
            return ColorLook(fill: derivedFill([r, g, b]), background: "48;2;\(r);\(g);\(b)")
        }
    }
}
