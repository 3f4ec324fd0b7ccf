import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiTestSupport
import TatamiYAML
import XCTest

/// Runs every `Tests/Fixtures/diagnostics/*.tatami.yaml` through the parser and the validator and
/// compares the diagnostics with the ones the file expects.
///
/// Expected diagnostics are YAML comments, so a fixture stays valid YAML:
///
/// ```
/// body: {hstak: []}
/// #      ^^^^^ error unknown-key: did you mean `hstack`?
/// ```
///
/// - A caret marker is a comment whose text starts with `^`. The carets' Unicode-scalar columns
///   are the range's columns on the nearest preceding line that is not a marker (several markers
///   in a row all point at the same line).
/// - After the carets: the severity (`error`, `warning`, `information`, `hint`), the code, and
///   optionally `:` and a substring the message must contain.
/// - Ranges that start at column 0 or 1 (where the `#` would sit), that are empty, or that span
///   lines are written with positions instead: `# @3:1-3:6 error unknown-key: ...` (1-based
///   line:column, Unicode-scalar columns, end exclusive).
/// - `# fixture: on disk` on a line of its own: the file is validated from its path, with the
///   repository as the workspace root (for fixtures that name font files); otherwise as text on
///   its own.
/// - Any other comment is ignored.
///
/// The actual diagnostics (code, severity, exact range, message substring) must equal the
/// expected ones exactly: extra and missing ones fail, listed with their positions.
final class DiagnosticFixtureTests: XCTestCase {
    struct Expected: CustomStringConvertible {
        var range: SourceRange
        var severity: String
        var code: String
        var substring: String?
        var markerLine: Int
        var description: String
    }

    func testDiagnosticFixtures() throws {
        let files = Fixtures.files(in: "diagnostics", suffix: ".tatami.yaml")
        XCTAssertGreaterThanOrEqual(files.count, 25, "diagnostic fixtures are missing")
        let root = Fixtures.repositoryRoot().path
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            // A fixture with a line `# fixture: on disk` is read from its own path with the
            // repository as the workspace root, so the files it names (fonts under
            // `../../../Examples/fonts/`, or missing ones) are looked up as `tatami` would look
            // them up; the others are checked as text on its own (no file path).
            let onDisk = text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "# fixture: on disk" }
            check(text, name: url.lastPathComponent,
                  context: onDisk ? Self.diskContext(file: url.path, root: root) : .standalone)
        }
    }

    /// Reads imports and font files from disk below `root`.
    static func diskContext(file: String, root: String) -> ValidationContext {
        ValidationContext(
            filePath: file, workspaceRoot: root,
            resolve: { path in
                guard let resolved = realpath(path, nil) else { return nil }
                defer { free(resolved) }
                return String(cString: resolved)
            },
            load: { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } })
    }

    /// The runner's own marker reading.
    func testMarkerParsing() {
        let text = "body: {hstak: []}\n#      ^^^^^ error unknown-key: did you mean\n#  @1:1-1:5 warning x-y\n"
        let table = LineTable(text)
        let (expected, problems) = Self.parseMarkers(text, table: table)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(expected.count, 2)
        XCTAssertEqual(expected.first?.range, SourceRange(start: 7, end: 12))
        XCTAssertEqual(expected.first?.substring, "did you mean")
        XCTAssertEqual(expected.last?.range, SourceRange(start: 0, end: 4))
        XCTAssertEqual(expected.last?.severity, "warning")
        XCTAssertNil(expected.last?.substring)
    }

    private func check(_ text: String, name: String, context: ValidationContext) {
        let yaml = YAMLParser.parse(text)
        let result = Validator.validate(yaml, context: context)
        let table = yaml.lineTable
        let (expected, problems) = Self.parseMarkers(text, table: table)
        for p in problems { XCTFail("\(name): \(p)") }

        var unmatched = result.diagnostics
        var missing: [Expected] = []
        for e in expected {
            if let i = unmatched.firstIndex(where: {
                $0.code.name == e.code && $0.severity.rawValue == e.severity && $0.range == e.range
                    && (e.substring.map($0.message.contains) ?? true)
            }) {
                unmatched.remove(at: i)
            } else {
                missing.append(e)
            }
        }
        for d in result.diagnostics {
            XCTAssertTrue(d.range.end <= table.bytes.count, "\(name): range past the end: \(describe(d, table))")
            for f in d.fixes { XCTAssertTrue(f.range.end <= table.bytes.count, "\(name): fix range past the end") }
        }
        guard !missing.isEmpty || !unmatched.isEmpty else { return }
        var report = "\(name): diagnostics differ\n"
        if !missing.isEmpty {
            report += "  expected but not found:\n"
            for e in missing { report += "    \(e.description) (marker on line \(e.markerLine))\n" }
        }
        if !unmatched.isEmpty {
            report += "  found but not expected:\n"
            for d in unmatched { report += "    \(describe(d, table))\n" }
        }
        report += "  all found:\n"
        for d in result.diagnostics { report += "    \(describe(d, table))\n" }
        XCTFail(report)
    }

    private func describe(_ d: Diagnostic, _ table: LineTable) -> String {
        "\(Self.position(d.range, table)) \(d.severity.rawValue) \(d.code.name): \(d.message)"
    }

    static func position(_ r: SourceRange, _ table: LineTable) -> String {
        let s = table.scalarPosition(ofByte: r.start), e = table.scalarPosition(ofByte: r.end)
        return "@\(s.line + 1):\(s.column + 1)-\(e.line + 1):\(e.column + 1)"
    }

    /// Reads the markers of a fixture; the second value lists malformed markers.
    static func parseMarkers(_ text: String, table: LineTable) -> ([Expected], [String]) {
        var expected: [Expected] = []
        var problems: [String] = []
        var target: Int? = nil
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            var i = 0
            while i < scalars.count && scalars[i] == " " { i += 1 }
            guard i < scalars.count, scalars[i] == "#" else { target = index; continue }
            var j = i + 1
            while j < scalars.count && scalars[j] == " " { j += 1 }
            guard j < scalars.count, scalars[j] == "^" || scalars[j] == "@" else { target = index; continue }
            let range: SourceRange
            var rest: Substring
            if scalars[j] == "^" {
                var k = j
                while k < scalars.count && scalars[k] == "^" { k += 1 }
                guard let t = target else {
                    problems.append("line \(index + 1): a caret marker needs a line above it")
                    continue
                }
                range = SourceRange(start: table.byteOffset(line: t, scalarColumn: j),
                                    end: table.byteOffset(line: t, scalarColumn: k))
                rest = Substring(String(String.UnicodeScalarView(scalars[k...])))
            } else {
                let body = String(String.UnicodeScalarView(scalars[(j + 1)...]))
                let head = body.prefix { $0 != " " }
                let numbers = head.split(whereSeparator: { $0 == ":" || $0 == "-" }).compactMap { Int($0) }
                guard numbers.count == 4 else {
                    problems.append("line \(index + 1): expected `@line:column-line:column`")
                    continue
                }
                range = SourceRange(start: table.byteOffset(line: numbers[0] - 1, scalarColumn: numbers[1] - 1),
                                    end: table.byteOffset(line: numbers[2] - 1, scalarColumn: numbers[3] - 1))
                rest = body.dropFirst(head.count)
            }
            let words = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard words.count >= 2, Severity(rawValue: String(words[0])) != nil else {
                problems.append("line \(index + 1): expected `severity code` after the range")
                continue
            }
            var code = String(words[1])
            var substring: String? = nil
            if code.hasSuffix(":") {
                code.removeLast()
                substring = words.count > 2 ? String(words[2]).trimmingCharacters(in: .whitespaces) : nil
            }
            let description = "\(position(range, table)) \(words[0]) \(code)" + (substring.map { ": …\($0)…" } ?? "")
            expected.append(Expected(range: range, severity: String(words[0]), code: code, substring: substring,
                                     markerLine: index + 1, description: description))
        }
        return (expected, problems)
    }
}
