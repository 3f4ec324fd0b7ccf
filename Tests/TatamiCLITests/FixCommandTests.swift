import Foundation
import XCTest

/// `tatami lint --fix`, driven through the built binary.
extension CLITests {
    private var fixable: String {
        "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstak:\n    - txet: Hello\n      font: titel\n    - stack: [a]\n"
    }
    private var fixed: String {
        "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstack:\n    - text: Hello\n      font: title\n    - stack: [a]\n"
    }

    func testFixRewritesTheFileAndReportsWhatIsLeft() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("screen.tatami.yaml")
        try fixable.write(to: file, atomically: true, encoding: .utf8)
        let clean = dir.appendingPathComponent("clean.tatami.yaml")
        try fixed.replacingOccurrences(of: "    - stack: [a]\n", with: "    - text: b\n").write(to: clean, atomically: true, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: clean.path)[.modificationDate] as? Date

        let r = try tatami(["lint", "--fix", dir.path])
        XCTAssertEqual(r.status, 1, "the ambiguous `stack` is left, an error")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), fixed)
        XCTAssertTrue(r.stdout.contains("unknown key `stack`; did you mean `hstack`, `vstack` or `zstack`?"), r.stdout)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("fixed 3 problems in 1 file; 1 left"), r.stderr)
        // A file with nothing to fix is not rewritten.
        let after = try FileManager.default.attributesOfItem(atPath: clean.path)[.modificationDate] as? Date
        XCTAssertEqual(before, after)

        // Without the ambiguity, nothing is left and the exit status is 0.
        try fixable.replacingOccurrences(of: "    - stack: [a]\n", with: "    - text: b\n").write(to: file, atomically: true, encoding: .utf8)
        let r2 = try tatami(["lint", "--fix", file.path])
        XCTAssertEqual(r2.status, 0, r2.stdout + r2.stderr)
        XCTAssertEqual(r2.stdout, "")
    }

    func testFixOfStandardInputPrintsTheFixedText() throws {
        let r = try tatami(["lint", "--fix", "-"], stdin: fixable)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, fixed)
        XCTAssertTrue(r.stderr.contains("<stdin>:7:7: error: unknown key `stack`"), r.stderr)
        XCTAssertTrue(r.stderr.contains("fixed 3 problems in 1 file; 1 left"), r.stderr)
        // Without --fix, lint never changes its output's meaning.
        let plain = try tatami(["lint", "-"], stdin: fixable)
        XCTAssertTrue(plain.stdout.hasPrefix("<stdin>:4:3: error: unknown key `vstak`"), plain.stdout)
    }
}
