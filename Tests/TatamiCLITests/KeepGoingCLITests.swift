import Foundation
import XCTest

/// Issue 15's "diagnostics that keep going", through the built binary.
extension CLITests {
    func testLintKeepsGoingPastAMisspeltKind() throws {
        let source = """
            viewports:
              v: {width: 300, height: 200}
            # tatami-ignore-file: overflw
            body:
              vstak:
                - text: Hello
                  font: titel
                  background: red
                - stack: [a]
              spacing: x

            """
        let r = try tatami(["lint", "-"], stdin: source)
        XCTAssertEqual(r.status, 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "<stdin>:3:23: warning: `overflw` is not a diagnostic code, so this comment silences nothing; did you mean `overflow`? [unknown-code]",
            "<stdin>:5:3: error: unknown key `vstak`; did you mean `vstack`? (the rest of this view is checked as `vstack`) [unknown-key]",
            "<stdin>:7:13: error: unknown font `titel`; did you mean `title`? [unknown-font]",
            "<stdin>:8:19: warning: `red` here is a text view that shows the word `red`; for the colour, write `{color: red}` [color-as-text]",
            "<stdin>:9:7: error: unknown key `stack`; did you mean `hstack`, `vstack` or `zstack`? [unknown-key]",
            "<stdin>:10:12: error: expected a number for `spacing`, found a string [wrong-type]",
        ], r.stdout)
    }

    func testLintReportsAnUnclosedQuoteWhereItOpens() throws {
        let r = try tatami(["lint", "--format", "json", "-"],
                           stdin: "viewports:\n  v: {width: 100, height: 100}\nbody:\n  vstack:\n    - text: \"Hello\n    - text: b\n")
        XCTAssertEqual(r.status, 1)
        let d = (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any])["diagnostics"] as! [[String: Any]]
        XCTAssertEqual(d.count, 1, r.stdout)
        XCTAssertEqual(d[0]["code"] as? String, "yaml-syntax")
        XCTAssertEqual(d[0]["line"] as? Int, 5)
        XCTAssertEqual(d[0]["column"] as? Int, 13)
        XCTAssertEqual((d[0]["related"] as? [[String: Any]])?.first?["line"] as? Int, 7)
    }
}
