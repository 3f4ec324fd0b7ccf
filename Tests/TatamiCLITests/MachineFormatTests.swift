import Foundation
import XCTest

/// JSON and SARIF carry what the text format cannot: related locations, fixes, and (SARIF) each
/// rule's explanation.
extension CLITests {
    func json(_ text: String) throws -> [String: Any] {
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

/// `overflow` names the children that need the room, in every output (docs/format.md §12.1).
extension CLITests {
    /// A colour 500×900 (line 11) three containers deep in a 200×200 screen: each container that
    /// overflows names its largest child and the colour.
    static let overflowingSource = """
        viewports:
          v: {width: 200, height: 200}
        body:
          vstack:
            - text: Hello
            - hstack:
                - text: A
                - vstack:
                    - text: B
                    - text: C
                    - color: red
                      frame: {width: 500, height: 900}

        """

    func testOverflowRelatedLocationsNameTheChildThatNeedsTheRoom() throws {
        let r = try tatami(["lint", "--format", "json", "-"], stdin: Self.overflowingSource)
        let diagnostics = try json(r.stdout)["diagnostics"] as! [[String: Any]]
        let overflow = diagnostics.filter { $0["code"] as? String == "overflow" }
        XCTAssertEqual(overflow.count, 6, r.stdout)
        // The body's vstack (line 4), too wide: its largest child is the hstack (line 6), and the
        // colour at line 11 is what needs the room. Widths by hand: the hstack is
        // 8 + 8 + 500 = 516; the colour was offered 200 - 8 - 8 = 184.
        let outer = try XCTUnwrap(overflow.first { $0["line"] as? Int == 4 && ($0["message"] as! String).contains("wide") })
        let related = try XCTUnwrap(outer["related"] as? [[String: Any]])
        XCTAssertEqual(related.map { $0["line"] as? Int }, [6, 11])
        XCTAssertEqual(related.map { $0["column"] as? Int }, [7, 15])
        XCTAssertEqual(related[0]["message"] as? String, "hstack is the largest child: 516 wide")
        XCTAssertEqual(related[1]["message"] as? String, "color needs the room: it is 500 wide where 184 was offered")
        // The innermost vstack's largest child is the colour itself, named once.
        let inner = try XCTUnwrap(overflow.first { $0["line"] as? Int == 8 && ($0["message"] as! String).contains("tall") })
        let innerRelated = try XCTUnwrap(inner["related"] as? [[String: Any]])
        XCTAssertEqual(innerRelated.map { $0["line"] as? Int }, [11])
        XCTAssertEqual(innerRelated[0]["message"] as? String, "color is the largest child: 900 tall")

        // SARIF: the same places as relatedLocations.
        let sarif = try tatami(["lint", "--format", "sarif", "-"], stdin: Self.overflowingSource)
        let results = ((try json(sarif.stdout)["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])
        let first = try XCTUnwrap(results.first { $0["ruleId"] as? String == "overflow" })
        let locations = try XCTUnwrap(first["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(locations.map { (($0["physicalLocation"] as! [String: Any])["region"] as! [String: Any])["startLine"] as? Int }, [6, 11])

        // Text: each related location is a note line after its finding.
        let text = try tatami(["lint", "-"], stdin: Self.overflowingSource)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let at = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("<stdin>:4:3: warning: vstack content is 516 wide") })
        XCTAssertEqual(lines[at + 1], "<stdin>:6:7: note: hstack is the largest child: 516 wide")
        XCTAssertEqual(lines[at + 2], "<stdin>:11:15: note: color needs the room: it is 500 wide where 184 was offered")
    }
}

/// The text format is one line per finding, `path:line:column: severity: message [code]`, with
/// the same findings and positions as the JSON format (written by other code), each followed by
/// its related locations as `path:line:column: note: message` lines.
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
