import TatamiBase
import TatamiModel
import TatamiServices
import TatamiTestSupport
import XCTest
@testable import TatamiLayout

/// The layout store (`LayoutTree` and what `LayoutContext` keeps beside it): its values stay
/// small, measuring probes keep text metrics only, and what they report is what the final
/// placement's lines give.
final class LayoutStoreTests: XCTestCase {
    /// Every node costs its role, its info and a cache slot: a few words each, no heap object.
    func testNodeValuesStaySmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<NodeRole>.stride, 32)
        XCTAssertLessThanOrEqual(MemoryLayout<NodeInfo>.stride, 16)
        XCTAssertLessThanOrEqual(MemoryLayout<ChildPlacement>.stride, 40)
        XCTAssertLessThanOrEqual(MemoryLayout<TatamiLayout.Measurement>.stride, 32)
        XCTAssertEqual(MemoryLayout<NodeID>.size, 4)
        // A text's inputs name its font by index: no metrics or font files per text.
        XCTAssertLessThanOrEqual(MemoryLayout<TextInfo>.stride, 56)
    }

    /// A frame's record is 64 bytes: its content rectangle, decorations and borders sit in a
    /// side entry when it has any, and its drawing and flags share one word.
    func testFrameRecordsStay64Bytes() {
        XCTAssertEqual(MemoryLayout<FrameParts.Record>.stride, 64)
    }

    /// The drawing and flags packed in a record read back as written.
    func testFrameRecordPacksDrawingAndFlags() {
        var r = FrameParts.Record(frame: .zero, proposal: .unspecified)
        let drawings: [FrameParts.DrawingSource] = [.none, .fromView, .horizontalDivider, .verticalDivider, .text(0), .text(12345),
                                                    .given(FrameParts.Record.maxDrawingIndex)]
        let flags: [FrameParts.Record.Flags] = [[], .hidden, .byZIndex, [.hidden, .byZIndex]]
        for d in drawings {
            for f in flags {
                r.drawing = d
                r.flags = f
                XCTAssertEqual(r.flags, f)
                XCTAssertEqual(String(describing: r.drawing), String(describing: d))
                r.flags = []
                XCTAssertEqual(String(describing: r.drawing), String(describing: d))
            }
        }
    }

    /// `TextMeasurer.metrics` (what a probe keeps) gives the size, truncation and baselines
    /// `TextMeasurer.layout` (what the final placement draws) gives, for every mode, limit and
    /// proposal below.
    func testTextMetricsMatchLayout() {
        let texts = ["", "a", "Hello world", "Hello  wide 中文 text with spaces   ", "line one\nline two\n",
                     "\n", "  indented\n    more", "supercalifragilistic", "a b c d e f g h i j k l m n o p",
                     "😀😀 x 😀", "e\u{301}te\u{301} cafe\u{301}", "tab\there\r\nnext"]
        let fonts = [FontMetrics(width: 8, height: 16), FontMetrics(width: 7.5, height: 0), FontMetrics(width: 0, height: 12)]
        let lengths: [Double?] = [nil, 0, 1, 7.9, 8, 16, 24, 40, 64, 100, .infinity]
        // One scratch array for every measurement, as layout keeps it.
        var scratch: [TextMeasurer.Span] = []
        for text in texts {
            let clusters = TextMeasurer.makeClusters(text)
            for font in fonts {
                for lineLimit in [nil, 0, 1, 2, 3] as [Int?] {
                    for mode in Truncation.allCases {
                        for width in lengths {
                            for height in [nil, 0, 16, 20, 33, .infinity] as [Double?] {
                                let p = ProposedSize(width: width, height: height)
                                let full = TextMeasurer.layout(text, font: font, lineLimit: lineLimit, truncation: mode, proposal: p)
                                let m = TextMeasurer.metrics(text, clusters: clusters, font: font, lineLimit: lineLimit,
                                                             truncation: mode, proposal: p, scratch: &scratch)
                                let what = "\(text.debugDescription) \(font) limit \(String(describing: lineLimit)) \(mode) \(p)"
                                XCTAssertEqual(m.size, full.size, what)
                                XCTAssertEqual(m.truncated, full.truncated, what)
                                XCTAssertEqual(m.firstBaseline.bitPattern, full.firstBaseline.bitPattern, what)
                                XCTAssertEqual(m.lastBaseline.bitPattern, full.lastBaseline.bitPattern, what)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The nodes of a file without errors, for its first viewport: the context that holds them
    /// and the body's node (nil after a test failure).
    private func built(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (LayoutContext, NodeID)? {
        let analysis = Pipeline.analyze(text: text)
        XCTAssertEqual(analysis.diagnostics.filter { $0.code.severity == .error }.map(\.message), [], file: file, line: line)
        var builder = NodeBuilder(ctx: LayoutContext(document: analysis.document, viewport: analysis.document.viewports[0]))
        let env = TextEnvironment(font: FontMetrics.defaultFontName, lineLimit: nil, alignment: .leading)
        guard let root = builder.buildNode(analysis.document.body!, env: env, stackAxis: nil) else {
            XCTFail("no root", file: file, line: line)
            return nil
        }
        return (builder.ctx, root)
    }

    /// Children are `NodeID`s in one flat array, a container's a contiguous range, in
    /// declaration order, with their declared indices (absent siblings still count).
    func testContainersHoldRangesOfChildIDs() {
        let text = """
        viewports:
          v: {width: 100, height: 100}
        body:
          vstack:
            - text: a
            - color: red
              when: width > 1000
            - hstack:
                - text: b
                  padding: 2
                - color: blue
            - text: c
              background:
                color: green
        """
        guard let (ctx, root) = built(text) else { return }
        let tree = ctx.tree
        guard case .container(_, let range) = tree.role(root) else { return XCTFail("root is not a container") }
        let children = Array(tree.children(range))
        XCTAssertEqual(children.map { Int(tree[$0].childIndex) }, [0, 2, 3])
        XCTAssertEqual(children.map { tree.view($0).kind.name }, ["text", "hstack", "text"])
        // The last child's chain: background (outer) → text (core).
        let last = children[2]
        XCTAssertTrue(tree.flags(last).contains(.outer))
        XCTAssertNotEqual(tree[last].core, last)
        guard case .background(let decoration, _, let child) = tree.role(last) else { return XCTFail("no background") }
        XCTAssertEqual(child, tree[last].core)
        XCTAssertEqual(tree.view(decoration).kind.name, "color")
        // Every node, and every view once.
        XCTAssertEqual(tree.count, 9)
        XCTAssertEqual(tree.views.count, 7)
    }

    /// A container keeps one range of placements, which each of its arrangements rewrites:
    /// after it is measured for another proposal, `arranged` gives the arrangement for the
    /// proposal asked again. Two flexible colours in an hstack with no spacing share its width
    /// equally: the second starts at half the width proposed.
    func testArrangedGivesThePlacementsOfItsProposal() {
        let text = """
        viewports:
          v: {width: 100, height: 100}
        body:
          hstack:
            - color: red
            - color: blue
          spacing: 0
        """
        guard var (ctx, root) = built(text) else { return }
        ctx.prepareMeasuring()
        let wide = ProposedSize(width: 100, height: 30), narrow = ProposedSize(width: 40, height: 30)
        func origins(_ m: TatamiLayout.Measurement) -> [Double] {
            (0..<Int(m.childCount)).map { ctx.placement(m, $0).origin.x }
        }
        XCTAssertEqual(ctx.measure(root, wide).size, Size(width: 100, height: 30))
        XCTAssertEqual(origins(ctx.arranged(root, wide)), [0, 50])
        // Measured for another proposal: the range now holds that arrangement.
        XCTAssertEqual(ctx.measure(root, narrow).size, Size(width: 40, height: 30))
        XCTAssertEqual(origins(ctx.arranged(root, narrow)), [0, 20])
        // Asked again for the first: arranged again, from the cached sizes of its children.
        XCTAssertEqual(origins(ctx.arranged(root, wide)), [0, 50])
        XCTAssertEqual(origins(ctx.arranged(root, wide)), [0, 50])
        XCTAssertEqual(origins(ctx.arranged(root, narrow)), [0, 20])
    }
}
