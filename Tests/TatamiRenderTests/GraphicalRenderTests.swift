@testable import TatamiRender
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiTestSupport
import XCTest

/// One element of a parsed SVG or XHTML document: its name, attributes, text and depth.
struct XMLElementRecord {
    let name: String
    let attributes: [String: String]
    var text: String
    let depth: Int
}

/// Parses with Foundation's XMLParser (FoundationXML on Linux): fails on anything that is not
/// well-formed XML.
final class XMLRecorder: NSObject, XMLParserDelegate {
    var elements: [XMLElementRecord] = []
    private var open: [Int] = []
    var error: Error?

    static func parse(_ text: String) -> (elements: [XMLElementRecord], error: Error?) {
        let parser = XMLParser(data: Data(text.utf8))
        let recorder = XMLRecorder()
        parser.delegate = recorder
        let ok = parser.parse()
        return (recorder.elements, ok ? nil : (parser.parserError ?? recorder.error ?? NSError(domain: "xml", code: 1)))
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(XMLElementRecord(name: name, attributes: attributes, text: "", depth: open.count))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let i = open.last { elements[i].text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if let i = open.last { elements[i].text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = parseError
    }
}

/// The SVG render checked as XML against frames worked out by hand from docs/format.md, and the
/// HTML page's structure (the browser checks are in Tests/preview).
final class SVGRenderTests: XCTestCase {
    /// A vstack (spacing 0) under a 25-point top safe area, in a 200×100 viewport:
    ///
    /// - the stack is proposed 200×75 from y = 25 (§9); the divider takes the proposed width, so
    ///   the stack is 200 wide and 20 + 24 + 1 + 10 = 55 tall, centred: y = 25 + (75 − 55) / 2 = 35;
    /// - red 40×20 centred: x = (200 − 40) / 2 = 80, y = 35;
    /// - "Hi" is 2 × 8 by 16, 24×24 with its padding of 4: x = 88, y = 55; the text itself (its
    ///   content) at 92,59 16×16; its border on the 24×24 frame;
    /// - the divider 0,79 200×1; the image 30×10 centred: x = 85, y = 80.
    static let fixture = """
        viewports:
          v: {width: 200, height: 100, safeArea: {top: 25}}
        body:
          vstack:
            - color: red
              frame: {width: 40, height: 20}
            - text: Hi
              padding: 4
              border: true
            - divider:
            - image: logo
              size: [30, 10]
          spacing: 0
        """

    private func svg(_ text: String, viewport: Int = 0) -> String {
        let analysis = Pipeline.analyze(text: text)
        XCTAssertFalse(analysis.diagnostics.contains { $0.severity == .error }, "\(analysis.diagnostics)")
        return SVGRenderer.render(analysis.layouts[viewport])
    }

    private func parsed(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [XMLElementRecord] {
        let (elements, error) = XMLRecorder.parse(text)
        XCTAssertNil(error, "not well-formed: \(String(describing: error))\n\(text)", file: file, line: line)
        return elements
    }

    private func rect(_ e: XMLElementRecord) -> [String?] {
        ["x", "y", "width", "height"].map { e.attributes[$0] }
    }

    func testFixtureIsWellFormedWithTheViewportsViewBox() {
        let elements = parsed(svg(Self.fixture))
        let root = elements[0]
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(root.attributes["viewBox"], "0 0 200 100")
        XCTAssertEqual(root.attributes["width"], "200")
        XCTAssertEqual(root.attributes["height"], "100")
        XCTAssertEqual(root.attributes["xmlns"], "http://www.w3.org/2000/svg")
        XCTAssertEqual(elements.first { $0.name == "title" }?.text, "v 200×100")
    }

    func testShapesStandAtTheComputedFrames() {
        let elements = parsed(svg(Self.fixture))
        let colors = elements.filter { $0.attributes["class"] == "color" }
        XCTAssertEqual(colors.map(rect), [["80", "35", "40", "20"]])
        XCTAssertEqual(colors.first?.attributes["fill"], "#FF3B30")  // SwiftUI's red (docs/decisions.md)

        // The text's line: at the content's left, baseline 0.75 × 16 below its top, 16 long.
        let texts = elements.filter { $0.name == "text" && $0.attributes["textLength"] != nil }
        XCTAssertEqual(texts.map(\.text), ["Hi"])
        XCTAssertEqual(texts.first?.attributes["x"], "92")
        XCTAssertEqual(texts.first?.attributes["y"], "71")
        XCTAssertEqual(texts.first?.attributes["textLength"], "16")

        // A single border: a 1-point stroke inside the 88,55 24×24 frame.
        let borders = elements.filter { $0.attributes["class"] == "border" }
        XCTAssertEqual(borders.map(rect), [["88.5", "55.5", "23", "23"]])
        XCTAssertEqual(borders.first?.attributes["stroke-width"], "1")

        let dividers = elements.filter { $0.attributes["class"] == "divider" }
        XCTAssertEqual(dividers.map(rect), [["0", "79", "200", "1"]])

        let images = elements.filter { $0.attributes["class"] == "image" }
        XCTAssertEqual(images.map(rect), [["85", "80", "30", "10"]])
        XCTAssertEqual(elements.first { $0.name == "text" && $0.depth > images[0].depth && $0.text == "logo" }?.attributes["text-anchor"], "middle")

        // The safe area: the top 25 points, shaded over everything.
        let safe = elements.firstIndex { $0.attributes["class"] == "safe-area" }
        XCTAssertNotNil(safe)
        if let safe {
            XCTAssertEqual(rect(elements[safe + 1]), ["0", "0", "200", "25"])
            XCTAssertEqual(safe, elements.count - 2, "the safe area is drawn last")
        }
    }

    func testBorderIsDrawnAboveTheContent() {
        let elements = parsed(svg(Self.fixture))
        let text = elements.firstIndex { $0.text == "Hi" }!
        let border = elements.firstIndex { $0.attributes["class"] == "border" }!
        XCTAssertLessThan(text, border)
    }

    func testOverlayWrittenOutsideABorderCoversIt() {
        // modifiers apply first to last: the border is inside the overlay, so the overlay is
        // drawn after it. With the fixed order (border outside overlay) it is the other way.
        let listed = parsed(svg("""
            viewports:
              v: {width: 40, height: 40}
            body:
              color: blue
              modifiers:
                - border: true
                - overlay: {color: green}
            """))
        let classes = listed.compactMap { $0.attributes["class"] }.filter { ["color", "border"].contains($0) }
        XCTAssertEqual(classes, ["color", "border", "color"])
        let fixed = parsed(svg("""
            viewports:
              v: {width: 40, height: 40}
            body:
              color: blue
              overlay: {color: green}
              border: true
            """))
        XCTAssertEqual(fixed.compactMap { $0.attributes["class"] }.filter { ["color", "border"].contains($0) },
                       ["color", "color", "border"])
    }

    func testBorderStyles() {
        // A 40×20 frame at the origin of a 40×20 viewport.
        func borders(_ style: String) -> [XMLElementRecord] {
            parsed(svg("""
                viewports:
                  v: {width: 40, height: 20}
                body:
                  color: clear
                  border: {style: \(style)}
                """)).filter { $0.attributes["class"] == "border" }
        }
        XCTAssertEqual(borders("heavy").map(rect), [["1", "1", "38", "18"]])
        XCTAssertEqual(borders("heavy").first?.attributes["stroke-width"], "2")
        XCTAssertEqual(borders("double").map(rect), [["0.5", "0.5", "39", "19"], ["2.5", "2.5", "35", "15"]])
        XCTAssertNotNil(borders("rounded").first?.attributes["rx"])
        // clear draws nothing.
        XCTAssertTrue(parsed(svg("viewports: {v: {width: 10, height: 10}}\nbody: {color: clear}"))
            .allSatisfy { $0.attributes["class"] != "color" })
    }

    func testHexColoursAndTruncatedText() {
        // "abcdefghij" in 64 points with one line: "abcdefg…" (docs/format.md §5.1), 64 long.
        let elements = parsed(svg("""
            viewports:
              v: {width: 80, height: 40}
            body:
              vstack:
                - {text: abcdefghij, lineLimit: 1, frame: {width: 64, alignment: leading}}
                - {color: "#10a0Ff", frame: {width: 8, height: 8}}
              spacing: 0
            """))
        let line = elements.first { $0.attributes["textLength"] != nil }
        XCTAssertEqual(line?.text, "abcdefg…")
        XCTAssertEqual(line?.attributes["textLength"], "64")
        XCTAssertEqual(elements.first { $0.attributes["class"] == "color" }?.attributes["fill"], "#10A0FF")
    }

    func testTextIsEscapedAndControlCharactersAreDrawnAsQuestionMarks() {
        let root = Make.screen(200, 40, [
            Make.textNode("a<b>&\"c\"'d'\u{1}\u{7F}\u{85}", Make.rect(0, 0, 200, 16)),
            Make.node(Make.rect(0, 16, 40, 16), .image(name: "<img>&")),
        ])
        let out = SVGRenderer.render(Make.result("x\"<y>&", 200, 40, root))
        let elements = parsed(out)
        XCTAssertEqual(elements[0].attributes["data-viewport"], "x\"<y>&")
        XCTAssertTrue(elements.contains { $0.text == "a<b>&\"c\"'d'???" })
        XCTAssertTrue(elements.contains { $0.text == "<img>&" })
        XCTAssertFalse(out.contains("<b>"))
    }

    func testALiveSVGIsStillWellFormedAndReloadsThroughItsStampScript() {
        let analysis = Pipeline.analyze(text: Self.fixture)
        let out = SVGRenderer.render(analysis.layouts[0], live: LiveReload(stamp: "]]>", scriptName: "a&b.svg.live.js"))
        let elements = parsed(out)
        let script = elements.first { $0.name == "script" }
        XCTAssertNotNil(script)
        XCTAssertTrue(script?.text.contains("var stamp = \"]]\\u003E\", src = encodeURIComponent(\"a\\u0026b.svg.live.js\")") ?? false, out)
        XCTAssertTrue(script?.text.contains("createElementNS('http://www.w3.org/2000/svg', 'script')") ?? false)
        XCTAssertFalse(SVGRenderer.render(analysis.layouts[0]).contains("<script"))
    }

    func testLinesOutsideTheContentAreClipped() {
        // Two lines in a content rectangle only one line tall: a nested <svg> clips to it, its
        // viewBox the content rectangle so the lines keep viewport coordinates.
        let root = Make.screen(80, 40, [Make.node(Make.rect(8, 4, 40, 16), Make.text(["abcde", "fghij"]))])
        let elements = parsed(SVGRenderer.render(Make.result("v", 80, 40, root)))
        let clip = elements.first { $0.name == "svg" && $0.attributes["class"] == "text" }
        XCTAssertEqual(clip?.attributes["viewBox"], "8 4 40 16")
        XCTAssertEqual(clip?.attributes["overflow"], "hidden")
        XCTAssertEqual(elements.filter { $0.attributes["textLength"] != nil }.map { $0.attributes["y"] }, ["16", "32"])
    }

    func testHiddenViewsDrawNothing() {
        let root = Make.screen(40, 40, [Make.node(Make.rect(0, 0, 40, 40), .color(.named("red"), fill: nil), hidden: true)])
        let elements = parsed(SVGRenderer.render(Make.result("v", 40, 40, root)))
        XCTAssertFalse(elements.contains { $0.attributes["class"] == "color" })
    }

    func testRightToLeftSafeAreaLeadingIsOnTheRight() {
        let viewport = Viewport(name: "v", width: 100, height: 50, safeArea: EdgeInsets(leading: 10, trailing: 4), direction: .rtl)
        let scene = RenderScene(LayoutResult(viewport: viewport, root: nil, diagnostics: []))
        XCTAssertEqual(scene.safeAreaBands, [Rect(x: 0, y: 0, width: 4, height: 50), Rect(x: 90, y: 0, width: 10, height: 50)])
        let ltr = RenderScene(LayoutResult(viewport: Viewport(name: "v", width: 100, height: 50, safeArea: EdgeInsets(leading: 10)),
                                           root: nil, diagnostics: []))
        XCTAssertEqual(ltr.safeAreaBands, [Rect(x: 0, y: 0, width: 10, height: 50)])
        // Side bands stop at the top and bottom ones: no corner is shaded twice.
        let all = RenderScene(LayoutResult(viewport: Viewport(name: "v", width: 100, height: 50,
                                                              safeArea: EdgeInsets(top: 5, leading: 10, bottom: 7, trailing: 4)),
                                           root: nil, diagnostics: []))
        XCTAssertEqual(all.safeAreaBands, [Rect(x: 0, y: 0, width: 100, height: 5), Rect(x: 0, y: 43, width: 100, height: 7),
                                           Rect(x: 0, y: 5, width: 10, height: 38), Rect(x: 96, y: 5, width: 4, height: 38)])
    }

    func testEveryExampleRendersAsWellFormedSVG() throws {
        let root = Fixtures.repositoryRoot().appendingPathComponent("Examples")
        let names = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".tatami.yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 4)
        for name in names {
            let url = root.appendingPathComponent(name)
            let analysis = Pipeline.analyze(text: try String(contentsOf: url, encoding: .utf8), path: url.path, workspaceRoot: root.path)
            for layout in analysis.layouts {
                let elements = parsed(SVGRenderer.render(layout))
                let w = formatNumber(layout.viewport.width), h = formatNumber(layout.viewport.height)
                XCTAssertEqual(elements.first?.attributes["viewBox"], "0 0 \(w) \(h)", name)
                // Every shown colour has its rectangle at its content frame.
                var expected: [[String?]] = []
                layout.root?.preorder { node in
                    // `hidden` is set on a hidden view and on everything inside it.
                    guard !node.hidden, case .color(let c, _) = node.drawing, ColorTable.rgb(c) != nil,
                          node.content.width > 0, node.content.height > 0 else { return }
                    expected.append([node.content.minX, node.content.minY, node.content.width, node.content.height].map { formatNumber($0) })
                }
                let found = elements.filter { $0.attributes["class"] == "color" }.map(rect)
                XCTAssertEqual(Set(found.map { $0.compactMap { $0 } }), Set(expected.map { $0.compactMap { $0 } }), "\(name) \(layout.viewport.name)")
            }
        }
    }
}

final class HTMLRenderTests: XCTestCase {
    private func page(_ text: String, live: LiveReload? = nil) -> String {
        let analysis = Pipeline.analyze(text: text)
        return HTMLRenderer.render(analysis.layouts, options: HTMLOptions(title: "t <&> .tatami.yaml", live: live))
    }

    static let twoViewports = """
        viewports:
          phone: {width: 120, height: 80}
          "wide <one>": {width: 200, height: 60}
        body:
          hstack:
            - {color: red, id: "r&d", frame: {width: 20, height: 20}}
            - {text: Hi, hidden: true}
            - text: Yo
          spacing: 0
        """

    func testEveryViewportIsAnElementOfItsSize() {
        let out = page(Self.twoViewports)
        XCTAssertTrue(out.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(out.contains("<div class=\"viewport\" data-viewport=\"phone\" data-width=\"120\" data-height=\"80\" style=\"width:120px;height:80px\">"), out)
        XCTAssertTrue(out.contains("data-viewport=\"wide &lt;one&gt;\""))
        XCTAssertTrue(out.contains("<figcaption>phone 120×80</figcaption>"))
        XCTAssertTrue(out.contains("<title>t &lt;&amp;&gt; .tatami.yaml — Tatami preview</title>"))
    }

    func testEveryShownViewHasAnElementWithItsPathKindAndFrame() {
        // phone: "Hi" is hidden but laid out (16 wide, §6.3), so the stack (spacing 0) is
        // 20 + 16 + 16 = 52 wide and 20 tall, centred at x = (120 − 52) / 2 = 34, y = 30; "Yo" is
        // at x = 34 + 36 = 70, centred vertically: y = 30 + 2 = 32.
        let out = page(Self.twoViewports)
        XCTAssertTrue(out.contains("<div class=\"view\" data-path=\"/\" data-kind=\"hstack\" data-x=\"34\" data-y=\"30\" data-width=\"52\" data-height=\"20\" title=\"hstack / 34,30 52×20\""), out)
        XCTAssertTrue(out.contains("data-path=\"/0\" data-kind=\"color\" data-id=\"r&amp;d\" data-x=\"34\" data-y=\"30\" data-width=\"20\" data-height=\"20\" title=\"color#r&amp;d /0 34,30 20×20\""), out)
        XCTAssertTrue(out.contains("data-path=\"/2\" data-kind=\"text\" data-x=\"70\" data-y=\"32\""), out)
        XCTAssertFalse(out.contains("data-path=\"/1\""), "a hidden view has no element")
        // Both viewports.
        XCTAssertEqual(out.components(separatedBy: "data-path=\"/\"").count - 1, 2)
    }

    func testThePageFetchesNothing() {
        let out = page(Self.twoViewports, live: LiveReload(stamp: "1", scriptName: "p.html.live.js"))
        for pattern in ["<link", "@import", "url(", "src=\"http", "href=\"http", "fetch(", "XMLHttpRequest", "<img", "<iframe"] {
            XCTAssertFalse(out.contains(pattern), pattern)
        }
        // The only URLs are the SVG namespace and the live page's own stamp script, beside it.
        let http = out.components(separatedBy: "http").dropFirst().map { String($0.prefix(30)) }
        XCTAssertTrue(http.allSatisfy { $0.hasPrefix("://www.w3.org/2000/svg\"") }, "\(http)")
    }

    func testLiveReloadOnlyWhenAsked() {
        XCTAssertFalse(page(Self.twoViewports).contains("tatamiLive"))
        let live = page(Self.twoViewports, live: LiveReload(stamp: "42-7", scriptName: "a \"b\".html.live.js"))
        XCTAssertTrue(live.contains("var stamp = \"42-7\", src = encodeURIComponent(\"a \\\"b\\\".html.live.js\")"), live)
        XCTAssertEqual(LiveReload(stamp: "</script>", scriptName: "x").script, "tatamiLive(\"\\u003C/script\\u003E\");\n")
    }
}
