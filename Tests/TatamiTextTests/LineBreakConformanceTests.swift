import Foundation
import XCTest
@testable import TatamiText

/// UAX #14's own conformance test, LineBreakTest.txt (Unicode 15.0, from Debian's `unicode-data`;
/// `.ci/run` installs it), with Chromium's departures off.
final class LineBreakConformanceTests: XCTestCase {
    static let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    struct Case {
        var line: Int
        var scalars: [Unicode.Scalar]
        /// After scalar k (k = 0 is before the first): is there a break?
        var breaks: [Bool]
        var source: String
    }

    static func cases() throws -> [Case]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var result: [Case] = []
        for (n, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.isEmpty { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Bool] = []
            for field in fields {
                switch field {
                case "÷": breaks.append(true)
                case "×": breaks.append(false)
                default:
                    let value = try XCTUnwrap(UInt32(field, radix: 16), "line \(n + 1): \(field)")
                    scalars.append(try XCTUnwrap(Unicode.Scalar(value), "line \(n + 1): U+\(field)"))
                }
            }
            XCTAssertEqual(breaks.count, scalars.count + 1, "line \(n + 1)")
            result.append(Case(line: n + 1, scalars: scalars, breaks: breaks, source: String(rawLine)))
        }
        return result
    }

    /// The lines of the file whose breaks (and mandatory flags) `options` gets wrong, described.
    static func failures(_ cases: [Case], _ options: LineBreakOptions) -> [String] {
        let breaker = LineBreaker(options: options)
        var failures: [String] = []
        for test in cases {
            var text = ""
            text.unicodeScalars.append(contentsOf: test.scalars)
            // Expected: the UTF-8 offset after scalar k for each ÷ (k ≥ 1; LB2 forbids one at 0).
            var offsets = [0]
            for s in test.scalars { offsets.append(offsets.last! + String(s).utf8.count) }
            let expected = (1..<offsets.count).filter { test.breaks[$0] }.map { offsets[$0] }
            let got = breaker.opportunities(in: text)
            // Mandatory exactly after BK, LF, NL, and CR not followed by LF (LB4, LB5).
            var expectedMandatory: [Int] = []
            for (k, s) in test.scalars.enumerated() {
                let v = s.value
                let hard = v == 0x0A || v == 0x0B || v == 0x0C || v == 0x85 || v == 0x2028 || v == 0x2029
                    || (v == 0x0D && (k + 1 == test.scalars.count || test.scalars[k + 1].value != 0x0A))
                if hard { expectedMandatory.append(offsets[k + 1]) }
            }
            let gotMandatory = got.filter(\.isMandatory).map(\.offset)
            if test.breaks[0] || got.map(\.offset) != expected || gotMandatory != expectedMandatory {
                failures.append("line \(test.line): expected \(expected) (mandatory \(expectedMandatory)), got "
                                + "\(got.map(\.offset)) (mandatory \(gotMandatory)): \(test.source)")
            }
        }
        return failures
    }

    func testLineBreakTestTxt() throws {
        guard let cases = try Self.cases() else {
            print("LineBreakConformanceTests: skipped, \(Self.path) is missing (Debian package unicode-data)")
            throw XCTSkip("\(Self.path) is missing")
        }
        XCTAssertGreaterThan(cases.count, 7000)
        let failures = Self.failures(cases, .uax14)
        print("LineBreakTest.txt: \(cases.count - failures.count)/\(cases.count) lines pass")
        for failure in failures.prefix(40) { print(failure) }
        XCTAssertEqual(failures.count, 0, "\(failures.count) lines of LineBreakTest.txt fail")
    }

    /// The harness can fail: with Chromium's departures on, some lines of the file must differ.
    func testDeparturesDifferFromTheFile() throws {
        guard let cases = try Self.cases() else { throw XCTSkip("\(Self.path) is missing") }
        let failures = Self.failures(cases, .chromium)
        print("LineBreakTest.txt with Chromium's departures: \(failures.count) lines differ")
        XCTAssertGreaterThan(failures.count, 0)
    }

    /// Every class of the generated table is a known class and the table spans all scalars.
    func testTableSpotChecks() {
        func cls(_ v: UInt32) -> LineBreakClass { LineBreakTable.lineBreakClass(of: Unicode.Scalar(v)!) }
        XCTAssertEqual(LineBreakTable.unicodeVersion, "15.0.0")
        XCTAssertEqual(cls(0x41), .al)
        XCTAssertEqual(cls(0x20), .sp)
        XCTAssertEqual(cls(0x2F), .sy)
        XCTAssertEqual(cls(0x2D), .hy)
        XCTAssertEqual(cls(0x0A), .lf)
        XCTAssertEqual(cls(0x00A7), .al)          // AI → AL (LB1)
        XCTAssertEqual(cls(0x0E01), .al)          // SA, Lo → AL
        XCTAssertEqual(cls(0x0E31), .cm)          // SA, Mn → CM
        XCTAssertEqual(cls(0x30FC), .cj)          // ー, resolved at run time
        XCTAssertEqual(cls(0x3041), .cj)          // ぁ
        XCTAssertEqual(cls(0x4E00), .id)
        XCTAssertEqual(cls(0x9FFF), .id)          // unassigned in a CJK block: ID
        XCTAssertEqual(cls(0x2A6E0), .id)         // plane 2, unassigned
        XCTAssertEqual(cls(0x1FFFD), .idPictographic) // Extended_Pictographic, unassigned
        XCTAssertEqual(cls(0x1F600), .id)         // assigned emoji
        XCTAssertEqual(cls(0x1F3FB), .em)
        XCTAssertEqual(cls(0x261D), .eb)
        XCTAssertEqual(cls(0x20C1), .pr)          // unassigned currency symbol: PR
        XCTAssertEqual(cls(0x0378), .al)          // unassigned: XX → AL
        XCTAssertEqual(cls(0xFF08), .opEastAsian) // （ is W
        XCTAssertEqual(cls(0x0028), .op)
        XCTAssertEqual(cls(0x0029), .cp)
        XCTAssertEqual(cls(0xE0001), .cm)         // LANGUAGE TAG
        XCTAssertEqual(cls(0xF0000), .al)         // private use: XX → AL
        XCTAssertEqual(cls(0x10FFFF), .al)
        XCTAssertEqual(cls(0x1F1E6), .ri)
        XCTAssertEqual(cls(0x200D), .zwj)
        XCTAssertEqual(cls(0x05D0), .hl)
    }
}
