import Foundation
import TatamiBase
@testable import TatamiServices
import TatamiTestSupport
import TatamiYAML
import XCTest

/// A workspace file's checked reading is kept while it cannot differ from a fresh one: same
/// text, and the font files it names as they were; at most a bounded number are kept.
final class WorkspaceConfigCacheTests: XCTestCase {
    private func directory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-config-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return FileSystemPath.canonical(dir.path) ?? dir.path
    }

    private func fontErrors(_ loaded: LoadedWorkspaceConfig) -> [String] {
        loaded.diagnostics.map(\.code.name).filter { $0 == "font-file-error" }
    }

    /// A font file the workspace file names changes on disk: the next reading checks it again,
    /// with nothing told to forget the old one.
    func testAChangedFontFileIsCheckedAgain() throws {
        let dir = try directory()
        let configPath = dir + "/tatami.config.yaml"
        let fontPath = dir + "/Face.otf"
        try "fonts:\n  body: {file: Face.otf, size: 15}\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: fontPath))
        let broken = Workspace.config(at: configPath)
        XCTAssertEqual(fontErrors(broken), ["font-file-error"])
        XCTAssertEqual(fontErrors(Workspace.config(at: configPath)), ["font-file-error"])

        let inter = Fixtures.repositoryRoot().appendingPathComponent("Examples/fonts/Inter-Regular.otf")
        try FileManager.default.removeItem(atPath: fontPath)
        try FileManager.default.copyItem(at: inter, to: URL(fileURLWithPath: fontPath))
        XCTAssertEqual(fontErrors(Workspace.config(at: configPath)), [])

        // Gone: reported again.
        try FileManager.default.removeItem(atPath: fontPath)
        XCTAssertEqual(fontErrors(Workspace.config(at: configPath)), ["font-file-error"])
    }

    /// The same text and files give the reading already made; another text gives a new one.
    func testTheSameReadingIsSharedUntilTheTextChanges() throws {
        let dir = try directory()
        let configPath = dir + "/tatami.config.yaml"
        try "viewports:\n  phone: {width: 320, height: 640}\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        let cache = WorkspaceConfigCache(capacity: 4)
        var checks = 0
        func read(_ text: String) -> LoadedWorkspaceConfig {
            cache.config(at: configPath, bytes: Array(text.utf8)) { inputs in
                checks += 1
                return Workspace.check(yaml: YAMLParser.parse(bytes: Array(text.utf8)), path: configPath,
                                       lookingAt: { inputs.look(at: $0) })
            }
        }
        _ = read("viewports:\n  phone: {width: 320, height: 640}\n")
        _ = read("viewports:\n  phone: {width: 320, height: 640}\n")
        XCTAssertEqual(checks, 1)
        let other = read("viewports:\n  tablet: {width: 768, height: 1024}\n")
        XCTAssertEqual(checks, 2)
        XCTAssertEqual(other.config.inherited.viewports.map(\.name), ["tablet"])
    }

    /// Past its capacity the cache forgets the least recently used workspace file.
    func testTheCacheIsBounded() throws {
        let cache = WorkspaceConfigCache(capacity: 3)
        var checked: [String] = []
        func read(_ path: String) {
            _ = cache.config(at: path, bytes: []) { inputs in
                checked.append(path)
                return Workspace.check(yaml: YAMLParser.parse(bytes: []), path: path, lookingAt: { inputs.look(at: $0) })
            }
        }
        for name in ["a", "b", "c"] { read("/nowhere/\(name)/tatami.config.yaml") }
        read("/nowhere/a/tatami.config.yaml")  // a is used again: b is now the oldest
        read("/nowhere/d/tatami.config.yaml")
        XCTAssertEqual(cache.count, 3)
        read("/nowhere/a/tatami.config.yaml")
        read("/nowhere/c/tatami.config.yaml")
        read("/nowhere/b/tatami.config.yaml")
        XCTAssertEqual(checked.map { $0.split(separator: "/")[1] }, ["a", "b", "c", "d", "b"])
    }
}
