import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// The server finds a file's root as the command line does (`tatami.config.yaml`, else `.git`,
/// whatever the workspace folder), takes the workspace file's viewports, fonts and rules, and
/// checks open files again when a workspace file changes.
final class WorkspaceFileTests: XCTestCase {
    private func project(_ files: [String: String]) throws -> URL {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-lsp-ws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: raw, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: raw) }
        let dir = URL(fileURLWithPath: FileSystemPath.canonical(raw.path) ?? raw.path)
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    private func diagnostics(_ c: TestClient, _ uri: String) -> [String]? {
        c.notifications("textDocument/publishDiagnostics").last { $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?
            .array?.map { d in
                let start = d["range"]?["start"]
                let outside = d["message"]?.string?.contains("outside") ?? false
                return "\(start?["line"]?.int ?? -1):\(start?["character"]?.int ?? -1) \(d["code"]?.string ?? "") \(d["severity"]?.int ?? 0)" + (outside ? " outside" : "")
            }
    }

    private let component = "components:\n  Primary:\n    params:\n      title: {type: string}\n    body:\n      text: $title\n      font: big\n"
    private let screen = "imports:\n  - ../components/buttons.tatami.yaml\nbody:\n  vstack:\n    - Primary: {title: Hello}\n    - text: World\n      font: big\n      paddin: 2\n"
    private let config = "viewports:\n  phone: {width: 320, height: 640}\nfonts:\n  big: {width: 12, height: 24}\n"

    /// The diagnostics of screens/home with the workspace folder at `folder`.
    private func check(_ dir: URL, folder: URL) -> [String]? {
        let c = TestClient()
        c.start(rootPath: folder.path)
        let uri = DocumentURI.uri(ofPath: dir.appendingPathComponent("screens/home.tatami.yaml").path)
        c.open(uri, screen)
        c.idle()
        return diagnostics(c, uri)
    }

    func testTheRootIsTheSameWhateverTheWorkspaceFolder() throws {
        for marker in ["tatami.config.yaml", ".git/HEAD"] {
            var files = ["components/buttons.tatami.yaml": component, "screens/home.tatami.yaml": screen]
            files[marker] = marker == "tatami.config.yaml" ? config : ""
            let dir = try project(files)
            let top = check(dir, folder: dir)
            let screens = check(dir, folder: dir.appendingPathComponent("screens"))
            XCTAssertEqual(top, screens, marker)
            XCTAssertFalse(top?.contains { $0.contains("outside") || $0.contains("unknown-component") } ?? true, "\(marker): \(top ?? [])")
            XCTAssertTrue(top?.contains("7:6 unknown-key 1") ?? false, "\(marker): \(top ?? [])")
            // The command line reports the same problems for the file.
            let analysis = Pipeline.analyze(bytes: Array(screen.utf8), path: dir.appendingPathComponent("screens/home.tatami.yaml").path,
                                            workspace: WorkspaceSettings.forFile(dir.appendingPathComponent("screens/home.tatami.yaml").path))
            XCTAssertEqual(analysis.diagnostics.map(\.code.name), top?.map { String($0.split(separator: " ")[1]) }, marker)
            if marker == "tatami.config.yaml" {
                XCTAssertEqual(top, ["7:6 unknown-key 1"], "the workspace file's font is known")
            }
        }
        // Without either marker, the folder is still the fallback: at `screens/`, the import leaves it.
        let bare = try project(["components/buttons.tatami.yaml": component, "screens/home.tatami.yaml": screen])
        XCTAssertTrue(check(bare, folder: bare.appendingPathComponent("screens"))?.contains { $0.hasSuffix("outside") } ?? false)
        XCTAssertFalse(check(bare, folder: bare)?.contains { $0.hasSuffix("outside") } ?? true)
    }

    func testRulesApplyInTheEditor() throws {
        let dir = try project(["tatami.config.yaml": "rules:\n  useless-container: off\n  unknown-key: info\n"])
        let c = TestClient()
        c.start(rootPath: dir.path)
        let uri = DocumentURI.uri(ofPath: dir.appendingPathComponent("x.tatami.yaml").path)
        c.open(uri, "body:\n  vstack:\n    - text: hi\n  paddin: 1\n")
        c.idle()
        XCTAssertEqual(diagnostics(c, uri), ["3:2 unknown-key 3"])
    }

    func testAChangedWorkspaceFileChecksOpenFilesAgain() throws {
        let dir = try project(["tatami.config.yaml": "fonts:\n  big: {width: 12, height: 24}\n"])
        let c = TestClient()
        c.start(capabilities: .object([("workspace", .object([("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))]))]))]),
                rootPath: dir.path)
        let uri = DocumentURI.uri(ofPath: dir.appendingPathComponent("a/x.tatami.yaml").path)
        c.open(uri, "body:\n  text: hi\n  font: big\n")
        c.idle()
        XCTAssertEqual(diagnostics(c, uri), [])

        let configPath = dir.appendingPathComponent("tatami.config.yaml").path
        try "fonts:\n  huge: {width: 12, height: 24}\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        c.clear()
        c.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(DocumentURI.uri(ofPath: configPath))), ("type", .number(2))]),
        ]))]))
        c.idle()
        XCTAssertEqual(diagnostics(c, uri)?.map { String($0.split(separator: " ")[1]) }, ["unknown-font"])
    }
    /// The workspace file itself, open in the editor: checked as `tatami lint` checks it (its own
    /// keys, not a Tatami file's), and its unsaved buffer is what the files below it take.
    func testAnOpenWorkspaceFileIsCheckedAndItsBufferApplies() throws {
        let configText = "rules:\n  useless-container: off\n  usless-container: warning\nviewports:\n  phone: {width: 320, height: 640}\n"
        let dir = try project(["tatami.config.yaml": configText])
        let c = TestClient()
        c.start(rootPath: dir.path)
        let configURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("tatami.config.yaml").path)
        let screenURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("s/x.tatami.yaml").path)
        c.open(screenURI, "body:\n  vstack:\n    - text: hi\n")
        c.open(configURI, configText)
        c.idle()
        // The misspelt code under `rules:`, at its place; no `missing-required` for `body` (a
        // workspace file has none).
        XCTAssertEqual(diagnostics(c, configURI), ["2:2 unknown-code 2"])
        XCTAssertEqual(diagnostics(c, screenURI), [], "useless-container is off")

        // Unsaved: the rule taken out of the buffer applies at once to the open screen.
        c.clear()
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(configURI)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("text", .string("viewports:\n  phone: {width: 320, height: 640}\n"))])])),
        ]))
        c.idle()
        XCTAssertEqual(diagnostics(c, configURI), [])
        XCTAssertEqual(diagnostics(c, screenURI), ["1:2 useless-container 2"], "the buffer's rules, not the disk's")

        // Closed without saving: the disk's text applies again.
        c.clear()
        c.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(configURI))]))]))
        c.idle()
        XCTAssertEqual(diagnostics(c, screenURI), [])

        // Completion at the top level offers the workspace file's keys, not a Tatami file's.
        c.open(configURI, "viewports:\n  phone: {width: 320, height: 640}\n\n")
        let items = c.request("textDocument/completion", .object([
            ("textDocument", .object([("uri", .string(configURI))])),
            ("position", .object([("line", .number(2)), ("character", .number(0))])),
        ]))["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
        XCTAssertTrue(items.contains("rules") && items.contains("exclude") && items.contains("fonts"), "\(items)")
        XCTAssertFalse(items.contains("body") || items.contains("components") || items.contains("viewports"), "\(items)")
        // Hover on a workspace key reads the workspace file's schema.
        let hover = c.request("textDocument/hover", .object([
            ("textDocument", .object([("uri", .string(configURI))])),
            ("position", .object([("line", .number(0)), ("character", .number(2))])),
        ]))["result"]?["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(hover.contains("workspace file"), hover)
    }
}

