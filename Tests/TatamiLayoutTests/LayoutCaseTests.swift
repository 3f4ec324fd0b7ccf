import Foundation
import TatamiBase
import TatamiLayout
import TatamiServices
import TatamiTestSupport
import XCTest

/// Runs every `Tests/Fixtures/layout/*.tatami.yaml` case.
///
/// Expectations are YAML comments in the case file, computed by hand from docs/format.md (texts in
/// font files: from the font's tables and docs/text-reference.md) with the arithmetic beside them:
///
///     # expect <viewport>
///     #   <path> <x> <y> <width> <height> [content <x> <y> <width> <height>]
///     #   ! <code> <path>
///
/// Every frame the viewport shows must be listed (the set must match exactly), and so must every
/// layout diagnostic (`! code path`: a diagnostic with that code on the view at that path, or
/// `! code @line:column`, 1-based, for one that is not on a shown view). The checks of the written
/// tree (`too-deep`, `useless-container`), reported once per file, are listed under each viewport.
final class LayoutCaseTests: XCTestCase {
    struct ExpectedFrame: Equatable, CustomStringConvertible {
        var path: String
        var frame: [Double]
        var content: [Double]?
        var description: String {
            "\(path) \(frame.map(formatNumber).joined(separator: " "))" + (content.map { " content " + $0.map(formatNumber).joined(separator: " ") } ?? "")
        }
    }

    struct Expectation {
        var viewport: String
        var frames: [ExpectedFrame] = []
        var diagnostics: Set<String> = []
    }

    static func expectations(in text: String) -> [Expectation] {
        var result: [Expectation] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("#") else { continue }
            let words = line.dropFirst().split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            if first == "expect", words.count >= 2 {
                result.append(Expectation(viewport: words[1]))
            } else if first == "!", words.count >= 3, !result.isEmpty {
                result[result.count - 1].diagnostics.insert("\(words[1]) \(words[2])")
            } else if first.hasPrefix("/"), !result.isEmpty, words.count >= 5 {
                let numbers = words[1...4].compactMap(Double.init)
                guard numbers.count == 4 else { continue }
                var content: [Double]? = nil
                if words.count >= 10, words[5] == "content" { content = words[6...9].compactMap(Double.init) }
                result[result.count - 1].frames.append(ExpectedFrame(path: first, frame: numbers, content: content))
            }
        }
        return result
    }

    func testLayoutCases() throws {
        let files = Fixtures.files(in: "layout", suffix: ".tatami.yaml")
        XCTAssertGreaterThan(files.count, 5, "layout cases not found")
        // Read from its own path with the repository as the workspace root, so a case's font
        // files (`../../../Examples/fonts/…`) are found as `tatami` would find them.
        let root = Fixtures.repositoryRoot().path
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let expectations = Self.expectations(in: text)
            XCTAssertFalse(expectations.isEmpty, "\(url.lastPathComponent): no `# expect` block")
            let analysis = Pipeline.analyze(text: text, path: url.path, workspaceRoot: root)
            let errors = analysis.diagnostics.filter { $0.severity == .error }
            XCTAssertTrue(errors.isEmpty, "\(url.lastPathComponent): \(errors.map(\.message))")
            for e in expectations {
                guard let layout = analysis.layouts.first(where: { $0.viewport.name == e.viewport }) else {
                    XCTFail("\(url.lastPathComponent): no viewport \(e.viewport)")
                    continue
                }
                var actual: [ExpectedFrame] = []
                var pathOfRange: [SourceRange: String] = [:]
                layout.root?.preorder { n in
                    let withContent = e.frames.first(where: { $0.path == n.path })?.content != nil
                    actual.append(ExpectedFrame(path: n.path, frame: [n.frame.x, n.frame.y, n.frame.width, n.frame.height],
                                                content: withContent ? [n.content.x, n.content.y, n.content.width, n.content.height] : nil))
                    pathOfRange[n.view.kindRange] = pathOfRange[n.view.kindRange] ?? n.path
                }
                let expected = e.frames.sorted { $0.path < $1.path }, got = actual.sorted { $0.path < $1.path }
                if expected != got {
                    XCTFail("\(url.lastPathComponent) [\(e.viewport)] frames differ\nexpected:\n  \(expected.map(\.description).joined(separator: "\n  "))\nactual:\n  \(got.map(\.description).joined(separator: "\n  "))")
                }
                let structural = analysis.diagnostics.filter { StructuralLints.codes.contains($0.code) }
                XCTAssertTrue(structural.allSatisfy { $0.viewport == nil }, "\(url.lastPathComponent): a structural lint names a viewport")
                let layoutDiagnostics = Set((layout.diagnostics + structural).map { d -> String in
                    if let path = pathOfRange[d.range] { return "\(d.code.name) \(path)" }
                    let p = analysis.lineTable.scalarPosition(ofByte: d.range.start)
                    return "\(d.code.name) @\(p.line + 1):\(p.column + 1)"
                })
                XCTAssertEqual(layoutDiagnostics, e.diagnostics, "\(url.lastPathComponent) [\(e.viewport)] layout diagnostics")
            }
        }
    }
}
