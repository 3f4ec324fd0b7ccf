import Foundation
import XCTest

/// A U+2028 LINE SEPARATOR (or U+2029, NEL, a CR alone) inside a quoted scalar: a line break to
/// libyaml, not to editors. What comes after it is reported where it is, in the editor's lines
/// and columns, and the file formats.
extension CLITests {
    func testALineSeparatorInAStringMovesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-separators-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, separator) in [("ls", "\u{2028}"), ("ps", "\u{2029}"), ("nel", "\u{85}"), ("cr", "\r")] {
            let file = "\(name).tatami.yaml"
            try "body:\n  vstack:\n    - text: \"a\(separator)b\"\n    - colr: red\n"
                .write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
            // `colr` is on line 4 at column 7 (after `    - `), as an editor counts.
            let lint = try tatami(["lint", "--format", "json", file], in: dir)
            XCTAssertEqual(lint.status, 1, lint.stderr)
            let object = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as! [String: Any]
            let items = object["diagnostics"] as! [[String: Any]]
            XCTAssertEqual(items.map { $0["code"] as? String }, ["unknown-key"], "\(name): \(lint.stdout)")
            XCTAssertEqual(items.first?["line"] as? Int, 4, name)
            XCTAssertEqual(items.first?["column"] as? Int, 7, name)
            XCTAssertEqual(items.first?["endColumn"] as? Int, 11, name)
            XCTAssertTrue((items.first?["message"] as? String)?.contains("unknown key `colr`") ?? false, name)
            let text = try tatami(["lint", file], in: dir)
            XCTAssertTrue(text.stdout.hasPrefix("\(file):4:7: error: unknown key `colr`"), text.stdout)

            // §15: a string holding U+2028 or U+2029 keeps its quotes and, being over two lines
            // to YAML, goes on one with an escape; NEL and CR fold to a space, and `a b` is plain.
            let formatted = try tatami(["format", file], in: dir)
            XCTAssertEqual(formatted.status, 0, formatted.stderr)
            let value = ["ls": "\"a\\u2028b\"", "ps": "\"a\\u2029b\"", "nel": "a b", "cr": "a b"][name]!
            XCTAssertEqual(formatted.stdout, "body:\n  vstack:\n    - text: \(value)\n    - colr: red\n", name)
            XCTAssertEqual(formatted.stderr, "", name)
        }
    }
}
