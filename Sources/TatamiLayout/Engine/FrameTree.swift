import TatamiBase
import TatamiModel

/// What a laid-out view draws, for the renderer.
public enum Drawing: Sendable {
    case none
    /// Laid-out lines (the same wrapping and `…` as measurement), the font, and how lines
    /// align inside the text's width.
    case text(TextLayoutResult, font: FontMetrics, alignment: HorizontalPart)
    case color(ColorValue, fill: Character?)
    case image(name: String)
    /// A line along `axis` (horizontal: a rule across; vertical: a bar down).
    case divider(axis: Axis)
}

/// One shown view after layout, in viewport coordinates, rounded to the viewport's scale.
/// Immutable once made (layout stores each rectangle finished).
public final class FrameNode: @unchecked Sendable {
    public let view: ViewNode
    /// `/`, `/0/2`, `/0/background` (docs/format.md §12.3), spelled out on each request.
    public var path: String {
        switch pathStorage {
        case .text(let s): return s
        case .linked(let paths, let index): return paths.path(index)
        }
    }

    private enum PathStorage {
        case text(String)
        case linked(FramePaths, Int)
    }

    private let pathStorage: PathStorage
    /// The kind key, or a component's name.
    public let kind: String
    public let id: String?
    /// The outer frame: the rectangle the parent placed, with every modifier (offset included).
    public let frame: Rect
    /// The kind itself, inside its padding and frames.
    public let content: Rect
    /// The proposal the outer view received.
    public let proposal: ProposedSize
    /// Hidden views (or views inside a hidden one) are laid out but not drawn.
    public let hidden: Bool
    public let drawing: Drawing
    /// Shown children in declaration order.
    public let children: [FrameNode]
    /// Backgrounds, in drawing order (the outermost first: it is furthest back).
    public let backgrounds: [FrameNode]
    /// Overlays, in drawing order (the innermost first).
    public let overlays: [FrameNode]
    /// Borders with the rectangle each is drawn on.
    public let borders: [(style: BorderStyle, rect: Rect)]
    /// Whether children are drawn in `zIndex` order (zstack, canvas) instead of declaration order.
    public let drawsChildrenByZIndex: Bool

    public convenience init(
        view: ViewNode, path: String, kind: String, frame: Rect, content: Rect, proposal: ProposedSize,
        hidden: Bool, drawing: Drawing, children: [FrameNode] = [], backgrounds: [FrameNode] = [],
        overlays: [FrameNode] = [], borders: [(style: BorderStyle, rect: Rect)] = [], drawsChildrenByZIndex: Bool = false
    ) {
        self.init(view: view, pathStorage: .text(path), kind: kind, frame: frame, content: content, proposal: proposal,
                  hidden: hidden, drawing: drawing, children: children, backgrounds: backgrounds, overlays: overlays,
                  borders: borders, drawsChildrenByZIndex: drawsChildrenByZIndex)
    }

    /// A node whose path is entry `pathIndex` of `paths` (what layout makes).
    convenience init(
        view: ViewNode, paths: FramePaths, pathIndex: Int, kind: String, frame: Rect, content: Rect, proposal: ProposedSize,
        hidden: Bool, drawing: Drawing, children: [FrameNode], backgrounds: [FrameNode],
        overlays: [FrameNode], borders: [(style: BorderStyle, rect: Rect)], drawsChildrenByZIndex: Bool
    ) {
        self.init(view: view, pathStorage: .linked(paths, pathIndex), kind: kind, frame: frame, content: content,
                  proposal: proposal, hidden: hidden, drawing: drawing, children: children, backgrounds: backgrounds,
                  overlays: overlays, borders: borders, drawsChildrenByZIndex: drawsChildrenByZIndex)
    }

    private init(
        view: ViewNode, pathStorage: PathStorage, kind: String, frame: Rect, content: Rect, proposal: ProposedSize,
        hidden: Bool, drawing: Drawing, children: [FrameNode], backgrounds: [FrameNode],
        overlays: [FrameNode], borders: [(style: BorderStyle, rect: Rect)], drawsChildrenByZIndex: Bool
    ) {
        self.view = view
        self.pathStorage = pathStorage
        self.kind = kind
        self.id = view.id
        self.frame = frame
        self.content = content
        self.proposal = proposal
        self.hidden = hidden
        self.drawing = drawing
        self.children = children
        self.backgrounds = backgrounds
        self.overlays = overlays
        self.borders = borders
        self.drawsChildrenByZIndex = drawsChildrenByZIndex
    }

    /// Children in the order they are drawn: by `zIndex` (ties in declaration order) where the
    /// container says so, else declaration order.
    public var childrenInDrawingOrder: [FrameNode] {
        guard drawsChildrenByZIndex else { return children }
        return children.enumerated().sorted {
            $0.element.view.zIndex != $1.element.view.zIndex
                ? $0.element.view.zIndex < $1.element.view.zIndex : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Every node in the frames-output order of docs/format.md §12.3: a view, its backgrounds, its
    /// children, its overlays.
    public func preorder(_ visit: (FrameNode) -> Void) {
        var stack: [FrameNode] = [self]
        while let node = stack.popLast() {
            visit(node)
            for o in node.overlays.reversed() { stack.append(o) }
            for c in node.children.reversed() { stack.append(c) }
            for b in node.backgrounds.reversed() { stack.append(b) }
        }
    }
}

/// One viewport's layout of a document.
public struct LayoutResult: Sendable {
    public let viewport: Viewport
    /// The body's frames; nil when the document has no usable body or the body is absent here.
    public let root: FrameNode?
    /// Layout diagnostics, each naming this viewport.
    public let diagnostics: [Diagnostic]

    public init(viewport: Viewport, root: FrameNode?, diagnostics: [Diagnostic]) {
        self.viewport = viewport
        self.root = root
        self.diagnostics = diagnostics
    }
}
