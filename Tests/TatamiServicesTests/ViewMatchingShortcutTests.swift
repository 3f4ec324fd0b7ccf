import Foundation
import TatamiBase
import TatamiModel
@testable import TatamiServices
import TatamiTestSupport
import XCTest

/// Two outlines alike view for view are paired whole without shapes (`ViewMatching`'s shortcut):
/// every example and layout fixture, against itself and against copies edited in ways that keep
/// its views in place (a text changed, a length changed, two texts swapped) or move them (an item
/// removed or duplicated), matched with the shortcut and through the general matching, pair
/// the same views.
final class ViewMatchingShortcutTests: XCTestCase {
    private func files() throws -> [URL] {
        let root = Fixtures.repositoryRoot()
        var out: [URL] = []
        for folder in ["Examples", "Tests/Fixtures/layout"] {
            let base = root.appendingPathComponent(folder)
            for name in try FileManager.default.subpathsOfDirectory(atPath: base.path) where name.hasSuffix(".tatami.yaml") {
                out.append(base.appendingPathComponent(name))
            }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// Edits that keep the file's views where they are (a scalar after `text: ` lengthened, a
    /// digit changed, two neighbouring texts swapped) or move them (a list item's line dropped
    /// or doubled).
    private func variants(_ bytes: [UInt8], using random: inout SeededRandom) -> [[UInt8]] {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        var out: [[UInt8]] = [bytes]
        let texts = lines.indices.filter { lines[$0].contains("text: ") && !lines[$0].contains("#") }
        if let i = texts.randomElement(using: &random) {
            var edited = lines
            edited[i] += "x"
            out.append(Array(edited.joined(separator: "\n").utf8))
        }
        let digits = bytes.indices.filter { (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(bytes[$0]) && $0 > 0 && bytes[$0 - 1] == 0x20 }
        if let at = digits.randomElement(using: &random) {
            var edited = bytes
            edited[at] += 1
            out.append(edited)
        }
        let items = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("- text: ") }
        if let i = items.randomElement(using: &random) {
            var dropped = lines, doubled = lines
            dropped.remove(at: i)
            doubled.insert(lines[i], at: i)
            out.append(Array(dropped.joined(separator: "\n").utf8))
            out.append(Array(doubled.joined(separator: "\n").utf8))
        }
        // Two neighbouring items swapped: the same places and kinds, contents crossed.
        let swaps = lines.indices.dropLast().filter { i in
            let a = lines[i], b = lines[i + 1]
            return a.trimmingCharacters(in: .whitespaces).hasPrefix("- text: ") && b.trimmingCharacters(in: .whitespaces).hasPrefix("- text: ")
                && a.prefix { $0 == " " }.count == b.prefix { $0 == " " }.count && a != b
        }
        if let i = swaps.randomElement(using: &random) {
            lines.swapAt(i, i + 1)
            out.append(Array(lines.joined(separator: "\n").utf8))
        }
        return out
    }

    func testShortcutPairsWhatTheGeneralMatchingPairs() throws {
        let root = Fixtures.repositoryRoot().path
        var random = SeededRandom(seed: 32)
        var compared = 0, alike = 0
        for url in try files() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let old = ViewOutline(Pipeline.analyze(bytes: bytes, path: url.path, layout: false, workspaceRoot: root).document)
            for variant in variants(bytes, using: &random) {
                let new = ViewOutline(Pipeline.analyze(bytes: variant, path: url.path, layout: false, workspaceRoot: root).document)
                let quick = ViewMatching(old: old, new: new), general = ViewMatching(old: old, new: new, pairsAlikeWhole: false)
                XCTAssertEqual(quick.oldToNew, general.oldToNew, url.lastPathComponent)
                XCTAssertEqual(quick.newToOld, general.newToOld, url.lastPathComponent)
                compared += 1
                if !old.entries.isEmpty && quick.oldToNew.enumerated().allSatisfy({ $0.offset == $0.element })
                    && quick.oldToNew.count == new.entries.count {
                    alike += 1
                }
            }
        }
        // Both ways were taken: outlines paired whole, and outlines that differ.
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(alike, 20)
        XCTAssertLessThan(alike, compared)
    }

    /// The outlines of a pair made together (`ViewOutline.revisions`, which hands the new one the
    /// old one's arrays when the stores are alike view for view) are what each made on its own
    /// gives, and pair the same views: for every fixture against itself, its edited copies, and
    /// itself laid out with a component library changed under the same text.
    func testOutlinesMadeTogetherAreTheOutlinesMadeApart() throws {
        let root = Fixtures.repositoryRoot().path
        var random = SeededRandom(seed: 41)
        var taken = 0, made = 0
        func fields(_ o: ViewOutline) -> [[Int]] {
            o.entries.map { e -> [Int] in
                let place: [Int] = [Int(e.view.rawValue), e.start, Int(e.parent), Int(e.step)]
                let names: [Int] = [Int(e.component), Int(e.id), Int(e.instance)]
                let links: [Int] = [Int(e.linkStart), Int(e.childCount), Int(e.backgroundCount), Int(e.overlayCount), Int(e.end)]
                return place + names + links
            }
        }
        func check(_ a: TatamiDocument, _ b: TatamiDocument, _ name: String) {
            let (old, new) = ViewOutline.revisions(old: a, new: b, sameText: true)
            let apartOld = ViewOutline(a), apartNew = ViewOutline(b)
            XCTAssertEqual(fields(old), fields(apartOld), name)
            XCTAssertEqual(fields(new), fields(apartNew), name)
            XCTAssertEqual(new.entries.map(\.tag), apartNew.entries.map(\.tag), name)
            XCTAssertEqual(new.links, apartNew.links, name)
            XCTAssertEqual(new.names, apartNew.names, name)
            XCTAssertEqual(new.sharesViews, apartNew.sharesViews, name)
            XCTAssertTrue(new.store === b.body?.store, name)
            for e in new.entries.indices { XCTAssertEqual(new.path(e), apartNew.path(e), name) }
            let together = ViewMatching(old: old, new: new), apart = ViewMatching(old: apartOld, new: apartNew)
            XCTAssertEqual(together.oldToNew, apart.oldToNew, name)
            XCTAssertEqual(together.newToOld, apart.newToOld, name)
            if new.sameViews != nil { taken += 1 } else { made += 1 }
        }
        for url in try files() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let old = Pipeline.analyze(bytes: bytes, path: url.path, layout: false, workspaceRoot: root).document
            for variant in variants(bytes, using: &random) {
                check(old, Pipeline.analyze(bytes: variant, path: url.path, layout: false, workspaceRoot: root).document, url.lastPathComponent)
            }
        }
        // The same screen text over two versions of the component it imports: a padding changed
        // (the same views) and a view added to the component's body (other views).
        let screen = "imports:\n  - lib.tatami.yaml\nbody:\n  vstack:\n    - Row: {title: A}\n    - text: B\n    - Row: {title: C}\n"
        func library(_ body: String) -> String {
            "components:\n  Row:\n    params:\n      title: {type: string}\n    body:\n" + body
        }
        let libraries = [library("      hstack:\n        - text: $title\n        - spacer:\n      padding: 8\n"),
                         library("      hstack:\n        - text: $title\n        - spacer:\n      padding: 12\n"),
                         library("      hstack:\n        - color: red\n        - text: $title\n        - spacer:\n      padding: 8\n")]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outlines-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let documents = try libraries.enumerated().map { k, lib -> TatamiDocument in
            let dir = folder.appendingPathComponent("\(k)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(lib.utf8).write(to: dir.appendingPathComponent("lib.tatami.yaml"))
            let path = dir.appendingPathComponent("screen.tatami.yaml").path
            let analysis = Pipeline.analyze(bytes: Array(screen.utf8), path: path, layout: false, workspaceRoot: dir.path)
            XCTAssertEqual(analysis.diagnostics.filter { $0.severity == .error }.map(\.message), [])
            return analysis.document
        }
        check(documents[0], documents[1], "padding changed")
        check(documents[0], documents[2], "a view added")
        // Both ways were taken: arrays taken over, and outlines made apart.
        XCTAssertGreaterThan(taken, 20)
        XCTAssertGreaterThan(made, 20)
    }

    func testOutlinesThatDifferOnlyInATextAreNotAlike() {
        // Same places and kinds, one text changed: the general matching runs (shapes differ at
        // the text and the stack around it), and still pairs the text with itself.
        let a = ViewOutline(Pipeline.analyze(text: "body:\n  vstack:\n    - text: A\n    - text: B\n", layout: false).document)
        let b = ViewOutline(Pipeline.analyze(text: "body:\n  vstack:\n    - text: A\n    - text: C\n", layout: false).document)
        let quick = ViewMatching(old: a, new: b), general = ViewMatching(old: a, new: b, pairsAlikeWhole: false)
        XCTAssertEqual(quick.oldToNew, general.oldToNew)
        XCTAssertEqual(quick.oldToNew, [0, 1, 2])
        XCTAssertNotEqual(a.shapes(), b.shapes())
    }
}
