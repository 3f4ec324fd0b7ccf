import TatamiValidation
import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiTestSupport
import TatamiYAML
import XCTest

/// The catalog of diagnostic codes (`DiagnosticCatalog`) cannot drift from the program:
/// - the codes declared in `Sources/` are exactly the stages' lists, and the catalog explains
///   exactly those;
/// - each example, linted as `tatami lint` does, reports its code, and its fixed version
///   reports nothing;
/// - every code the diagnostic fixtures report (or expect) is explained;
/// - `docs/diagnostics.md` is what the catalog generates.
final class DiagnosticCatalogTests: XCTestCase {
    // MARK: The codes declared in the sources

    struct Declaration: Hashable {
        let module: String
        let name: String
        let severity: String
    }

    /// Every `DiagnosticCode("name", .severity)` written in `Sources/`, by module; any other
    /// call of `DiagnosticCode(` (a computed name) is returned apart, since a scan could not
    /// follow it.
    static func scanDeclarations() -> (found: [Declaration], unreadable: [String]) {
        let sources = Fixtures.repositoryRoot().appendingPathComponent("Sources")
        let declaration = try! NSRegularExpression(pattern: #"DiagnosticCode\(\s*"([^"]*)"\s*,\s*\.(\w+)\s*\)"#)
        let anyCall = try! NSRegularExpression(pattern: #"DiagnosticCode\("#)
        var found: [Declaration] = []
        var unreadable: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try! String(contentsOf: url, encoding: .utf8)
            let relative = String(url.path.dropFirst(sources.path.count + 1))
            let module = String(relative.split(separator: "/").first!)
            let ns = text as NSString
            let whole = NSRange(location: 0, length: ns.length)
            let matches = declaration.matches(in: text, range: whole)
            for m in matches {
                found.append(Declaration(module: module, name: ns.substring(with: m.range(at: 1)),
                                         severity: ns.substring(with: m.range(at: 2))))
            }
            let calls = anyCall.matches(in: text, range: whole).filter { call in
                !matches.contains { NSLocationInRange(call.range.location, $0.range) }
            }
            for call in calls {
                let line = ns.substring(to: call.range.location).filter { $0 == "\n" }.count + 1
                // The type's own declaration and initialiser are not codes.
                let lineText = ns.substring(with: ns.lineRange(for: call.range))
                if lineText.contains("==") || lineText.contains("public init") { continue }
                unreadable.append("\(relative):\(line): \(lineText.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
        }
        return (found, unreadable)
    }

    func testTheScanFindsDeclarations() {
        // The scan itself: it must see the codes of every stage, or the next test proves nothing.
        let (found, _) = Self.scanDeclarations()
        let names = Set(found.map(\.name))
        for known in ["yaml-syntax", "unknown-key", "overflow", "too-deep"] {
            XCTAssertTrue(names.contains(known), "the scan of Sources/ missed `\(known)`")
        }
    }

    func testEachModulesListHoldsExactlyItsDeclaredCodes() {
        let (declared, unreadable) = Self.scanDeclarations()
        XCTAssertEqual(unreadable, [], "codes must be declared as DiagnosticCode(\"name\", .severity) so this test can find them")
        // A stage's list holds the codes its modules declare: the model stage's, those of
        // validation and of the expression evaluator in the model, which layout shares.
        let stages: [String: String] = [
            "TatamiYAML": "yaml", "TatamiModel": "model", "TatamiValidation": "model",
            "TatamiLayout": "layout", "TatamiServices": "services",
        ]
        let lists: [String: [DiagnosticCode]] = [
            "yaml": DiagnosticCode.yamlStageCodes,
            "model": DiagnosticCode.modelStageCodes,
            "layout": DiagnosticCode.layoutStageCodes,
            "services": DiagnosticCode.servicesStageCodes,
        ]
        let found = declared.map { Declaration(module: stages[$0.module] ?? $0.module, name: $0.name, severity: $0.severity) }
        for d in found {
            guard let list = lists[d.module] else {
                XCTFail("\(d.module) declares `\(d.name)`, but only TatamiYAML, TatamiModel, TatamiValidation, TatamiLayout and TatamiServices have a list of codes (add one and include it in DiagnosticCode.allCodes)")
                continue
            }
            let listed = list.first { $0.name == d.name }
            XCTAssertNotNil(listed, "`\(d.name)` is declared in \(d.module) but missing from its list of codes")
            XCTAssertEqual(listed?.severity.rawValue ?? d.severity, d.severity, "`\(d.name)`: the list's severity differs")
        }
        for (module, list) in lists {
            let declared = Set(found.filter { $0.module == module }.map(\.name))
            for code in list where !declared.contains(code.name) {
                XCTFail("\(module)'s list of codes holds `\(code.name)`, which \(module) does not declare")
            }
            XCTAssertEqual(Set(list.map(\.name)).count, list.count, "\(module)'s list names a code twice")
        }
        XCTAssertEqual(DiagnosticCode.allCodes.count, Set(DiagnosticCode.allCodes.map(\.name)).count, "two stages declare the same code")
    }

    func testTheCatalogExplainsExactlyTheDeclaredCodes() {
        let declared = DiagnosticCode.allCodes.map(\.name)
        let explained = DiagnosticCatalog.table.map(\.code.name)
        XCTAssertEqual(Set(explained).count, explained.count, "the catalog explains a code twice")
        for name in declared where !explained.contains(name) {
            XCTFail("`\(name)` has no explanation in DiagnosticCatalog.table")
        }
        for name in explained where !declared.contains(name) {
            XCTFail("the catalog explains `\(name)`, which no module declares")
        }
        XCTAssertEqual(DiagnosticCatalog.entries.map(\.code.name), declared)
        XCTAssertEqual(DiagnosticCatalog.stages.flatMap(\.codes).map(\.name), declared)
    }

    func testEveryExplanationIsFilledIn() {
        for e in DiagnosticCatalog.table {
            let name = e.code.name
            XCTAssertFalse(e.summary.isEmpty, name)
            XCTAssertFalse(e.when.isEmpty || e.when.contains(where: \.isEmpty), name)
            XCTAssertFalse(e.fix.isEmpty || e.fix.contains(where: \.isEmpty), name)
            for example in [e.example, e.fixed] + e.files.filter { $0.copyOf == nil }.map(\.text) {
                XCTAssertTrue(example.hasSuffix("\n") && !example.hasSuffix("\n\n"), "\(name): an example ends with one newline")
                XCTAssertFalse(example.contains("\t"), "\(name): examples are indented with spaces")
            }
            XCTAssertNotEqual(e.example, e.fixed, name)
        }
    }

    // MARK: The examples, through the pipeline

    /// Lints `text` as `tatami lint` lints a file: written in a fresh directory (with the files
    /// it needs beside it), which is the workspace root, every viewport laid out.
    func lint(_ text: String, files: [DiagnosticExplanation.SupportingFile]) throws -> [Diagnostic] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for f in files {
            if let source = f.copyOf {
                try FileManager.default.copyItem(at: Fixtures.repositoryRoot().appendingPathComponent(source),
                                                 to: dir.appendingPathComponent(f.path))
            } else {
                try f.text.write(to: dir.appendingPathComponent(f.path), atomically: true, encoding: .utf8)
            }
        }
        let path = dir.appendingPathComponent("example.tatami.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return Pipeline.analyze(bytes: Array(text.utf8), path: path, viewports: .all, workspaceRoot: dir.path).diagnostics
    }

    func testEachExampleReportsItsCodeAndEachFixedExampleNothing() throws {
        for e in DiagnosticCatalog.table {
            let name = e.code.name
            let found = try lint(e.example, files: e.files)
            let own = found.filter { $0.code == e.code }
            XCTAssertFalse(own.isEmpty, "the example of `\(name)` does not report it; it reports: \(found.map { "\($0.code): \($0.message)" })")
            for d in own { XCTAssertEqual(d.severity, e.severity, name) }
            // Minimal: nothing else but the consequences the explanation names.
            XCTAssertEqual(Set(found.map(\.code.name)), Set([name] + e.alsoReports.map(\.name)),
                           "the example of `\(name)` reports other codes: \(found.map { "\($0.code): \($0.message)" })")
            let fixed = try lint(e.fixed, files: e.files)
            XCTAssertEqual(fixed.map { "\($0.code): \($0.message)" }, [], "the fixed example of `\(name)` should report nothing")
        }
    }

    // MARK: The fixtures

    func testEveryCodeTheDiagnosticFixturesReportIsExplained() throws {
        let explained = Set(DiagnosticCatalog.table.map(\.code.name))
        let files = Fixtures.files(in: "diagnostics", suffix: ".tatami.yaml")
        XCTAssertGreaterThanOrEqual(files.count, 25, "diagnostic fixtures are missing")
        // The code after a marker's carets (or position) and severity: `#  ^^^ error unknown-key: …`.
        let marker = try NSRegularExpression(pattern: #"^\s*#\s*(?:\^+|@[0-9:-]+)\s+(?:error|warning|information|hint)\s+([a-z][a-z-]*)"#,
                                             options: .anchorsMatchLines)
        var seen = Set<String>()
        var unexplained: [String: String] = [:]  // code → the first fixture reporting it
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let reported = Pipeline.analyze(text: text, path: url.lastPathComponent).diagnostics.map(\.code.name)
            let ns = text as NSString
            let expected = marker.matches(in: text, range: NSRange(location: 0, length: ns.length))
                .map { ns.substring(with: $0.range(at: 1)) }
            for name in reported + expected {
                seen.insert(name)
                if !explained.contains(name) && unexplained[name] == nil { unexplained[name] = url.lastPathComponent }
            }
        }
        for (name, file) in unexplained.sorted(by: { $0.key < $1.key }) {
            XCTFail("\(file) reports `\(name)`, which the catalog does not explain")
        }
        XCTAssertGreaterThan(seen.count, 20, "the fixtures' codes were not read")
    }

    // MARK: The page

    func testDocsDiagnosticsMatchesTheCatalog() throws {
        let url = Fixtures.repositoryRoot().appendingPathComponent("docs/diagnostics.md")
        let generated = DiagnosticCatalog.markdownPage()
        let written = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing>"
        XCTAssertTrue(written == generated,
                      "docs/diagnostics.md differs from the catalog; regenerate it with `\(DiagnosticCatalog.regenerateCommand)`\(firstDifference(written, generated))")
        XCTAssertTrue(written.contains(DiagnosticCatalog.regenerateCommand), "the page names its regeneration command")
        for code in DiagnosticCode.allCodes {
            XCTAssertTrue(written.contains("### `\(code.name)`"), "docs/diagnostics.md has no section for `\(code.name)`")
        }
    }

    private func firstDifference(_ a: String, _ b: String) -> String {
        let x = a.components(separatedBy: "\n"), y = b.components(separatedBy: "\n")
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? x[i] : "<end>", r = i < y.count ? y[i] : "<end>"
            if l != r { return "\n line \(i + 1)\n  written:   \(l)\n  generated: \(r)" }
        }
        return ""
    }

    // MARK: Lookups and text

    func testLookupIgnoresCaseAndSuggestsTheNearestCode() {
        XCTAssertEqual(DiagnosticCatalog.explanation(named: "Unknown-Key")?.code, .unknownKey)
        XCTAssertNil(DiagnosticCatalog.explanation(named: "unknown"))
        XCTAssertEqual(DiagnosticCatalog.closestCode(to: "overflw"), "overflow")
        XCTAssertNil(DiagnosticCatalog.closestCode(to: "zzzzzzzz"))
    }

    func testTextHasEveryPartAndNoColourUnlessAsked() {
        let e = DiagnosticCatalog.explanation(named: "overflow")!
        let plain = DiagnosticCatalog.text(e)
        XCTAssertTrue(plain.hasPrefix("overflow (warning)\n\(e.summary)\n"), plain)
        for heading in ["When it fires", "Example", "Fix", "Fixed"] { XCTAssertTrue(plain.contains("\n\(heading)"), heading) }
        XCTAssertFalse(plain.contains("\u{1B}["))
        XCTAssertTrue(plain.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("    ") }, "prose wraps at 80 columns")
        XCTAssertTrue(DiagnosticCatalog.text(e, color: true).contains("\u{1B}[33;1mwarning\u{1B}[0m"))
    }
}
