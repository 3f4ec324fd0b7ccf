import Foundation
import TatamiBase
import TatamiModel
import TatamiTestSupport
@testable import TatamiServices
import XCTest

/// Hover (docs/format.md §8.2 and §12.3): frames of views in every viewport, key docs from the
/// schema table, component signatures, and expression values per viewport. Expected frames are
/// worked out by hand from docs/format.md in the comments.
final class HoverTests: XCTestCase {
    private func hover(_ marked: String, file: StaticString = #filePath, line: UInt = #line) -> HoverInfo? {
        let (analysis, offset) = Cursor.analyze(marked, file: file, line: line)
        return EditorServices.hover(analysis, at: offset)
    }

    private func lines(_ h: HoverInfo?) -> [String] { h?.markdown.components(separatedBy: "\n") ?? [] }

    // MARK: Views

    static let twoViewports = """
        viewports:
          phone: {width: 320, height: 480}
          tablet: {width: 800, height: 600}
        body:
          vstack:
            - text: Title
              font: title
            - te‸xt: Wide only
              when: "width > 500"
              padding: 8
        """

    func testViewFramesInEveryViewportAndAbsenceWhereWhenIsFalse() throws {
        let (analysis, offset) = Cursor.analyze(Self.twoViewports)
        let h = try XCTUnwrap(EditorServices.hover(analysis, at: offset))
        let text = Cursor.split(Self.twoViewports).text
        // The range is the kind key under the cursor.
        XCTAssertEqual(h.range, Cursor.range(of: "text", in: text, after: "font: title"))
        let l = lines(h)
        XCTAssertEqual(l.first, "**text**")
        // The kind's doc comes from the schema table.
        XCTAssertTrue(h.markdown.contains(Schema.kind(named: "text")!.doc))
        // phone is 320 wide: `width > 500` is false, so the view is absent there.
        XCTAssertTrue(l.contains("- **phone** (320×480): absent: `when: width > 500` is false here"), "\(l)")
        // tablet, 800×600. Title: 5 cells of 16 × 32 → 80×32. "Wide only": 9 cells of 8 → 72×16,
        // with padding 8 → 88×32. vstack (§7.1 on the vertical axis): spacing 8; both children
        // are inflexible (one line whether proposed 0 or ∞ tall), remaining 600 − 8 = 592; Title
        // first (declaration order) is proposed (800, 592 / 2 = 296) and takes 32, leaving 560
        // for "Wide only": proposed (800, 560). Stack: 88 wide, 32 + 8 + 32 = 72 tall, centred in
        // 800×600 at ((800 − 88) / 2, (600 − 72) / 2) = (356, 264). "Wide only" is centred in
        // the 88 width (x + 0) below Title: y = 264 + 32 + 8 = 304; its content sits 8 inside.
        XCTAssertTrue(l.contains("- **tablet** (800×600) `/1`: frame 356, 304, 88 × 32 · content 364, 312, 72 × 16 · proposed 800 × 560"), "\(l)")
    }

    func testHoverListsModifiersInTheOrderTheyApply() throws {
        // Written padding, background, frame; applied frame → padding → background (§6), then
        // the `modifiers:` list's border.
        let h = hover("""
            body:
              te‸xt: Hello
              padding: 12
              background: {color: blue}
              frame: {maxWidth: 260}
              modifiers:
                - border: true
            """)
        XCTAssertTrue(lines(h).contains("Modifiers, as applied (innermost first): `frame` → `padding` → `background` → `border`. Written as `padding`, `background`, `frame`: keys apply in the fixed order whatever order they are written in; a `modifiers:` list applies in its own order."), "\(lines(h))")
        // Keys already in the fixed order: only the applied order.
        let inOrder = hover("body:\n  te‸xt: Hello\n  frame: {width: 50}\n  padding: 4\n")
        XCTAssertTrue(lines(inOrder).contains("Modifiers, as applied (innermost first): `frame` → `padding`."), "\(lines(inOrder))")
    }

    func testPlainTextHasNoMarkdownAndLinesTheViewportsUp() throws {
        let (analysis, offset) = Cursor.analyze(Self.twoViewports)
        let h = try XCTUnwrap(EditorServices.hover(analysis, at: offset))
        // The frames worked out above; the labels "phone (320×480)" (15 characters) and
        // "tablet (800×600)" (16) make a column, details two spaces after the longer one.
        let doc = Schema.kind(named: "text")!.doc.replacingOccurrences(of: "`", with: "")
        XCTAssertEqual(h.plainText, """
            text

            \(doc)

              phone (320×480)   absent: when: width > 500 is false here
              tablet (800×600)  /1: frame 356, 304, 88 × 32 · content 364, 312, 72 × 16 · proposed 800 × 560
            """)
    }

    func testHoverAnywhereInTheViewMappingShowsTheView() throws {
        // On the padding's value: nothing more specific than the view.
        let doc = Self.twoViewports.replacingOccurrences(of: "‸", with: "").replacingOccurrences(of: "padding: 8", with: "padding: ‸8")
        let h = try XCTUnwrap(hover(doc))
        XCTAssertEqual(lines(h).first, "**text**")
        XCTAssertTrue(h.markdown.contains("`/1`: frame 356, 304, 88 × 32"))
        // The range is the whole view mapping.
        let text = Cursor.split(doc).text
        XCTAssertEqual(h.range.start, Cursor.range(of: "text: Wide", in: text)!.start)
        XCTAssertEqual(h.range.end, Cursor.range(of: "padding: 8", in: text)!.end)
    }

    func testBareScalarIsATextView() throws {
        // 320×480: "Hi" is 16×16; the vstack's only child, centred: ((320 − 16) / 2, (480 − 16) / 2).
        let h = try XCTUnwrap(hover("body:\n  vstack:\n    - H‸i\n"))
        XCTAssertEqual(lines(h).first, "**text**")
        XCTAssertTrue(h.markdown.contains("- **default** (320×480) `/0`: frame 152, 232, 16 × 16 · content 152, 232, 16 × 16 · proposed 320 × 480"),
                      h.markdown)
    }

    func testUnspecifiedProposalsAreSaidSo() throws {
        // A flow proposes each child its ideal size: unspecified on both axes (§7.3).
        let h = try XCTUnwrap(hover("body:\n  flow:\n    - te‸xt: a\n"))
        XCTAssertTrue(h.markdown.contains("proposed unspecified × unspecified"), h.markdown)
        XCTAssertEqual(AssistFormat.proposal(ProposedSize(width: .infinity, height: 20.5)), "∞ × 20.5")
        XCTAssertEqual(AssistFormat.proposal(ProposedSize(width: nil, height: 0)), "unspecified × 0")
    }

    func testComponentBodyViewShowsEveryInstance() throws {
        let doc = """
            viewports:
              phone: {width: 320, height: 480}
            components:
              Tag:
                params:
                  label: {type: string}
                body:
                  te‸xt: $label
                  padding: 4
            body:
              hstack:
                - Tag: {label: ab}
                - Tag: {label: abcd}
            """
        let h = try XCTUnwrap(hover(doc))
        let l = lines(h)
        // Tags: "ab" is 16×16, with padding 4 → 24×24; "abcd" 32×16 → 40×24. hstack (§7.1):
        // proposed 320 wide, spacing 8, remaining 312. At width 0 a text holds one cell per
        // line, so "ab" goes from 8 + 8 = 16 (at 0) to 24 (at ∞): flexibility 8; "abcd" from 16
        // to 40: 24. "ab" first: proposed (312 / 2 = 156, 480), takes 24; "abcd": (312 − 24 =
        // 288, 480), takes 40. Stack 24 + 8 + 40 = 72 × 24, centred at ((320 − 72) / 2,
        // (480 − 24) / 2) = (124, 228). The body's text is each instance's content, 4 inside.
        // Instances are on lines 12 and 13.
        XCTAssertTrue(l.contains("- **phone** (320×480) `/0/0`: frame 124, 228, 24 × 24 · content 128, 232, 16 × 16 · proposed 156 × 480 — in `Tag` `/0` (line 12)"), "\(l)")
        XCTAssertTrue(l.contains("- **phone** (320×480) `/1/0`: frame 156, 228, 40 × 24 · content 160, 232, 32 × 16 · proposed 288 × 480 — in `Tag` `/1` (line 13)"), "\(l)")
    }

    func testViewOfAnUnusedComponentIsNotLaidOut() throws {
        let h = try XCTUnwrap(hover("components:\n  Tag:\n    body: {te‸xt: a}\nbody: {text: b}\n"))
        XCTAssertTrue(h.markdown.contains("Not laid out: no instance"), h.markdown)
    }

    // MARK: Keys

    func testKeyDocsComeFromTheSchemaForTheKeyInItsPlace() throws {
        let doc = """
            viewports:
              phone: {wi‸dth: 320, height: 480}
            body:
              text: a
              frame: {width: 10}
            """
        let viewportWidth = try XCTUnwrap(hover(doc))
        let spec = try XCTUnwrap(Schema.viewportKeys.first { $0.name == "width" })
        XCTAssertTrue(viewportWidth.markdown.contains(spec.doc), viewportWidth.markdown)
        XCTAssertTrue(viewportWidth.markdown.contains("- Value: " + spec.shape.numberBounds!.description))
        XCTAssertTrue(viewportWidth.markdown.contains("- Required"))
        XCTAssertEqual(lines(viewportWidth).first, "**width** — a key of a viewport")
        let text = Cursor.split(doc).text
        XCTAssertEqual(viewportWidth.range, Cursor.range(of: "width", in: text))

        let frameWidth = try XCTUnwrap(hover(doc.replacingOccurrences(of: "‸", with: "").replacingOccurrences(of: "{width: 10}", with: "{wid‸th: 10}")))
        let frameSpec = try XCTUnwrap(Schema.frameFixedKeys.first { $0.name == "width" })
        XCTAssertTrue(frameWidth.markdown.contains(frameSpec.doc), frameWidth.markdown)
        XCTAssertFalse(frameWidth.markdown.contains(spec.doc))
        XCTAssertEqual(lines(frameWidth).first, "**width** — a key of `frame`")
    }

    func testKeyOfAKindShowsItsDefaultAndTheFileAlignments() throws {
        let doc = """
            alignments:
              mid: {axis: vertical, default: bottom}
              midX: {axis: horizontal, default: trailing}
            body:
              hstack:
                - a
              spa‸cing: 4
              alignment: mid
            """
        let spacing = try XCTUnwrap(hover(doc))
        XCTAssertEqual(lines(spacing).first, "**spacing** — a parameter of `hstack`")
        XCTAssertTrue(spacing.markdown.contains("- Default: `8`"), spacing.markdown)
        // Plain text: the facts in two columns ("Default" is the longer label, 7 characters).
        let spacingSpec = try XCTUnwrap(Schema.kind(named: "hstack")?.parameters.first { $0.name == "spacing" })
        XCTAssertEqual(spacing.plainText.components(separatedBy: "\n").first, "spacing — a parameter of hstack")
        XCTAssertTrue(spacing.plainText.hasSuffix("\n\n  Value    \(spacingSpec.shape.numberBounds!.description)\n  Default  8"), spacing.plainText)
        let alignment = try XCTUnwrap(hover(doc.replacingOccurrences(of: "‸", with: "").replacingOccurrences(of: "alignment: mid", with: "align‸ment: mid")))
        // An hstack's alignment: the vertical names and the file's vertical alignment, not `midX`.
        XCTAssertTrue(alignment.markdown.contains("`firstTextBaseline`, `lastTextBaseline`, `mid` (or a custom vertical alignment)"), alignment.markdown)
        XCTAssertFalse(alignment.markdown.contains("midX"))
    }

    func testModifierAndTopLevelKeys() throws {
        let padding = try XCTUnwrap(hover("body:\n  text: a\n  pad‸ding: 4\n"))
        XCTAssertEqual(lines(padding).first, "**padding** — a modifier")
        XCTAssertTrue(padding.markdown.contains(Schema.modifiers.first { $0.name == "padding" }!.doc))
        let body = try XCTUnwrap(hover("bo‸dy:\n  text: a\n"))
        XCTAssertEqual(lines(body).first, "**body** — a top-level key")
        XCTAssertTrue(body.markdown.contains("- Required"))
    }

    // MARK: Components

    func testComponentNameShowsItsParametersAndTheInstanceFrames() throws {
        let doc = """
            components:
              Badge:
                params:
                  label: {type: string}
                  tint: {type: color, default: blue}
                body:
                  text: $label
                  background: {color: $tint}
            body:
              vstack:
                - Bad‸ge: {label: New}
            """
        let h = try XCTUnwrap(hover(doc))
        let l = lines(h)
        XCTAssertEqual(l.first, "**Badge** — component declared on line 2")
        XCTAssertTrue(l.contains("- `label`: string, required"), "\(l)")
        XCTAssertTrue(l.contains("- `tint`: color, default `blue`"), "\(l)")
        XCTAssertTrue(h.plainText.hasPrefix("Badge — component declared on line 2\n\nParameters:\n\n  label  string, required\n  tint   color, default blue\n\n"),
                      h.plainText)
        // "New" is 24×16, the vstack's only child in 320×480: ((320 − 24) / 2, (480 − 16) / 2).
        XCTAssertTrue(l.contains("- **default** (320×480) `/0`: frame 148, 232, 24 × 16 · content 148, 232, 24 × 16 · proposed 320 × 480"), "\(l)")

        // The declaration's name shows the same parameters, without frames.
        let declaration = try XCTUnwrap(hover(doc.replacingOccurrences(of: "‸", with: "").replacingOccurrences(of: "  Badge:", with: "  Ba‸dge:")))
        XCTAssertTrue(declaration.markdown.contains("- `tint`: color, default `blue`"))
        XCTAssertFalse(declaration.markdown.contains("frame"))

        // An argument shows its parameter.
        let argument = try XCTUnwrap(hover(doc.replacingOccurrences(of: "‸", with: "").replacingOccurrences(of: "{label: New}", with: "{lab‸el: New}")))
        XCTAssertEqual(lines(argument), ["**label** — parameter of `Badge`", "", "- `label`: string, required"])
    }

    func testImportedComponentNamesItsFile() throws {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-hover-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try """
            components:
              Chip:
                params:
                  title: {type: string, default: "ok"}
                  size: {type: number}
                body: {text: $title, frame: {width: $size}}
            body: {Chip: {size: 10}}
            """.write(to: temp.appendingPathComponent("lib/ui.tatami.yaml"), atomically: true, encoding: .utf8)
        let (text, offset) = Cursor.split("imports: [lib/ui.tatami.yaml]\nbody:\n  Ch‸ip: {size: 30}\n")
        let path = temp.appendingPathComponent("screen.tatami.yaml").path
        let analysis = Pipeline.analyze(text: text, path: path, workspaceRoot: temp.path)
        XCTAssertEqual(analysis.diagnostics.filter { $0.severity == .error }, [])
        let h = try XCTUnwrap(EditorServices.hover(analysis, at: offset))
        let l = lines(h)
        XCTAssertEqual(l.first, "**Chip** — component declared in `lib/ui.tatami.yaml`")
        XCTAssertTrue(l.contains("- `title`: string, default `\"ok\"`"), "\(l)")
        XCTAssertTrue(l.contains("- `size`: number, required"), "\(l)")
        // The fixed frame 30 wide around "ok" (16×16): 30×16, centred in 320×480 at (145, 232).
        XCTAssertTrue(h.markdown.contains("`/`: frame 145, 232, 30 × 16"), h.markdown)
    }

    // MARK: Expressions

    func testConditionValueInEachViewport() throws {
        let doc = Self.twoViewports.replacingOccurrences(of: "‸", with: "").replacingOccurrences(of: "width > 500", with: "width > 5‸00")
        let h = try XCTUnwrap(hover(doc))
        let l = lines(h)
        XCTAssertEqual(l.first, "**when** `width > 500`")
        XCTAssertTrue(l.contains("- **phone** (320×480): false"), "\(l)")
        XCTAssertTrue(l.contains("- **tablet** (800×600): true"), "\(l)")
        // The range is the expression's text, inside the quotes.
        XCTAssertEqual(h.range, Cursor.range(of: "width > 500", in: Cursor.split(doc).text))
    }

    func testAlignmentGuideUsesTheViewsFrameInEachViewport() throws {
        let doc = """
            viewports:
              small: {width: 50, height: 100}
              large: {width: 400, height: 100}
            body:
              text: "aaaa aaaa"
              alignmentGuides: {bottom: "height / 2 + wid‸th"}
            """
        let h = try XCTUnwrap(hover(doc))
        let l = lines(h)
        XCTAssertEqual(l.first, "**bottom** `height / 2 + width`")
        // small: 50 wide holds floor(50 / 8) = 6 cells, so "aaaa aaaa" wraps after the space
        // (dropped): two lines of 4 cells, 32×32 → 32 / 2 + 32 = 48.
        XCTAssertTrue(l.contains("- **small** (50×100) `/` 32×32: 48"), "\(l)")
        // large: one line of 9 cells, 72×16 → 16 / 2 + 72 = 80.
        XCTAssertTrue(l.contains("- **large** (400×100) `/` 72×16: 80"), "\(l)")
    }

    func testTextBaselinesInGuideExpressions() throws {
        // A title text: 16 × 32 cells, one line: 32 tall, first baseline 0.75 × 32 = 24.
        let h = try XCTUnwrap(hover("body:\n  text: Hi\n  font: title\n  alignmentGuides: {top: \"firstTextBase‸line - 4\"}\n"))
        XCTAssertTrue(lines(h).contains("- **default** (320×480) `/` 32×32: 20"), h.markdown)
    }

    func testContainerBaselineCountsAChildsExplicitBaseline() throws {
        // The vstack: a 20 × 20 colour with an explicit firstTextBaseline of 5, then "B" at y 20
        // (baseline 20 + 12 = 32): its firstTextBaseline is min(5, 32) = 5, as layout has it.
        let doc = """
            body:
              vstack:
                - color: red
                  frame: {width: 20, height: 20}
                  alignmentGuides: {firstTextBaseline: 5}
                - text: B
              spacing: 0
              alignment: leading
              alignmentGuides: {top: "firstTextBase‸line"}
            """
        let h = try XCTUnwrap(hover(doc))
        XCTAssertTrue(lines(h).contains("- **default** (320×480) `/` 20×36: 5"), h.markdown)
    }

    func testCanvasPlacementUsesTheCanvasSize() throws {
        let doc = """
            viewports:
              phone: {width: 320, height: 480}
              wide: {width: 600, height: 200}
            body:
              canvas:
                - color: red
                  position: {x: "width / 2 - 1‸0", y: 0, width: 20, height: "height / 4"}
            """
        let h = try XCTUnwrap(hover(doc))
        let l = lines(h)
        XCTAssertEqual(l.first, "**x** `width / 2 - 10`")
        // The canvas reports its proposal, the whole viewport: 320 / 2 − 10 = 150; 600 / 2 − 10 = 290.
        XCTAssertTrue(l.contains("- **phone** (320×480) canvas `/` 320×480: 150"), "\(l)")
        XCTAssertTrue(l.contains("- **wide** (600×200) canvas `/` 600×200: 290"), "\(l)")
    }

    func testAlignmentDefaultForTheChildrenUsingIt() throws {
        let doc = """
            alignments:
              mid: {axis: vertical, default: "bottom / ‸2"}
            body:
              hstack:
                - text: a
                - text: b
                  font: title
                - text: c
                  alignmentGuides: {mid: 0}
              alignment: mid
            """
        let h = try XCTUnwrap(hover(doc))
        let l = lines(h)
        XCTAssertEqual(l.first, "**default** of `mid` `bottom / 2`")
        // "a" is 8×16 → 8; "b" in title is 16×32 → 16; "c" gives its own value: not listed.
        XCTAssertTrue(l.contains { $0.hasPrefix("- **default** (320×480) `/0` 8×16: 8") }, "\(l)")
        XCTAssertTrue(l.contains { $0.hasPrefix("- **default** (320×480) `/1` 16×32: 16") }, "\(l)")
        XCTAssertFalse(l.contains { $0.contains("`/2`") }, "\(l)")
    }

    func testDeclaredNames() throws {
        let doc = """
            viewports:
              ph‸one: {width: 390, height: 844, safeArea: {top: 47}}
            fonts:
              tiny: {width: 4, height: 8}
            body: {text: a, font: tiny}
            """
        let viewport = try XCTUnwrap(hover(doc))
        XCTAssertEqual(lines(viewport), ["**phone** — viewport", "", "- Size: 390 × 844",
                                         "- Safe area: top 47, leading 0, bottom 0, trailing 0"])
        let font = try XCTUnwrap(hover(doc.replacingOccurrences(of: "‸", with: "").replacingOccurrences(of: "tiny:", with: "ti‸ny:")))
        XCTAssertEqual(lines(font), ["**tiny** — font", "", "- Cell: 4 wide, lines 8 tall"])
    }

    // MARK: Edges

    func testNothingOnCommentsAndEmptyFiles() {
        XCTAssertNil(hover("‸"))
        XCTAssertNil(hover("# a comm‸ent\n"))
        let (analysis, _) = Cursor.analyze("body: {text: a}‸")
        XCTAssertNotNil(EditorServices.hover(analysis, at: 7))
        // Offsets past either end are clamped, never a crash.
        _ = EditorServices.hover(analysis, at: -5)
        _ = EditorServices.hover(analysis, at: 1 << 50)
    }

    /// A text in a font file: its lines' widths in each viewport and the file, size and line
    /// height it is measured with (docs/format.md §5.1). "Avocado Toast" in Inter at 17 is
    /// 118.53125 points; at 80 it wraps into "Avocado" (69.390625) and "Toast" (44.375), the
    /// numbers the Chromium reference rules give (Tests/text-differential's prototype engine).
    func testTextInAFontFileShowsItsLinesAndFont() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-hover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: Fixtures.repositoryRoot().appendingPathComponent("Examples/fonts/Inter-Regular.otf"),
                                         to: dir.appendingPathComponent("Inter-Regular.otf"))
        let marked = """
            viewports:
              wide: {width: 320, height: 100}
              narrow: {width: 80, height: 100}
            fonts:
              body: {file: Inter-Regular.otf, size: 17}
            body:
              te‸xt: Avocado Toast

            """
        let (text, offset) = Cursor.split(marked)
        let path = dir.appendingPathComponent("a.tatami.yaml").path
        let analysis = Pipeline.analyze(bytes: Array(text.utf8), path: path, workspaceRoot: dir.path)
        let h = try XCTUnwrap(EditorServices.hover(analysis, at: offset))
        let l = lines(h)
        XCTAssertTrue(l.contains { $0.hasPrefix("- **wide** (320×100) `/`:") && $0.hasSuffix(" · lines 118.5313") }, "\(l)")
        XCTAssertTrue(l.contains { $0.hasPrefix("- **narrow** (80×100) `/`:") && $0.hasSuffix(" · lines 69.3906, 44.375") }, "\(l)")
        XCTAssertTrue(l.contains("Set in `Inter-Regular.otf` at 17 pt, lines 20 pt (normal)."), "\(l)")
        // The font's declaration: its file, size and line height (Inter's normal line at 17 is
        // round(16.47) + round(4.10) = 20).
        let declaration = try XCTUnwrap(Cursor.range(of: "body", in: text))
        let d = try XCTUnwrap(EditorServices.hover(analysis, at: declaration.start + 1))
        let dl = lines(d)
        XCTAssertEqual(dl.first, "**body** — font given by a file (replaces the default 8 × 16)")
        XCTAssertTrue(dl.contains { $0.contains("File") && $0.contains("`Inter-Regular.otf`") }, "\(dl)")
        XCTAssertTrue(dl.contains { $0.contains("Lines") && $0.contains("20 pt (normal, from the face)") }, "\(dl)")
        // Completing `font:` names the file and size of a file font.
        let completing = text.replacingOccurrences(of: "  text: Avocado Toast\n", with: "  text: Avocado Toast\n  font: \n")
        let c = Pipeline.analyze(bytes: Array(completing.utf8), path: path, workspaceRoot: dir.path)
        let offset2 = completing.utf8.count - 1
        let body = EditorServices.completions(c, at: offset2).first { $0.label == "body" }
        XCTAssertEqual(body?.detail, "Inter-Regular.otf 17 pt")
    }
}
