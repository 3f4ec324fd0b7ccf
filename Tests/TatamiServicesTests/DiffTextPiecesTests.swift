import Foundation
import TatamiBase
import TatamiModel
@testable import TatamiServices
import TatamiValidation
import XCTest

/// The shortcuts `tatami diff` takes over the general functions it used to call (the text
/// format's literals and numbers, a path's directory read from its bytes) give what those give.
final class DiffTextPiecesTests: XCTestCase {
    func testTagNamesAreTheKindKeys() {
        for tag in ViewKindTag.allCases {
            XCTAssertEqual(OutlinePlaces.tagName(tag).description, tag.name)
        }
    }

    func testWordsAreTheChangeWords() {
        for change in [DiffViewChange.Change.added, .removed, .changed] {
            for moved in [false, true] {
                for resized in [false, true] {
                    let expected: String
                    switch change {
                    case .added: expected = "added"
                    case .removed: expected = "removed"
                    case .changed: expected = moved && resized ? "moved+resized" : moved ? "moved" : "resized"
                    }
                    XCTAssertEqual(DiffViewChange.wordLiteral(change, moved: moved, resized: resized).description, expected)
                }
            }
        }
    }

    func testNumbersAreWholeDigitsElseFormatNumber() {
        var values: [Double] = [0, -0.0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456, -7, -10_000, 0.5, -2.25,
                                1e15, 8.9e18, 9e18, 1e19, -9.5e18, .infinity, -.infinity, .nan, 1 / 3]
        for k in 0..<2000 { values.append(Double(k) * 0.75 - 500) }
        for v in values {
            var out: [UInt8] = []
            DiffFormatter.number(v, into: &out)
            // A whole length within ±9e18 as an integer's digits, anything else as `formatNumber`.
            let expected = v == v.rounded() && abs(v) < 9e18 ? String(Int64(v)) : formatNumber(v)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), expected, "\(v)")
        }
        for n: Int64 in [0, 5, 10, 99, 100, 999, 1000, 9999, 10_000, 65_535, 65_536, -1, -9999, -10_000, .max, .min + 1] {
            var out: [UInt8] = []
            DiffFormatter.integer(n, into: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(n))
        }
    }

    func testSummaryBytesAreTheSummary() {
        // Every combination of viewport statuses and counts (0, 1, several) that the bytes are
        // written for, and files with diagnostics, which go through the summary's string.
        var files: [DiffFile] = []
        let counts = [0, 1, 2, 12]
        for status in [DiffViewport.Status.unchanged, .changed, .added, .removed] {
            for moved in counts {
                for resized in counts {
                    for (added, removed) in [(0, 0), (1, 0), (0, 3), (2, 1)] {
                        var f = DiffFile(oldPath: "a.tatami.yaml", newPath: "a.tatami.yaml", status: .modified)
                        var v = DiffViewport(name: "phone", status: status, old: nil, new: nil, tolerance: 1)
                        (v.moved, v.resized, v.added, v.removed) = (moved, resized, added, removed)
                        var w = DiffViewport(name: "tablet wide", status: .changed, old: nil, new: nil, tolerance: 1)
                        w.moved = resized
                        f.viewports = moved % 2 == 0 ? [v, w] : [v]
                        files.append(f)
                    }
                }
            }
        }
        var withDiagnostics = files[5]
        withDiagnostics.appeared = [DiffDiagnostic(code: "overflow", severity: .warning, message: "m", viewport: nil, line: 1, column: 1)]
        var viewportDiagnostics = files[9]
        viewportDiagnostics.viewports[0].disappeared = [DiffDiagnostic(code: "text-truncated", severity: .warning, message: "m",
                                                                       viewport: "phone", line: 1, column: 1)]
        files += [withDiagnostics, viewportDiagnostics, DiffFile(oldPath: "a", newPath: "a", status: .identical),
                  DiffFile(oldPath: "a", newPath: "a", status: .modified)]
        for f in files {
            var out: [UInt8] = []
            DiffFormatter.summary(f, into: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), f.summary)
        }
    }
}
