import Foundation
import TatamiServices
import TatamiTestSupport
import XCTest

/// Issue 15, items 7 and 8, through the built binary.
extension CLITests {
    func testPreviewASCIIWritesOnlyASCIIAndKeepsTheGrid() throws {
        let file = "Tests/Fixtures/render/ascii-stand-ins.tatami.yaml"
        let plain = try tatami(["preview", "--color", "never", file])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("★★") && plain.stdout.contains("…") && plain.stdout.contains("日本語"))
        // Colour on too: the escapes are ASCII as well.
        for extra in [["--color", "never"], ["--color", "always", "--outline"]] {
            let r = try tatami(["preview", "--ascii"] + extra + [file])
            XCTAssertEqual(r.status, 0, r.stderr)
            let bytes = Array(r.stdout.utf8)
            XCTAssertFalse(bytes.isEmpty)
            XCTAssertNil(bytes.firstIndex { $0 >= 0x80 }, r.stdout)
            if extra.contains("never") {
                // 256 × 176 in 8 × 16 cells: 32 columns and 11 rows inside the border, then the
                // note on the views between cells (docs/render.md, "Below the grid").
                let lines = r.stdout.split(separator: "\n")
                XCTAssertEqual(lines.count, 14)
                XCTAssertTrue(lines.dropLast().allSatisfy { $0.utf8.count == 34 }, r.stdout)
                XCTAssertEqual(lines.last, "6 views are off the 8x16 grid; `--cell 8x8` or `--format html` shows them exactly")
                XCTAssertTrue(r.stdout.contains("|?? 5 stars ?? ?? ok "), r.stdout)
                XCTAssertTrue(r.stdout.contains("|Cafe \"naive\" - Angstrom 'x' "), r.stdout)
                XCTAssertTrue(r.stdout.contains("certainly c~|"), r.stdout)
                XCTAssertTrue(lines[0].hasPrefix("+- telephone ???? 256x176 -"), String(lines[0]))
            }
        }
        // The example of the README: its stars and its cut.
        let card = try tatami(["preview", "--ascii", "--color", "never", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertTrue(card.stdout.contains("?????  A v o c a d o") && card.stdout.contains("Almond Bu~|"), card.stdout)
        XCTAssertTrue(card.stdout.utf8.allSatisfy { $0 < 0x80 })
    }

    func testPreviewHelpDescribesTheASCIIStandIns() throws {
        let r = try tatami(["preview", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("ASCII stand-ins of the same width"), r.stdout)
        XCTAssertTrue(r.stdout.contains("becomes ~"), r.stdout)
    }
}

extension CLITests {
    /// `tatami 0.1.0 (commit a8708fd+dirty, 2026-11-20)` from `make`, `tatami 0.1.0 (built
    /// 2026-11-20, no git commit)` from `make` outside git, the documented fallback otherwise.
    static let versionLine = #"^tatami \d+\.\d+\.\d+ \((commit [0-9a-f]{7,40}(\+dirty)?, \d{4}-\d{2}-\d{2}|built \d{4}-\d{2}-\d{2}, no git commit|unknown commit: built without make)\)\n$"#

    func testVersionNamesTheCommitOrSaysItIsUnknown() throws {
        let r = try tatami(["--version"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNotNil(r.stdout.range(of: Self.versionLine, options: .regularExpression), r.stdout)
        XCTAssertTrue(r.stdout.hasPrefix("tatami \(TatamiVersion.current) ("), r.stdout)
        // The binary and the library the tests link were built the same way.
        XCTAssertEqual(r.stdout, TatamiVersion.long + "\n")
        // SARIF keeps the bare version number.
        let sarif = try tatami(["lint", "--format", "sarif", "Examples/avocado-toast.tatami.yaml"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first)
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        XCTAssertEqual(driver?["version"] as? String, TatamiVersion.current)
    }

    /// What `make build` compiles in: scripts/build-info.sh, run here on this checkout.
    func testBuildInfoScriptWritesTheCommit() throws {
        let root = Fixtures.repositoryRoot()
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else {
            throw XCTSkip("not a git checkout")
        }
        func run(_ executable: String, _ arguments: [String]) throws -> String {
            let p = Process(), out = Pipe()
            p.executableURL = URL(fileURLWithPath: executable)
            p.arguments = arguments
            p.currentDirectoryURL = root
            p.standardOutput = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, "\(executable) \(arguments)")
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let head = try run("/usr/bin/env", ["git", "rev-parse", "--short", "HEAD"])
        let dirty = !(try run("/usr/bin/env", ["git", "status", "--porcelain"])).isEmpty
        let date = try run("/usr/bin/env", ["git", "log", "-1", "--format=%cd", "--date=short"])
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-build-info-\(getpid()).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let info = try run(root.appendingPathComponent("scripts/build-info.sh").path, [output.path])
        XCTAssertEqual(info, "commit \(head)\(dirty ? "+dirty" : ""), \(date)")
        let text = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(text.contains("#if TATAMI_BUILD_INFO"), text)
        XCTAssertTrue(text.contains("static let description: String? = \"\(info)\""), text)
        // Same commit, same text: the file is left alone, so nothing is recompiled.
        let before = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        _ = try run(root.appendingPathComponent("scripts/build-info.sh").path, [output.path])
        let after = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        XCTAssertEqual(before, after)
    }
}
