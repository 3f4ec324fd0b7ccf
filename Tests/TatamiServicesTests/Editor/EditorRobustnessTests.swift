import Foundation
import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// Every editor service at every offset of malformed documents: no crash, no hang, and every
/// range it returns lies inside its file.
final class EditorRobustnessTests: XCTestCase {
    static let documents: [String] = [
        "",
        "\n",
        "body",
        "body:\n  vstack:\n    - text: \"unterminated\n    - Card: {ti",
        "components:\n  Card:\n    params: {a: {type: string}}\n    body:\n      text: ${a\n\tbody: [\n",
        "x: &a {text: hi, id: a}\nbody: {vstack: [*a, *a, {Card: *a}], background: *a}\n",
        "---\nbody: {text: a}\n---\nbody: {text: b}\n",
        "\u{FEFF}body:\r\n  text: \"é😀\"\r\n  when: \"wïdth > 1\"\r\n  id: \"😀\"\r\n",
        "? [a, b]\n: c\nbody: {? {x: 1} : y, text: $z}\n",
        "components:\n  Card:\n    params:\n      $: {type: view}\n    body: {text: \"${} ${ } $$ ${\", id: $}\nbody: {Card: {$: 1}}\n",
        "imports: [, ../x.tatami.yaml, /abs.tatami.yaml, self.tatami.yaml, lib/ui.tatami.yaml]\nbody: {Card: {title: 1}}\n",
        "alignments: {mid: {axis: 3, default: \"(((\"}}\nfonts: {f: 1}\nbody:\n  hstack: [{text: a, alignmentGuides: {mid: \"1 +\", : 2}, font: f}]\n  alignment: mid\n",
        "body:\n  canvas:\n    - text: a\n      position: [{x: \"width /\", y: , width: \"min(\", height: }, {when: \"\\x\"}]\n    - b\n",
        NavigationTests.library.text,
        NavigationTests.screen.text,
    ]

    private let workspace = EditorTest.workspace([
        "lib/ui.tatami.yaml": NavigationTests.library.text,
        "screen.tatami.yaml": NavigationTests.screen.text,
        "self.tatami.yaml": "imports: [self.tatami.yaml]\ncomponents: {Card: {body: {Card: {}}}}\nbody: {Card: {}}\n",
        "pages/other.tatami.yaml": NavigationTests.other.text,
    ])

    private func check(_ locations: [FileLocation], _ a: Analysis, _ what: String) {
        for l in locations {
            let count = l.path == a.path ? a.lineTable.bytes.count : (workspace.contents(ofPath: l.path)?.count ?? 0)
            XCTAssertTrue(0 <= l.range.start && l.range.end <= count, "\(what): \(l) outside \(l.path)")
        }
    }

    func testEveryServiceAtEveryOffset() {
        for (n, text) in Self.documents.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            let path = n % 2 == 0 ? "/ws/main.tatami.yaml" : "/ws/screen.tatami.yaml"
            let a = EditorTest.analyze(text, path: path, workspace: workspace)
            let count = a.lineTable.bytes.count
            let symbols = EditorServices.documentSymbols(a)
            var pending = symbols
            while let s = pending.popLast() {
                XCTAssertTrue(s.range.end <= count && s.range.start <= s.selectionRange.start && s.selectionRange.end <= s.range.end,
                              "document \(n): symbol \(s.name)")
                pending += s.children
            }
            var end = 0
            for t in EditorServices.semanticTokens(a) {
                XCTAssertTrue(t.range.start >= end && t.range.end <= count && !t.range.isEmpty, "document \(n): token \(t)")
                XCTAssertEqual(a.lineTable.line(ofByte: t.range.start), a.lineTable.line(ofByte: t.range.end - 1), "document \(n): token \(t)")
                end = t.range.end
            }
            for f in EditorServices.foldingRanges(a) {
                XCTAssertTrue(0 <= f.startLine && f.startLine < f.endLine && f.endLine < a.lineTable.lineCount, "document \(n): \(f)")
            }
            let whole = SourceRange(start: 0, end: count)
            for c in EditorServices.documentColors(a, workspace: workspace) {
                check([FileLocation(path: a.path, range: c.range)], a, "document \(n) colour")
                for p in EditorServices.colorPresentations(a, color: RGBAColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5), range: c.range) {
                    check([FileLocation(path: a.path, range: p.range)], a, "document \(n) colour presentation")
                }
            }
            check(EditorServices.documentLinks(a, workspace: workspace).map { FileLocation(path: a.path, range: $0.range) }, a,
                  "document \(n) links")
            check(EditorServices.workspaceSymbols(matching: "a", in: [(a, workspace)]).map(\.location), a, "document \(n) symbols")
            for chain in EditorServices.selectionRanges(a, at: Array(-1...(count + 1))) {
                XCTAssertEqual(chain.last, whole, "document \(n) selection")
                for (inner, outer) in zip(chain, chain.dropFirst()) {
                    XCTAssertTrue(outer.start <= inner.start && inner.end <= outer.end && inner != outer, "document \(n) selection")
                }
            }
            for offset in -1...(count + 1) {
                check(EditorServices.documentHighlights(a, at: offset, workspace: workspace).map { FileLocation(path: a.path, range: $0.range) },
                      a, "document \(n) highlights at \(offset)")
                check(EditorServices.definition(a, at: offset, workspace: workspace), a, "document \(n) definition at \(offset)")
                check(EditorServices.references(a, at: offset, includeDeclaration: true, workspace: workspace), a,
                      "document \(n) references at \(offset)")
                if let p = EditorServices.prepareRename(a, at: offset) {
                    XCTAssertTrue(p.range.end <= count, "document \(n) prepareRename at \(offset)")
                }
                if case .success(let edits) = EditorServices.rename(a, at: offset, to: "Xy", workspace: workspace) {
                    check(edits.map { FileLocation(path: $0.path, range: $0.range) }, a, "document \(n) rename at \(offset)")
                }
                for action in EditorServices.codeActions(a, in: SourceRange(start: offset, end: offset + 3), workspace: workspace) {
                    check(action.edits.map { FileLocation(path: $0.path, range: $0.range) }, a, "document \(n) code action at \(offset)")
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // A hang guard, not a speed claim: each call runs on a thread of its own, which a
            // loaded machine is slow to schedule.
            XCTAssertLessThan(seconds, Fixtures.hangGuard(120), "document \(n) took \(seconds) s")
        }
    }

    /// A large file: each service once, each well within a hang guard.
    func testALargeFile() {
        var text = "components:\n  Tag:\n    params: {label: {type: string}}\n    body: {text: $label, id: tag}\nbody:\n  vstack:\n"
        for i in 0..<2_000 {
            text += "    - hstack:\n"
            for j in 0..<5 { text += "        - {text: \"\(i)-\(j)\", when: \"width > \(j)\", id: v\(i)x\(j)}\n" }
            text += "        - Tag: {label: n\(i)}\n"
        }
        let a = EditorTest.analyze(text)
        let lastTag = EditorTest.offset(of: "Tag", in: text, last: true)
        func timed<T>(_ name: String, _ body: () -> T) -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = body()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            XCTAssertLessThan(seconds, Fixtures.hangGuard(30), "\(name) took \(seconds) s (hang guard)")
            return result
        }
        XCTAssertEqual(timed("symbols") { EditorServices.documentSymbols(a) }.count, 2)
        XCTAssertGreaterThan(timed("tokens") { EditorServices.semanticTokens(a) }.count, 40_000)
        XCTAssertEqual(timed("folding") { EditorServices.foldingRanges(a) }.count, 2_000 + 4)
        XCTAssertEqual(timed("references") {
            EditorServices.references(a, at: lastTag, includeDeclaration: true, workspace: workspace)
        }.count, 2_001)
        XCTAssertEqual(timed("rename") {
            (try? EditorServices.rename(a, at: lastTag, to: "Label", workspace: workspace).get())?.count
        }, 2_001)
        _ = timed("code actions") { EditorServices.codeActions(a, in: SourceRange(start: 0, end: text.utf8.count)) }
        // Ids `tag` and `v0x0` … `v1999x4`: the 128 best matches of `v1`.
        XCTAssertEqual(timed("workspace symbols") { EditorServices.workspaceSymbols(matching: "v1", in: [(a, workspace)]) }.count,
                       EditorServices.maximumWorkspaceSymbols)
        XCTAssertEqual(timed("highlights") { EditorServices.documentHighlights(a, at: lastTag, workspace: workspace) }.count, 2_001)
        XCTAssertEqual(timed("selection") { EditorServices.selectionRanges(a, at: Array(stride(from: 0, to: text.utf8.count, by: 97))) }
            .count, (text.utf8.count + 96) / 97)
    }
}
