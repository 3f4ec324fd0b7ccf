@testable import TatamiRender
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiTestSupport
import XCTest

/// Builders for frame trees, so tests can draw without running layout.
enum Make {
    static func view(zIndex: Double = 0) -> ViewNode {
        ViewNode(kind: .spacer(minLength: nil), range: .at(0), kindRange: .at(0), zIndex: zIndex, serial: 0)
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    static func node(
        _ frame: Rect, _ drawing: Drawing = .none, content: Rect? = nil, zIndex: Double = 0,
        hidden: Bool = false, children: [FrameSketch] = [], backgrounds: [FrameSketch] = [], overlays: [FrameSketch] = [],
        borders: [(style: BorderStyle, rect: Rect)] = [], byZIndex: Bool = false
    ) -> FrameSketch {
        FrameSketch(
            view: view(zIndex: zIndex), frame: frame, content: content ?? frame,
            proposal: .unspecified, hidden: hidden, drawing: drawing, children: children,
            backgrounds: backgrounds, overlays: overlays, borders: borders, drawsChildrenByZIndex: byZIndex
        )
    }

    /// A text drawing of the given lines (one cell per character unless `width` says otherwise).
    static func text(
        _ lines: [String], font: FontMetrics = FontMetrics(width: 8, height: 16), alignment: HorizontalPart = .leading,
        width: (Character) -> Int = { _ in 1 }
    ) -> Drawing {
        let laid = lines.map { line -> TextLine in
            let cells = line.reduce(0) { $0 + width($1) }
            return TextLine(text: line, cells: cells, width: Double(cells) * font.width)
        }
        let size = Size(width: Double(laid.map(\.cells).max() ?? 0) * font.width, height: Double(lines.count) * font.height)
        // Baselines as the cell model places them (docs/format.md §5.1).
        let first = 0.75 * font.height, last = Double(max(0, lines.count - 1)) * font.height + first
        return .text(TextLayoutResult(lines: laid, size: size, truncated: false, firstBaseline: first, lastBaseline: last),
                     font: font, alignment: alignment)
    }

    static func textNode(_ line: String, _ frame: Rect, font: FontMetrics = FontMetrics(width: 8, height: 16)) -> FrameSketch {
        node(frame, text([line], font: font))
    }

    static func color(_ name: String, _ frame: Rect, fill: Character? = nil) -> FrameSketch {
        node(frame, .color(.named(name), fill: fill))
    }

    static func result(_ name: String, _ width: Double, _ height: Double, _ root: FrameSketch?) -> LayoutResult {
        LayoutResult(viewport: Viewport(name: name, width: width, height: height), root: root.map { FrameNode($0) }, diagnostics: [])
    }

    /// A container covering the viewport holding `children` in declaration order.
    static func screen(_ width: Double, _ height: Double, _ children: [FrameSketch]) -> FrameSketch {
        node(rect(0, 0, width, height), children: children)
    }
}

extension XCTestCase {
    /// Renders and compares with `Tests/Fixtures/render/<name>.txt`.
    func assertGolden(_ name: String, _ rendered: String, file: StaticString = #filePath, line: UInt = #line) {
        if let problem = Fixtures.checkGolden(rendered, at: Fixtures.url("render/\(name).txt")) {
            XCTFail(problem + "\n--- rendered ---\n" + rendered, file: file, line: line)
        }
    }

    func render(_ result: LayoutResult, _ options: RenderOptions = .init(), width: ((Character) -> Int)? = nil) -> String {
        if let width { return ASCIIRenderer.render(result, options: options, cellWidth: width) }
        return ASCIIRenderer.render(result, options: options)
    }
}
