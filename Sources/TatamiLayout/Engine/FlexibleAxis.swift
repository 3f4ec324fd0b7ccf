/// One axis of a flexible frame (docs/format.md §6.1.2).
struct FlexibleAxis {
    let min: Double?, ideal: Double?, max: Double?

    func clamp(_ v: Double) -> Double {
        var v = v
        if let max { v = Swift.min(v, max) }
        if let min { v = Swift.max(v, min) }
        return v
    }

    /// The proposal clamped to [min, max]; unspecified becomes the ideal when one is given,
    /// clamped too (an ideal outside [min, max] is never used as is, as in SwiftUI).
    func childProposal(_ p: Double?) -> Double? {
        guard let p else { return ideal.map(clamp) }
        return clamp(p)
    }

    func size(_ p: Double?, child: Double) -> Double {
        switch (min, max) {
        case (.some, .some):
            if let p { return clamp(p) }
            return ideal.map(clamp) ?? clamp(child)
        case (.some(let lo), nil):
            guard let p else { return Swift.max(child, lo) }
            return Swift.max(Swift.min(p, child), lo)
        case (nil, .some(let hi)):
            guard let p else { return Swift.min(child, hi) }
            return Swift.min(Swift.max(p, child), hi)
        case (nil, nil):
            return child
        }
    }
}
