import Foundation
import TatamiServices
import TatamiTestSupport
import XCTest

/// End-to-end tests of the built `tatami` binary: exit codes, output formats, standard input.
final class CLITests: XCTestCase {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let binary: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tatami"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("tatami"),
            Fixtures.repositoryRoot().appendingPathComponent(".build/debug/tatami"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    func tatami(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: URL? = nil) throws -> Run {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the tatami binary first: \(Self.binary.path)")
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory ?? Fixtures.repositoryRoot()
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let stdin { inp.fileHandleForWriting.write(stdin.data(using: .utf8)!) }
        try inp.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    let broken = "Tests/Fixtures/cli/broken.tatami.yaml"
    let warning = "Tests/Fixtures/cli/warning.tatami.yaml"

    func testPreviewFormats() throws {
        // The README's first example: SVG of its one viewport, HTML of every viewport.
        let svg = try tatami(["preview", "--format", "svg", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(svg.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 320 120\""), svg.stdout)
        let html = try tatami(["preview", "--format", "html", "Examples/book-grid.tatami.yaml"])
        XCTAssertEqual(html.status, 0, html.stderr)
        for name in ["phone", "phone-landscape", "tablet"] {
            XCTAssertTrue(html.stdout.contains("<div class=\"viewport\" data-viewport=\"\(name)\""), name)
        }
        XCTAssertFalse(html.stdout.contains("tatamiLive"), "only a page written by --watch reloads itself")
        // --viewport chooses one; the SVG takes the first unless told.
        let one = try tatami(["preview", "--format", "html", "--viewport", "tablet", "Examples/book-grid.tatami.yaml"])
        XCTAssertFalse(one.stdout.contains("data-viewport=\"phone\""))
        XCTAssertTrue(try tatami(["preview", "--format", "svg", "Examples/book-grid.tatami.yaml"]).stdout.contains("data-viewport=\"phone\""))
        // Text-render options with a graphical format are usage errors.
        XCTAssertEqual(try tatami(["preview", "--format", "svg", "--ascii", "Examples/book-grid.tatami.yaml"]).status, 2)
        XCTAssertEqual(try tatami(["preview", "--format", "html", "--outline", "Examples/book-grid.tatami.yaml"]).status, 2)
        XCTAssertEqual(try tatami(["preview", "--format", "pdf", "Examples/book-grid.tatami.yaml"]).status, 2)
    }

    func testPreviewOutputWritesTheFileAndStillExitsOneOnErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("broken.svg")
        let r = try tatami(["preview", "--format", "svg", "--output", out.path, broken])
        XCTAssertEqual(r.status, 1, "the file has errors")
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("<svg "))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("broken.svg.live.js").path))
        let missing = try tatami(["preview", "--format", "svg", "--output", dir.appendingPathComponent("no/such/dir.svg").path, "Examples/avocado-toast.tatami.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot write"), missing.stderr)
    }

    func testLintExamplesIsClean() throws {
        let r = try tatami(["lint", "Examples"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertFalse(r.stdout.contains(": error:"), r.stdout)
    }

    func testLintTextFormatAndExitStatus() throws {
        let r = try tatami(["lint", broken])
        XCTAssertEqual(r.status, 1)
        // `hstak` is on line 2 at column 3.
        XCTAssertTrue(r.stdout.hasPrefix("\(broken):2:3: error: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("hstack"), r.stdout)
        XCTAssertTrue(r.stdout.contains("[unknown-key]"), r.stdout)
        XCTAssertFalse(r.stdout.contains("\u{1B}["), "no colour when not a terminal")
    }

    func testStrictTurnsWarningsIntoFailure() throws {
        let plain = try tatami(["lint", warning])
        XCTAssertEqual(plain.status, 0, plain.stdout)
        XCTAssertTrue(plain.stdout.contains("warning:") && plain.stdout.contains("[text-truncated]"), plain.stdout)
        XCTAssertEqual(try tatami(["lint", "--strict", warning]).status, 1)
    }

    func testAUselessContainerIsPrintedOnceForTwoViewports() throws {
        let text = "viewports:\n  a: {width: 100, height: 100}\n  b: {width: 200, height: 100}\nbody:\n  vstack:\n    - text: hi\n"
        let r = try tatami(["lint", "-"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // `vstack` is on line 5 at column 3.
        XCTAssertEqual(r.stdout, "<stdin>:5:3: warning: vstack holds a single view and has no modifiers; it can be removed [useless-container]\n")
        let json = try tatami(["lint", "--format", "json", "-"], stdin: text)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let items = object["diagnostics"] as! [[String: Any]]
        XCTAssertEqual(items.count, 1)
        XCTAssertTrue(items.first?["viewport"] is NSNull, "\(items)")
    }

    func testJSONFormat() throws {
        let r = try tatami(["lint", "--format", "json", broken, warning])
        XCTAssertEqual(r.status, 1)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let items = object["diagnostics"] as! [[String: Any]]
        let first = try XCTUnwrap(items.first { $0["code"] as? String == "unknown-key" })
        XCTAssertEqual(first["file"] as? String, broken)
        XCTAssertEqual(first["line"] as? Int, 2)
        XCTAssertEqual(first["column"] as? Int, 3)
        XCTAssertEqual(first["endLine"] as? Int, 2)
        XCTAssertEqual(first["endColumn"] as? Int, 8)
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertTrue(first["viewport"] is NSNull)
        let truncated = try XCTUnwrap(items.first { $0["code"] as? String == "text-truncated" })
        XCTAssertEqual(truncated["viewport"] as? String, "small")
        XCTAssertEqual(truncated["severity"] as? String, "warning")
    }

    func testGitHubFormat() throws {
        let r = try tatami(["lint", "--format", "github", broken])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("::error file=\(broken),line=2,col=3,endLine=2,endColumn=8,title=tatami unknown-key::"), r.stdout)
    }

    func testSARIFFormat() throws {
        let r = try tatami(["lint", "--format", "sarif", broken])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["version"] as? String, "2.1.0")
        let run = (object["runs"] as! [[String: Any]])[0]
        XCTAssertEqual(run["columnKind"] as? String, "unicodeCodePoints")
        let results = run["results"] as! [[String: Any]]
        XCTAssertEqual(results.first?["ruleId"] as? String, "unknown-key")
        XCTAssertEqual(results.first?["level"] as? String, "error")
        let region = ((results[0]["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])["region"] as! [String: Any]
        XCTAssertEqual(region["startLine"] as? Int, 2)
        XCTAssertEqual(region["startColumn"] as? Int, 3)
    }

    func testStandardInputAndDirectories() throws {
        let r = try tatami(["lint", "-"], stdin: "body:\n  txt: hi\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("<stdin>:2:3: error:"), r.stdout)
        // Directories are searched for *.tatami.yaml and *.tatami.yml only.
        let d = try tatami(["lint", "--format", "json", "Tests/Fixtures/cli/tree"])
        XCTAssertEqual(d.status, 1)
        XCTAssertTrue(d.stdout.contains("tree/nested/a.tatami.yaml"), d.stdout)
        XCTAssertFalse(d.stdout.contains("ignored.yaml"), d.stdout)
    }

    func testUsageAndIOErrorsExitTwo() throws {
        let missing = try tatami(["lint", "no/such/file.tatami.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
        XCTAssertEqual(try tatami(["lint", "--format", "xml", broken]).status, 2)
        XCTAssertEqual(try tatami(["preview"]).status, 2)
        XCTAssertEqual(try tatami(["frames", "Examples/avocado-toast.tatami.yaml", "--width", "100"]).status, 2)
        let unknownViewport = try tatami(["preview", "Examples/settings.tatami.yaml", "--viewport", "phone-landscap"])
        XCTAssertEqual(unknownViewport.status, 2)
        XCTAssertTrue(unknownViewport.stderr.contains("did you mean `phone-landscape`"), unknownViewport.stderr)
        let help = try tatami(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("lint") && help.stdout.contains("preview") && help.stdout.contains("frames"))
    }

    func testPreviewDrawsTheCard() throws {
        let r = try tatami(["preview", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // 320 × 120 in 8 × 16 cells: 40 columns and 8 rows inside the border.
        XCTAssertTrue(lines[0].contains("phone") && lines[0].contains("320×120"), String(lines[0]))
        XCTAssertEqual(lines.count, 1 + 8 + 1 + 1 + 1)  // top, rows, bottom, the note under the grid, final newline
        XCTAssertEqual(lines[10], "3 views are off the 8×16 grid; `--format html` shows them exactly")
        XCTAssertEqual(lines[1].count, 42)
        // The title font is 16 wide in 8-point cells: its characters are spaced to their points (§13).
        XCTAssertTrue(r.stdout.contains("A v o c a d o   T o a s t"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Ingredients: Avocado, Almond Bu…"), r.stdout)
        XCTAssertTrue(r.stdout.contains("★★★★★"))
        XCTAssertFalse(r.stdout.contains("\u{1B}["))
        let colored = try tatami(["preview", "--color", "always", "--ascii", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertTrue(colored.stdout.contains("+-"), colored.stdout + colored.stderr + "status \(colored.status)")
        let noColor = try tatami(["preview", "--color", "auto", "Examples/avocado-toast.tatami.yaml"], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(noColor.stdout.contains("\u{1B}["))
    }

    func testFramesJSONMatchesHandComputedLayout() throws {
        let r = try tatami(["frames", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let viewport = object["viewport"] as! [String: Any]
        XCTAssertEqual(viewport["name"] as? String, "phone")
        XCTAssertEqual(viewport["width"] as? Int, 320)
        let frames = object["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.map { $0["path"] as! String }, ["/", "/0", "/0/0", "/0/1", "/1", "/1/0", "/1/0/0", "/1/0/1", "/1/0/2", "/1/1"])
        // Worked out in Tests/Fixtures/layout/avocado-card.tatami.yaml.
        let title = frames[6]
        XCTAssertEqual(title["kind"] as? String, "text")
        XCTAssertTrue(title["id"] is NSNull)
        XCTAssertEqual([title["x"], title["y"], title["width"], title["height"]].map { $0 as? Int }, [64, 32, 208, 32])
        let content = title["content"] as! [String: Any]
        XCTAssertEqual(content["width"] as? Int, 208)
        let text = try tatami(["frames", "--format", "text", "Examples/avocado-toast.tatami.yaml"])
        // Depth 3 (/ → /1 → /1/0 → /1/0/0): six spaces of indentation.
        XCTAssertTrue(text.stdout.contains("\n      text /1/0/0 64,32 208×32\n"), text.stdout)
    }

    func testFramesCarryIds() throws {
        let r = try tatami(["frames", "-"], stdin: "body:\n  vstack:\n    - text: Hi\n      id: greeting\n    - color: red\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let frames = (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any])["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.map { $0["id"] as? String }, [nil, "greeting", nil])
        XCTAssertEqual(frames.map { $0["kind"] as? String }, ["vstack", "text", "color"])
    }

    func testFramesMarkHiddenViews() throws {
        // A hidden view is laid out and listed, marked `hidden`, and so is everything inside it.
        let r = try tatami(["frames", "-"], stdin: "body:\n  vstack:\n    - hstack: [A, B]\n      hidden: true\n    - color: red\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let frames = (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any])["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.map { $0["path"] as? String }, ["/", "/0", "/0/0", "/0/1", "/1"])
        XCTAssertEqual(frames.map { $0["hidden"] as? Bool }, [false, true, true, true, false])
        let text = try tatami(["frames", "--format", "text", "-"], stdin: "body:\n  vstack:\n    - text: A\n      hidden: true\n    - B\n")
        XCTAssertTrue(text.stdout.contains("  text /0 ") && text.stdout.contains(" hidden\n"), text.stdout)
    }

    func testTimingsGoToStandardError() throws {
        let r = try tatami(["frames", "--timings", "--width", "100", "--height", "50", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("parse") && r.stderr.contains("layout"), r.stderr)
        XCTAssertTrue(r.stdout.contains("\"name\": \"100x50\""), r.stdout)
    }

    /// A large file (289 KB, thousands of views): the binary's frames and diagnostics are exactly
    /// those of the in-process pipeline.
    func testLargeFileGivesTheSameFramesAsTheInProcessPipeline() throws {
        var text = "tatami: 1\nviewports:\n  narrow: {width: 300, height: 200}\nbody:\n  vstack:\n"
        for i in 0..<1_000 {
            text += """
                - hstack:
                    - text: "Row \(i) with a title long enough to wrap or be cut"
                      lineLimit: 1
                    - image: icon
                      size: {width: \(10 + i % 7), height: 12}
                    - spacer: {}
                    - color: blue
                      frame: {width: \(i % 5 * 10), height: 8}
                      padding: \(i % 3)
                  spacing: \(i % 4)

            """
        }
        text += "  unknwn: 1\n"
        XCTAssertGreaterThan(text.utf8.count, 256 << 10)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-large-\(UUID().uuidString).tatami.yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }

        let expected = Pipeline.analyze(text: text, path: url.path, viewports: .first)
        let frames = try tatami(["frames", url.path])
        XCTAssertEqual(frames.status, 1, "the unknown key is an error")
        XCTAssertEqual(frames.stdout, FramesFormatter.json(file: url.path, result: expected.layouts[0]))
        // Hundreds of views: the comparison is not of two empty outputs.
        XCTAssertGreaterThan(frames.stdout.components(separatedBy: "\"path\"").count, 5_000)

        let lint = try tatami(["lint", "--format", "json", url.path])
        let object = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as! [String: Any]
        let shown = object["diagnostics"] as! [[String: Any]]
        XCTAssertEqual(shown.map { $0["code"] as? String }, expected.diagnostics.map(\.code.name))
        XCTAssertEqual(shown.map { $0["line"] as? Int }, expected.diagnostics.map { expected.lineTable.line(ofByte: $0.range.start) + 1 })
        XCTAssertTrue(shown.contains { $0["code"] as? String == "unknown-key" })
        XCTAssertTrue(shown.contains { $0["code"] as? String == "text-truncated" })
    }

    // MARK: Imports and --root

    let importsApp = "Tests/Fixtures/cli/imports/app"
    let importsScreen = "Tests/Fixtures/cli/imports/app/screen.tatami.yaml"

    func testLintOfADirectoryUsesTheWorkspaceRootNotTheDirectory() throws {
        // The root is the repository's (its tatami.config.yaml), not the directory named, so
        // `../common/lib.tatami.yaml` is inside it: the same result as for the file alone.
        let walked = try tatami(["lint", importsApp])
        XCTAssertEqual(walked.status, 0, walked.stdout)
        XCTAssertEqual(walked.stdout, "")
        XCTAssertEqual(try tatami(["lint", importsScreen]).status, 0)
        // `--root` still narrows it: then the import leaves the root.
        let narrowed = try tatami(["lint", "--root", importsApp, importsApp])
        XCTAssertEqual(narrowed.status, 1, narrowed.stdout)
        XCTAssertTrue(narrowed.stdout.contains("\(importsScreen):3:11: error: `../common/lib.tatami.yaml` is outside the workspace root"),
                      narrowed.stdout)
        let rooted = try tatami(["lint", "--root", "Tests/Fixtures/cli/imports", importsApp])
        XCTAssertEqual(rooted.status, 0, rooted.stdout)
    }

    func testFramesAndPreviewUseImportedComponents() throws {
        let r = try tatami(["frames", importsScreen])
        XCTAssertEqual(r.status, 0, r.stderr)
        let frames = (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any])["frames"] as! [[String: Any]]
        // The instance and its body's text: "#cli", 4 cells = 32 × 16, centred in 80 × 48.
        XCTAssertEqual(frames.map { $0["path"] as? String }, ["/", "/0"])
        XCTAssertEqual(frames.map { $0["kind"] as? String }, ["Tag", "text"])
        XCTAssertEqual([frames[0]["x"], frames[0]["y"], frames[0]["width"], frames[0]["height"]].map { $0 as? Int }, [24, 16, 32, 16])
        let preview = try tatami(["preview", "--root", ".", importsScreen])
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertTrue(preview.stdout.contains("#cli"), preview.stdout)
        // With the file's own directory as the root, the import is refused and `Tag` unknown.
        let refused = try tatami(["frames", "--root", importsApp, importsScreen])
        XCTAssertEqual(refused.status, 1)
    }

    func testStandardInputImportsFromTheCurrentDirectory() throws {
        let r = try tatami(["lint", "-"], stdin: "imports: [Tests/Fixtures/cli/imports/common/lib.tatami.yaml]\nbody: {Tag: {label: in}}\n")
        XCTAssertEqual(r.status, 0, r.stdout)
    }

    func testRootMustBeADirectory() throws {
        let r = try tatami(["preview", "--root", "no/such/dir", importsScreen])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--root no/such/dir: no such directory"), r.stderr)
        XCTAssertEqual(try tatami(["lint", "--root", broken, broken]).status, 2)
        for command in ["lint", "preview", "frames"] {
            let help = try tatami([command, "--help"])
            XCTAssertTrue(help.stdout.contains("--root <DIR>") && help.stdout.contains("imports must stay inside it"), help.stdout)
        }
    }
}
