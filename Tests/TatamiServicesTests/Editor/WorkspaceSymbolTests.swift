import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.workspaceSymbols`: declarations of the open files and their imports,
/// matched as a case-insensitive subsequence, best first, bounded.
final class WorkspaceSymbolTests: XCTestCase {
    static let screen = """
        imports: [lib/ui.tatami.yaml]
        viewports:
          phone: {width: 320, height: 480}
        fonts:
          heading: {width: 12, height: 24}
        body:
          vstack:
            - Header: {title: Hi}
              id: top
            - text: x
              id: headerNote

        """
    static let library = """
        imports: [deep.tatami.yaml]
        alignments:
          headline: {axis: vertical, default: top}
        components:
          Header:
            params: {title: {type: string}}
            body: {text: $title, id: headerText}
        body: {Header: {title: showcase}}

        """
    static let deep = "components:\n  DeepHead:\n    body: {text: deep}\nbody: {DeepHead: {}}\n"
    static let other = "components:\n  Unrelated:\n    body: {text: x}\nbody: {Unrelated: {}}\n"

    private let workspace = EditorTest.workspace([
        "screen.tatami.yaml": screen,
        "lib/ui.tatami.yaml": library,
        "lib/deep.tatami.yaml": deep,
        "other.tatami.yaml": other,
    ])

    private func symbols(_ query: String, limit: Int = EditorServices.maximumWorkspaceSymbols) -> [WorkspaceSymbolInfo] {
        let a = EditorTest.analyze(Self.screen, path: "/ws/screen.tatami.yaml", workspace: workspace)
        return EditorServices.workspaceSymbols(matching: query, in: [(a, workspace)], limit: limit)
    }

    func testEveryDeclarationOfTheFileAndItsImports() {
        let all = symbols("")
        // `other.tatami.yaml` is neither open nor imported; `deep` is imported by the library.
        XCTAssertEqual(Set(all.map { "\($0.kind.rawValue) \($0.name) \($0.containerName ?? "-")" }), [
            "viewport phone viewports", "font heading fonts", "id top body", "id headerNote body",
            "alignment headline alignments", "component Header components", "id headerText Header",
            "component DeepHead components",
        ])
        let header = all.first { $0.name == "Header" }
        XCTAssertEqual(header?.location.path, "/ws/lib/ui.tatami.yaml")
        XCTAssertEqual(header?.location.range, SourceRange(start: Self.offset("Header", Self.library), end: Self.offset("Header", Self.library) + 6))
        XCTAssertEqual(all.first { $0.name == "top" }?.location.path, "/ws/screen.tatami.yaml")
    }

    func testFuzzyMatchingAndItsOrder() {
        // "head": no name is it; prefixes, shortest first: Header (6), heading (7), headline (8),
        // headerNote and headerText (10, by name); then DeepHead, which holds it.
        XCTAssertEqual(symbols("head").map(\.name), ["Header", "heading", "headline", "headerNote", "headerText", "DeepHead"])
        // Case is ignored, characters may be apart, in order only.
        XCTAssertEqual(symbols("HDR").map(\.name), ["Header", "headerNote", "headerText"])
        XCTAssertEqual(symbols("rdh").map(\.name), [])
        XCTAssertEqual(symbols("top").map(\.name), ["top"])
        // `phone` starts with it; `DeepHead` holds it (deeP Head).
        XCTAssertEqual(symbols("ph").map(\.name), ["phone", "DeepHead"])
    }

    func testOrderTiersAreExactPrefixSubstringThenScattered() {
        let text = "viewports:\n  ab: {width: 1, height: 1}\n  xab: {width: 1, height: 1}\n  abc: {width: 1, height: 1}\n  axb: {width: 1, height: 1}\nbody: {text: x}\n"
        let a = EditorTest.analyze(text)
        let names = EditorServices.workspaceSymbols(matching: "AB", in: [(a, OverlayWorkspace(root: "/ws", texts: [:]))]).map(\.name)
        XCTAssertEqual(names, ["ab", "abc", "xab", "axb"])
    }

    func testTheResultIsBounded() {
        var text = "viewports:\n"
        for i in 0..<300 { text += "  v\(i): {width: 1, height: 1}\n" }
        text += "body: {text: x}\n"
        let a = EditorTest.analyze(text)
        let ws = OverlayWorkspace(root: "/ws", texts: [:])
        let all = EditorServices.workspaceSymbols(matching: "v", in: [(a, ws)])
        XCTAssertEqual(all.count, EditorServices.maximumWorkspaceSymbols)
        // Shorter names first: v0 … v9, then v10 …
        XCTAssertEqual(Array(all.prefix(11).map(\.name)), (0..<10).map { "v\($0)" } + ["v10"])
        XCTAssertEqual(EditorServices.workspaceSymbols(matching: "v", in: [(a, ws)], limit: 3).count, 3)
        XCTAssertEqual(EditorServices.workspaceSymbols(matching: "v", in: [(a, ws)], limit: 100_000).count,
                       EditorServices.maximumWorkspaceSymbols)
    }

    func testAnOpenLibraryIsReadOnceFromItsAnalysis() {
        // The library open with an unsaved rename of its component: the analysis wins.
        let edited = Self.library.replacingOccurrences(of: "Header:", with: "Banner:")
        let lib = EditorTest.analyze(edited, path: "/ws/lib/ui.tatami.yaml", workspace: workspace)
        let screen = EditorTest.analyze(Self.screen, path: "/ws/screen.tatami.yaml", workspace: workspace)
        let found = EditorServices.workspaceSymbols(matching: "", in: [(screen, workspace), (lib, workspace)])
        let components = found.filter { $0.kind == .component }.map(\.name).sorted()
        XCTAssertEqual(components, ["Banner", "DeepHead"])
        // Each declaration once.
        XCTAssertEqual(found.count, Set(found.map { "\($0.location.path) \($0.location.range)" }).count)
    }

    func testImportCyclesEndAndUnreadableImportsAreSkipped() {
        let ws = EditorTest.workspace([
            "a.tatami.yaml": "imports: [b.tatami.yaml, missing.tatami.yaml]\ncomponents: {A: {body: {text: a}}}\nbody: {A: {}}\n",
            "b.tatami.yaml": "imports: [a.tatami.yaml]\ncomponents: {B: {body: {text: b}}}\nbody: {B: {}}\n",
        ])
        let a = EditorTest.analyze(String(decoding: ws.contents(ofPath: "/ws/a.tatami.yaml")!, as: UTF8.self),
                                   path: "/ws/a.tatami.yaml", workspace: ws)
        XCTAssertEqual(EditorServices.workspaceSymbols(matching: "", in: [(a, ws)]).map(\.name), ["A", "B"])
    }

    private static func offset(_ needle: String, _ text: String) -> Int { EditorTest.offset(of: needle + ":", in: text) }

    /// Viewports and fonts declared only in the workspace file (`tatami.config.yaml`), which every
    /// file inherits, are symbols too, at their names in that file.
    func testTheWorkspaceFilesViewportsAndFonts() {
        let config = "viewports:\n  tablet: {width: 768, height: 1024}\nfonts:\n  mono: {width: 8, height: 16}\nformat: {lineWidth: 90}\n"
        let a = EditorTest.analyze(Self.screen, path: "/ws/screen.tatami.yaml", workspace: workspace)
        let found = EditorServices.workspaceSymbols(matching: "", in: [(a, workspace)],
                                                    workspaceFiles: [("/ws/tatami.config.yaml", Array(config.utf8))])
        let tablet = found.first { $0.name == "tablet" }
        XCTAssertEqual(tablet?.kind, .viewport)
        XCTAssertEqual(tablet?.containerName, "viewports")
        XCTAssertEqual(tablet?.location, FileLocation(path: "/ws/tatami.config.yaml", range: SourceRange(start: 13, end: 19)))
        let mono = found.first { $0.name == "mono" }
        XCTAssertEqual(mono?.kind, .font)
        // "viewports:\n" (11) + "  tablet: {width: 768, height: 1024}\n" (37) + "fonts:\n" (7) + "  " (2).
        XCTAssertEqual(mono?.location.range, SourceRange(start: 57, end: 61))
        // `format` declares nothing; the file's own viewport is still there.
        XCTAssertFalse(found.contains { $0.name == "format" || $0.name == "lineWidth" })
        XCTAssertTrue(found.contains { $0.name == "phone" && $0.kind == .viewport })
        // Matched as the rest.
        XCTAssertEqual(EditorServices.workspaceSymbols(matching: "tab", in: [(a, workspace)],
                                                       workspaceFiles: [("/ws/tatami.config.yaml", Array(config.utf8))]).map(\.name),
                       ["tablet"])
    }
}

