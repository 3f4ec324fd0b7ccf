import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.prepareRename` and `rename`.
final class RenameTests: XCTestCase {
    private let library = NavigationTests.library.text
    private let screen = NavigationTests.screen.text
    private let other = NavigationTests.other.text
    private lazy var workspace = EditorTest.workspace([
        "lib/ui.tatami.yaml": library,
        "screen.tatami.yaml": screen,
        "pages/other.tatami.yaml": other,
        "shadow.tatami.yaml": NavigationTests.shadow,
        "unrelated.tatami.yaml": NavigationTests.unrelated,
    ])

    private func analyze(_ path: String) -> Analysis {
        EditorTest.analyze(String(decoding: workspace.contents(ofPath: path)!, as: UTF8.self), path: path, workspace: workspace)
    }

    /// Applies the edits file by file; the texts of the files that changed, by path.
    private func applied(_ edits: [FileEdit]) -> [String: String] {
        var result: [String: String] = [:]
        for path in Set(edits.map(\.path)) {
            let text = String(decoding: workspace.contents(ofPath: path)!, as: UTF8.self)
            result[path] = EditorTest.apply(edits.filter { $0.path == path }, to: text)
        }
        return result
    }

    private func edits(_ result: Result<[FileEdit], RenameError>, file: StaticString = #filePath, line: UInt = #line) -> [FileEdit] {
        switch result {
        case .success(let edits): return edits
        case .failure(let error):
            XCTFail("rename refused: \(error.message)", file: file, line: line)
            return []
        }
    }

    private func refusal(_ result: Result<[FileEdit], RenameError>, file: StaticString = #filePath, line: UInt = #line) -> RenameError? {
        if case .failure(let error) = result { return error }
        XCTFail("rename was not refused", file: file, line: line)
        return nil
    }

    func testRenamingALibraryComponentRenamesItsUsesInTheFilesImportingIt() {
        let lib = analyze(NavigationTests.libPath)
        let result = applied(edits(EditorServices.rename(lib, at: NavigationTests.library.ranges[0].start, to: "Tile", workspace: workspace)))
        XCTAssertEqual(result.keys.sorted(), [NavigationTests.libPath, NavigationTests.otherPath, NavigationTests.screenPath])
        XCTAssertEqual(result[NavigationTests.libPath], library.replacingOccurrences(of: "Card", with: "Tile"))
        XCTAssertEqual(result[NavigationTests.screenPath], """
            imports: [lib/ui.tatami.yaml]
            body:
              vstack:
                - Tile: {title: Hello}
                - Tile:
                    title: World

            """)
        XCTAssertEqual(result[NavigationTests.otherPath], "imports: [../lib/ui.tatami.yaml]\nbody: {Tile: {title: x}}\n")
        // The same rename asked from a use in an importer.
        let fromUse = analyze(NavigationTests.screenPath)
        XCTAssertEqual(applied(edits(EditorServices.rename(fromUse, at: NavigationTests.screen.ranges[3].start, to: "Tile", workspace: workspace))),
                       result)
    }

    func testRenamingAParameterRenamesItsReferencesAndArguments() {
        let lib = analyze(NavigationTests.libPath)
        let result = applied(edits(EditorServices.rename(lib, at: NavigationTests.library.ranges[2].start, to: "heading", workspace: workspace)))
        XCTAssertEqual(result[NavigationTests.libPath], """
            components:
              Card:
                params:
                  heading: {type: string}
                  tint: {type: color, default: blue}
                body:
                  vstack:
                    - text: $heading
                    - text: "Title: ${ heading }"
                      background: {color: $tint}
              Frame:
                body:
                  Card: {heading: framed}
            body:
              vstack:
                - Card: {heading: showcase}
                - Frame:

            """)
        XCTAssertEqual(result[NavigationTests.screenPath], screen.replacingOccurrences(of: "title:", with: "heading:"))
        XCTAssertEqual(result[NavigationTests.otherPath], "imports: [../lib/ui.tatami.yaml]\nbody: {Card: {heading: x}}\n")
        // The renamed workspace still lints cleanly.
        let renamed = OverlayWorkspace(base: workspace, overrides: result.mapValues { Array($0.utf8) })
        let a = EditorTest.analyze(result[NavigationTests.screenPath]!, path: NavigationTests.screenPath, workspace: renamed)
        XCTAssertEqual(a.diagnostics.map(\.message), [])
    }

    func testRenamingAnIdChangesThatIdOnly() {
        let m = Marked("""
            body:
              vstack:
                - text: a
                  id: header
                - text: b
                  id: «hea‸der»
                - text: c
                  id: 'it''s'

            """)
        let a = EditorTest.analyze(m.text)
        XCTAssertEqual(EditorTest.apply(edits(EditorServices.rename(a, at: m.cursor, to: "subtitle", workspace: workspace)), to: m.text),
                       m.text.replacingOccurrences(of: "id: header\n    - text: b\n      id: header", with: "id: header\n    - text: b\n      id: subtitle"))
        // A name that would not read back as the same string is quoted.
        XCTAssertEqual(edits(EditorServices.rename(a, at: m.cursor, to: "42", workspace: workspace)),
                       [FileEdit(path: a.path, range: m.ranges[0], newText: "\"42\"")])
        XCTAssertEqual(edits(EditorServices.rename(a, at: m.cursor, to: "a: b", workspace: workspace)),
                       [FileEdit(path: a.path, range: m.ranges[0], newText: "\"a: b\"")])
        XCTAssertEqual(refusal(EditorServices.rename(a, at: m.cursor, to: "it's", workspace: workspace))?.reason, .nameTaken)
        XCTAssertEqual(refusal(EditorServices.rename(a, at: m.cursor, to: "$x", workspace: workspace))?.reason, .invalidName)
        // A quoted id keeps its quotes.
        let quoted = m.text.utf8.count - 5
        XCTAssertEqual(EditorTest.apply(edits(EditorServices.rename(a, at: quoted, to: "don't", workspace: workspace)), to: m.text),
                       m.text.replacingOccurrences(of: "'it''s'", with: "'don''t'"))
    }

    func testRenamingACustomAlignmentAndAFont() {
        let m = Marked("""
            fonts:
              brand: {width: 10, height: 20}
            alignments:
              mid: {axis: vertical, default: bottom}
            body:
              hstack:
                - text: a
                  font: bra‸nd
                  alignmentGuides: {mid: "height / 2"}
              alignment: m‸id

            """)
        let a = EditorTest.analyze(m.text)
        XCTAssertEqual(EditorTest.apply(edits(EditorServices.rename(a, at: m.cursors[0], to: "logo", workspace: workspace)), to: m.text),
                       m.text.replacingOccurrences(of: "brand", with: "logo"))
        XCTAssertEqual(EditorTest.apply(edits(EditorServices.rename(a, at: m.cursors[1], to: "middle", workspace: workspace)), to: m.text),
                       m.text.replacingOccurrences(of: "mid", with: "middle"))
        XCTAssertEqual(refusal(EditorServices.rename(a, at: m.cursors[1], to: "centerY", workspace: workspace))?.reason, .invalidName)
        XCTAssertEqual(refusal(EditorServices.rename(a, at: m.cursors[0], to: "title", workspace: workspace))?.reason, .nameTaken)
    }

    func testRenamesAreRefusedForInvalidOrTakenNames() {
        let lib = analyze(NavigationTests.libPath)
        let card = NavigationTests.library.ranges[0].start
        let invalid = refusal(EditorServices.rename(lib, at: card, to: "tile", workspace: workspace))
        XCTAssertEqual(invalid?.reason, .invalidName)
        XCTAssertEqual(invalid?.message, "`tile` cannot name a component: a component's name starts with a capital letter and holds only letters, digits and `_`")
        XCTAssertEqual(refusal(EditorServices.rename(lib, at: card, to: "Frame", workspace: workspace))?.reason, .nameTaken)
        let title = NavigationTests.library.ranges[1].start
        XCTAssertEqual(refusal(EditorServices.rename(lib, at: title, to: "tint", workspace: workspace))?.reason, .nameTaken)
        XCTAssertEqual(refusal(EditorServices.rename(lib, at: title, to: "2nd", workspace: workspace))?.reason, .invalidName)
        XCTAssertEqual(refusal(EditorServices.rename(lib, at: title, to: "é", workspace: workspace))?.reason, .invalidName)
        // On `components:`, nothing is renamable.
        let nothing = refusal(EditorServices.rename(lib, at: 2, to: "Tile", workspace: workspace))
        XCTAssertEqual(nothing?.reason, .nothingToRename)

        // A name an importer already uses for its own component would change what its uses mean.
        let clash = EditorTest.workspace([
            "lib/ui.tatami.yaml": library,
            "screen.tatami.yaml": screen.replacingOccurrences(of: "body:", with: "components:\n  Tile:\n    body: {text: t}\nbody:"),
        ])
        let clashLib = EditorTest.analyze(library, path: NavigationTests.libPath, workspace: clash)
        let taken = refusal(EditorServices.rename(clashLib, at: card, to: "Tile", workspace: clash))
        XCTAssertEqual(taken?.reason, .nameTaken)
        XCTAssertEqual(taken?.message, "`Tile` is already a component usable in /ws/screen.tatami.yaml")
    }

    func testPrepareRenameTellsTheNameAndItsRange() {
        let lib = analyze(NavigationTests.libPath)
        let m = NavigationTests.library
        XCTAssertEqual(EditorServices.prepareRename(lib, at: m.ranges[0].start + 1).map { [$0.range.start, $0.range.end] },
                       [m.ranges[0].start, m.ranges[0].end])
        XCTAssertEqual(EditorServices.prepareRename(lib, at: m.ranges[3].start)?.placeholder, "title")
        XCTAssertEqual(EditorServices.prepareRename(lib, at: m.ranges[3].start)?.range, m.ranges[3])
        XCTAssertNil(EditorServices.prepareRename(lib, at: 0))
        XCTAssertNil(EditorServices.prepareRename(lib, at: lib.lineTable.bytes.count + 10))
        // `$tint`'s line: `background` is a modifier key, not a name.
        let background = EditorTest.offset(of: "background", in: library)
        XCTAssertNil(EditorServices.prepareRename(lib, at: background))
        // In an importer, with or without the workspace to check the import.
        let screen = analyze(NavigationTests.screenPath)
        XCTAssertEqual(EditorServices.prepareRename(screen, at: NavigationTests.screen.ranges[1].start)?.placeholder, "Card")
        XCTAssertEqual(EditorServices.prepareRename(screen, at: NavigationTests.screen.ranges[2].start, workspace: workspace)?.placeholder, "title")
        XCTAssertNil(EditorServices.prepareRename(screen, at: NavigationTests.screen.ranges[0].start, workspace: workspace))
    }

    func testAReferenceInAMultiLineTextIsRenamedWhereItsSourceMatches() {
        let m = Marked("""
            components:
              Note:
                params:
                  who: {type: string}
                body:
                  text: |
                    Dear ${who},
                    hello ${ who }.
            body: {Note: {who: you}}

            """)
        let a = EditorTest.analyze(m.text)
        XCTAssertEqual(a.diagnostics.map(\.message), [])
        let on = EditorTest.offset(of: "who:", in: m.text)
        XCTAssertEqual(EditorTest.apply(edits(EditorServices.rename(a, at: on, to: "name", workspace: workspace)), to: m.text),
                       m.text.replacingOccurrences(of: "who", with: "name"))
    }

    func testAReferenceThatCannotBeLocatedRefusesTheRename() {
        // `\x24` is a `$` in the value but not in the source, and the text spans two lines.
        let text = """
            components:
              Note:
                params:
                  who: {type: string}
                body:
                  text: "Dear \\x24{who},
                    hello"
            body: {Note: {who: you}}

            """
        let a = EditorTest.analyze(text)
        XCTAssertEqual(a.diagnostics.map(\.message), [])
        let on = EditorTest.offset(of: "who:", in: text)
        let error = refusal(EditorServices.rename(a, at: on, to: "name", workspace: workspace))
        XCTAssertEqual(error?.reason, .cannotEdit)
        XCTAssertEqual(error?.message, "`$who` on line 6 of /ws/main.tatami.yaml is in a text spanning several lines that cannot be edited exactly; rename it by hand")
    }
}
