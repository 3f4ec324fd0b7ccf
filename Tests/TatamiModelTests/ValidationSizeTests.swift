import Foundation
import TatamiTestSupport
import XCTest

/// The validator stays in parts a reader can hold: no file of `Sources/TatamiValidation` over 600
/// lines and no function over 100 (ARCHITECTURE.md, "How a file is validated").
final class ValidationSizeTests: XCTestCase {
    func testNoValidationFileOrFunctionIsTooLong() throws {
        let base = Fixtures.repositoryRoot().appendingPathComponent("Sources/TatamiValidation")
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        XCTAssertGreaterThan(files.count, 20)
        for url in files {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let name = url.lastPathComponent
            XCTAssertLessThanOrEqual(lines.count, 600, "\(name) has \(lines.count) lines")
            for (function, length) in Self.functionLengths(lines) {
                XCTAssertLessThanOrEqual(length, 100, "\(name): `\(function)` has \(length) lines")
            }
        }
    }

    /// Each function's (and initialiser's) length in lines, from its declaration to its closing
    /// brace; braces inside string literals and comments are not counted.
    static func functionLengths(_ lines: [String]) -> [(String, Int)] {
        var result: [(String, Int)] = []
        var open: [(name: String, line: Int, depth: Int)] = []
        var pending: (name: String, line: Int)? = nil
        var depth = 0
        for (n, line) in lines.enumerated() {
            var code = ""
            var inString = false, escaped = false
            var previous: Character = " "
            for c in line {
                if inString {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                } else if c == "/" && previous == "/" {
                    code.removeLast()
                    break
                } else if c == "\"" {
                    inString = true
                } else {
                    code.append(c)
                }
                previous = c
            }
            let words = code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            if let i = words.firstIndex(where: { $0 == "func" || $0 == "init" }) {
                pending = (words[i] == "init" ? "init" : String(words.dropFirst(i + 1).first ?? "func"), n)
            }
            for c in code {
                if c == "{" {
                    depth += 1
                    if let p = pending { open.append((p.name, p.line, depth)); pending = nil }
                } else if c == "}" {
                    if let last = open.last, last.depth == depth {
                        open.removeLast()
                        result.append((last.name, n - last.line + 1))
                    }
                    depth -= 1
                }
            }
        }
        return result
    }
}
