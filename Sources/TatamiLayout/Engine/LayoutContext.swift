import TatamiBase
import TatamiModel

/// Everything one viewport's layout needs, and the diagnostics it finds along the way.
final class LayoutContext {
    let document: TatamiDocument
    let viewport: Viewport
    /// The area the body was given: the viewport less its safe area (or all of it).
    var area: Rect
    /// Expression problems found while evaluating (division by zero), deduplicated by range.
    private(set) var expressionDiagnostics: [Diagnostic] = []
    private var reportedExpressionRanges: Set<SourceRange> = []
    /// Whether rigid nodes answer size queries from their first measurement
    /// (`LayoutOptions.answersRigidSizes`).
    let answersRigidSizes: Bool

    init(document: TatamiDocument, viewport: Viewport, options: LayoutOptions = LayoutOptions()) {
        self.document = document
        self.viewport = viewport
        self.answersRigidSizes = options.answersRigidSizes
        self.area = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
    }

    // MARK: Measuring

    /// Measures a node for a proposal (uncached; `LayoutNode.measure` caches).
    func compute(_ node: LayoutNode, _ p: ProposedSize) -> Measurement {
        let p = ProposedSize(width: sanitize(p.width), height: sanitize(p.height))
        switch node.role {
        case .text(let string, let font, let lineLimit, let truncation, _):
            if node.textClusters == nil { node.textClusters = TextMeasurer.makeClusters(string) }
            let t = TextMeasurer.layout(string, clusters: node.textClusters, font: font, lineLimit: lineLimit,
                                        truncation: truncation, proposal: p)
            return Measurement(size: t.size, text: t)
        case .image(let size, let resizable):
            return Measurement(size: resizable ? p.replacingUnspecified(with: size) : size)
        case .color:
            return Measurement(size: p.replacingUnspecified(with: Size(width: 10, height: 10)))
        case .spacer(let minLength, let axis):
            func along(_ v: Double?) -> Double { v.map { max($0, minLength) } ?? minLength }
            switch axis {
            case .horizontal?: return Measurement(size: Size(width: along(p.width), height: 0))
            case .vertical?: return Measurement(size: Size(width: 0, height: along(p.height)))
            case nil: return Measurement(size: Size(width: p.width ?? minLength, height: p.height ?? minLength))
            }
        case .divider(let axis):
            if axis == .horizontal { return Measurement(size: Size(width: 1, height: p.height ?? 0)) }
            return Measurement(size: Size(width: p.width ?? 0, height: 1))
        case .container(let algorithm, let children):
            let a = algorithm.arrange(p, children: children, in: self)
            return Measurement(size: a.size, children: a.children, overflow: a.overflow, notes: a.notes, cells: a.cells)
        case .padding(let e, let child):
            let cp = ProposedSize(width: p.width.map { max(0, $0 - e.horizontal) },
                                  height: p.height.map { max(0, $0 - e.vertical) })
            let cs = child.sizeThatFits(cp, self)
            return Measurement(size: Size(width: cs.width + e.horizontal, height: cs.height + e.vertical),
                               children: .one(ChildPlacement(node: child, origin: Point(x: e.leading, y: e.top), size: cs, proposal: cp)))
        case .fixedFrame(let w, let h, let alignment, let child):
            let cp = ProposedSize(width: w ?? p.width, height: h ?? p.height)
            let cs = child.sizeThatFits(cp, self)
            let size = Size(width: w ?? cs.width, height: h ?? cs.height)
            return wrapping(child, cs, cp, in: size, alignment)
        case .flexibleFrame(let f, let alignment, let child):
            let cp = ProposedSize(width: FlexibleAxis(min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth).childProposal(p.width),
                                  height: FlexibleAxis(min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight).childProposal(p.height))
            let cs = child.sizeThatFits(cp, self)
            let size = Size(width: FlexibleAxis(min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth).size(p.width, child: cs.width),
                            height: FlexibleAxis(min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight).size(p.height, child: cs.height))
            return wrapping(child, cs, cp, in: size, alignment)
        case .fixedSize(let horizontal, let vertical, let child):
            let cp = ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
            let cs = child.sizeThatFits(cp, self)
            return Measurement(size: cs, children: .one(ChildPlacement(node: child, origin: .zero, size: cs, proposal: cp)))
        case .aspectRatio(let ratio, let mode, let child):
            let cp: ProposedSize
            if p.width == nil && p.height == nil {
                cp = p
            } else if let r = ratio ?? AspectFit.ratio(of: child.sizeThatFits(.unspecified, self)) {
                cp = AspectFit.proposal(ratio: r, mode: mode, within: p)
            } else {
                cp = p  // an ideal size of 0 × 0 has no ratio: the proposal passes through
            }
            let cs = child.sizeThatFits(cp, self)
            return Measurement(size: cs, children: .one(ChildPlacement(node: child, origin: .zero, size: cs, proposal: cp)))
        case .background(let decoration, let alignment, let child), .overlay(let decoration, let alignment, let child):
            let cs = child.sizeThatFits(p, self)
            let dp = ProposedSize(cs)
            let ds = decoration.sizeThatFits(dp, self)
            let origin = Point(x: (cs.width - ds.width) * alignment.horizontal.fraction,
                               y: (cs.height - ds.height) * alignment.vertical.fraction)
            return Measurement(size: cs, children: .many([
                ChildPlacement(node: child, origin: .zero, size: cs, proposal: p),
                ChildPlacement(node: decoration, origin: origin, size: ds, proposal: dp),
            ]))
        case .border(_, let child):
            let cs = child.sizeThatFits(p, self)
            return Measurement(size: cs, children: .one(ChildPlacement(node: child, origin: .zero, size: cs, proposal: p)))
        case .offset(let x, let y, let child):
            let cs = child.sizeThatFits(p, self)
            return Measurement(size: cs, children: .one(ChildPlacement(node: child, origin: Point(x: x, y: y), size: cs, proposal: p)))
        }
    }

    /// A frame's child placed inside the frame's size by a two-axis alignment.
    private func wrapping(_ child: LayoutNode, _ cs: Size, _ cp: ProposedSize, in size: Size, _ a: Alignment2D) -> Measurement {
        let origin = Point(x: (size.width - cs.width) * a.horizontal.fraction, y: (size.height - cs.height) * a.vertical.fraction)
        return Measurement(size: size, children: .one(ChildPlacement(node: child, origin: origin, size: cs, proposal: cp)))
    }

    /// NaN and negative proposals become 0; infinity and nil pass.
    private func sanitize(_ v: Double?) -> Double? {
        guard let v else { return nil }
        if v.isNaN || v < 0 { return 0 }
        return v
    }

    // MARK: Alignment guides (docs/format.md §6.4, §6.5)

    /// The axis a guide lines views up along: vertical guides give y values.
    func axis(of guide: GuideName) -> Axis {
        guide.builtInAxis ?? document.alignments[guide.rawValue]?.axis ?? .vertical
    }

    /// A view's value for a guide, in its own coordinates, when measured for `proposal`.
    func guideValue(_ node: LayoutNode, _ guide: GuideName, _ proposal: ProposedSize) -> Double {
        // The common case needs only the size: a built-in guide other than a baseline, on a view
        // that sets no explicit guides.
        if let b = guide.builtIn, node.view.alignmentGuides.isEmpty || !node.isOuter {
            switch b {
            case .top, .leading: return 0
            case .centerY: return node.sizeThatFits(proposal, self).height / 2
            case .bottom: return node.sizeThatFits(proposal, self).height
            case .centerX: return node.sizeThatFits(proposal, self).width / 2
            case .trailing: return node.sizeThatFits(proposal, self).width
            case .firstTextBaseline, .lastTextBaseline: break
            }
        }
        let m = node.measure(proposal, self)
        if let v = explicitGuide(node, guide, proposal, m) { return v }
        return implicitGuide(node, guide, proposal, m)
    }

    /// The value without explicit ones: built-in guides from the size (and text baselines), a
    /// custom guide from its declared default.
    private func implicitGuide(_ node: LayoutNode, _ guide: GuideName, _ proposal: ProposedSize, _ m: Measurement) -> Double {
        if let v = builtInGuide(node, guide, proposal, m) { return v }
        guard let custom = document.alignments[guide.rawValue] else { return 0 }
        return evaluate(custom.defaultValue) { self.builtInGuide(node, GuideName($0), proposal, m) ?? self.lookupSize($0, m.size) }
    }

    private func lookupSize(_ name: String, _ size: Size) -> Double? {
        switch name {
        case "width": return size.width
        case "height": return size.height
        default: return nil
        }
    }

    /// Built-in guide values: top 0, centerY h/2, bottom h, leading 0, centerX w/2, trailing w,
    /// baselines from text (or h without text). nil for a custom guide.
    func builtInGuide(_ node: LayoutNode, _ guide: GuideName, _ proposal: ProposedSize, _ m: Measurement) -> Double? {
        let s = m.size
        guard let b = guide.builtIn else { return lookupSize(guide.rawValue, s) }
        switch b {
        case .top, .leading: return 0
        case .centerY: return s.height / 2
        case .bottom: return s.height
        case .centerX: return s.width / 2
        case .trailing: return s.width
        case .firstTextBaseline: return baselines(node, proposal, m).first ?? s.height
        case .lastTextBaseline: return baselines(node, proposal, m).last ?? s.height
        }
    }

    /// Text baselines in the node's coordinates; nil where no text is inside.
    func baselines(_ node: LayoutNode, _ proposal: ProposedSize, _ m: Measurement) -> (first: Double?, last: Double?) {
        if let b = node.baselineCache.first(where: { $0.0 == proposal }) { return (b.1, b.2) }
        var result: (first: Double?, last: Double?) = (nil, nil)
        switch node.role {
        case .text:
            if let t = m.text { result = (t.firstBaseline, t.lastBaseline) }
        case .container:
            for c in m.children {
                // A child's explicit baseline (its own `alignmentGuides`) is its baseline here,
                // with or without text; otherwise only children with text count.
                let explicit = c.node.isOuter && !c.node.view.alignmentGuides.isEmpty
                guard c.node.containsText || explicit else { continue }
                let cm = c.node.measure(c.proposal, self)
                var f: Double? = nil, l: Double? = nil
                if c.node.containsText {
                    let b = baselines(c.node, c.proposal, cm)
                    // A child that contains text but reports none (cannot happen for text) uses its height.
                    f = b.first ?? cm.size.height
                    l = b.last ?? cm.size.height
                }
                if explicit {
                    f = explicitGuide(c.node, .firstTextBaseline, c.proposal, cm) ?? f
                    l = explicitGuide(c.node, .lastTextBaseline, c.proposal, cm) ?? l
                }
                if let f { result.first = min(result.first ?? f + c.origin.y, f + c.origin.y) }
                if let l { result.last = max(result.last ?? l + c.origin.y, l + c.origin.y) }
            }
        case .offset:
            if let c = m.children.first {
                result = baselines(c.node, c.proposal, c.node.measure(c.proposal, self))
            }
        case .padding, .fixedFrame, .flexibleFrame, .fixedSize, .aspectRatio, .background, .overlay, .border:
            // The decorated child is always first; decorations don't count.
            if let c = m.children.first {
                let b = baselines(c.node, c.proposal, c.node.measure(c.proposal, self))
                result = (b.first.map { $0 + c.origin.y }, b.last.map { $0 + c.origin.y })
            }
        case .image, .color, .spacer, .divider:
            break
        }
        node.baselineCache.append((proposal, result.first, result.last))
        return result
    }

    /// An explicit value: the view's own `alignmentGuides` (on its outermost node), else one
    /// passed through modifiers, else (custom guides) the average of a container's children's.
    func explicitGuide(_ node: LayoutNode, _ guide: GuideName, _ proposal: ProposedSize, _ m: Measurement) -> Double? {
        // A view's own value applies to its outermost node.
        if node.isOuter, !node.view.alignmentGuides.isEmpty,
           let o = node.view.alignmentGuides.first(where: { $0.guide == guide }) {
            return evaluate(o.value) { self.builtInGuide(node, GuideName($0), proposal, m) ?? self.lookupSize($0, m.size) }
        }
        // Built-in guides do not propagate out of containers, and inside one view's chain only
        // the outermost node carries values: nothing explicit can come from below.
        if guide.isBuiltIn || !node.mayCarryCustomGuides { return nil }
        if let cached = node.guideCache.first(where: { $0.0 == proposal && $0.1 == guide }) { return cached.2 }
        var result: Double? = nil
        let vertical = axis(of: guide) == .vertical
        switch node.role {
        case .container:
            var sum = 0.0, count = 0
            for c in m.children {
                let cm = c.node.measure(c.proposal, self)
                if let v = explicitGuide(c.node, guide, c.proposal, cm) {
                    sum += v + (vertical ? c.origin.y : c.origin.x)
                    count += 1
                }
            }
            if count > 0 { result = sum / Double(count) }
        case .offset:
            if let c = m.children.first {
                result = explicitGuide(c.node, guide, c.proposal, c.node.measure(c.proposal, self))
            }
        case .padding, .fixedFrame, .flexibleFrame, .fixedSize, .aspectRatio, .background, .overlay, .border:
            if let c = m.children.first, let v = explicitGuide(c.node, guide, c.proposal, c.node.measure(c.proposal, self)) {
                result = v + (vertical ? c.origin.y : c.origin.x)
            }
        case .text, .image, .color, .spacer, .divider:
            break
        }
        node.guideCache.append((proposal, guide, result))
        return result
    }

    // MARK: Expressions

    /// Evaluates a numeric expression; a division by zero yields 0 and a warning (unless its
    /// divisor is a constant, which the validator reported once).
    func evaluate(_ e: Expression, _ lookup: (String) -> Double?) -> Double {
        let r = e.root.evaluate(lookup, ignoring: e.constantDivisionsByZero)
        if let div = r.divisionByZero {
            let range = e.sourceRange(of: div)
            if reportedExpressionRanges.insert(range).inserted {
                expressionDiagnostics.append(Diagnostic(
                    .divisionByZero, "division by zero in `\(e.text)`; the result is 0 in viewport \(viewport.name)",
                    at: range, viewport: viewport.name))
            }
        }
        return r.value.isFinite ? r.value : 0
    }

    /// Whether a `when` condition holds in this viewport.
    func holds(_ condition: Expression?) -> Bool {
        guard let condition else { return true }
        let w = viewport.width, h = viewport.height
        let v = evaluate(condition) { Schema.conditionValue($0, width: w, height: h) }
        return v != 0
    }
}

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
