import Foundation
import TatamiBase
@testable import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiTestSupport
import TatamiValidation
import XCTest

/// A layout tree whose subtrees were copied from the last layout's (`SubtreeCopier`: the views a
/// validation took over whole) is the tree built from nothing: after every edit of a random
/// sequence (typing into a card, inserting, deleting and moving cards, changing the settings the
/// cards inherit, changing the component they instantiate), the tree each viewport's layout kept
/// is compared, node by node and array by array, with a tree built from the same document with
/// no copier; and each viewport's frames, array by array, with frames placed from nothing.
final class SubtreeCopyTests: XCTestCase {
    private static let header = """
    viewports: {phone: {width: 390, height: 844}, tablet: {width: 820, height: 1180}}
    fonts:
      big: {width: 12, height: 24}
    components:
      Card:
        params:
          title: {type: string}
          detail: {type: string, default: ""}
        body:
          hstack:
            - color: blue
              frame: {width: 24, height: 24}
            - vstack:
                - text: $title
                  font: big
                  background: {color: gray}
                - text: $detail
                  lineLimit: 2
                - zstack: []
              alignment: leading
              frame: {maxWidth: 300}
            - spacer:
            - divider:
          padding: 12
          overlay: {color: red, frame: {width: 4, height: 4}}

    """

    /// The body: `settings` written on the body's stack, then each card.
    private func text(_ cards: [String], settings: String) -> String {
        var s = Self.header + "body:\n  vstack:\n"
        for c in cards { s += c }
        s += "  spacing: 4\n" + settings
        return s
    }

    /// A card of one of three shapes (an instance, a written stack, a stack that sets its own
    /// font), its texts long enough to be an item the validation keeps.
    private func card(_ n: Int, _ random: inout SeededRandom) -> String {
        let words = String(repeating: "word ", count: Int.random(in: 1...6, using: &random))
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            return "    - Card: {title: \"Card number \(n) \(words)\", detail: \"Its detail line, \(n)\"}\n"
        case 1:
            // A text in a fixed frame, with a text overlay: typing into it places it again while
            // its overlay, proposed the same frame, is copied.
            return "    - hstack:\n        - text: \"A written row, \(n) \(words)\"\n"
                + "          frame: {width: 120, height: 120}\n          overlay: {text: \"!\"}\n        - spacer: 8\n"
                + "        - text: \"\(n)\"\n          padding: {leading: 4}\n      padding: 6\n"
        default:
            return "    - vstack:\n        - text: \"A row in its own font, \(n) \(words)\"\n        - Card: {title: \"Inner \(n)\"}\n"
                + "      font: big\n      multilineAlignment: center\n"
        }
    }

    /// Every array of two trees, compared; the first difference, or nil.
    private func difference(_ a: LayoutTree, _ b: LayoutTree) -> String? {
        guard a.count == b.count else { return "\(a.count) nodes against \(b.count)" }
        for i in 0..<a.count {
            let x = a.nodes[i], y = b.nodes[i]
            guard x.view == y.view, x.core == y.core, x.childIndex == y.childIndex, x.flags == y.flags else { return "node \(i)" }
            switch (a.roles[i], b.roles[i]) {
            case (.container(let p, let r), .container(let q, let s)):
                guard r == s, type(of: p) == type(of: q), p.hasSameParameters(as: q) else { return "container \(i)" }
            case (let r, let s):
                guard String(describing: r) == String(describing: s) else { return "role \(i): \(r) against \(s)" }
            }
        }
        guard a.childIDs == b.childIDs else { return "children" }
        guard a.texts.count == b.texts.count, zip(a.texts, b.texts).allSatisfy({ $0.measuresAlike($1) }) else { return "texts" }
        guard a.paddings == b.paddings, a.flexibleFrames == b.flexibleFrames, a.fonts == b.fonts else { return "side arrays" }
        guard a.views == b.views, a.viewStore === b.viewStore else { return "views" }
        guard zip(a.viewFacts, b.viewFacts).allSatisfy({ $0.tag == $1.tag && $0.hidden == $1.hidden }),
              a.priorities.map(\.bitPattern) == b.priorities.map(\.bitPattern) else { return "view facts" }
        guard a.subtrees == b.subtrees else { return "subtree marks" }
        guard a.copyable == b.copyable else { return "copyable" }
        return nil
    }

    /// Every array of two placements' frames, compared; the first difference, or nil. A placement
    /// that copied frames from the last one (`FramePlacer.reuse`, in runs) stores them as placing
    /// them would have, entry for entry.
    private func difference(_ a: FrameParts, _ b: FrameParts) -> String? {
        guard a.records.count == b.records.count else { return "\(a.records.count) frames against \(b.records.count)" }
        for (i, (x, y)) in zip(a.records, b.records).enumerated() {
            guard x.frame == y.frame, x.proposal == y.proposal, x.linkStart == y.linkStart, x.childCount == y.childCount,
                  x.extra == y.extra, x.flags == y.flags, String(describing: x.drawing) == String(describing: y.drawing)
            else { return "frame \(i)" }
        }
        guard a.parents == b.parents, a.steps == b.steps else { return "paths" }
        guard a.viewIndices == b.viewIndices, a.links == b.links else { return "views or links" }
        guard a.extras.count == b.extras.count, zip(a.extras, b.extras).allSatisfy({
            $0.content == $1.content && $0.backgroundCount == $1.backgroundCount && $0.overlayCount == $1.overlayCount
                && $0.borders == $1.borders
        }) else { return "extras" }
        guard a.texts.count == b.texts.count, zip(a.texts, b.texts).allSatisfy({ $0.proposal == $1.proposal && $0.info.measuresAlike($1.info) })
        else { return "texts" }
        guard a.borderLists.map(\.count) == b.borderLists.map(\.count) else { return "borders" }
        return nil
    }

    /// The tree a build from nothing makes of `document` in `viewport`.
    private func fresh(_ document: TatamiDocument, _ viewport: Viewport) -> LayoutTree? {
        guard let body = document.body else { return nil }
        var builder = NodeBuilder(ctx: LayoutContext(document: document, viewport: viewport))
        builder.marksSubtrees = true
        let env = TextEnvironment(font: FontMetrics.defaultFontName, lineLimit: nil, alignment: .leading)
        guard builder.buildNode(body, env: env, stackAxis: nil) != nil else { return nil }
        builder.finish()
        return builder.takeContext().tree
    }

    func testCopiedTreesAreTreesBuiltFromNothing() throws {
        var random = SeededRandom(seed: 2026)
        var next = 0
        var cards = (0..<30).map { _ -> String in next += 1; return card(next, &random) }
        let settingsChoices = ["", "  font: big\n", "  lineLimit: 3\n", "  multilineAlignment: trailing\n"]
        var settings = ""
        var header = Self.header
        let layouts = LayoutMemory(), items = ValidationMemory(), parses = ParseMemory()
        var copied = 0, compared = 0, editsCopying = 0, framesCopied = 0
        for round in 0..<80 {
            var kind = Int.random(in: 0..<10, using: &random)
            if round == 0 { kind = 0 }
            switch kind {
            case 0...4:  // typing into a card
                let k = Int.random(in: 0..<cards.count, using: &random)
                cards[k] = cards[k].replacingOccurrences(of: "\"\n", with: " x\"\n")
            case 5:
                next += 1
                cards.insert(card(next, &random), at: Int.random(in: 0...cards.count, using: &random))
            case 6:
                if cards.count > 2 { cards.remove(at: Int.random(in: 0..<cards.count, using: &random)) }
            case 7:
                cards.swapAt(Int.random(in: 0..<cards.count, using: &random), Int.random(in: 0..<cards.count, using: &random))
            case 8:
                settings = settingsChoices.randomElement(using: &random)!
            default:
                header = header.contains("padding: 12") ? header.replacingOccurrences(of: "padding: 12", with: "padding: 10")
                    : header.replacingOccurrences(of: "padding: 10", with: "padding: 12")
            }
            let source = text(cards, settings: settings).replacingOccurrences(of: Self.header, with: header)
            var context = Pipeline.fileContext(path: "/tmp/copy.tatami.yaml", workspaceRoot: "/tmp")
            context.memory = items
            let analysis = try XCTUnwrap(Pipeline.analyze(bytes: Array(source.utf8), path: "/tmp/copy.tatami.yaml", context: context,
                                                          isCancelled: nil, layoutMemory: layouts, parseMemory: parses))
            XCTAssertEqual(analysis.diagnostics.filter { $0.code.severity == .error }.map(\.message), [], "round \(round)")
            let nodes = analysis.layouts.reduce(0) { $0 + $1.nodesCopied }
            copied += nodes
            if nodes > 0 { editsCopying += 1 }
            for viewport in analysis.document.viewports {
                guard let kept = layouts.keptTree(viewport), let built = fresh(analysis.document, viewport) else { continue }
                compared += 1
                if let d = difference(kept, built) { XCTFail("round \(round) (edit \(kind)), \(viewport.name): \(d)") }
            }
            for layout in analysis.layouts {
                framesCopied += layout.framesCopied
                let placed = LayoutEngine.layout(analysis.document, in: layout.viewport)
                guard let kept = layout.root?.tree.parts, let fresh = placed.root?.tree.parts else { continue }
                if let d = difference(kept, fresh) { XCTFail("round \(round) (edit \(kind)), \(layout.viewport.name): \(d)") }
            }
        }
        // The comparisons ran, and most edits copied most of the tree.
        XCTAssertGreaterThan(compared, 120)
        XCTAssertGreaterThan(editsCopying, 40, "\(editsCopying) of 80 edits copied subtrees")
        XCTAssertGreaterThan(copied, 40 * 200)
        XCTAssertGreaterThan(framesCopied, 40 * 200, "frames copied")
    }

    /// A tree whose build read a `when` is never copied from (what a copy would need of the
    /// viewport is not in it); nor is any subtree whose inherited settings changed.
    func testConditionsAndSettingsStopCopies() throws {
        let cards = (0..<12).map { "    - Card: {title: \"Card number \($0), a title long enough\", detail: \"detail \($0)\"}\n" }
        func nodesCopied(_ first: String, _ second: String) throws -> Int {
            let layouts = LayoutMemory(), items = ValidationMemory()
            var copied = 0
            for source in [first, second] {
                var context = Pipeline.fileContext(path: "/tmp/when.tatami.yaml", workspaceRoot: "/tmp")
                context.memory = items
                let a = try XCTUnwrap(Pipeline.analyze(bytes: Array(source.utf8), path: "/tmp/when.tatami.yaml", context: context,
                                                       isCancelled: nil, layoutMemory: layouts))
                copied = a.layouts.reduce(0) { $0 + $1.nodesCopied }
            }
            return copied
        }
        let plain = text(cards, settings: "")
        var typed = cards
        typed[5] = typed[5].replacingOccurrences(of: "detail 5", with: "detail 5x")
        XCTAssertGreaterThan(try nodesCopied(plain, text(typed, settings: "")), 11 * 10, "eleven cards copied")
        let when = "  when: \"width > 100\"\n"
        XCTAssertEqual(try nodesCopied(text(cards, settings: when), text(typed, settings: when)), 0, "the tree read a `when`")
        XCTAssertEqual(try nodesCopied(plain, text(typed, settings: "  lineLimit: 1\n")), 0, "every card inherits a new line limit")
    }
}
