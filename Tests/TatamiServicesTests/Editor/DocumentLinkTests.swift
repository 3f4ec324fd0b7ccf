import Foundation
import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.documentLinks`: `imports:` entries that lead to a file inside the root.
final class DocumentLinkTests: XCTestCase {
    func testLinksOnlyToExistingFilesInsideTheRoot() {
        // Linked: a plain entry, a quoted one (the range inside the quotes), one through `..`
        // that stays inside. Not linked: a missing file, one outside the root, an absolute
        // path, a file that is no Tatami file.
        let m = Marked("""
            imports:
              - «lib/ui.tatami.yaml»
              - "«lib/more.tatami.yml»"
              - «pages/../lib/ui.tatami.yaml»
              - lib/missing.tatami.yaml
              - ../outside.tatami.yaml
              - /ws/lib/ui.tatami.yaml
              - lib/notes.yaml
            body: {text: hi}

            """)
        let workspace = OverlayWorkspace(root: "/ws", texts: [
            "/ws/main.tatami.yaml": m.text,
            "/ws/lib/ui.tatami.yaml": "body: {text: ui}\n",
            "/ws/lib/more.tatami.yml": "body: {text: more}\n",
            "/ws/lib/notes.yaml": "body: {text: notes}\n",
            "/outside.tatami.yaml": "body: {text: outside}\n",
        ])
        let a = EditorTest.analyze(m.text, workspace: workspace)
        let links = EditorServices.documentLinks(a, workspace: workspace)
        XCTAssertEqual(links.map(\.range), m.ranges)
        XCTAssertEqual(links.map(\.path), ["/ws/lib/ui.tatami.yaml", "/ws/lib/more.tatami.yml", "/ws/lib/ui.tatami.yaml"])
    }

    func testNoImportsNoLinks() {
        let text = "body: {text: imports}\n"
        let workspace = OverlayWorkspace(root: "/ws", texts: ["/ws/main.tatami.yaml": text])
        XCTAssertEqual(EditorServices.documentLinks(EditorTest.analyze(text, workspace: workspace), workspace: workspace), [])
        // `imports` not a list (an error) links nothing either.
        let bad = "imports: lib/ui.tatami.yaml\nbody: {text: x}\n"
        XCTAssertEqual(EditorServices.documentLinks(EditorTest.analyze(bad, workspace: workspace), workspace: workspace), [])
    }

    func testOnDiskSymbolicLinksAndDirectories() throws {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-links-\(UUID().uuidString)")
        let root = temp.appendingPathComponent("ws")
        defer { try? FileManager.default.removeItem(at: temp) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("lib/dir.tatami.yaml"), withIntermediateDirectories: true)
        try "body: {text: ui}\n".write(to: root.appendingPathComponent("lib/ui.tatami.yaml"), atomically: true, encoding: .utf8)
        try "body: {text: out}\n".write(to: temp.appendingPathComponent("out.tatami.yaml"), atomically: true, encoding: .utf8)
        // A link inside the root to a file inside it, and one to a file outside it.
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("alias.tatami.yaml").path,
                                  withDestinationPath: root.appendingPathComponent("lib/ui.tatami.yaml").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("escape.tatami.yaml").path,
                                  withDestinationPath: temp.appendingPathComponent("out.tatami.yaml").path)
        let text = Marked("""
            imports: [«lib/ui.tatami.yaml», «alias.tatami.yaml», escape.tatami.yaml, lib/dir.tatami.yaml]
            body: {text: hi}

            """)
        let path = root.appendingPathComponent("main.tatami.yaml").path
        let disk = DiskWorkspace(root: root.path)
        let a = Pipeline.analyze(bytes: Array(text.text.utf8), path: path, layout: false, context: disk.validationContext(forPath: path))
        let links = EditorServices.documentLinks(a, workspace: disk)
        XCTAssertEqual(links.map(\.range), text.ranges)
        // Both lead to the file itself (symbolic links resolved).
        let ui = root.appendingPathComponent("lib/ui.tatami.yaml").resolvingSymlinksInPath().path
        XCTAssertEqual(links.map(\.path), [ui, ui])
    }
}
