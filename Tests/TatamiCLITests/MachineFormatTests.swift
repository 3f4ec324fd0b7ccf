import Foundation
import XCTest

/// JSON and SARIF carry what the text format cannot: related locations, fixes, and (SARIF) each
/// rule's explanation.
extension CLITests {
    private func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    func testJSONCarriesRelatedLocationsAndFixes() throws {
        // A duplicate key points at the first; a misspelt key has a fix.
        let source = "body:\n  text: a\n  paddng: 3\n  text: b\n"
        let r = try tatami(["lint", "--format", "json", "-"], stdin: source)
        XCTAssertEqual(r.status, 1)
        let diagnostics = try json(r.stdout)["diagnostics"] as! [[String: Any]]
        let duplicate = try XCTUnwrap(diagnostics.first { $0["code"] as? String == "duplicate-key" })
        let related = try XCTUnwrap(duplicate["related"] as? [[String: Any]])
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(related[0]["file"] as? String, "<stdin>")
        XCTAssertEqual(related[0]["line"] as? Int, 2)
        XCTAssertEqual(related[0]["column"] as? Int, 3)
        let unknown = try XCTUnwrap(diagnostics.first { $0["code"] as? String == "unknown-key" })
        let fixes = try XCTUnwrap(unknown["fixes"] as? [[String: Any]])
        XCTAssertEqual(fixes.count, 1)
        XCTAssertEqual(fixes[0]["replacement"] as? String, "padding")
        XCTAssertEqual(fixes[0]["line"] as? Int, 3)
        XCTAssertEqual(fixes[0]["column"] as? Int, 3)
        XCTAssertEqual(fixes[0]["endColumn"] as? Int, 9)
        XCTAssertEqual((unknown["related"] as? [[String: Any]])?.count, 0)
    }

    func testSARIFCarriesRuleDescriptionsRelatedLocationsAndFixes() throws {
        let source = "body:\n  text: a\n  paddng: 3\n  text: b\n"
        let r = try tatami(["lint", "--format", "sarif", "-"], stdin: source)
        let run = (try json(r.stdout)["runs"] as! [[String: Any]])[0]
        let rules = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        let byID = Dictionary(uniqueKeysWithValues: (rules["rules"] as! [[String: Any]]).map { ($0["id"] as! String, $0) })
        let unknownRule = try XCTUnwrap(byID["unknown-key"])
        XCTAssertEqual((unknownRule["shortDescription"] as? [String: Any])?["text"] as? String, "A key the format does not know.")
        XCTAssertNotNil((unknownRule["fullDescription"] as? [String: Any])?["text"] as? String)
        XCTAssertTrue(((unknownRule["help"] as? [String: Any])?["text"] as? String ?? "").contains("tatami explain unknown-key"))
        XCTAssertEqual((unknownRule["defaultConfiguration"] as? [String: Any])?["level"] as? String, "error")
        let results = run["results"] as! [[String: Any]]
        let duplicate = try XCTUnwrap(results.first { $0["ruleId"] as? String == "duplicate-key" })
        let related = try XCTUnwrap(duplicate["relatedLocations"] as? [[String: Any]])
        let region = ((related[0]["physicalLocation"] as! [String: Any])["region"] as! [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 2)
        let unknown = try XCTUnwrap(results.first { $0["ruleId"] as? String == "unknown-key" })
        let fix = try XCTUnwrap((unknown["fixes"] as? [[String: Any]])?.first)
        let change = (fix["artifactChanges"] as! [[String: Any]])[0]
        XCTAssertEqual((change["artifactLocation"] as! [String: Any])["uri"] as? String, "<stdin>")
        let replacement = (change["replacements"] as! [[String: Any]])[0]
        XCTAssertEqual((replacement["insertedContent"] as! [String: Any])["text"] as? String, "padding")
        XCTAssertEqual((replacement["deletedRegion"] as! [String: Any])["startColumn"] as? Int, 3)
        XCTAssertEqual((replacement["deletedRegion"] as! [String: Any])["endColumn"] as? Int, 9)
    }
}

/// The text format is one line per finding, `path:line:column: severity: message [code]`, with
/// the same findings and positions as the JSON format (written by other code).
extension CLITests {
    func testTextLinesAreTheJSONFindings() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Positions past one digit (line 128, column 11), two codes, an error and a warning, in
        // two files.
        let a = dir.appendingPathComponent("a.tatami.yaml"), b = dir.appendingPathComponent("b.tatami.yaml")
        let filler = String(repeating: "# a comment line\n", count: 120)
        try ("tatami: 1\n" + filler + "body:\n  vstack:\n    - text: a\n      paddng: 3\n    - vstack:\n        - text: c\n"
             + "        - hstack:\n            - text: b\n")
            .write(to: a, atomically: true, encoding: .utf8)
        try "tatami: 1\nbody:\n  text: x\n  colr: red\n".write(to: b, atomically: true, encoding: .utf8)

        let json = try tatami(["lint", "--format", "json", a.path, b.path])
        let findings = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["diagnostics"] as! [[String: Any]]
        // Counted by hand: a's `paddng` on line 1 + 120 + 4, after six spaces; its `hstack`, which
        // holds one view, three lines below, after ten; b's `colr` on line 4, after two.
        let places = findings.map { "\(($0["file"] as! String).hasSuffix("a.tatami.yaml") ? "a" : "b"):\($0["line"]!):\($0["column"]!) \($0["code"]!)" }
        XCTAssertEqual(places, ["a:125:7 unknown-key", "a:128:11 useless-container", "b:4:3 unknown-key"], json.stdout)
        func line(_ d: [String: Any], severity: (String) -> String) -> String {
            "\(d["file"]!):\(d["line"]!):\(d["column"]!): \(severity(d["severity"] as! String)): \(d["message"]!) [\(d["code"]!)]"
        }

        let plain = try tatami(["lint", a.path, b.path])
        XCTAssertEqual(plain.stdout, findings.map { line($0) { $0 } + "\n" }.joined())
        let coloured = try tatami(["lint", "--color", "always", a.path, b.path])
        let colours = ["error": "31;1", "warning": "33;1"]
        XCTAssertEqual(coloured.stdout, findings.map { line($0) { "\u{1B}[\(colours[$0]!)m\($0)\u{1B}[0m" } + "\n" }.joined())
    }
}
