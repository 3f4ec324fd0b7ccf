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
    /// One walk of the frame tree, without recursion.
    static func matches(_ range: SourceRange, in layout: LayoutResult) -> [AssistFrameMatch] {
        guard let root = layout.root else { return [] }
        var found: [AssistFrameMatch] = []
        var stack: [(FrameNode, FrameNode?, FrameNode?)] = [(root, nil, nil)]
        while let (node, parent, instance) = stack.popLast() {
            if node.view.range == range { found.append(AssistFrameMatch(node: node, parent: parent, instance: instance)) }
            let inner: FrameNode?
            if case .component = node.view.kind { inner = node } else { inner = instance }
            for o in node.overlays.reversed() { stack.append((o, node, instance)) }
            for c in node.children.reversed() { stack.append((c, node, inner)) }
            for b in node.backgrounds.reversed() { stack.append((b, node, instance)) }
        }
        return found
    }

    /// The first frame (in frames-output order) of each view range of `layout`, for views
    /// written in this file.
    static func firstFrames(in layout: LayoutResult) -> [SourceRange: FrameNode] {
        guard let root = layout.root else { return [:] }
        var frames: [SourceRange: FrameNode] = [:]
        root.preorder { node in
            if frames[node.view.range] == nil { frames[node.view.range] = node }
        }
        return frames
    }

    /// The model's views written at `range` (one per instance inside a component's body),
    /// from one walk of the model tree without recursion.
    static func views(at range: SourceRange, in document: TatamiDocument) -> [ViewNode] {
        guard let body = document.body else { return [] }
        var found: [ViewNode] = []
        var stack: [ViewNode] = [body]
        while let v = stack.popLast() {
            if v.range == range { found.append(v) }
            stack.append(contentsOf: v.decorations.reversed())
            stack.append(contentsOf: v.children.reversed())
        }
        return found
    }

    /// A view's built-in guide values and size names, read from its outer frame (FORMAT.md
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

    /// Text baselines in the view's outer coordinates (FORMAT.md §5.1, §6.5): a text's from its
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
        var result: [ObjectIdentifier: (Double?, Double?)] = [:]
        for n in order.reversed() {
            var first: Double? = nil, last: Double? = nil
            if case .text(let t, _, _) = n.drawing {
                let dy = n.content.minY - n.frame.minY
                first = dy + t.firstBaseline
                last = dy + t.lastBaseline
            } else {
                for c in n.children {
                    guard let b = result[ObjectIdentifier(c)] else { continue }
                    let dy = c.frame.minY - n.frame.minY
                    if let f = b.0 { first = Swift.min(first ?? f + dy, f + dy) }
                    if let l = b.1 { last = Swift.max(last ?? l + dy, l + dy) }
                }
            }
            result[ObjectIdentifier(n)] = (first, last)
        }
        let r = result[ObjectIdentifier(node)] ?? (nil, nil)
        return (r.0, r.1)
    }
}
