import TatamiModel
import TatamiBase
import TatamiYAML

/// `frame` (docs/format.md §6): fixed or flexible, never both.
extension ViewValidator {
    func frame(_ pair: YAMLPair) -> FrameSpec? {
        let k = modifierKeys
        guard let f = objectPairs(pair.value, owner: pair.key, keys: k.frame, name: "`frame`") else { return nil }
        // The first size key decides the frame's kind; keys of the other kind conflict with it.
        // Pairs are read by position (no node handles) but where a conflict is reported.
        var first: Int? = nil
        var firstIsFixed = false
        var used = KeySet()
        for i in 0..<f.pairs.count {
            guard let id = f.id(ofPairAt: i) else { continue }
            let isFixed = k.frameFixed.contains(id)
            guard isFixed || k.frameFlexible.contains(id) else { continue }
            if let first, firstIsFixed != isFixed {
                let firstKey = f.pairs.key(at: first), key = f.pairs.key(at: i)
                let firstName = firstKey.keyText ?? "", name = key.keyText ?? ""
                let (fixed, flexible) = isFixed ? (name, firstName) : (firstName, name)
                report(.conflictingKeys,
                       "a frame is either fixed or flexible: `\(fixed)` makes it fixed and `\(flexible)` flexible",
                       at: key.range, related: [RelatedLocation(range: firstKey.range, message: "`\(firstName)` here")])
                continue
            }
            if first == nil {
                first = i
                firstIsFixed = isFixed
            }
            used.insert(id)
        }
        var alignment = Alignment2D.center
        if let p = f[k.frameAlignment], let name = alignmentName(p, set: .nine, owner: "a frame") {
            alignment = Alignment2D(name: name) ?? .center
        }
        if first != nil && !firstIsFixed {
            var flex = FlexibleFrame(
                minWidth: frameValue(f, used, k.minWidth), idealWidth: frameValue(f, used, k.idealWidth),
                maxWidth: frameValue(f, used, k.maxWidth), minHeight: frameValue(f, used, k.minHeight),
                idealHeight: frameValue(f, used, k.idealHeight), maxHeight: frameValue(f, used, k.maxHeight))
            if let lo = flex.minWidth, let hi = flex.maxWidth, lo > hi, let a = f[k.minWidth], let b = f[k.maxWidth] {
                reportMinExceedsMax(a, b, lo, hi)
                flex.maxWidth = nil
            }
            if let lo = flex.minHeight, let hi = flex.maxHeight, lo > hi, let a = f[k.minHeight], let b = f[k.maxHeight] {
                reportMinExceedsMax(a, b, lo, hi)
                flex.maxHeight = nil
            }
            return .flexible(flex, alignment: alignment)
        }
        return .fixed(width: frameValue(f, used, k.width), height: frameValue(f, used, k.height), alignment: alignment)
    }

    /// The number of a frame's size key `id`, when it is among the keys `used`.
    @inline(__always)
    private func frameValue(_ f: KeyedPairs, _ used: KeySet, _ id: Int) -> Double? {
        used.contains(id) ? number(f, modifierKeys.frame, id) : nil
    }
}
