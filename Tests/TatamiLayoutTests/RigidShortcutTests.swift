import Foundation
import TatamiBase
@testable import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiTestSupport
import XCTest

/// Rigid nodes (`NodeRole.isRigid`) answer size queries from their first measurement. The
/// shortcut must never change a result: every frame, content rectangle, proposal, drawing and
/// diagnostic is compared with the full computation (`LayoutOptions(answersRigidSizes: false)`)
/// on every layout case, every example and the cases below, in every viewport.
final class RigidShortcutTests: XCTestCase {
    /// Everything a layout reports, one line per frame and per diagnostic.
    static func dump(_ result: LayoutResult) -> [String] {
        var lines: [String] = []
        func rect(_ r: Rect) -> String { "\(r.x) \(r.y) \(r.width) \(r.height)" }
        func value(_ v: Double?) -> String { v.map { "\($0)" } ?? "nil" }
        result.root?.preorder { f in
            lines.append("\(f.path) \(f.kind) frame \(rect(f.frame)) content \(rect(f.content))"
                         + " proposal \(value(f.proposal.width)) \(value(f.proposal.height)) hidden \(f.hidden)"
                         + " drawing \(f.drawing) borders \(f.borders.map { rect($0.rect) })")
        }
        for d in result.diagnostics {
            lines.append("! \(d.code.name) \(d.range.start)-\(d.range.end) \(d.message)")
        }
        return lines
    }

    private func assertShortcutMatches(_ text: String, _ name: String, path: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let analysis = path.map { Pipeline.analyze(text: text, path: $0, workspaceRoot: Fixtures.repositoryRoot().path) }
            ?? Pipeline.analyze(text: text)
        let errors = analysis.diagnostics.filter { $0.code.severity == .error }.map(\.message)
        XCTAssertEqual(errors, [], "\(name): the case must be valid", file: file, line: line)
        for viewport in analysis.document.viewports {
            let fast = Self.dump(LayoutEngine.layout(analysis.document, in: viewport))
            let full = Self.dump(LayoutEngine.layout(analysis.document, in: viewport, options: LayoutOptions(answersRigidSizes: false)))
            XCTAssertFalse(full.isEmpty, "\(name) \(viewport.name): nothing laid out", file: file, line: line)
            guard fast != full else { continue }
            let firstDifference = zip(fast, full).first { $0 != $1 }.map { "shortcut: \($0.0)\nfull:     \($0.1)" }
                ?? "shortcut \(fast.count) lines, full \(full.count)"
            XCTFail("\(name) \(viewport.name): the shortcut changes the layout\n\(firstDifference)", file: file, line: line)
        }
    }

    func testLayoutCasesAndExamples() throws {
        let files = Fixtures.layoutCasesAndExamples()
        XCTAssertGreaterThan(files.count, 40)
        for url in files {
            assertShortcutMatches(try String(contentsOf: url, encoding: .utf8), url.lastPathComponent, path: url.path)
        }
    }

    /// A rigid stack whose final proposal differs from the probes it answered first: its
    /// overflow and its children's proposals come from the final proposal.
    func testRigidStackProbedThenPlaced() {
        let text = """
        viewports:
          narrow: {width: 25, height: 40}
          wide: {width: 300, height: 200}
        body:
          vstack:
            - hstack:
                - color: red
                  frame: {width: 10, height: 10}
                - image: icon
                  size: {width: 12, height: 8}
                - text: fixed
                  frame: {width: 30, height: 12}
              spacing: 2
            - hstack:
                - color: blue
                - text: grows
          spacing: 0
        """
        assertShortcutMatches(text, "probed then placed")

        // By hand (§7.1), viewport wide: the vstack proposes 200 tall to two children; the
        // rigid hstack (10 + 12 + 30 + 2·2 = 56 wide, 12 tall) is sized first (flexibility 0),
        // proposed (300, 100) and then placed with that proposal; its children are proposed
        // their shares of 300 − 4: 296/3, then what is left after each.
        let analysis = Pipeline.analyze(text: text)
        let wide = LayoutEngine.layout(analysis.document, in: analysis.document.viewports[1])
        var proposals: [String: ProposedSize] = [:]
        wide.root?.preorder { proposals[$0.path] = $0.proposal }
        XCTAssertEqual(proposals["/0"], ProposedSize(width: 300, height: 100))
        XCTAssertEqual(proposals["/0/0"], ProposedSize(width: 296.0 / 3, height: 100))
        XCTAssertEqual(proposals["/0/1"], ProposedSize(width: (296 - 10) / 2.0, height: 100))
        XCTAssertEqual(proposals["/0/2"], ProposedSize(width: 296 - 10 - 12, height: 100))
    }

    /// Text inside fixed frames keeps its baselines and guide values; explicit guides and
    /// custom alignments are evaluated from the same measurements.
    func testBaselinesAndGuidesInRigidStacks() {
        let text = """
        viewports:
          a: {width: 60, height: 30}
          b: {width: 400, height: 300}
        alignments:
          mid: {axis: vertical, default: height / 2}
        body:
          hstack:
            - vstack:
                - text: one two three
                  frame: {width: 20, height: 30}
                - text: four
                  fixedSize: true
              alignment: trailing
            - text: five six
              frame: {width: 24, height: 16}
              alignmentGuides: {firstTextBaseline: 3}
            - zstack:
                - image: a
                  size: {width: 9, height: 9}
                - text: z
                  fixedSize: true
                  alignmentGuides: {mid: height + 1}
              alignment: bottomTrailing
            - color: red
              frame: {width: 5, height: 5}
              padding: 2
              border: true
          alignment: firstTextBaseline
        """
        assertShortcutMatches(text, "baselines and guides")
        assertShortcutMatches(text.replacingOccurrences(of: "alignment: firstTextBaseline", with: "alignment: mid"), "custom guide")
        assertShortcutMatches(text.replacingOccurrences(of: "alignment: firstTextBaseline", with: "alignment: lastTextBaseline"), "last baseline")
    }

    /// Overflow is reported from the final proposal, which a rigid stack's first
    /// measurement (a probe at 0) did not see.
    func testOverflowOfRigidStack() {
        let text = """
        viewports:
          small: {width: 30, height: 30}
        body:
          vstack:
            - hstack:
                - color: red
                  frame: {width: 20, height: 10}
                - color: green
                  frame: {width: 20, height: 10}
            - color: blue
        """
        assertShortcutMatches(text, "overflow")
        let analysis = Pipeline.analyze(text: text)
        let result = LayoutEngine.layout(analysis.document, in: analysis.document.viewports[0])
        // The hstack is 20 + 8 + 20 = 48 wide in a 30-wide viewport, and so is the vstack around it.
        let overflow = result.diagnostics.filter { $0.code == .overflow }.map(\.message).sorted()
        XCTAssertEqual(overflow, ["hstack content is 48 wide but 30 is available (overflow 18) in viewport small",
                                  "vstack content is 48 wide but 30 is available (overflow 18) in viewport small"])
    }

    /// Which roles are rigid, on nodes built from a file.
    func testClassification() {
        let text = """
        viewports:
          v: {width: 100, height: 100}
        body:
          vstack:
            - color: red
            - color: red
              frame: {width: 10, height: 10}
            - color: red
              frame: {width: 10}
            - image: i
              size: {width: 4, height: 4}
            - image: i
              size: {width: 4, height: 4}
              resizable: true
            - image: i
              size: {width: 4, height: 4}
              frame: {height: 9}
              padding: 3
            - text: t
              fixedSize: true
            - text: t
              fixedSize: {horizontal: true}
            - hstack:
                - image: i
                  size: {width: 4, height: 4}
                - spacer: 4
            - zstack:
                - image: i
                  size: {width: 4, height: 4}
            - flow:
                - image: i
                  size: {width: 4, height: 4}
        """
        let analysis = Pipeline.analyze(text: text)
        XCTAssertEqual(analysis.diagnostics.filter { $0.code.severity == .error }.map(\.message), [])
        let ctx = LayoutContext(document: analysis.document, viewport: analysis.document.viewports[0])
        let env = TextEnvironment(font: FontMetrics.defaultFontName, lineLimit: nil, alignment: .leading)
        guard let root = NodeBuilder(ctx: ctx).build(analysis.document.body!, env: env, stackAxis: nil),
              case .container(_, let children) = root.role else {
            return XCTFail("no root stack")
        }
        XCTAssertEqual(children.map(\.isRigid), [false, true, false, true, false, true, true, false, false, true, false])
        XCTAssertFalse(root.isRigid)
    }
}
