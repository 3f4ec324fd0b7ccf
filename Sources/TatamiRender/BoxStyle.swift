import TatamiModel

/// The six characters of a box-drawing rectangle.
struct BoxGlyphs: Sendable, Equatable {
    let topLeft: String
    let horizontal: String
    let topRight: String
    let vertical: String
    let bottomLeft: String
    let bottomRight: String

    static let single = BoxGlyphs(topLeft: "┌", horizontal: "─", topRight: "┐", vertical: "│", bottomLeft: "└", bottomRight: "┘")
    static let double = BoxGlyphs(topLeft: "╔", horizontal: "═", topRight: "╗", vertical: "║", bottomLeft: "╚", bottomRight: "╝")
    static let rounded = BoxGlyphs(topLeft: "╭", horizontal: "─", topRight: "╮", vertical: "│", bottomLeft: "╰", bottomRight: "╯")
    static let heavy = BoxGlyphs(topLeft: "┏", horizontal: "━", topRight: "┓", vertical: "┃", bottomLeft: "┗", bottomRight: "┛")
    /// Every style with `--ascii`.
    static let ascii = BoxGlyphs(topLeft: "+", horizontal: "-", topRight: "+", vertical: "|", bottomLeft: "+", bottomRight: "+")

    static func of(_ style: BorderStyle, ascii: Bool) -> BoxGlyphs {
        if ascii { return .ascii }
        switch style {
        case .single: return .single
        case .double: return .double
        case .rounded: return .rounded
        case .heavy: return .heavy
        }
    }
}

/// Every character the renderer itself draws (as opposed to text content), in one place so that
/// `--ascii` swaps all of them at once.
struct Glyphs: Sendable {
    /// The viewport's border.
    let frame: BoxGlyphs
    /// `--outline` rectangles and image boxes.
    let outline: BoxGlyphs
    let dividerHorizontal: String
    let dividerVertical: String
    /// Each cell of an image only one column wide.
    let imageColumn: String
    /// The brackets of an image only one row high: `[name]`.
    let imageRowOpen: String
    let imageRowClose: String
    /// The `×` in the viewport's size.
    let times: String
    /// Drawn for control characters (newlines, tabs, escapes) found in text, names and fills.
    let control: String

    let ascii: Bool

    static func make(ascii: Bool) -> Glyphs {
        Glyphs(
            frame: ascii ? .ascii : .single,
            outline: ascii ? .ascii : .single,
            dividerHorizontal: ascii ? "-" : "─",
            dividerVertical: ascii ? "|" : "│",
            imageColumn: ascii ? "I" : "▯",
            imageRowOpen: "[",
            imageRowClose: "]",
            times: ascii ? "x" : "×",
            control: "?",
            ascii: ascii
        )
    }

    func border(_ style: BorderStyle) -> BoxGlyphs { BoxGlyphs.of(style, ascii: ascii) }

    /// What is drawn for a character of the file's own text that takes `width` cells: itself, or
    /// with `--ascii` its ASCII stand-in of the same width (`ASCIIStandIn`).
    func character(_ c: Character, width: Int) -> String {
        ascii ? ASCIIStandIn.of(c, width: width) : String(c)
    }
}
