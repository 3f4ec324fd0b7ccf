import TatamiBase
import TatamiModel

/// The proposal `aspectRatio` makes to its child (docs/format.md §6.1.4), also the shape of a
/// `fit` grid's cells (§7.4.1).
enum AspectFit {
    /// Width / height of a size: 0 × h is 0, w × 0 is ∞, and 0 × 0 (or ∞ × ∞) has no ratio.
    static func ratio(of s: Size) -> Double? {
        let r = s.width / s.height
        return r.isNaN ? nil : r
    }

    /// The largest (`fit`) or smallest (`fill`) size of ratio `r` (0 ≤ r ≤ ∞) within the
    /// proposal, an unspecified dimension counting as infinite. Degenerate ratios read
    /// literally: ratio 0 fits as 0 × H and fills as W × ∞; ratio ∞ fits as W × 0 and fills as
    /// ∞ × H (a fill of a 0-long side stays that side: 0 × H, W × 0).
    static func proposal(ratio r: Double, mode: ContentMode, within p: ProposedSize) -> ProposedSize {
        let w = p.width ?? .infinity, h = p.height ?? .infinity
        if r.isNaN || r < 0 { return p }
        if r == 0 {
            return mode == .fit || w == 0 ? ProposedSize(width: 0, height: h) : ProposedSize(width: w, height: .infinity)
        }
        if r == .infinity {
            return mode == .fit || h == 0 ? ProposedSize(width: w, height: 0) : ProposedSize(width: .infinity, height: h)
        }
        if w.isInfinite && h.isInfinite { return ProposedSize(width: .infinity, height: .infinity) }
        // Compare w/h with r without dividing by zero: w/h > r  ⇔  w > r·h.
        let wider = w > r * h
        switch mode {
        case .fit:
            return wider ? ProposedSize(width: h * r, height: h) : ProposedSize(width: w, height: w / r)
        case .fill:
            return wider ? ProposedSize(width: w, height: w / r) : ProposedSize(width: h * r, height: h)
        }
    }
}
