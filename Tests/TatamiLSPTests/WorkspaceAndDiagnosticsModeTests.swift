import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// Push or pull diagnostics (never both), result ids, dependencies on imports that do not exist
/// yet, watched files, workspace folders as roots, and error tolerance after a syntax error.
final class WorkspaceAndDiagnosticsModeTests: XCTestCase {
    let uri = "untitled:Mode.tatami.yaml"
    let pullCapabilities: JSON = .object([("textDocument", .object([("diagnostic", .object([("dynamicRegistration", .bool(false))]))]))])

    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        // Canonical (the temporary directory may be behind a symbolic link).
        return URL(fileURLWithPath: FileSystemPath.canonical(dir.path) ?? dir.path)
    }

    private func codes(_ c: TestClient, _ uri: String) -> [String]? {
        c.notifications("textDocument/publishDiagnostics").last { $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?
            .array?.compactMap { $0["code"]?.string }
    }

    // MARK: Push or pull

    func testAPullClientIsNeverPushedToAndGetsUnchangedReports() {
        let c = TestClient()
        let r = c.start(capabilities: pullCapabilities)
        XCTAssertNotNil(r["result"]?["capabilities"]?["diagnosticProvider"]?["identifier"])
        c.open(uri, "body:\n  text: [1]\n")
        c.idle()
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("range", range(0, 0, 0, 0)), ("text", .string("# note\n"))])])),
        ]))
        c.idle()
        XCTAssertTrue(c.notifications("textDocument/publishDiagnostics").isEmpty, "a pull client gets no pushed report")

        let first = c.request("textDocument/diagnostic", .object([("textDocument", doc(uri))]))["result"]
        XCTAssertEqual(first?["kind"]?.string, "full")
        XCTAssertEqual(first?["items"]?[0]?["code"]?.string, "wrong-type")
        XCTAssertEqual(first?["items"]?[0]?["range"]?["start"]?["line"]?.int, 2)
        guard let id = first?["resultId"]?.string else { return XCTFail("no resultId") }
        let again = c.request("textDocument/diagnostic", .object([("textDocument", doc(uri)), ("previousResultId", .string(id))]))["result"]
        XCTAssertEqual(again?["kind"]?.string, "unchanged")
        XCTAssertEqual(again?["resultId"]?.string, id)

        // Fixed: a full report under a new id.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(3))])),
            ("contentChanges", .array([.object([("text", .string("body:\n  text: one\n"))])])),
        ]))
        let fixed = c.request("textDocument/diagnostic", .object([("textDocument", doc(uri)), ("previousResultId", .string(id))]))["result"]
        XCTAssertEqual(fixed?["kind"]?.string, "full")
        XCTAssertEqual(fixed?["items"]?.array?.count, 0)
        XCTAssertNotEqual(fixed?["resultId"]?.string, id)
    }

    func testAPushClientIsNotOfferedPull() {
        let c = TestClient()
        let r = c.start()
        XCTAssertNil(r["result"]?["capabilities"]?["diagnosticProvider"])
        c.open(uri, "body:\n  text: [1]\n")
        c.idle()
        XCTAssertEqual(codes(c, uri), ["wrong-type"])
    }

    // MARK: Dependencies

    private let library = "components:\n  Badge:\n    body: {text: badge}\n"
    private let screen = "imports: [lib.tatami.yaml]\nbody:\n  Badge: {}\n"

    func testAnImportThatDidNotExistIsCheckedAgainWhenItIsOpened() throws {
        let dir = try temporaryDirectory()
        let screenURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("screen.tatami.yaml").path)
        let libURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("lib.tatami.yaml").path)
        let c = TestClient()
        c.start(rootPath: dir.path)
        c.open(screenURI, screen)
        c.idle()
        XCTAssertTrue(codes(c, screenURI)?.contains("import-error") ?? false, "\(codes(c, screenURI) ?? [])")
        c.clear()
        c.open(libURI, library)
        c.idle()
        XCTAssertEqual(codes(c, screenURI), [], "the screen was checked again once its import was opened")
    }

    func testWatchersAreRegisteredAndAFileCreatedOnDiskIsNoticed() throws {
        let dir = try temporaryDirectory()
        let screenURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("screen.tatami.yaml").path)
        let libPath = dir.appendingPathComponent("lib.tatami.yaml").path
        let c = TestClient()
        c.start(capabilities: .object([("workspace", .object([("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))]))]))]),
                rootPath: dir.path)
        let registration = c.sent.first { $0["method"]?.string == "client/registerCapability" }
        let watcher = registration?["params"]?["registrations"]?[0]
        XCTAssertEqual(watcher?["method"]?.string, "workspace/didChangeWatchedFiles")
        XCTAssertEqual(watcher?["registerOptions"]?["watchers"]?.array?.compactMap { $0["globPattern"]?.string },
                       ["**/*.tatami.yaml", "**/*.tatami.yml", "**/tatami.config.yaml", "**/*.ttf", "**/*.otf", "**/*.ttc", "**/*.otc"])
        c.open(screenURI, screen)
        c.idle()
        XCTAssertTrue(codes(c, screenURI)?.contains("import-error") ?? false)

        try library.write(toFile: libPath, atomically: true, encoding: .utf8)
        c.clear()
        // A change to an unrelated file re-checks nothing.
        c.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(DocumentURI.uri(ofPath: dir.appendingPathComponent("other.tatami.yaml").path))), ("type", .number(1))]),
        ]))]))
        c.idle()
        XCTAssertNil(codes(c, screenURI))
        c.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(DocumentURI.uri(ofPath: libPath))), ("type", .number(1))]),
        ]))]))
        c.idle()
        XCTAssertEqual(codes(c, screenURI), [])
    }

    /// A font file is watched like an import: a document whose font file is missing gets
    /// `font-file-error`; once the file appears on disk (a watched-files notification), it is
    /// checked again and the error is gone (docs/format.md §5.1).
    func testAFontFileCreatedOnDiskIsNoticed() throws {
        let dir = try temporaryDirectory()
        let screenURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("screen.tatami.yaml").path)
        let fontPath = dir.appendingPathComponent("Inter-Regular.otf").path
        let c = TestClient()
        c.start(capabilities: .object([("workspace", .object([("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))]))]))]),
                rootPath: dir.path)
        c.open(screenURI, "fonts:\n  body: {file: Inter-Regular.otf, size: 17}\nbody:\n  text: Tokyo\n")
        c.idle()
        XCTAssertEqual(codes(c, screenURI), ["font-file-error"])
        try FileManager.default.copyItem(atPath: Fixtures.repositoryRoot().appendingPathComponent("Examples/fonts/Inter-Regular.otf").path,
                                         toPath: fontPath)
        c.clear()
        c.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(DocumentURI.uri(ofPath: fontPath))), ("type", .number(1))]),
        ]))]))
        c.idle()
        XCTAssertEqual(codes(c, screenURI), [])
    }

    func testWatchersAreNotRegisteredWithClientsThatCannot() {
        let c = TestClient()
        c.start()
        XCTAssertFalse(c.sent.contains { $0["method"]?.string == "client/registerCapability" })
    }

    // MARK: Workspace folders

    func testEachFileIsRootedInTheWorkspaceFolderThatHoldsIt() throws {
        let dir = try temporaryDirectory()
        let one = dir.appendingPathComponent("one"), two = dir.appendingPathComponent("two")
        try FileManager.default.createDirectory(at: one, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: two.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try library.write(to: two.appendingPathComponent("lib.tatami.yaml"), atomically: true, encoding: .utf8)
        let screenURI = DocumentURI.uri(ofPath: two.appendingPathComponent("screens/home.tatami.yaml").path)
        func folder(_ u: URL) -> JSON { .object([("uri", .string(DocumentURI.uri(ofPath: u.path))), ("name", .string(u.lastPathComponent))]) }

        let c = TestClient()
        _ = c.request("initialize", .object([
            ("processId", .null), ("capabilities", .object([])),
            ("rootUri", .string(DocumentURI.uri(ofPath: one.path))),
            ("workspaceFolders", .array([folder(one), folder(two)])),
        ]))
        c.notify("initialized")
        c.open(screenURI, "imports: [../lib.tatami.yaml]\nbody:\n  Badge: {}\n")
        c.idle()
        XCTAssertEqual(codes(c, screenURI), [], "../lib is inside the second folder")

        // The folder is removed: the file falls back to the client's root, which does not hold it.
        c.clear()
        c.notify("workspace/didChangeWorkspaceFolders", .object([("event", .object([
            ("added", .array([])), ("removed", .array([folder(two)])),
        ]))]))
        c.idle()
        let report = c.notifications("textDocument/publishDiagnostics").last?["params"]?["diagnostics"]?.array ?? []
        XCTAssertTrue(report.contains { $0["code"]?.string == "import-error" && ($0["message"]?.string?.contains("outside") ?? false) },
                      "\(report.map { $0["message"]?.string ?? "" })")
    }

    // MARK: Error tolerance

    func testASyntaxErrorKeepsTheStructureOfTheRestOfTheFile() {
        let c = TestClient()
        c.start()
        let rows = 200
        c.open(uri, rowsDocument(rows))
        func tokens() -> Int { (c.request("textDocument/semanticTokens/full", .object([("textDocument", doc(uri))]))["result"]?["data"]?.array?.count ?? 0) / 5 }
        func folds() -> Int { c.request("textDocument/foldingRange", .object([("textDocument", doc(uri))]))["result"]?.array?.count ?? 0 }
        func hints() -> [JSON] { c.request("textDocument/inlayHint", .object([("textDocument", doc(uri)), ("range", range(0, 0, 10_000, 0))]))["result"]?.array ?? [] }
        let tokensBefore = tokens(), foldsBefore = folds(), hintsBefore = hints().count
        XCTAssertGreaterThan(tokensBefore, 2 * rows)

        // `{` typed into row 50's text (line 4 + 150 = 154): an unclosed flow mapping.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("range", range(154, 16, 154, 16)), ("text", .string("{"))])])),
        ]))
        c.idle()
        XCTAssertTrue(codes(c, uri)?.contains("yaml-syntax") ?? false)
        // The edited row's tokens may go; the 149 rows after it stay.
        XCTAssertGreaterThanOrEqual(tokens(), tokensBefore - 5)
        XCTAssertGreaterThanOrEqual(folds(), foldsBefore - 2)
        let after = hints()
        XCTAssertGreaterThanOrEqual(after.count, hintsBefore - 2)
        XCTAssertTrue(after.contains { $0["position"]?["line"]?.int == 4 + 3 * 190 + 1 }, "row 190's text keeps its hint")
        // Hover on row 190's text, past the error.
        let h = c.request("textDocument/hover", .object([("textDocument", doc(uri)), ("position", pos(4 + 3 * 190 + 1, 11))]))
        XCTAssertTrue(h["result"]?["contents"]?["value"]?.string?.contains("phone") ?? false, "\(h)")
        XCTAssertEqual(h["result"]?["range"]?["start"]?["line"]?.int, 4 + 3 * 190 + 1)
    }
}

extension WorkspaceAndDiagnosticsModeTests {
    /// Two buffers that import each other, neither saved: a cycle, not "cannot find".
    func testACycleBetweenUnsavedBuffersIsReportedAsACycle() throws {
        let dir = try temporaryDirectory()
        let a = DocumentURI.uri(ofPath: dir.appendingPathComponent("a.tatami.yaml").path)
        let b = DocumentURI.uri(ofPath: dir.appendingPathComponent("b.tatami.yaml").path)
        let c = TestClient()
        c.start(rootPath: dir.path)
        c.open(a, "imports: [b.tatami.yaml]\ncomponents:\n  A:\n    body: {text: a}\nbody:\n  text: x\n")
        c.open(b, "imports: [a.tatami.yaml]\ncomponents:\n  B:\n    body: {text: b}\n")
        c.idle()
        let report = c.notifications("textDocument/publishDiagnostics").last { $0["params"]?["uri"]?.string == a }?["params"]?["diagnostics"]?.array ?? []
        let messages = report.compactMap { $0["message"]?.string }
        XCTAssertTrue(messages.contains { $0.contains("import cycle") }, "\(messages)")
        XCTAssertFalse(messages.contains { $0.contains("cannot find") }, "\(messages)")
    }
}

extension WorkspaceAndDiagnosticsModeTests {
    /// An open library's buffer is what its importers read, edit after edit (imported files are
    /// kept by their text, `ImportCache`): an error typed into it shows at the import, goes when
    /// it is undone, and comes back with the same text again; closed, the disk's text counts.
    func testEditsToAnOpenLibraryReachItsImporters() throws {
        let dir = try temporaryDirectory()
        let screenURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("screen.tatami.yaml").path)
        let libPath = dir.appendingPathComponent("lib.tatami.yaml").path
        let libURI = DocumentURI.uri(ofPath: libPath)
        try library.write(toFile: libPath, atomically: true, encoding: .utf8)
        let broken = "components:\n  Badge:\n    body: {text: badge, padding: x}\n"
        let c = TestClient()
        c.start(rootPath: dir.path)
        c.open(screenURI, screen)
        c.idle()
        XCTAssertEqual(codes(c, screenURI), [])
        var version = 1
        func edit(_ text: String) {
            version += 1
            c.notify("textDocument/didChange", .object([
                ("textDocument", .object([("uri", .string(libURI)), ("version", .number(Double(version)))])),
                ("contentChanges", .array([.object([("text", .string(text))])])),
            ]))
            c.idle()
        }
        c.open(libURI, broken)
        c.idle()
        XCTAssertEqual(codes(c, screenURI), ["import-error"], "the unsaved error")
        edit(library)
        XCTAssertEqual(codes(c, screenURI), [], "undone")
        edit(broken)
        XCTAssertEqual(codes(c, screenURI), ["import-error"], "the same text again")
        c.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(libURI))]))]))
        c.idle()
        XCTAssertEqual(codes(c, screenURI), [], "closed: the file on disk")
    }
}
