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
        XCTAssertTrue(r.stderr.contains("3 fixed, 1 left\n"), r.stderr)
        // A file with nothing to fix is not rewritten.
        let after = try FileManager.default.attributesOfItem(atPath: clean.path)[.modificationDate] as? Date
        XCTAssertEqual(before, after)

        // Without the ambiguity, nothing is left and the exit status is 0.
        try fixable.replacingOccurrences(of: "    - stack: [a]\n", with: "    - text: b\n").write(to: file, atomically: true, encoding: .utf8)
        let r2 = try tatami(["lint", "--fix", file.path])
        XCTAssertEqual(r2.status, 0, r2.stdout + r2.stderr)
        XCTAssertEqual(r2.stdout, "")
    }

    func testFixNeverRewritesModifierKeysInTheirWrittenOrder() throws {
        // `modifier-order`'s rewrite changes the layout: offered to editors, never applied.
        let source = "viewports:\n  phone: {width: 320, height: 200}\nbody:\n  text: Are we still on for lunch tomorrow at noon?\n  padding: 12\n  frame: {maxWidth: 260}\n"
        let r = try tatami(["lint", "--fix", "--unsafe-fixes", "-"], stdin: source)
        XCTAssertEqual(r.stdout, source)
        XCTAssertTrue(r.stderr.contains("[modifier-order]"), r.stderr)
    }

    func testFixOfStandardInputPrintsTheFixedText() throws {
        let r = try tatami(["lint", "--fix", "-"], stdin: fixable)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, fixed)
        XCTAssertTrue(r.stderr.contains("<stdin>:7:7: error: unknown key `stack`"), r.stderr)
        XCTAssertTrue(r.stderr.contains("3 fixed, 1 left\n"), r.stderr)
        // Without --fix, lint never changes its output's meaning.
        let plain = try tatami(["lint", "-"], stdin: fixable)
        XCTAssertTrue(plain.stdout.hasPrefix("<stdin>:4:3: error: unknown key `vstak`"), plain.stdout)
    }

    // MARK: Fixes never make things worse (issue 28)

    private static let badge = """
        viewports:
          v: {width: 300, height: 200}
        components:
          Badge:
            params:
              label: {type: string}
            body:
              text: $label

        """

    /// `lint --fix -` on `text`: the fixed text, standard error, the exit status.
    private func fixStdin(_ text: String, _ extra: [String] = []) throws -> (text: String, stderr: String, status: Int32) {
        let r = try tatami(["lint", "--fix"] + extra + ["-"], stdin: text)
        return (r.stdout, r.stderr, r.status)
    }

    func testFixCorrectsAMisspeltRequiredArgumentWithoutADuplicate() throws {
        let r = try fixStdin(Self.badge + "body:\n  Badge: {lable: typo}\n")
        XCTAssertEqual(r.text, Self.badge + "body:\n  Badge: {label: typo}\n")
        XCTAssertFalse(r.stderr.contains("duplicate-key"), r.stderr)
        // `unknown-param` and `missing-param` both went.
        XCTAssertTrue(r.stderr.contains("2 fixed, 0 left\n"), r.stderr)
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testFixNeverAddsAKeyTheMappingHas() throws {
        let text = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  text: a\n  paddng: 4\n  padding: 2\n"
        let r = try fixStdin(text)
        XCTAssertEqual(r.text, text)
        XCTAssertFalse(r.stderr.contains("duplicate-key"), r.stderr)
        XCTAssertTrue(r.stderr.contains("<stdin>:5:3: error: unknown key `paddng` [unknown-key]"), r.stderr)
        XCTAssertTrue(r.stderr.contains("0 fixed, 1 left\n"), r.stderr)
        XCTAssertEqual(r.status, 1)
    }

    func testFixNeverGivesAViewASecondKind() throws {
        let two = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstack:\n    - txet: a\n      imag: b\n    - text: c\n"
        let r = try fixStdin(two)
        XCTAssertEqual(r.text, two.replacingOccurrences(of: "txet", with: "text"))
        XCTAssertFalse(r.stderr.contains("multiple-kinds"), r.stderr)
        XCTAssertTrue(r.stderr.contains("<stdin>:6:7: error: unknown key `imag` [unknown-key]"), r.stderr)
        XCTAssertTrue(r.stderr.contains("1 fixed, 1 left\n"), r.stderr)
        XCTAssertEqual(r.status, 1)

        let colour = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  text: x\n  colour: red\n"
        let c = try fixStdin(colour)
        XCTAssertEqual(c.text, colour)
        XCTAssertFalse(c.stderr.contains("multiple-kinds"), c.stderr)
        XCTAssertTrue(c.stderr.contains("0 fixed, 1 left\n"), c.stderr)
        XCTAssertEqual(c.status, 1)
    }

    func testPlaceholderArgumentsNeedUnsafeFixes() throws {
        let text = Self.badge + "body:\n  vstack:\n    - Badge: {}\n    - txt: hi\n"
        let r = try fixStdin(text)
        XCTAssertEqual(r.text, text.replacingOccurrences(of: "txt: hi", with: "text: hi"))
        XCTAssertTrue(r.stderr.contains("<stdin>:11:7: error: `Badge` needs an argument for `label`"), r.stderr)
        XCTAssertTrue(r.stderr.contains("1 fixed, 1 left (1 fixable with --unsafe-fixes)\n"), r.stderr)
        XCTAssertEqual(r.status, 1, "the missing argument is still an error")

        let u = try fixStdin(text, ["--unsafe-fixes"])
        XCTAssertEqual(u.text, Self.badge + "body:\n  vstack:\n    - Badge: {label: \"\"}\n    - text: hi\n")
        XCTAssertTrue(u.stderr.contains("2 fixed, 0 left\n"), u.stderr)
        XCTAssertEqual(u.status, 0, u.stderr)

        // Without --fix the flag means nothing: a usage error.
        let usage = try tatami(["lint", "--unsafe-fixes", "-"], stdin: text)
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--unsafe-fixes applies only with --fix"), usage.stderr)
    }

    func testAFixThatWouldAddAFindingIsNotAppliedNorCounted() throws {
        // A stack whose only child becomes readable is a `useless-container` (a warning): the
        // fix is withheld, with a note saying why.
        let lone = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  vstack:\n    - txt: a\n      imag: b\n"
        let l = try fixStdin(lone)
        XCTAssertEqual(l.text, lone)
        XCTAssertTrue(l.stderr.contains("not applied: Change to `text` (it would add `useless-container`)"), l.stderr)

        // `padding: 400` leaves the text no room in a 100-wide viewport: a new `text-truncated`.
        let text = "viewports:\n  v: {width: 100, height: 50}\nbody:\n  text: hello world\n  paddng: 400\n"
        let r = try fixStdin(text)
        XCTAssertEqual(r.text, text)
        XCTAssertTrue(r.stderr.contains("tatami: note: <stdin>: not applied: Change to `padding` (it would add `text-truncated`"), r.stderr)
        XCTAssertTrue(r.stderr.contains("0 fixed, 1 left\n"), r.stderr)
        XCTAssertEqual(r.status, 1)
    }

    func testFixedFilesOnDiskAreRewrittenOnlyWhenAFixIsKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("b.tatami.yaml")
        let text = Self.badge + "body:\n  Badge: {}\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try tatami(["lint", "--fix", file.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)
        let u = try tatami(["lint", "--fix", "--unsafe-fixes", file.path])
        XCTAssertEqual(u.status, 0, u.stdout + u.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Self.badge + "body:\n  Badge: {label: \"\"}\n")
    }
}
