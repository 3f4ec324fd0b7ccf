import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// `tatami.diff`: the editor's text against the file at a git revision, in a repository made
/// in a temporary directory; and the "Compare layout with HEAD" lens.
final class LayoutDiffCommandTests: XCTestCase {
    var repo: URL!

    // A 200-wide vstack from the top left: red 40 high, then blue 8 below it.
    static let committed = """
        viewports:
          phone: {width: 200, height: 100}
        body:
          vstack:
            - color: red
              frame: {width: 50, height: 40}
            - color: blue
              frame: {width: 50, height: 20}
          alignment: leading
          frame: {maxWidth: infinity, maxHeight: infinity, alignment: topLeading}

        """

    override func setUpWithError() throws {
        repo = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-lsp-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try Self.committed.write(to: repo.appendingPathComponent("screen.tatami.yaml"), atomically: true, encoding: .utf8)
        for args in [["init", "-q"], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"],
                     ["add", "-A"], ["commit", "-q", "-m", "one"]] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["git"] + args
            p.currentDirectoryURL = repo
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0)
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repo)
    }

    func testEditorTextAgainstHEAD() throws {
        let path = repo.appendingPathComponent("screen.tatami.yaml").path
        let uri = "file://" + path
        let c = TestClient()
        c.start()
        // Unsaved: red 40 → 60 high, so blue moves down by 20.
        c.open(uri, Self.committed.replacingOccurrences(of: "width: 50, height: 40", with: "width: 50, height: 60"))
        func run(_ arguments: [JSON]) -> JSON {
            c.request("workspace/executeCommand", .object([("command", .string("tatami.diff")), ("arguments", .array(arguments))]))
        }
        let result = run([.string(uri)])["result"]
        XCTAssertEqual(result?["old"]?["label"]?.string, "HEAD")
        XCTAssertEqual(result?["changed"]?.bool, true)
        let views = result?["files"]?[0]?["viewports"]?[0]?["views"]?.array ?? []
        let blue = views.first { $0["new"]?["path"]?.string == "/1" }
        XCTAssertEqual(blue?["delta"]?["y"]?.number, 20)
        XCTAssertEqual(blue?["new"]?["y"]?.number, 68)
        let red = views.first { $0["new"]?["path"]?.string == "/0" }
        XCTAssertEqual(red?["delta"]?["height"]?.number, 20)
        XCTAssertEqual(result?["files"]?[0]?["summary"]?.string, "phone: 1 view moved, 1 view resized")
        // The same report as text.
        let text = run([.string(uri), .string("HEAD"), .string("text")])["result"]?.string ?? ""
        XCTAssertTrue(text.hasPrefix("screen.tatami.yaml (modified)\n  phone: 1 view moved, 1 view resized\n"), text)
        // An unknown revision is an error the client shows.
        XCTAssertNotNil(run([.string(uri), .string("no-such-revision")])["error"])
        // The lens.
        let lenses = c.request("textDocument/codeLens", .object([("textDocument", .object([("uri", .string(uri))]))]))["result"]?.array ?? []
        let compare = lenses.last?["command"]
        XCTAssertEqual(compare?["title"]?.string, "Compare layout with HEAD")
        XCTAssertEqual(compare?["command"]?.string, "tatami.diff")
        XCTAssertEqual(compare?["arguments"]?.array?.compactMap(\.string), [uri, "HEAD", "text"])
        // The committed text again: no change.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("text", .string(Self.committed))])])),
        ]))
        XCTAssertEqual(run([.string(uri)])["result"]?["changed"]?.bool, false)
    }
}
