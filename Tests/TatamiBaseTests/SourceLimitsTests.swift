import Foundation
import TatamiTestSupport
import XCTest

/// The sources stay in parts a reader can hold: in `Sources/`, no line over 160 characters, no
/// file over 600 lines and no function (or initialiser, subscript) over 100 lines
/// (ARCHITECTURE.md, "Invariants"). A file too long is split by what its parts do, as
/// `Type+Purpose.swift` extensions; a function too long, into the steps it takes.
///
/// It lives here, in the lowest module's tests, because it reads files only: it needs no
/// module of the package and runs whichever target changed.
final class SourceLimitsTests: XCTestCase {
    static let maximumLineLength = 160
    static let maximumFileLines = 600
    static let maximumFunctionLines = 100

    /// Every Swift file under `Sources/`, as a path relative to the repository root.
    static func sourceFiles() -> [String] {
        let root = Fixtures.repositoryRoot()
        let sources = root.appendingPathComponent("Sources")
        let urls = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return urls.map { String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)) }.sorted()
    }

    func testNoSourceLineFileOrFunctionIsTooLong() throws {
        let root = Fixtures.repositoryRoot()
        let files = Self.sourceFiles()
        XCTAssertGreaterThan(files.count, 200)
        for path in files {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let lines = Self.lines(text)
            XCTAssertLessThanOrEqual(lines.count, Self.maximumFileLines, "\(path) has \(lines.count) lines")
            for (n, line) in lines.enumerated() where line.count > Self.maximumLineLength {
                XCTFail("\(path):\(n + 1) has \(line.count) characters (at most \(Self.maximumLineLength))")
            }
            for function in Self.functionLengths(lines) where function.lines > Self.maximumFunctionLines {
                XCTFail("\(path):\(function.line + 1): `\(function.name)` has \(function.lines) lines")
            }
        }
    }

    /// The counter itself: declarations, not calls (`self.init(`); a requirement without a
    /// body counts nothing; braces in strings (multi-line, raw, interpolated) and comments do
    /// not count.
    func testFunctionLengthsCountFromDeclarationToClosingBrace() {
        let source = #"""
            protocol P {
                func required()
            }
            struct S {
                init(x: Int) {
                    self.init()
                    let s = "{ \(x.map { "}" }) {"
                }
                init() {}
                func f() -> String {
                    // a } in a comment
                    /* and { in a block */
                    let raw = #"{"#
                    return """
                        { not a brace
                        """
                }
                subscript(i: Int) -> Int {
                    i
                }
            }
            """#
        let found = Self.functionLengths(Self.lines(source))
        XCTAssertEqual(found.map(\.name), ["init", "init", "f", "subscript"])
        XCTAssertEqual(found.map(\.lines), [4, 1, 8, 3])
        XCTAssertEqual(found.map(\.line), [4, 8, 9, 17])
    }

    /// A text's lines, without the empty one after a final line break.
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Each function's (initialiser's, subscript's) length in lines, from its declaration to its
    /// closing brace, with the (0-based) line it is declared on.
    static func functionLengths(_ lines: [String]) -> [(name: String, line: Int, lines: Int)] {
        var result: [(name: String, line: Int, lines: Int)] = []
        var open: [(name: String, line: Int, depth: Int)] = []
        var pending: (name: String, line: Int)? = nil
        var depth = 0
        var scanner = CodeScanner()
        for (n, line) in lines.enumerated() {
            let code = scanner.code(of: Array(line))
            let words = code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." })
            for (i, word) in words.enumerated() {
                switch word {
                case "func": pending = (i + 1 < words.count ? String(words[i + 1]) : "func", n)
                case "init", "deinit", "subscript": pending = (String(word), n)
                default: break
                }
            }
            for c in code {
                if c == "{" {
                    depth += 1
                    if let p = pending { open.append((p.name, p.line, depth)); pending = nil }
                } else if c == "}" {
                    // A declaration without a body (a protocol's requirement) ends here at the latest.
                    pending = nil
                    if let last = open.last, last.depth == depth {
                        open.removeLast()
                        result.append((last.name, last.line, n - last.line + 1))
                    }
                    depth -= 1
                }
            }
        }
        return result
    }

    /// Swift source as code alone, line by line: comments and string literals (single-line,
    /// multi-line, raw, with interpolations) replaced by nothing.
    struct CodeScanner {
        /// Inside a multi-line string literal with this many `#`s, or a block comment.
        private var multiLineString: Int? = nil
        private var blockComment = false

        mutating func code(of line: [Character]) -> String {
            var code = ""
            var i = 0
            while i < line.count {
                if blockComment {
                    guard let end = Self.find(["*", "/"], in: line, from: i) else { return code }
                    blockComment = false
                    i = end + 2
                    continue
                }
                if let hashes = multiLineString {
                    let close: [Character] = ["\"", "\"", "\""] + Array(repeating: "#", count: hashes)
                    guard let end = Self.find(close, in: line, from: i) else { return code }
                    multiLineString = nil
                    i = end + close.count
                    continue
                }
                let c = line[i]
                if c == "/" && i + 1 < line.count && line[i + 1] == "/" { return code }
                if c == "/" && i + 1 < line.count && line[i + 1] == "*" {
                    blockComment = true
                    i += 2
                    continue
                }
                var hashes = 0
                while i + hashes < line.count && line[i + hashes] == "#" { hashes += 1 }
                if i + hashes < line.count && line[i + hashes] == "\"" {
                    let start = i + hashes
                    if start + 2 < line.count && line[start + 1] == "\"" && line[start + 2] == "\"" {
                        multiLineString = hashes
                        i = start + 3
                    } else {
                        i = Self.endOfString(line, from: start + 1, hashes: hashes)
                    }
                    continue
                }
                code.append(c)
                i += 1
            }
            return code
        }

        static func find(_ needle: [Character], in line: [Character], from start: Int) -> Int? {
            guard needle.count <= line.count else { return nil }
            var i = start
            while i + needle.count <= line.count {
                if Array(line[i..<(i + needle.count)]) == needle { return i }
                i += 1
            }
            return nil
        }

        /// Past the single-line string literal whose text starts at `start` (the line's end when
        /// it does not close there).
        static func endOfString(_ line: [Character], from start: Int, hashes: Int) -> Int {
            var i = start
            while i < line.count {
                let c = line[i]
                if c == "\\" && Array(line[(i + 1)..<min(line.count, i + 1 + hashes)]) == Array(repeating: "#", count: hashes) {
                    let after = i + 1 + hashes
                    if after < line.count && line[after] == "(" {
                        i = endOfInterpolation(line, from: after + 1)
                    } else {
                        i = after + 1
                    }
                    continue
                }
                if c == "\"" && Array(line[(i + 1)..<min(line.count, i + 1 + hashes)]) == Array(repeating: "#", count: hashes) {
                    return i + 1 + hashes
                }
                i += 1
            }
            return line.count
        }

        /// Past the `)` that closes the interpolation whose code starts at `start`.
        static func endOfInterpolation(_ line: [Character], from start: Int) -> Int {
            var i = start
            var parentheses = 1
            while i < line.count {
                let c = line[i]
                if c == "\"" {
                    i = endOfString(line, from: i + 1, hashes: 0)
                    continue
                }
                if c == "(" { parentheses += 1 }
                if c == ")" {
                    parentheses -= 1
                    if parentheses == 0 { return i + 1 }
                }
                i += 1
            }
            return line.count
        }
    }
}
