import Foundation
import TatamiTestSupport
import XCTest

/// `--watch`: a running `tatami` checks again when the file or an imported file changes.
extension CLITests {
    /// Starts `tatami` with `arguments` in `directory`; returns the process and a way to read
    /// everything it has written so far to each stream.
    private func start(_ arguments: [String], in directory: URL) throws -> (Process, () -> (String, String)) {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let lock = NSLock()
        var stdout = Data(), stderr = Data()
        out.fileHandleForReading.readabilityHandler = { h in let d = h.availableData; lock.lock(); stdout += d; lock.unlock() }
        err.fileHandleForReading.readabilityHandler = { h in let d = h.availableData; lock.lock(); stderr += d; lock.unlock() }
        try p.run()
        return (p, {
            lock.lock(); defer { lock.unlock() }
            return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
        })
    }

    /// Waits up to 10 s (a hang guard, longer under sanitizers) for `condition` on what was
    /// written so far.
    private func wait(_ read: () -> (String, String), _ what: String, _ condition: (String, String) -> Bool) {
        let deadline = Date().addingTimeInterval(Fixtures.hangGuard(10))
        while Date() < deadline {
            let (o, e) = read()
            if condition(o, e) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let (o, e) = read()
        XCTFail("timed out waiting for \(what); stdout: \(o) stderr: \(e)")
    }

    private func project() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "imports: [lib.tatami.yaml]\nviewports:\n  v: {width: 200, height: 100}\nbody:\n  vstack:\n    - Badge: {label: hi}\n    - text: b\n"
            .write(to: dir.appendingPathComponent("screen.tatami.yaml"), atomically: true, encoding: .utf8)
        try "components:\n  Badge:\n    params:\n      label: {type: string}\n    body:\n      text: $label\n"
            .write(to: dir.appendingPathComponent("lib.tatami.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    func testLintWatchChecksAgainWhenAnImportChanges() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (p, read) = try start(["lint", "--watch", "screen.tatami.yaml"], in: dir)
        defer { p.terminate(); p.waitUntilExit() }
        wait(read, "the first check") { _, e in e.contains("watching 2 files") }
        XCTAssertEqual(read().0, "", "the file is clean at first")
        // The imported file renames the parameter: the instance's argument is now unknown.
        Thread.sleep(forTimeInterval: 0.1)
        try "components:\n  Badge:\n    params:\n      labl: {type: string}\n    body:\n      text: $labl\n"
            .write(to: dir.appendingPathComponent("lib.tatami.yaml"), atomically: true, encoding: .utf8)
        wait(read, "the second check") { o, e in o.contains("has no parameter `label`") }
        XCTAssertTrue(p.isRunning, "the watch goes on after a failing check")
        // The screen itself fixed: checked again, nothing new is printed.
        let printed = read().0
        try "imports: [lib.tatami.yaml]\nviewports:\n  v: {width: 200, height: 100}\nbody:\n  vstack:\n    - Badge: {labl: hi}\n    - text: b\n"
            .write(to: dir.appendingPathComponent("screen.tatami.yaml"), atomically: true, encoding: .utf8)
        wait(read, "the third check") { _, e in e.components(separatedBy: "watching").count - 1 >= 3 }
        XCTAssertEqual(read().0, printed)
    }

    func testPreviewWatchDrawsAgain() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (p, read) = try start(["preview", "--watch", "screen.tatami.yaml"], in: dir)
        defer { p.terminate(); p.waitUntilExit() }
        wait(read, "the first drawing") { o, e in o.contains("hi") && e.contains("watching") }
        Thread.sleep(forTimeInterval: 0.1)
        try "imports: [lib.tatami.yaml]\nviewports:\n  v: {width: 200, height: 100}\nbody:\n  vstack:\n    - Badge: {label: hello}\n    - text: b\n"
            .write(to: dir.appendingPathComponent("screen.tatami.yaml"), atomically: true, encoding: .utf8)
        wait(read, "the second drawing") { o, _ in o.contains("hello") }
        // Not a terminal: drawings follow each other, no screen clearing.
        XCTAssertFalse(read().0.contains("\u{1B}["))
    }

    func testPreviewWatchRewritesTheOutputAndItsStampScript() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("page.html"), stamp = dir.appendingPathComponent("page.html.live.js")
        let (p, read) = try start(["preview", "--watch", "--format", "html", "--output", "page.html", "screen.tatami.yaml"], in: dir)
        defer { p.terminate(); p.waitUntilExit() }
        wait(read, "the first page") { _, e in e.contains("wrote page.html") && e.contains("watching 2 files") }
        XCTAssertEqual(read().0, "", "nothing on standard output")
        let first = try String(contentsOf: page, encoding: .utf8), firstStamp = try String(contentsOf: stamp, encoding: .utf8)
        XCTAssertTrue(first.contains(">hi</text>"), first)
        // The page carries the stamp its script announces.
        let announced = firstStamp.components(separatedBy: "\"")[1]
        XCTAssertEqual(firstStamp, "tatamiLive(\"\(announced)\");\n")
        XCTAssertTrue(first.contains("var stamp = \"\(announced)\", src = encodeURIComponent(\"page.html.live.js\")"), first)
        Thread.sleep(forTimeInterval: 0.1)
        try "components:\n  Badge:\n    params:\n      label: {type: string}\n    body:\n      text: \"<${label}>\"\n"
            .write(to: dir.appendingPathComponent("lib.tatami.yaml"), atomically: true, encoding: .utf8)
        wait(read, "the second page") { _, e in e.components(separatedBy: "wrote page.html").count - 1 >= 2 }
        let second = try String(contentsOf: page, encoding: .utf8), secondStamp = try String(contentsOf: stamp, encoding: .utf8)
        XCTAssertTrue(second.contains(">&lt;hi&gt;</text>"), second)
        XCTAssertNotEqual(secondStamp, firstStamp)
        XCTAssertTrue(second.contains(secondStamp.components(separatedBy: "\"")[1]))
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertEqual(names, ["lib.tatami.yaml", "page.html", "page.html.live.js", "screen.tatami.yaml"])
    }

    func testWatchRefusesStandardInput() throws {
        XCTAssertEqual(try tatami(["lint", "--watch", "-"]).status, 2)
        XCTAssertEqual(try tatami(["preview", "--watch", "-"]).status, 2)
    }
}
