import TatamiBase
import TatamiLayout
import TatamiModel

/// An sRGB colour, 0–255 a channel.
public struct RGB: Sendable, Hashable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB`, upper case.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for v in [red, green, blue] {
            s.append(digits[Int(v >> 4)])
            s.append(digits[Int(v & 15)])
        }
        return s
    }
}

/// One line of a text, placed: its characters, where it starts, where its baseline is and how
/// long layout measured it (`cells × font.width` in a cell font, the shaped advances in a file
/// font).
public struct PlacedLine: Sendable, Hashable {
    public let text: String
    public let x: Double
    /// The line's top.
    public let top: Double
    /// Its baseline: `top + 0.75 × font.height` in a cell font, the face's ascent and half
    /// leading below `top` in a file font (docs/format.md §5.1).
    public let baseline: Double
    public let length: Double
}

/// What the graphical renders draw, in drawing order (docs/render.md, "The graphical render").
public enum SceneItem: Sendable {
    /// A `color` view's content rectangle filled with its colour (`clear` draws nothing).
    case fill(Rect, RGB)
    /// A text's laid-out lines (the same wrapping and `…` as layout), clipped to `clip`.
    case text(lines: [PlacedLine], font: FontMetrics, clip: Rect)
    /// An image's placeholder: its content rectangle, labelled with its name.
    case image(Rect, name: String)
    /// A divider's one-point line: its content rectangle.
    case divider(Rect, axis: Axis)
    /// A `border` on the rectangle stored with it.
    case border(Rect, style: BorderStyle)
}

/// One shown view, for the HTML render's hover layer.
public struct SceneView: Sendable {
    public let path: String
    public let kind: String
    public let id: String?
    public let frame: Rect
    public let content: Rect
}

/// One viewport's layout as the graphical renders see it: what is drawn, in order, and every
/// shown view (hidden ones and everything inside them left out), both in drawing order.
///
/// Built from the public `FrameNode` tree only, the same one the text render walks.
public struct RenderScene: Sendable {
    public let viewport: Viewport
    public var items: [SceneItem] = []
    public var views: [SceneView] = []

    /// The viewport's safe-area insets as rectangles that do not overlap: the top and bottom
    /// bands across the viewport, then the left and right ones between them (`leading` is on the
    /// right in a right-to-left viewport); empty ones left out.
    public var safeAreaBands: [Rect] {
        let w = max(0, viewport.width), h = max(0, viewport.height)
        let s = viewport.safeArea
        func clampLength(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(0, v), limit) : 0 }
        let top = clampLength(s.top, h), bottom = clampLength(s.bottom, h)
        let leading = clampLength(s.leading, w), trailing = clampLength(s.trailing, w)
        let (left, right) = viewport.direction == .rtl ? (trailing, leading) : (leading, trailing)
        var bands: [Rect] = []
        if top > 0 { bands.append(Rect(x: 0, y: 0, width: w, height: top)) }
        if bottom > 0 { bands.append(Rect(x: 0, y: h - bottom, width: w, height: bottom)) }
        // The side bands stop at the top and bottom ones, so no corner is shaded twice.
        let middle = max(0, h - top - bottom)
        if left > 0, middle > 0 { bands.append(Rect(x: 0, y: top, width: left, height: middle)) }
        if right > 0, middle > 0 { bands.append(Rect(x: w - right, y: top, width: right, height: middle)) }
        return bands
    }

    public init(_ result: LayoutResult) {
        viewport = result.viewport
        if let root = result.root { walk(root) }
    }

    /// The faces of the file fonts the scene's texts are set in, each once, in first use order:
    /// what a graphical render embeds.
    public var fontFaces: [FontFile.Face] {
        var seen = Set<FontFile.Face>()
        var result: [FontFile.Face] = []
        for case .text(_, let font, _) in items {
            for face in font.file?.faces ?? [] where seen.insert(face).inserted { result.append(face) }
        }
        return result
    }

    private enum Step {
        case enter(FrameNode)
        case own(FrameNode)
        case border(Rect, BorderStyle)
    }

    /// Backgrounds (the outermost first), the view's own drawing, its children in drawing order,
    /// then its overlays and borders in the order the view's modifiers stack them (innermost
    /// first): a border is drawn above the content, as SwiftUI's `.border` is, and above the
    /// overlays written inside it. Iterative, so deep trees cannot overflow the stack.
    private mutating func walk(_ root: FrameNode) {
        var stack: [Step] = [.enter(root)]
        while let step = stack.popLast() {
            switch step {
            case .enter(let node):
                if node.hidden { continue }
                var above: [Step] = []
                for decoration in RenderScene.decorationsAbove(node) {
                    switch decoration {
                    case .overlay(let o): above.append(.enter(o))
                    case .border(let rect, let style): above.append(.border(rect, style))
                    }
                }
                stack.append(contentsOf: above.reversed())
                for c in node.childrenInDrawingOrder.reversed() { stack.append(.enter(c)) }
                stack.append(.own(node))
                for b in node.backgrounds.reversed() { stack.append(.enter(b)) }
            case .own(let node):
                views.append(SceneView(path: node.path, kind: node.kind, id: node.id, frame: node.frame, content: node.content))
                draw(node.drawing, in: node.content)
            case .border(let rect, let style):
                items.append(.border(rect, style: style))
            }
        }
    }

    private enum Decoration {
        case overlay(FrameNode)
        case border(Rect, BorderStyle)
    }

    /// A view's overlays and borders, innermost first, interleaved as its modifiers are written
    /// (`modifiers: [{border: true}, {overlay: …}]` puts the overlay above the border). When the
    /// counts do not match the modifiers (a decoration absent here), overlays then borders.
    private static func decorationsAbove(_ node: FrameNode) -> [Decoration] {
        if node.overlays.isEmpty && node.borders.isEmpty { return [] }
        let overlays = node.overlays, borders = node.borders
        var order: [Bool] = []  // true: an overlay
        for m in node.view.modifiers {
            if case .overlay = m { order.append(true) }
            if case .border = m { order.append(false) }
        }
        guard order.filter({ $0 }).count == overlays.count, order.filter({ !$0 }).count == borders.count else {
            return overlays.map { .overlay($0) } + borders.map { .border($0.rect, $0.style) }
        }
        var o = 0, b = 0
        return order.map { isOverlay in
            if isOverlay { defer { o += 1 }; return .overlay(overlays[o]) }
            defer { b += 1 }
            return .border(borders[b].rect, borders[b].style)
        }
    }

    private mutating func draw(_ drawing: Drawing, in rect: Rect) {
        switch drawing {
        case .none:
            break
        case .color(let color, _):
            if let rgb = ColorTable.rgb(color) { items.append(.fill(rect, rgb)) }
        case .text(let layout, let font, let alignment):
            var lines: [PlacedLine] = []
            for (j, line) in layout.lines.enumerated() {
                let length = line.width
                let x = rect.minX + (rect.width - length) * alignment.fraction
                let top = rect.minY + Double(j) * font.height
                lines.append(PlacedLine(text: line.text, x: x, top: top, baseline: top + layout.firstBaseline, length: length))
            }
            items.append(.text(lines: lines, font: font, clip: rect))
        case .image(let name):
            items.append(.image(rect, name: name))
        case .divider(let axis):
            items.append(.divider(rect, axis: axis))
        }
    }
}
