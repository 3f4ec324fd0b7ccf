import Foundation
import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.definition` and `references`: components and parameters across imports,
/// ids, custom alignments, fonts, import paths.
final class NavigationTests: XCTestCase {
    // A library, two files importing it (one from a subfolder), one that shadows its `Card`
    // with its own, and one that does not import it at all.
    static let library = Marked("""
        components:
          «Card»:
            params:
              «title»: {type: string}
              tint: {type: color, default: blue}
            body:
              vstack:
                - text: $«title»
                - text: "Title: ${ «title» }"
                  background: {color: $tint}
          Frame:
            body:
              «Card»: {«title»: framed}
        body:
          vstack:
            - «Card»: {«title»: showcase}
            - Frame:

        """)
    static let screen = Marked("""
        imports: [«lib/ui.tatami.yaml»]
        body:
          vstack:
            - «Card»: {«title»: Hello}
            - «Card»:
                «title»: World

        """)
    static let other = Marked("""
        imports: [../lib/ui.tatami.yaml]
        body: {«Card»: {«title»: x}}

        """)
    static let shadow = """
        imports: [lib/ui.tatami.yaml]
        components:
          Card:
            params: {title: {type: string}}
            body: {text: $title}
        body: {Card: {title: mine}}

        """
    static let unrelated = "body: {Card: {title: nope}}\n"

    static let libPath = "/ws/lib/ui.tatami.yaml", screenPath = "/ws/screen.tatami.yaml"
    static let otherPath = "/ws/pages/other.tatami.yaml"

    private let workspace = EditorTest.workspace([
        "lib/ui.tatami.yaml": library.text,
        "screen.tatami.yaml": screen.text,
        "pages/other.tatami.yaml": other.text,
        "shadow.tatami.yaml": shadow,
        "unrelated.tatami.yaml": unrelated,
    ])

    private func analyze(_ path: String) -> Analysis {
        EditorTest.analyze(String(decoding: workspace.contents(ofPath: path)!, as: UTF8.self), path: path, workspace: workspace)
    }

    private func at(_ path: String, _ m: Marked, _ i: Int) -> FileLocation {
        FileLocation(path: path, range: m.ranges[i])
    }

    func testTheWorkspaceAnalysesCleanly() {
        for path in [Self.libPath, Self.screenPath, Self.otherPath] {
            XCTAssertEqual(analyze(path).diagnostics.filter { $0.severity == .error }.map(\.message), [], path)
        }
    }

    func testAnInstanceGoesToItsDeclarationInTheImportedFile() {
        let a = analyze(Self.screenPath)
        let onUse = Self.screen.ranges[1].start + 2
        XCTAssertEqual(EditorServices.definition(a, at: onUse, workspace: workspace), [at(Self.libPath, Self.library, 0)])
        // At the end of the name counts too.
        XCTAssertEqual(EditorServices.definition(a, at: Self.screen.ranges[3].end, workspace: workspace),
                       [at(Self.libPath, Self.library, 0)])
    }

    func testAnArgumentGoesToItsParameter() {
        let a = analyze(Self.screenPath)
        for i in [2, 4] {
            XCTAssertEqual(EditorServices.definition(a, at: Self.screen.ranges[i].start, workspace: workspace),
                           [at(Self.libPath, Self.library, 1)])
        }
    }

    func testReferencesToALibraryComponentSpanTheFilesImportingIt() {
        let lib = analyze(Self.libPath)
        let onDeclaration = Self.library.ranges[0].start
        let expected = [
            at(Self.libPath, Self.library, 0), at(Self.libPath, Self.library, 4), at(Self.libPath, Self.library, 6),
            at(Self.otherPath, Self.other, 0),
            at(Self.screenPath, Self.screen, 1), at(Self.screenPath, Self.screen, 3),
        ]
        XCTAssertEqual(EditorServices.references(lib, at: onDeclaration, includeDeclaration: true, workspace: workspace), expected)
        XCTAssertEqual(EditorServices.references(lib, at: onDeclaration, includeDeclaration: false, workspace: workspace),
                       Array(expected.dropFirst()))
        // Asked from a use in an importer: the same places, that file first.
        let screen = analyze(Self.screenPath)
        XCTAssertEqual(EditorServices.references(screen, at: Self.screen.ranges[3].start, includeDeclaration: true, workspace: workspace),
                       [expected[4], expected[5], expected[0], expected[1], expected[2], expected[3]])
    }

    func testReferencesToAParameterAreItsUsesInTheBodyAndEveryArgument() {
        let lib = analyze(Self.libPath)
        let expected = [
            at(Self.libPath, Self.library, 1), at(Self.libPath, Self.library, 2), at(Self.libPath, Self.library, 3),
            at(Self.libPath, Self.library, 5), at(Self.libPath, Self.library, 7),
            at(Self.otherPath, Self.other, 1),
            at(Self.screenPath, Self.screen, 2), at(Self.screenPath, Self.screen, 4),
        ]
        // From the declaration, `$title`, and `${ title }` alike.
        for i in [1, 2, 3] {
            XCTAssertEqual(EditorServices.references(lib, at: Self.library.ranges[i].start + 1, includeDeclaration: true,
                                                     workspace: workspace), expected, "from range \(i)")
            XCTAssertEqual(EditorServices.definition(lib, at: Self.library.ranges[i].start, workspace: workspace),
                           [expected[0]])
        }
    }

    func testIdsAreOnlyDeclared() {
        let m = Marked("""
            body:
              vstack:
                - text: a
                  id: «header»
                - text: b
                  id: «hea‸der»
                - text: c
                  id: «footer»

            """)
        let a = EditorTest.analyze(m.text)
        XCTAssertTrue(a.diagnostics.contains { $0.code.name == "duplicate-id" })
        XCTAssertEqual(EditorServices.definition(a, at: m.cursor, workspace: workspace), [FileLocation(path: a.path, range: m.ranges[0])])
        XCTAssertEqual(EditorServices.references(a, at: m.cursor, includeDeclaration: true, workspace: workspace),
                       [FileLocation(path: a.path, range: m.ranges[0]), FileLocation(path: a.path, range: m.ranges[1])])
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[2].start, workspace: workspace), [FileLocation(path: a.path, range: m.ranges[2])])
        XCTAssertEqual(EditorServices.references(a, at: m.ranges[2].start, includeDeclaration: true, workspace: workspace),
                       [FileLocation(path: a.path, range: m.ranges[2])])
    }

    func testCustomAlignmentsAndFontsGoToTheirDeclarations() {
        let m = Marked("""
            fonts:
              «brand»: {width: 10, height: 20}
            alignments:
              «mid»: {axis: vertical, default: bottom}
            body:
              hstack:
                - text: a
                  font: «brand»
                  alignmentGuides: {«mid»: "height / 2"}
                - text: b
                  font: «title»
              alignment: «mid»

            """)
        let a = EditorTest.analyze(m.text)
        XCTAssertEqual(a.diagnostics.map(\.message), [])
        func loc(_ i: Int) -> FileLocation { FileLocation(path: a.path, range: m.ranges[i]) }
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[2].start, workspace: workspace), [loc(0)])
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[3].start, workspace: workspace), [loc(1)])
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[5].end, workspace: workspace), [loc(1)])
        // A default font has no declaration in the file.
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[4].start, workspace: workspace), [])
        XCTAssertEqual(EditorServices.references(a, at: m.ranges[1].start, includeDeclaration: true, workspace: workspace),
                       [loc(1), loc(3), loc(5)])
        XCTAssertEqual(EditorServices.references(a, at: m.ranges[2].start, includeDeclaration: false, workspace: workspace), [loc(2)])
    }

    func testAnImportGoesToItsFile() {
        let a = analyze(Self.screenPath)
        XCTAssertEqual(EditorServices.definition(a, at: Self.screen.ranges[0].start + 3, workspace: workspace),
                       [FileLocation(path: Self.libPath, range: .at(0))])
    }

    func testAParameterReferenceInsideTheBodyGoesToItsDeclaration() {
        let m = Marked("""
            components:
              Tag:
                params:
                  «label»: {type: string}
                  «size»: {type: number, default: 4}
                body:
                  text: "#${«label»}"
                  padding: $«si‸ze»
                  id: $«missing»
            body: {Tag: {label: a}}

            """)
        let a = EditorTest.analyze(m.text)
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[2].start, workspace: workspace), [FileLocation(path: a.path, range: m.ranges[0])])
        XCTAssertEqual(EditorServices.definition(a, at: m.cursor, workspace: workspace), [FileLocation(path: a.path, range: m.ranges[1])])
        // An unknown parameter has no declaration.
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[4].start, workspace: workspace), [])
    }

    func testNothingAtTheCursorGivesNothing() {
        let a = analyze(Self.screenPath)
        let bytes = a.lineTable.bytes.count
        for offset in [0, 12, 40, bytes, bytes + 100, -5] {
            if Self.screen.ranges.contains(where: { $0.touches(offset) }) { continue }
            XCTAssertEqual(EditorServices.definition(a, at: offset, workspace: workspace), [], "at \(offset)")
            XCTAssertEqual(EditorServices.references(a, at: offset, includeDeclaration: true, workspace: workspace), [], "at \(offset)")
        }
        // An unknown component (no import declares it) resolves to nothing.
        let unrelated = analyze("/ws/unrelated.tatami.yaml")
        XCTAssertEqual(EditorServices.definition(unrelated, at: 8, workspace: workspace), [])
    }

    /// Records what the services read.
    final class Recording: EditorWorkspace, @unchecked Sendable {
        let base: OverlayWorkspace
        private let lock = NSLock()
        private var paths: [String] = []
        init(_ base: OverlayWorkspace) { self.base = base }
        var root: String? { base.root }
        var read: [String] { lock.withLock { paths } }
        func contents(ofPath path: String) -> [UInt8]? {
            lock.withLock { paths.append(path) }
            return base.contents(ofPath: path)
        }
        func tatamiFiles() -> [String] { base.tatamiFiles() }
    }

    func testImportsOutsideTheRootAreNeverRead() {
        let ws = Recording(OverlayWorkspace(root: "/ws", texts: [
            "/outside.tatami.yaml": "components:\n  Secret:\n    body: {text: s}\nbody: {Secret: {}}\n",
        ]))
        let m = Marked("imports: [../outside.tatami.yaml]\nbody: {«Secret»: {}}\n")
        let a = EditorTest.analyze(m.text, workspace: ws)
        XCTAssertEqual(EditorServices.definition(a, at: m.ranges[0].start, workspace: ws), [])
        XCTAssertEqual(EditorServices.references(a, at: m.ranges[0].start, includeDeclaration: true, workspace: ws), [])
        XCTAssertEqual(EditorServices.definition(a, at: 12, workspace: ws), [])
        XCTAssertFalse(ws.read.contains("/outside.tatami.yaml"), "\(ws.read)")
    }

    // MARK: Real files

    func testDefinitionAndReferencesOnFilesOnDisk() throws {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-nav-\(UUID().uuidString)")
        let root = temp.appendingPathComponent("ws")
        defer { try? FileManager.default.removeItem(at: temp) }
        for dir in ["lib", "pages", ".build"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        func write(_ relative: String, _ text: String) throws {
            try text.write(to: root.appendingPathComponent(relative), atomically: true, encoding: .utf8)
        }
        try write("lib/ui.tatami.yaml", Self.library.text)
        try write("pages/other.tatami.yaml", Self.other.text)
        try write(".build/hidden.tatami.yaml", Self.other.text)
        try write("notes.yaml", "imports: [lib/ui.tatami.yaml]\n")
        try write("screen.tatami.yaml", Self.screen.text)

        let disk = DiskWorkspace(root: root.path)
        let canonical = { (relative: String) in root.appendingPathComponent(relative).resolvingSymlinksInPath().path }
        XCTAssertEqual(disk.tatamiFiles().map { disk.canonicalPath($0) }, [
            canonical("lib/ui.tatami.yaml"), canonical("pages/other.tatami.yaml"), canonical("screen.tatami.yaml"),
        ])

        // The screen, open in an editor with an edit not yet saved.
        let edited = Marked(Self.screen.text.replacingOccurrences(of: "World", with: "Wide world"))
        let path = root.appendingPathComponent("screen.tatami.yaml").path
        let a = Pipeline.analyze(bytes: Array(edited.text.utf8), path: path, layout: false,
                                 context: Pipeline.fileContext(path: path, workspaceRoot: root.path))
        XCTAssertEqual(a.diagnostics.map(\.message), [])
        let libPath = canonical("lib/ui.tatami.yaml")
        XCTAssertEqual(EditorServices.definition(a, at: Self.screen.ranges[1].start, workspace: disk),
                       [FileLocation(path: libPath, range: Self.library.ranges[0])])
        XCTAssertEqual(EditorServices.references(a, at: Self.screen.ranges[1].start, includeDeclaration: true, workspace: disk), [
            FileLocation(path: path, range: Self.screen.ranges[1]), FileLocation(path: path, range: Self.screen.ranges[3]),
            FileLocation(path: libPath, range: Self.library.ranges[0]), FileLocation(path: libPath, range: Self.library.ranges[4]),
            FileLocation(path: libPath, range: Self.library.ranges[6]),
            FileLocation(path: canonical("pages/other.tatami.yaml"), range: Self.other.ranges[0]),
        ])

        // The library open in the editor too, with a line added at its top: its buffer wins.
        let buffers = OverlayWorkspace(base: disk, overrides: [libPath: Array(("# edited\n" + Self.library.text).utf8)])
        let shifted = SourceRange(start: Self.library.ranges[0].start + 9, end: Self.library.ranges[0].end + 9)
        XCTAssertEqual(EditorServices.definition(a, at: Self.screen.ranges[1].start, workspace: buffers),
                       [FileLocation(path: libPath, range: shifted)])
    }
}
