import Foundation
@testable import TatamiCLI
import TatamiServices
import XCTest

/// The batch driver's jobs in-process: what `lint --fix` analyses (issue 30: it used to analyse
/// every file twice before its first fix), and the per-directory settings.
final class BatchDriverTests: XCTestCase {
    private let fixable =
        "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstak:\n    - txet: Hello\n      font: titel\n    - stack: [a]\n"
    private let fixed =
        "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstack:\n    - text: Hello\n      font: title\n    - stack: [a]\n"
    private let clean = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  text: Hello\n"

    /// Every text the job analysed, in order.
    private final class Analysed: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [[UInt8]] = []
        func append(_ t: [UInt8]) { lock.withLock { texts.append(t) } }
        var all: [[UInt8]] { lock.withLock { texts } }
    }

    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// `lint ARGUMENTS FILE`'s work on the file alone (no output): its outcome and the texts analysed.
    private func lintWork(_ arguments: [String], file: URL) throws -> (LintJob.Outcome, [[UInt8]]) {
        let job = LintJob(try Lint.parse(arguments + [file.path]), recorder: PathRecorder())
        let analysed = Analysed()
        job.onAnalysis = { analysed.append($0) }
        let items = try job.plan(found: [.file(display: file.path, path: file.path)], walkedConfigs: [],
                                 settings: WorkspaceSettingsCache(root: file.deletingLastPathComponent().path))
        let index = try XCTUnwrap(items.firstIndex { if case .file = $0 { return true } else { return false } })
        return (job.work(items[index], at: index), analysed.all)
    }

    func testFixAnalysesAFileOnceBeforeFixingIt() throws {
        let file = try temporaryDirectory().appendingPathComponent("screen.tatami.yaml")
        try fixable.write(to: file, atomically: true, encoding: .utf8)

        let (outcome, analysed) = try lintWork(["--fix"], file: file)
        XCTAssertEqual(outcome.problemsFixed, 3)
        XCTAssertEqual(outcome.errors, 1, "the ambiguous `stack` is left")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), fixed)
        // The file as it was is analysed once: lint's analysis is where the fixes start.
        XCTAssertEqual(analysed.first, Array(fixable.utf8))
        XCTAssertEqual(analysed.filter { $0 == Array(fixable.utf8) }.count, 1, "\(analysed.count) analyses")
        // Every later analysis is of a fixed text (one per fix tried).
        XCTAssertGreaterThan(analysed.count, 1)
    }

    func testFixOfAFileWithNothingToFixAnalysesItOnce() throws {
        let file = try temporaryDirectory().appendingPathComponent("clean.tatami.yaml")
        try clean.write(to: file, atomically: true, encoding: .utf8)
        let (outcome, analysed) = try lintWork(["--fix"], file: file)
        XCTAssertEqual(outcome.problemsFixed, 0)
        XCTAssertEqual(analysed.count, 1)
        XCTAssertEqual(analysed.first, Array(clean.utf8))
    }

    func testLintWithoutFixAnalysesOnce() throws {
        let file = try temporaryDirectory().appendingPathComponent("screen.tatami.yaml")
        try fixable.write(to: file, atomically: true, encoding: .utf8)
        let (outcome, analysed) = try lintWork([], file: file)
        XCTAssertEqual(outcome.errors, 4)
        XCTAssertEqual(analysed.count, 1)
        XCTAssertEqual(analysed.first, Array(fixable.utf8))
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), fixable, "lint alone rewrites nothing")
    }

    func testSettingsAreFoundOncePerDirectory() throws {
        let dir = try temporaryDirectory()
        try "format: {lineWidth: 60}\n".write(to: dir.appendingPathComponent("tatami.config.yaml"), atomically: true, encoding: .utf8)
        let cache = WorkspaceSettingsCache(root: nil)
        let a = cache.settings(for: dir.appendingPathComponent("a.tatami.yaml").path)
        let b = cache.settings(for: dir.appendingPathComponent("b.tatami.yaml").path)
        XCTAssertEqual(a.config?.config.lineWidth, 60)
        XCTAssertEqual(a.location.root, b.location.root)
    }
}
