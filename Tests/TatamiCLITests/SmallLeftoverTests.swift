import Foundation
import TatamiTestSupport
import XCTest

/// Issue 29's small leftovers: usage and help texts, the preview's header, the README's order and
/// the project's address.
extension CLITests {
    func testFormatOfSeveralFilesWithoutWritePrintsFormatsUsage() throws {
        let r = try tatami(["format", "Examples/inbox.tatami.yaml", "Examples/profile.tatami.yaml"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("Error: without --write or --check, give one file (or -): its formatted text goes to standard output\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Usage: tatami format "), r.stderr)
        XCTAssertTrue(r.stderr.contains("See 'tatami format --help'"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Usage: tatami <subcommand>"), r.stderr)
        // A directory without --write is the same mistake.
        let directory = try tatami(["format", "Examples"])
        XCTAssertEqual(directory.status, 2)
        XCTAssertTrue(directory.stderr.contains("Usage: tatami format "), directory.stderr)
    }

    func testThePreviewOfAViewportMadeOnTheCommandLineNamesItsSizeOnce() throws {
        let r = try tatami(["preview", "--width", "320", "--height", "32", "-"], stdin: "body: {text: Hi}\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let first = String(r.stdout.split(separator: "\n").first ?? "")
        XCTAssertEqual(first, "┌─ 320×32 " + String(repeating: "─", count: 31) + "┐")
        let ascii = try tatami(["preview", "--ascii", "--width", "320", "--height", "32", "-"], stdin: "body: {text: Hi}\n")
        XCTAssertTrue(ascii.stdout.hasPrefix("+- 320x32 ---"), ascii.stdout)
        // A declared viewport keeps its name.
        let named = try tatami(["preview", "-"], stdin: "viewports:\n  card: {width: 160, height: 16}\nbody: {text: Hi}\n")
        XCTAssertTrue(named.stdout.hasPrefix("┌─ card 160×16 ──────┐"), named.stdout)
    }

    func testEachCommandsHelpSaysWhatItDoesWithoutViewport() throws {
        func help(_ command: String) throws -> String {
            // Joined without the column wrapping.
            try tatami([command, "--help"]).stdout.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        let lint = try help("lint")
        XCTAssertTrue(lint.contains("Only this viewport (default: every viewport the file declares)."), lint)
        XCTAssertFalse(lint.contains("preview and frames"), lint)
        let preview = try help("preview")
        XCTAssertTrue(preview.contains("Only this viewport (default: the file's first viewport; with --format html, every viewport)."), preview)
        let frames = try help("frames")
        XCTAssertTrue(frames.contains("Only this viewport (default: the file's first viewport)."), frames)
    }

    func testTheREADMEPutsTheCommandReferenceBeforeCIAndFuzzing() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent("README.md"), encoding: .utf8)
        let reference = try XCTUnwrap(readme.range(of: "\n## Command reference\n")).lowerBound
        for later in ["`.ci/run` is what CI runs", "Fuzz/run.sh", "### Differential tests against Taffy"] {
            let at = try XCTUnwrap(readme.range(of: later), later).lowerBound
            XCTAssertLessThan(reference, at, "\(later) comes before the command reference")
        }
        // Right after the two commands.
        let two = try XCTUnwrap(readme.range(of: "\n## The two commands\n")).upperBound
        let next = try XCTUnwrap(readme.range(of: "\n## ", range: two..<readme.endIndex)).lowerBound
        XCTAssertEqual(next, reference)
    }

    func testTheProjectHasOneAddress() throws {
        // Every GitHub address of Tatami itself in the README, the docs and the editor packages.
        let root = Fixtures.repositoryRoot()
        var files = ["README.md"]
        for folder in ["docs", "editors"] {
            let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let name = walker?.nextObject() as? String {
                if name.contains("node_modules") { continue }
                if [".md", ".el", ".json", ".lua", ".toml", ".js"].contains(where: name.hasSuffix) { files.append("\(folder)/\(name)") }
            }
        }
        var found: [String: [String]] = [:]
        let pattern = try NSRegularExpression(pattern: #"https://github\.com/[A-Za-z0-9_.-]+/tatami(?![A-Za-z0-9_-])"#)
        for file in files {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else { continue }
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found[String(text[Range(m.range, in: text)!]), default: []].append(file)
            }
        }
        XCTAssertEqual(Array(found.keys), ["https://github.com/tatami-layout/tatami"], "\(found)")
        XCTAssertEqual(Set(found.values.joined()), ["README.md", "editors/emacs/tatami.el"])
    }
}
