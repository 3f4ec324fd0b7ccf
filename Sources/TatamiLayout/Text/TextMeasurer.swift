import TatamiBase
import TatamiModel

// PLACEHOLDER: replaced by the real implementation of FORMAT.md §5.1 (wrapping, truncation).

/// Display width of grapheme clusters in terminal cells (FORMAT.md §5.1).
public enum CellWidth {
    /// 2 for East Asian Wide/Fullwidth or default-emoji-presentation first scalars, 0 for clusters of
    /// only zero-width scalars, 1 otherwise.
    public static func of(_ c: Character) -> Int { 1 }
}

/// Measures and wraps text with the monospace model.
public enum TextMeasurer {
    public static func layout(
        _ text: String, font: FontMetrics, lineLimit: Int?, truncation: Truncation, proposal: ProposedSize
    ) -> TextLayoutResult {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TextLine(text: String($0), cells: $0.count) }
        let w = Double(lines.map(\.cells).max() ?? 0) * font.width
        let h = text.isEmpty ? 0 : Double(lines.count) * font.height
        return TextLayoutResult(lines: text.isEmpty ? [] : lines, size: Size(width: w, height: h), truncated: false,
                                firstBaseline: 0.75 * font.height, lastBaseline: h - 0.25 * font.height)
    }
}
