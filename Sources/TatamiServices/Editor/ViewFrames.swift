import TatamiBase
import TatamiLayout
import TatamiModel

/// A view's frame in one viewport, found by where the view is written.
struct AssistFrameMatch {
    let node: FrameNode
    /// The frame of the view it sits in (its container, or the view it decorates).
    let parent: FrameNode?
    /// The innermost component instance it was expanded for, when it comes from a body.
    let instance: FrameNode?
}

/// Finds frames and model views by their source range: a view's `range` is where its mapping
/// (or bare scalar) is written, and views expanded from a component's body keep the body's
/// range, so one range can stand for several frames (one per instance).
enum AssistFrames {
    /// Every frame of `layout` whose view is written at `range`, in frames-output order.
    /// One walk of the frame tree, without recursion. `scope` prunes it (`AssistScope`): in a
    /// file's body, a view's frames lie under the frames of the views written around it.
    static func matches(_ range: SourceRange, in layout: LayoutResult, scope: AssistScope = .everywhere) -> [AssistFrameMatch] {
        guard let root = layout.root else { return [] }
        var found: [AssistFrameMatch] = []
        // The last field: whether the subtree may be skipped when its view's range does not
        // hold `range` (false inside an instance whose call holds it: its body's views are
        // written in the declaration, its arguments' views in the call).
        var stack: [(FrameNode, FrameNode?, FrameNode?, Bool)] = [(root, nil, nil, scope.prunes(range))]
        while let (node, parent, instance, prune) = stack.popLast() {
            if prune && !node.view.range.holds(range) { continue }
            if node.view.range == range { found.append(AssistFrameMatch(node: node, parent: parent, instance: instance)) }
            let inner: FrameNode?
            var pruneBelow = prune
            if case .component = node.view.kind {
                inner = node
                pruneBelow = false
            } else {
                inner = instance
            }
            for o in node.overlays.reversed() { stack.append((o, node, instance, prune)) }
            for c in node.children.reversed() { stack.append((c, node, inner, pruneBelow)) }
            for b in node.backgrounds.reversed() { stack.append((b, node, instance, prune)) }
        }
        return found
    }

    /// The first frame (in frames-output order) of each view range of `layout`, for views
    /// written in this file; with `within`, only for views whose range meets it (and the
    /// pruning of `matches`).
    static func firstFrames(in layout: LayoutResult, within wanted: SourceRange? = nil, scope: AssistScope = .everywhere) -> [SourceRange: FrameNode] {
        guard let root = layout.root else { return [:] }
        var frames: [SourceRange: FrameNode] = [:]
        let prunes = wanted.map { scope.prunes($0) } ?? false
        var stack: [(FrameNode, Bool)] = [(root, prunes)]
        while let (node, prune) = stack.popLast() {
            if prune, let w = wanted, node.view.range.end < w.start || node.view.range.start > w.end { continue }
            if frames[node.view.range] == nil { frames[node.view.range] = node }
            var pruneBelow = prune
            if case .component = node.view.kind { pruneBelow = false }
            for o in node.overlays.reversed() { stack.append((o, prune)) }
            for c in node.children.reversed() { stack.append((c, pruneBelow)) }
            for b in node.backgrounds.reversed() { stack.append((b, prune)) }
        }
        return frames
    }

    /// The model's views written at `range` (one per instance inside a component's body),
    /// from one walk of the model tree without recursion, pruned as `matches` is.
    static func views(at range: SourceRange, in document: TatamiDocument, scope: AssistScope = .everywhere) -> [ViewNode] {
        guard let body = document.body else { return [] }
        var found: [ViewNode] = []
        var stack: [(ViewNode, Bool)] = [(body, scope.prunes(range))]
        while let (v, prune) = stack.popLast() {
            if prune && !v.range.holds(range) { continue }
            if v.range == range { found.append(v) }
            var pruneBelow = prune
            if case .component = v.kind { pruneBelow = false }
            for d in v.decorations.reversed() { stack.append((d, prune)) }
            for c in v.children.reversed() { stack.append((c, pruneBelow)) }
        }
        return found
    }

    /// A view's built-in guide values and size names, read from its outer frame (docs/format.md
    /// §6.4): what an `alignmentGuides` expression or an alignment's `default` sees.
    static func guideValue(_ name: String, of node: FrameNode) -> Double? {
        let w = node.frame.width, h = node.frame.height
        switch name {
        case "width": return w
        case "height": return h
        case "top", "leading": return 0
        case "centerY": return h / 2
        case "bottom": return h
        case "centerX": return w / 2
        case "trailing": return w
        case "firstTextBaseline": return baselines(of: node).first ?? h
        case "lastTextBaseline": return baselines(of: node).last ?? h
        default: return nil
        }
    }

    /// Text baselines in the view's outer coordinates (docs/format.md §5.1, §6.5): a text's from its
    /// lines; a container's the smallest first and largest last of its children holding text
    /// (hidden ones too); nil where no text is inside. Read from the laid-out frames, so they
    /// are rounded like the frames.
    static func baselines(of node: FrameNode) -> (first: Double?, last: Double?) {
        // Post-order without recursion: children first, then each parent from its children.
        var order: [FrameNode] = []
        var stack: [FrameNode] = [node]
        while let n = stack.popLast() {
            order.append(n)
            stack.append(contentsOf: n.children)
        }
        var result: [FrameNode: (Double?, Double?)] = [:]
        for n in order.reversed() {
            var first: Double? = nil, last: Double? = nil
            if case .text(let t, _, _) = n.drawing {
                let dy = n.content.minY - n.frame.minY
                first = dy + t.firstBaseline
                last = dy + t.lastBaseline
            } else {
                for c in n.children {
                    guard var b = result[c] else { continue }
                    // A child's own explicit baseline stands for its text's, as in layout.
                    if !c.view.alignmentGuides.isEmpty {
                        b.0 = explicitGuide(.firstTextBaseline, of: c) ?? b.0
                        b.1 = explicitGuide(.lastTextBaseline, of: c) ?? b.1
                    }
                    let dy = c.frame.minY - n.frame.minY
                    if let f = b.0 { first = Swift.min(first ?? f + dy, f + dy) }
                    if let l = b.1 { last = Swift.max(last ?? l + dy, l + dy) }
                }
            }
            result[n] = (first, last)
        }
        let r = result[node] ?? (nil, nil)
        return (r.0, r.1)
    }

    /// A view's own `alignmentGuides` value for a guide, on its outer frame (a non-finite
    /// result reads as 0, as in layout); nil when it sets none.
    static func explicitGuide(_ guide: GuideName, of node: FrameNode) -> Double? {
        guard let o = node.view.alignmentGuides.first(where: { $0.guide == guide }) else { return nil }
        let v = o.value.root.evaluate { guideValue($0, of: node) }.value
        return v.isFinite ? v : 0
    }
}

/// Where the views of a file may be written, for pruning the walks of `AssistFrames`: in the
/// file's body, views nest as their mappings do, so a view's frames lie under the frames of the
/// views written around it; a component's body is written once and laid out under every
/// instance, so a range inside `components:` (or in another file) needs the whole walk.
struct AssistScope {
    /// The value of the file's `components:` key; nil: none, or the whole walk is wanted.
    let components: SourceRange?
    /// False: never prune.
    let enabled: Bool

    static let everywhere = AssistScope(components: nil, enabled: false)

    init(components: SourceRange?, enabled: Bool) {
        self.components = components
        self.enabled = enabled
    }

    /// The scope of an analysis's file.
    init(_ analysis: Analysis) {
        let pair = analysis.yaml.root?.pairs?.first { $0.key.keyText == "components" }
        self.init(components: pair?.value.range, enabled: true)
    }

    /// Whether a walk for `range` may skip subtrees that do not hold it.
    func prunes(_ range: SourceRange) -> Bool {
        guard enabled else { return false }
        // Other files' offsets start at 1 << 40 (SourceSet): never pruned.
        if range.start >= 1 << 40 { return false }
        guard let c = components else { return true }
        return range.end < c.start || range.start > c.end
    }
}

extension SourceRange {
    /// Whether `inner` lies within this range (ends included).
    func holds(_ inner: SourceRange) -> Bool { start <= inner.start && inner.end <= end }
}
