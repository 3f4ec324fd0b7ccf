import Foundation
import TatamiTestSupport
import XCTest

/// `tatami.config.yaml` and how `lint DIR` walks a directory (docs/workspace.md), through the
/// built binary.
extension CLITests {

    /// A fresh directory with `files` (path → text), canonical.
    func project(_ files: [String: String]) throws -> URL {
        let fm = FileManager.default
        let raw = fm.temporaryDirectory.appendingPathComponent("tatami-ws-\(UUID().uuidString)")
        try fm.createDirectory(at: raw, withIntermediateDirectories: true)
        addTeardownBlock { try? fm.removeItem(at: raw) }
        let dir = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: raw.path)) ?? raw.resolvingSymlinksInPath().path)
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func run(_ args: [String], in dir: URL, environment: [String: String] = [:]) throws -> CLITests.Run {
        try tatami(args, environment: environment, in: dir)
    }

    /// Output lines with the path before the first `:` reduced to its file name.
    func byName(_ out: String) -> [String] {
        out.split(separator: "\n").map { line in
            guard let colon = line.firstIndex(of: ":") else { return String(line) }
            let path = line[..<colon]
            return (path.split(separator: "/").last.map(String.init) ?? String(path)) + line[colon...]
        }
    }

    static let wsComponent = """
        components:
          Primary:
            params:
              title: {type: string}
            body:
              text: $title
              font: big

        """
    static let wsScreen = """
        imports:
          - ../components/buttons.tatami.yaml
        body:
          vstack:
            - Primary: {title: Hello}
            - text: World
              font: big
              paddin: 2

        """
    static let wsConfig = """
        viewports:
          phone: {width: 320, height: 640}
          tablet: {width: 768, height: 1024}
        fonts:
          big: {width: 12, height: 24}

        """

    // MARK: One root wherever it is checked from

    func testScreensImportingComponentsGiveTheSameDiagnosticsFromTheTopAndFromInside() throws {
        for marker in ["tatami.config.yaml", ".git/HEAD"] {
            var files = ["components/buttons.tatami.yaml": Self.wsComponent, "screens/home.tatami.yaml": Self.wsScreen]
            files[marker] = marker == "tatami.config.yaml" ? Self.wsConfig : "ref: refs/heads/main\n"
            let dir = try project(files)
            let fromTop = try run(["lint", "screens"], in: dir)
            let fromInside = try run(["lint"], in: dir.appendingPathComponent("screens"))
            let file = try run(["lint", "home.tatami.yaml"], in: dir.appendingPathComponent("screens"))
            XCTAssertEqual(fromTop.status, 1, marker)
            XCTAssertFalse(fromTop.stdout.contains("outside"), marker + fromTop.stdout)
            XCTAssertFalse(fromTop.stdout.contains("unknown-component"), marker + fromTop.stdout)
            XCTAssertTrue(fromTop.stdout.contains("screens/home.tatami.yaml:8:7: error: unknown key `paddin`"), marker + fromTop.stdout)
            XCTAssertEqual(byName(fromTop.stdout), byName(fromInside.stdout), marker)
            XCTAssertEqual(byName(fromTop.stdout), byName(file.stdout), marker)
            if marker == "tatami.config.yaml" {
                // The workspace file's font: no unknown-font anywhere.
                XCTAssertEqual(byName(fromTop.stdout).count, 1, fromTop.stdout)
            } else {
                // Without it, `big` is unknown in both files: reported, the same from both places.
                XCTAssertTrue(fromTop.stdout.contains("[unknown-font]"), fromTop.stdout)
            }
        }
    }

    func testTheWorkspaceFilesViewportsAndFontsAreInheritedAndAFilesOwnWin() throws {
        let dir = try project([
            "tatami.config.yaml": Self.wsConfig,
            "a/one.tatami.yaml": "body:\n  text: hi\n  font: big\n",
            "a/two.tatami.yaml": "viewports:\n  tablet: {width: 500, height: 100}\n  watch: {width: 180, height: 200}\nfonts:\n  big: {width: 5, height: 10}\nbody:\n  text: hi\n  font: big\n",
        ])
        let one = try run(["frames", "--format", "text", "--viewport", "tablet", "a/one.tatami.yaml"], in: dir)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("viewport tablet 768×1024"), one.stdout)
        XCTAssertTrue(one.stdout.contains("24×24"), "two cells of the workspace's `big` font: " + one.stdout)
        let two = try run(["frames", "--format", "text", "--viewport", "tablet", "a/two.tatami.yaml"], in: dir)
        XCTAssertTrue(two.stdout.contains("viewport tablet 500×100"), two.stdout)
        XCTAssertTrue(two.stdout.contains("10×10"), "the file's own `big`: " + two.stdout)
        // Own viewports first, then the inherited ones not redeclared.
        let all = try run(["frames", "--format", "text", "--width", "1", "--height", "1", "a/two.tatami.yaml"], in: dir)
        XCTAssertEqual(all.status, 0)
        let first = try run(["frames", "--format", "text", "a/two.tatami.yaml"], in: dir)
        XCTAssertTrue(first.stdout.hasPrefix("a/two.tatami.yaml — viewport tablet"), first.stdout)
        let phone = try run(["frames", "--format", "text", "--viewport", "phone", "a/two.tatami.yaml"], in: dir)
        XCTAssertEqual(phone.status, 0, phone.stderr)
    }

    func testRulesChangeSeveritiesAndTheExitStatus() throws {
        let text = "body:\n  vstack:\n    - text: hi\n  paddin: 1\n"
        let plain = try project(["x.tatami.yaml": text, ".git/HEAD": ""])
        let before = try run(["lint", "."], in: plain)
        XCTAssertEqual(before.status, 1)
        XCTAssertTrue(before.stdout.contains("[useless-container]") && before.stdout.contains("error: unknown key"), before.stdout)

        let dir = try project([
            "x.tatami.yaml": text,
            "tatami.config.yaml": "rules:\n  useless-container: off\n  unknown-key: warning\n",
        ])
        let after = try run(["lint", "."], in: dir)
        XCTAssertEqual(after.status, 0, after.stdout)
        XCTAssertEqual(after.stdout, "x.tatami.yaml:4:3: warning: unknown key `paddin`; did you mean `padding`? [unknown-key]\n")
        XCTAssertEqual(try run(["lint", "--strict", "."], in: dir).status, 1)
        let json = try run(["lint", "--format", "json", "x.tatami.yaml"], in: dir)
        XCTAssertTrue(json.stdout.contains("\"severity\":\"warning\"") || json.stdout.contains("\"severity\": \"warning\""), json.stdout)
    }

    // MARK: The workspace file is checked

    func testAWorkspaceFilesProblemsAreReportedAtTheirPlaces() throws {
        let dir = try project([
            "tatami.config.yaml": """
                viewports:
                  phone: {width: -1, height: 10}
                fonts:
                  big: {width: 12}
                exlude: [a]
                body: {text: x}
                rules:
                  useles-container: off
                  overflow: of

                """,
            "x.tatami.yaml": "body:\n  text: hi\n",
        ])
        let r = try run(["lint"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), [
            "tatami.config.yaml:2:18: error: `width` must be a number from 0 to 1000000; found -1 [invalid-value]",
            "tatami.config.yaml:4:3: error: font `big` is missing `height` [missing-required]",
            "tatami.config.yaml:5:1: error: unknown key `exlude`; did you mean `exclude`? [unknown-key]",
            "tatami.config.yaml:6:1: error: unknown key `body` in a workspace file; `body` belongs in a Tatami file [unknown-key]",
            "tatami.config.yaml:8:3: warning: `useles-container` is not a diagnostic code, so this rule changes nothing; did you mean `useless-container`? [unknown-code]",
            "tatami.config.yaml:9:13: error: the severity of `overflow` must be one of `off`, `info`, `warning`, `error`; found `of`; did you mean `off`? [invalid-value]",
        ], r.stdout)
        XCTAssertTrue(r.stderr.contains("5 errors, 1 warning in 1 file"), r.stderr)
        // Named on its own, the same; the summary counts the workspace file it checked.
        let alone = try run(["lint", "tatami.config.yaml"], in: dir)
        XCTAssertEqual(alone.stdout, r.stdout)
        XCTAssertTrue(alone.stderr.contains("5 errors, 1 warning in 1 workspace file"), alone.stderr)
    }

    // MARK: Walking a directory

    func testEachFileOnceAndSymbolicLinkLoopsNotFollowed() throws {
        let dir = try project(["a/x.tatami.yaml": "body:\n  paddin: 1\n  text: hi\n", ".git/HEAD": ""])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("b").path, withDestinationPath: "a")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("a/y.tatami.yaml").path, withDestinationPath: "x.tatami.yaml")
        let r = try run(["lint", ".", "a", "a/x.tatami.yaml"], in: dir)
        XCTAssertEqual(r.stdout.components(separatedBy: "[unknown-key]").count - 1, 1, r.stdout)
        XCTAssertTrue(r.stderr.contains("1 error, 0 warnings in 1 file"), r.stderr)
    }

    func testIgnoredAndSkippedDirectories() throws {
        let bad = "body:\n  paddin: 1\n  text: hi\n"
        let dir = try project([
            ".git/HEAD": "",
            ".gitignore": "# generated\n/build/\ngen-*.tatami.yaml\n!gen-keep.tatami.yaml\ndocs/**/draft\nonlydir/\n",
            "build/a.tatami.yaml": bad,                 // anchored directory pattern
            "sub/build/b.tatami.yaml": bad,             // not anchored there: checked
            "sub/gen-x.tatami.yaml": bad,               // name pattern at any depth
            "sub/gen-keep.tatami.yaml": bad,            // re-included by `!`
            "docs/a/b/draft/c.tatami.yaml": bad,        // `**`
            "onlydir": "",                              // a file: `onlydir/` does not match it
            "nested/.gitignore": "local.tatami.yaml\n",
            "nested/local.tatami.yaml": bad,            // nested .gitignore
            "nested/other.tatami.yaml": bad,
            "node_modules/m.tatami.yaml": bad,
            ".build-linux/n.tatami.yaml": bad,
            "cfg/tatami.config.yaml": "exclude:\n  - skip-me/\n",
            "cfg/skip-me/s.tatami.yaml": bad,           // the workspace file's `exclude`
            "cfg/keep.tatami.yaml": bad,
            "cli/one.tatami.yaml": bad,                 // --exclude
            "cli/two.tatami.yaml": bad,                 // --exclude, second pattern
            "cli/three.tatami.yaml": bad,
        ])
        let r = try run(["lint", "--exclude", "cli/one.tatami.yaml", "--exclude", "two.*", "."], in: dir)
        let files = Set(r.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) })
        XCTAssertEqual(files, ["sub/build/b.tatami.yaml", "sub/gen-keep.tatami.yaml", "nested/other.tatami.yaml",
                               "cfg/keep.tatami.yaml", "cli/three.tatami.yaml"], r.stdout)
        // Started below the workspace file, its `exclude` still applies; a file named is checked.
        let below = try run(["lint", "cfg", "cfg/skip-me/s.tatami.yaml"], in: dir)
        XCTAssertEqual(Set(below.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) }),
                       ["cfg/keep.tatami.yaml", "cfg/skip-me/s.tatami.yaml"], below.stdout)
    }

    func testNothingFoundIsAWarningAndExitsZero() throws {
        let dir = try project(["notes.yaml": "a: 1\n"])
        let r = try run(["lint", "."], in: dir)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "tatami: warning: no Tatami files (*.tatami.yaml, *.tatami.yml) found in .\n")
    }

    func testAFileWithoutTheViewportIsSkippedWithANote() throws {
        let dir = try project([
            "a.tatami.yaml": "viewports:\n  phone: {width: 100, height: 100}\nbody:\n  text: hi\n",
            "b.tatami.yaml": "viewports:\n  tablet: {width: 100, height: 100}\nbody:\n  text: hi\n  paddin: 1\n",
            ".git/HEAD": "",
        ])
        let r = try run(["lint", "--viewport", "phone", "."], in: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("tatami: note: b.tatami.yaml: skipped: no viewport `phone` (declared: tablet)\n"), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("0 errors, 0 warnings in 1 file\n"), r.stderr)
        // No file has it: a usage error, as for one file.
        XCTAssertEqual(try run(["lint", "--viewport", "watch", "."], in: dir).status, 2)
        let one = try run(["lint", "--viewport", "phon", "a.tatami.yaml"], in: dir)
        XCTAssertEqual(one.status, 2)
        XCTAssertTrue(one.stderr.contains("unknown viewport `phon`; did you mean `phone`?"), one.stderr)
    }

    func testOutputIsSortedByPathWhateverFinishesFirstAndTheSummaryCounts() throws {
        var files: [String: String] = [".git/HEAD": ""]
        // Files of very different sizes, so they finish out of order on several threads.
        for i in 0..<40 {
            let views = String(repeating: "    - text: item\n", count: (i % 7) * 300 + 1)
            files[String(format: "d%02d/f.tatami.yaml", 39 - i)] = "body:\n  paddin: 1\n  vstack:\n" + views
        }
        let dir = try project(files)
        let r = try run(["lint", "."], in: dir, environment: ["NO_COLOR": "1"])
        let paths = r.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) }
        XCTAssertEqual(r.stdout.components(separatedBy: "[unknown-key]").count - 1, 40)
        XCTAssertEqual(Set(paths).count, 40)
        XCTAssertEqual(paths, paths.sorted())
        // One at a time, the same output.
        XCTAssertEqual(try run(["lint", "--jobs", "1", "."], in: dir).stdout, r.stdout)
        let warnings = r.stdout.components(separatedBy: ": warning: ").count - 1
        XCTAssertGreaterThan(warnings, 0, "a one-view vstack is a useless container")
        XCTAssertEqual(r.stderr, "40 errors, \(warnings) warnings in 40 files; `tatami explain unknown-key` explains a code\n")
        XCTAssertFalse(r.stderr.contains("\u{1B}["))
        // Colour only when asked for (standard error is not a terminal here).
        let coloured = try run(["lint", "--color", "always", "."], in: dir)
        XCTAssertTrue(coloured.stderr.contains("\u{1B}[31;1m40 errors\u{1B}[0m"), coloured.stderr)
        let noColor = try run(["lint", "--color", "auto", "."], in: dir, environment: ["NO_COLOR": "1"])
        XCTAssertFalse(noColor.stderr.contains("\u{1B}["))
    }

    // MARK: This repository

    func testLintAtTheRepositoryRootIsClean() throws {
        let r = try tatami(["lint"])
        XCTAssertEqual(r.status, 0, String(r.stdout.prefix(2000)))
        XCTAssertEqual(r.stdout, "")
    }

    func testTheWorkspaceSchemaMatchesTheCommittedFile() throws {
        let r = try tatami(["schema", "--workspace"])
        XCTAssertEqual(r.status, 0)
        let committed = try String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent("grammar/tatami.config.schema.json"), encoding: .utf8)
        XCTAssertEqual(r.stdout, committed, "regenerate it with scripts/generate-schema.sh")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let properties = object["properties"] as! [String: Any]
        XCTAssertEqual(Set(properties.keys), ["tatami", "viewports", "fonts", "exclude", "rules", "format"])
    }
}
