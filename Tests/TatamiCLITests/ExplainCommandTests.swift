import Foundation
import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// `tatami explain`, run as a user runs it (the built binary, through `CLITests.tatami`).
extension CLITests {
    func testExplainPrintsEveryCodesExplanation() throws {
        for e in DiagnosticCatalog.entries {
            let r = try tatami(["explain", e.code.name])
            XCTAssertEqual(r.status, 0, "\(e.code.name): \(r.stderr)")
            XCTAssertEqual(r.stderr, "")
            XCTAssertEqual(r.stdout, DiagnosticCatalog.text(e), "\(e.code.name): the catalog's explanation, without colour off a terminal")
            XCTAssertTrue(r.stdout.hasPrefix("\(e.code.name) (\(e.code.severity.rawValue))\n"), r.stdout)
            XCTAssertTrue(r.stdout.contains(e.example.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")),
                          "\(e.code.name): the example is printed")
        }
    }

    func testExplainIgnoresCase() throws {
        let r = try tatami(["explain", "Unknown-KEY"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("unknown-key (error)\n"), r.stdout)
    }

    func testExplainAnUnknownCodeExits2WithTheKnownCodes() throws {
        let r = try tatami(["explain", "overflw"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("tatami: unknown diagnostic code `overflw`; did you mean `overflow`?\n"), r.stderr)
        for code in DiagnosticCode.allCodes { XCTAssertTrue(r.stderr.contains(code.name), "\(code.name) is listed") }

        let far = try tatami(["explain", "nothing-like-it"])
        XCTAssertEqual(far.status, 2)
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
        XCTAssertTrue(far.stderr.contains("known codes: yaml-syntax, "), far.stderr)
    }

    func testExplainNeedsACodeOrAFlag() throws {
        let none = try tatami(["explain"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("--list"), none.stderr)
        XCTAssertEqual(try tatami(["explain", "overflow", "--list"]).status, 2)
        XCTAssertEqual(try tatami(["explain", "--list", "--format", "markdown"]).status, 2)
    }

    func testExplainListsEveryCodeWithSeverityAndSummary() throws {
        let r = try tatami(["explain", "--list"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, DiagnosticCode.allCodes.count)
        for (line, e) in zip(lines, DiagnosticCatalog.entries) {
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            XCTAssertEqual(words.first.map(String.init), e.code.name, line)
            XCTAssertEqual(words.dropFirst().first.map(String.init), e.severity.rawValue, line)
            XCTAssertTrue(line.hasSuffix(e.summary), line)
        }
    }

    func testExplainAllAsMarkdownIsTheDocsPage() throws {
        let r = try tatami(["explain", "--all", "--format", "markdown"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        XCTAssertTrue(r.stdout == page, "docs/diagnostics.md is out of date: \(DiagnosticCatalog.regenerateCommand)")

        let one = try tatami(["explain", "zero-size", "--format", "markdown"])
        XCTAssertEqual(one.status, 0)
        XCTAssertTrue(page.contains(one.stdout), "a code's Markdown is its section of the page")

        let text = try tatami(["explain", "--all"])
        XCTAssertEqual(text.status, 0)
        for code in DiagnosticCode.allCodes { XCTAssertTrue(text.stdout.contains("\n\(code.name) (") || text.stdout.hasPrefix("\(code.name) (")) }
    }

    func testExplainColoursOnlyWhenAsked() throws {
        // Standard output is a pipe here: auto means no colour.
        XCTAssertFalse(try tatami(["explain", "overflow"]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try tatami(["explain", "overflow"], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
        let forced = try tatami(["explain", "overflow", "--color", "always"])
        XCTAssertTrue(forced.stdout.contains("\u{1B}[33;1mwarning\u{1B}[0m"), forced.stdout)
        XCTAssertFalse(try tatami(["explain", "overflow", "--color", "never"]).stdout.contains("\u{1B}["))
    }

    func testLintsSummaryPointsAtExplain() throws {
        let r = try tatami(["lint", broken])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasSuffix("1 error, 0 warnings in 1 file; `tatami explain unknown-key` explains a code\n"), r.stderr)
        let clean = try tatami(["lint", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertEqual(clean.stderr, "0 errors, 0 warnings in 1 file\n")
    }

    func testExplainIsInTheHelp() throws {
        let top = try tatami(["--help"])
        XCTAssertTrue(top.stdout.contains("explain"), top.stdout)
        let own = try tatami(["explain", "--help"])
        XCTAssertEqual(own.status, 0)
        for word in ["--list", "--all", "--format", "--color", "Exit status"] { XCTAssertTrue(own.stdout.contains(word), word) }
    }
}
