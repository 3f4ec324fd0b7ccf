import Foundation
import XCTest

/// `tatami format`, driven through the built binary (docs/format.md §12.6).
extension CLITests {
    private var unformatted: String { "body:\n    text: \"Hello\"\n    font: title\nviewports:\n    v:\n        width: 100\n        height: 50\n" }
    private var formatted: String { "viewports:\n  v: {width: 100, height: 50}\nbody:\n  text: Hello\n  font: title\n" }

    private func formatDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try unformatted.write(to: dir.appendingPathComponent("a.tatami.yaml"), atomically: true, encoding: .utf8)
        try formatted.write(to: dir.appendingPathComponent("sub/b.tatami.yaml"), atomically: true, encoding: .utf8)
        try "body:\n  text: [unclosed\n".write(to: dir.appendingPathComponent("sub/broken.tatami.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    func testFormatPrintsOneFileAndReadsStandardInput() throws {
        let dir = try formatDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = try tatami(["format", dir.appendingPathComponent("a.tatami.yaml").path])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(one.stdout, formatted)
        XCTAssertEqual(one.stderr, "")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("a.tatami.yaml"), encoding: .utf8), unformatted, "not rewritten")
        let stdin = try tatami(["format", "-"], stdin: unformatted)
        XCTAssertEqual(stdin.status, 0, stdin.stderr)
        XCTAssertEqual(stdin.stdout, formatted)
        // A directory, or several files, need --write or --check.
        XCTAssertEqual(try tatami(["format", dir.path]).status, 2)
        XCTAssertEqual(try tatami(["format", "--write", "--check", dir.path]).status, 2)
        let help = try tatami(["format", "--help"])
        XCTAssertTrue(help.stdout.contains("--check"), help.stdout)
        XCTAssertTrue(help.stdout.contains("canonical shape"), help.stdout)
    }

    func testFormatCheckNamesFilesThatWouldChangeAndWriteRewritesThem() throws {
        let dir = try formatDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("sub/broken.tatami.yaml")
        let brokenText = try String(contentsOf: broken, encoding: .utf8)

        let check = try tatami(["format", "--check", "."], in: dir)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "would reformat a.tatami.yaml\n")
        XCTAssertTrue(check.stderr.contains("sub/broken.tatami.yaml:2:"), check.stderr)
        XCTAssertTrue(check.stderr.contains("[yaml-syntax]"), check.stderr)
        XCTAssertTrue(check.stderr.contains("1 file would be reformatted, 1 already formatted, 1 file not formatted (errors)"), check.stderr)
        XCTAssertFalse(check.stderr.contains("\u{1B}["), "no colour off a terminal")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("a.tatami.yaml"), encoding: .utf8), unformatted)

        let write = try tatami(["format", "--write", "."], in: dir)
        XCTAssertEqual(write.status, 1, "the broken file is an error")
        XCTAssertEqual(write.stdout, "")
        XCTAssertTrue(write.stderr.contains("reformatted 1 file, 1 left unchanged, 1 file not formatted (errors)"), write.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("a.tatami.yaml"), encoding: .utf8), formatted)
        XCTAssertEqual(try String(contentsOf: broken, encoding: .utf8), brokenText, "left untouched")

        try FileManager.default.removeItem(at: broken)
        let clean = try tatami(["format", "--check", "."], in: dir)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, "")
        let coloured = try tatami(["format", "--check", "--color", "always", "."], in: dir)
        XCTAssertEqual(coloured.status, 0)
    }

    func testFormatLeavesASyntaxErrorAndAnAnchorAlone() throws {
        let bad = try tatami(["format", "-"], stdin: "body:\n  text: [a\n")
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stdout, "body:\n  text: [a\n", "standard output keeps the text")
        XCTAssertTrue(bad.stderr.contains("<stdin>:2:"), bad.stderr)
        let anchored = "a: &x 1\nbody: {text: a}\n"
        let kept = try tatami(["format", "-"], stdin: anchored)
        XCTAssertEqual(kept.status, 0)
        XCTAssertEqual(kept.stdout, anchored)
        XCTAssertTrue(kept.stderr.contains("anchors"), kept.stderr)
    }

    func testFormatReadsTheLineWidthFromTheWorkspaceFile() throws {
        let dir = try formatDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "format: {lineWidth: 20}\n".write(to: dir.appendingPathComponent("tatami.config.yaml"), atomically: true, encoding: .utf8)
        let r = try tatami(["format", "a.tatami.yaml"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "viewports:\n  v:\n    width: 100\n    height: 50\nbody:\n  text: Hello\n  font: title\n")
        try "format: {lineWidth: 5}\n".write(to: dir.appendingPathComponent("tatami.config.yaml"), atomically: true, encoding: .utf8)
        let lint = try tatami(["lint", "tatami.config.yaml"], in: dir)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stdout.contains("`lineWidth` must be"), lint.stdout)
    }

    func testTheExamplesAreFormatted() throws {
        let r = try tatami(["format", "--check", "Examples"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    }
}
