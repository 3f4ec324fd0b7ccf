import TatamiBase

/// One laid-out line of text.
public struct TextLine: Sendable, Hashable {
    /// The characters shown (with `…` where the text was cut).
    public let text: String
    /// Its width in cells (2 per wide cluster, 0 per zero-width one): a cell font's measure, and
    /// the cells the ASCII render gives a line of any font.
    public let cells: Int
    /// Its width in points: cells × advance for a cell font; for a file font, its advances
    /// summed and rounded up to 1/64 (docs/format.md §5.1).
    public let width: Double

    public init(text: String, cells: Int, width: Double) {
        self.text = text
        self.cells = cells
        self.width = width
    }

    /// A line of a file font: its cells counted as the cell model counts them.
    public init(text: String, width: Double) {
        self.text = text
        self.cells = text.reduce(0) { $0 + CellWidth.of($1) }
        self.width = width
    }
}

/// The result of measuring and wrapping a text for one proposal (docs/format.md §5.1).
public struct TextLayoutResult: Sendable, Hashable {
    public let lines: [TextLine]
    /// width = widest line × advance; height = lines × lineHeight.
    public let size: Size
    /// Whether the text was cut with `…`.
    public let truncated: Bool
    public let firstBaseline: Double
    public let lastBaseline: Double

    public init(lines: [TextLine], size: Size, truncated: Bool, firstBaseline: Double, lastBaseline: Double) {
        self.lines = lines
        self.size = size
        self.truncated = truncated
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}

/// What measuring a text needs of its layout: `TextLayoutResult` without the lines.
struct TextMetrics {
    var size: Size
    var truncated: Bool
    var firstBaseline: Double
    var lastBaseline: Double
}
