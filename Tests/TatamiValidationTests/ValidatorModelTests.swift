import TatamiValidation
import TatamiBase
import TatamiModel
import TatamiYAML
import XCTest

/// The model the validator builds from valid files.
final class ValidatorModelTests: XCTestCase {
    func testFirstFileOfTheFormatDocument() {
        // The avocado-toast card (docs/format.md §6.4), with single-name guide expressions.
        let doc = validDocument("""
            tatami: 1
            viewports:
              phone: {width: 320, height: 120}
            alignments:
              midStarAndTitle: {axis: vertical, default: bottom}
            body:
              hstack:
                - vstack:
                    - text: "★★★★★"
                      alignmentGuides: {midStarAndTitle: centerY}
                    - text: 5 stars
                  font: caption
                - vstack:
                    - hstack:
                        - text: Avocado Toast
                          font: title
                          alignmentGuides: {midStarAndTitle: centerY}
                        - spacer:
                        - image: avocado
                          size: [20, 20]
                    - text: "Ingredients: Avocado, Almond Butter, Bread, Red Pepper Flakes"
                      font: caption
                      lineLimit: 1
                  alignment: leading
              alignment: midStarAndTitle
            """)
        XCTAssertEqual(doc.viewports.map(\.name), ["phone"])
        XCTAssertEqual(doc.alignments["midStarAndTitle"]?.axis, .vertical)
        guard case .hstack(let children, let spacing, let alignment)? = doc.body?.kind else { return XCTFail("not an hstack") }
        XCTAssertEqual(children.count, 2)
        XCTAssertEqual(spacing, 8)
        XCTAssertEqual(alignment, GuideName("midStarAndTitle"))
        XCTAssertEqual(doc.viewCount, 10)
        XCTAssertEqual(children[0].environment.font, "caption")
        guard case .vstack(_, _, let second) = children[1].kind else { return XCTFail("not a vstack") }
        XCTAssertEqual(second, .leading)
    }

    func testDefaults() {
        let doc = validDocument("""
            body:
              vstack:
                - hstack: [a]
                - zstack: [a]
                - flow: [a]
                - flow: [a]
                  spacing: 4
                - grid: [a]
                - bricks: [a]
                - canvas: []
                - image: photo
                - text: hi
                - spacer:
                - color: red
            """)
        XCTAssertEqual(doc.viewports, [Viewport.fallback])
        XCTAssertEqual(doc.fonts, FontMetrics.defaults)
        let c = doc.body!.children
        guard case .vstack(_, 8, .centerX) = doc.body!.kind else { return XCTFail("vstack defaults") }
        guard case .hstack(_, 8, .centerY) = c[0].kind else { return XCTFail("hstack defaults") }
        guard case .zstack(_, let z) = c[1].kind else { return XCTFail("zstack") }
        XCTAssertEqual(z, .center)
        guard case .flow(_, 8, 8, let fa) = c[2].kind else { return XCTFail("flow defaults") }
        XCTAssertEqual(fa, .center)
        guard case .flow(_, 4, 4, _) = c[3].kind else { return XCTFail("lineSpacing defaults to spacing") }
        guard case .grid(_, .auto, .fill, 8, let ga) = c[4].kind else { return XCTFail("grid defaults") }
        XCTAssertEqual(ga, .center)
        guard case .bricks(_, let o) = c[5].kind else { return XCTFail("bricks") }
        XCTAssertEqual(o, BrickOptions())
        XCTAssertEqual(o.spacing, 0)
        XCTAssertEqual(o.fill, .justify)
        XCTAssertFalse(o.justifyLastRow)
        guard case .image("photo", let size, false) = c[7].kind else { return XCTFail("image defaults") }
        XCTAssertEqual(size, Size(width: 20, height: 20))
        guard case .text("hi", .tail) = c[8].kind else { return XCTFail("text defaults") }
        guard case .spacer(nil) = c[9].kind else { return XCTFail("spacer defaults") }
        guard case .color(.named("red"), nil) = c[10].kind else { return XCTFail("color") }
        let t = c[8]
        XCTAssertEqual(t.layoutPriority, 0)
        XCTAssertEqual(t.zIndex, 0)
        XCTAssertFalse(t.hidden)
        XCTAssertNil(t.condition)
        XCTAssertNil(t.id)
        XCTAssertTrue(t.environment.isEmpty)
        XCTAssertTrue(t.modifiers.isEmpty)
    }

    func testBareScalarsAreTextsWithTheirSourceText() {
        let b = body("body:\n  vstack: [Hello, 42, 1.50, true, 'quoted']\n")
        let texts = b.children.compactMap { v -> String? in
            if case .text(let s, _) = v.kind { return s } else { return nil }
        }
        XCTAssertEqual(texts, ["Hello", "42", "1.50", "true", "quoted"])
    }

    func testDirectModifiersApplyInTheFixedOrderAndTheListOutsideThem() {
        let b = body("""
            body:
              text: a
              offset: {x: 1}
              border: true
              overlay: o
              background: b
              padding: 4
              frame: {width: 10}
              aspectRatio: 2
              fixedSize: true
              modifiers: [{padding: 8}, {frame: {height: 5}}, {offset: {y: 2}}]
            """)
        XCTAssertEqual(b.modifiers.map(\.keyName), [
            "fixedSize", "aspectRatio", "frame", "padding", "background", "overlay", "border", "offset",
            "padding", "frame", "offset",
        ])
        guard case .padding(let p) = b.modifiers[8] else { return XCTFail() }
        XCTAssertEqual(p, EdgeInsets(all: 8))
        guard case .frame(.fixed(nil, let h, _)) = b.modifiers[9] else { return XCTFail() }
        XCTAssertEqual(h, 5)
        guard case .offset(0, 2) = b.modifiers[10] else { return XCTFail() }
        guard case .offset(1, 0) = b.modifiers[7] else { return XCTFail() }
        guard case .aspectRatio(let ratio, .fit) = b.modifiers[1] else { return XCTFail() }
        XCTAssertEqual(ratio, 2)
    }

    func testFalseModifiersAreLeftOut() {
        let b = body("body:\n  text: a\n  padding: false\n  border: false\n  fixedSize: false\n")
        XCTAssertTrue(b.modifiers.isEmpty)
    }

    func testPaddingEdges() {
        func insets(_ value: String) -> EdgeInsets? {
            let b = body("body:\n  text: a\n  padding: \(value)\n")
            if case .padding(let e)? = b.modifiers.first { return e }
            return nil
        }
        XCTAssertEqual(insets("true"), EdgeInsets(all: 16))
        XCTAssertEqual(insets("5"), EdgeInsets(all: 5))
        XCTAssertEqual(insets("{top: 1}"), EdgeInsets(top: 1))
        XCTAssertEqual(insets("{horizontal: 8, vertical: 3, leading: 2}"),
                       EdgeInsets(top: 3, leading: 2, bottom: 3, trailing: 8))
        XCTAssertEqual(insets("{vertical: 3, bottom: 0, trailing: 7}"),
                       EdgeInsets(top: 3, leading: 0, bottom: 0, trailing: 7))
    }

    func testFrames() {
        let b = body("""
            body:
              text: a
              frame: {minWidth: 10, maxWidth: infinity, idealHeight: 20, maxHeight: .inf, alignment: bottomTrailing}
              modifiers:
                - frame: {width: 30, alignment: top}
                - frame: {}
            """)
        guard case .frame(.flexible(let f, let a)) = b.modifiers[0] else { return XCTFail() }
        XCTAssertEqual(f, FlexibleFrame(minWidth: 10, maxWidth: .infinity, idealHeight: 20, maxHeight: .infinity))
        XCTAssertEqual(a, Alignment2D(name: "bottomTrailing"))
        guard case .frame(.fixed(let w, nil, let a2)) = b.modifiers[1] else { return XCTFail() }
        XCTAssertEqual(w, 30)
        XCTAssertEqual(a2, Alignment2D(name: "top"))
        guard case .frame(.fixed(nil, nil, .center)) = b.modifiers[2] else { return XCTFail() }
    }

    func testOtherModifiers() {
        let b = body("""
            body:
              text: a
              fixedSize: {vertical: true}
              aspectRatio: {contentMode: fill}
              border: {style: heavy}
              offset: {x: -3, y: 4.5}
            """)
        guard case .fixedSize(false, true) = b.modifiers[0] else { return XCTFail() }
        guard case .aspectRatio(nil, .fill) = b.modifiers[1] else { return XCTFail() }
        guard case .border(.heavy) = b.modifiers[2] else { return XCTFail() }
        guard case .offset(-3, 4.5) = b.modifiers[3] else { return XCTFail() }
    }

    func testDecorationsArePlacedByTheirOwnAlignment() {
        let b = body("""
            body:
              text: a
              background: {color: red, alignment: topLeading}
              overlay: {zstack: [x], alignment: bottom}
              modifiers:
                - overlay: {hstack: [y], alignment: firstTextBaseline}
            """)
        guard case .background(let bg, let ba) = b.modifiers[0] else { return XCTFail() }
        XCTAssertEqual(ba, .topLeading)
        guard case .color(.named("red"), _) = bg.kind else { return XCTFail() }
        guard case .overlay(let ov, let oa) = b.modifiers[1] else { return XCTFail() }
        XCTAssertEqual(oa, Alignment2D(name: "bottom"))
        guard case .zstack(_, let za) = ov.kind else { return XCTFail() }
        XCTAssertEqual(za, Alignment2D(name: "bottom"))
        guard case .overlay(_, let la) = b.modifiers[2] else { return XCTFail() }
        XCTAssertEqual(la, .center)  // not one of the nine: centred
    }

    func testSerialNumbersArePreOrderWithDecorationsBeforeChildren() {
        let doc = validDocument("""
            body:
              vstack:
                - text: a
                  overlay: {text: o1}
                  background:
                    hstack: [b1, b2]
                - hstack: [c1, c2]
                  modifiers: [{background: m}]
              overlay: top
            """)
        let order = ValidatorTestSupport.preOrder(doc.body)
        XCTAssertEqual(order.map(\.serial), Array(0..<order.count))
        XCTAssertEqual(doc.viewCount, order.count)
        let names = order.map { v -> String in
            if case .text(let s, _) = v.kind { return s }
            return v.kind.name
        }
        XCTAssertEqual(names, ["vstack", "top", "a", "hstack", "b1", "b2", "o1", "hstack", "m", "c1", "c2"])
    }

    func testInheritedOverrides() {
        let doc = validDocument("""
            fonts:
              mono: {width: 7, height: 14}
              title: {width: 10, height: 20}
            body:
              vstack:
                - text: a
                  font: mono
                  lineLimit: 2
                  multilineAlignment: trailing
              font: title
            """)
        XCTAssertEqual(doc.fonts["mono"], FontMetrics(width: 7, height: 14))
        XCTAssertEqual(doc.fonts["title"], FontMetrics(width: 10, height: 20))
        XCTAssertEqual(doc.fonts["caption"], FontMetrics.defaults["caption"])
        XCTAssertEqual(doc.body?.environment, TextEnvironmentOverrides(font: "title"))
        XCTAssertEqual(doc.body?.children.first?.environment,
                       TextEnvironmentOverrides(font: "mono", lineLimit: 2, multilineAlignment: .trailing))
    }

    func testViewportsKeepTheirOrderAndValues() {
        let doc = validDocument("""
            viewports:
              tablet-rtl: {width: 1024, height: 768, direction: rtl, scale: 2}
              phone: {width: 390, height: 844, safeArea: {top: 47, bottom: 34}}
            body: hi
            """)
        XCTAssertEqual(doc.viewports.map(\.name), ["tablet-rtl", "phone"])
        let t = doc.viewports[0], p = doc.viewports[1]
        XCTAssertEqual(t.width, 1024)
        XCTAssertEqual(t.direction, .rtl)
        XCTAssertEqual(t.scale, 2)
        XCTAssertEqual(p.safeArea, EdgeInsets(top: 47, bottom: 34))
        XCTAssertNotNil(p.range)
        XCTAssertEqual(validDocument("viewports: {}\nbody: hi\n").viewports, [.fallback])
        XCTAssertEqual(validDocument("viewports:\nbody: hi\n").viewports, [.fallback])
    }

    func testAnInvalidViewportKeepsItsName() {
        let r = ValidatorTestSupport.validate("viewports:\n  phone: {width: -1, height: 10}\nbody: hi\n")
        XCTAssertEqual(r.diagnostics.map(\.code), [.invalidValue])
        XCTAssertEqual(r.document.viewports.map(\.name), ["phone"])
        XCTAssertEqual(r.document.viewports[0].width, Viewport.fallback.width)
        XCTAssertEqual(r.document.viewports[0].height, 10)
    }

    func testCustomAlignmentsAndGuideOverrides() {
        let doc = validDocument("""
            alignments:
              firstRow: {axis: vertical, default: 12}
              column: {axis: horizontal, default: trailing}
            body:
              hstack:
                - text: a
                  alignmentGuides: {firstRow: 4, bottom: height}
                - vstack: [b]
                  alignment: column
              alignment: firstRow
            """)
        let row = doc.alignments["firstRow"]
        XCTAssertEqual(row?.axis, .vertical)
        XCTAssertEqual(row?.defaultValue.root, .number(12, range: 0..<0))
        XCTAssertEqual(doc.alignments["column"]?.axis, .horizontal)
        XCTAssertEqual(doc.alignments["column"]?.defaultValue.text, "trailing")
        guard case .hstack(let children, _, GuideName("firstRow"))? = doc.body?.kind else { return XCTFail() }
        let guides = children[0].alignmentGuides
        XCTAssertEqual(guides.map(\.guide), [GuideName("firstRow"), .bottom])
        XCTAssertEqual(guides[0].value.type, .number)
        XCTAssertEqual(guides[1].value.text, "height")
        guard case .vstack(_, _, GuideName("column")) = children[1].kind else { return XCTFail() }
    }

    func testExpressionsPointIntoTheFile() {
        let text = "body:\n  text: a\n  when: \"landscape\"\n"
        let doc = validDocument(text)
        let c = doc.body?.condition
        XCTAssertEqual(c?.type, .boolean)
        XCTAssertEqual(c?.text, "landscape")
        let start = Array(text.utf8).firstIndex(of: UInt8(ascii: "l"))!
        XCTAssertEqual(c?.range, SourceRange(start: start, end: start + 9))
        XCTAssertEqual(c?.sourceRange(of: 0..<4), SourceRange(start: start, end: start + 4))
        let t = validDocument("body:\n  text: a\n  when: false\n").body?.condition
        XCTAssertEqual(t?.type, .boolean)
        XCTAssertEqual(t?.root, .number(0, range: 0..<5))
    }

    func testPlacements() {
        let doc = validDocument("""
            body:
              canvas:
                - text: a
                  position: {absolute: [1, 2, 30, 40]}
                - text: b
                  position:
                    - {relative: [0, 0.5, 0.5, 0.5], when: landscape}
                    - {insets: {top: 10, trailing: 5}}
                - text: c
                  position: {anchor: {from: topTrailing, x: -10, y: 10, width: 30, height: 40}, when: true}
                - text: d
                  position: {x: 0, y: height, width: width, height: 20}
            """)
        let c = doc.body!.children
        XCTAssertEqual(c.count, 4)
        guard case .absolute(1, 2, 30, 40) = c[0].placements[0].rule else { return XCTFail() }
        XCTAssertNil(c[0].placements[0].condition)
        XCTAssertEqual(c[1].placements.count, 2)
        guard case .relative(0, 0.5, 0.5, 0.5) = c[1].placements[0].rule else { return XCTFail() }
        XCTAssertEqual(c[1].placements[0].condition?.text, "landscape")
        guard case .insets(let e) = c[1].placements[1].rule else { return XCTFail() }
        XCTAssertEqual(e, EdgeInsets(top: 10, trailing: 5))
        guard case .anchor(let from, -10, 10, 30, 40) = c[2].placements[0].rule else { return XCTFail() }
        XCTAssertEqual(from, Alignment2D(name: "topTrailing"))
        XCTAssertEqual(c[2].placements[0].condition?.type, .boolean)
        guard case .expressions(let x, let y, let w, let h) = c[3].placements[0].rule else { return XCTFail() }
        XCTAssertEqual(x.root, .number(0, range: 0..<0))
        XCTAssertEqual(y.text, "height")
        XCTAssertEqual(w.text, "width")
        XCTAssertEqual(h.type, .number)
    }

    func testAttributes() {
        let b = body("""
            body:
              text: a
              id: title
              layoutPriority: -1.5
              zIndex: 3
              hidden: true
              ignoresSafeArea: true
            """)
        XCTAssertEqual(b.id, "title")
        XCTAssertEqual(b.layoutPriority, -1.5)
        XCTAssertEqual(b.zIndex, 3)
        XCTAssertTrue(b.hidden)
        XCTAssertTrue(b.ignoresSafeArea)
    }

    func testLeafParameters() {
        let doc = validDocument("""
            body:
              vstack:
                - image: logo
                  size: {width: 32, height: 16}
                  resizable: true
                - image: logo
                  size: [8, 9]
                - color: "#1E90ff"
                  fill: "█"
                - spacer: 12
                - spacer:
                  minLength: 3
                - text: long
                  truncation: middle
                - divider:
                - grid: [a]
                  columns: {minWidth: 40}
                  cells: fit
                - grid: [a]
                  columns: 3
                - bricks: [a]
                  rowHeight: 20
                  spacing: 2
                  fill: last
                  justifyLastRow: true
                  minWidth: 10
                  maxWidth: 90
            """)
        let c = doc.body!.children
        guard case .image("logo", Size(width: 32, height: 16), true) = c[0].kind else { return XCTFail() }
        guard case .image(_, Size(width: 8, height: 9), false) = c[1].kind else { return XCTFail() }
        guard case .color(.rgb(0x1E, 0x90, 0xFF), let fill) = c[2].kind else { return XCTFail() }
        XCTAssertEqual(fill, "█")
        guard case .spacer(let m1) = c[3].kind, case .spacer(let m2) = c[4].kind else { return XCTFail() }
        XCTAssertEqual(m1, 12)
        XCTAssertEqual(m2, 3)
        guard case .text("long", .middle) = c[5].kind else { return XCTFail() }
        guard case .divider = c[6].kind else { return XCTFail() }
        guard case .grid(_, .minWidth(40), .fit, 8, _) = c[7].kind else { return XCTFail() }
        guard case .grid(_, .count(3), .fill, _, _) = c[8].kind else { return XCTFail() }
        guard case .bricks(_, let o) = c[9].kind else { return XCTFail() }
        XCTAssertEqual(o, BrickOptions(rowHeight: 20, spacing: 2, fill: .last, justifyLastRow: true, minWidth: 10, maxWidth: 90))
    }

    func testRangesOfViews() {
        let text = "body:\n  hstack: [a]\n  spacing: 2\n"
        let b = body(text)
        XCTAssertEqual(b.kindRange, SourceRange(start: 8, end: 14))
        XCTAssertEqual(b.range.start, 8)
        XCTAssertEqual(b.children[0].range, SourceRange(start: 17, end: 18))
    }

    func testIncompleteFileDoesNotReportAMissingBody() {
        let r = ValidatorTestSupport.validate("viewports: [\n")
        XCTAssertFalse(r.diagnostics.isEmpty)
        XCTAssertFalse(r.diagnostics.contains { $0.code == .missingRequired })
        XCTAssertTrue(r.diagnostics.contains { $0.code == .yamlSyntax })
    }

    func testDiagnosticsOfASharedSubtreeAreReportedOnce() {
        let r = ValidatorTestSupport.validate("body:\n  vstack:\n    - &v {text: a, paddng: 1}\n    - *v\n    - *v\n")
        XCTAssertEqual(r.diagnostics.map(\.code), [.unknownKey])
        XCTAssertEqual(r.document.viewCount, 4)
    }

    func testFixItsReplaceTheMisspeltKey() {
        let text = "body:\n  hstak: [a]\n"
        let r = ValidatorTestSupport.validate(text)
        XCTAssertEqual(r.diagnostics.count, 1)
        let fix = r.diagnostics[0].fixes.first
        XCTAssertEqual(fix?.replacement, "hstack")
        XCTAssertEqual(fix?.range, SourceRange(start: 8, end: 13))
    }

    func testDuplicateIDPointsAtTheLaterOneWithTheFirstRelated() {
        let text = "body:\n  vstack:\n    - {text: a, id: x}\n    - {text: b, id: x}\n"
        let r = ValidatorTestSupport.validate(text)
        XCTAssertEqual(r.diagnostics.map(\.code), [.duplicateID])
        // The values of the two `id: x`: the last character of lines 3 and 4, before the `}`.
        let table = LineTable(text)
        let first = table.contentRange(ofLine: 2).upperBound - 2
        let second = table.contentRange(ofLine: 3).upperBound - 2
        XCTAssertEqual(r.diagnostics[0].range, SourceRange(start: second, end: second + 1))
        XCTAssertEqual(r.diagnostics[0].related.first?.range, SourceRange(start: first, end: first + 1))
    }
}
