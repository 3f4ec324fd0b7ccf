import Foundation
import TatamiBase
@testable import TatamiModel
import TatamiTestSupport
@testable import TatamiValidation
import TatamiYAML
import XCTest

/// The validator's chunk memory: validating a text with what the last validation kept gives
/// exactly what validating it from nothing gives: the same diagnostics (codes, messages, ranges,
/// related places, fixes), and the same model down to every record of the view store (ranges,
/// serials, children, modifiers, attributes and the expressions in them), the marks and the count
/// of views. Random documents go through random edits (typing, deleting characters and lines,
/// pasting blocks, breaking and fixing the YAML, editing the declarations and an imported file,
/// moving the components after the body); the test also checks that items were taken over, or
/// it would prove nothing. The validation with a memory reads the text as the server does, from
/// a block reparse of the last parse wherever one can be made (`YAMLParser.reparse`), so its
/// trees are made of nodes from several stores (edits inside component bodies included).
final class ValidationMemoryTests: XCTestCase {
    static let library = """
        components:
          Row:
            params: {label: {type: string}, size: {type: number, default: 12}}
            body:
              hstack:
                - text: $label
                - spacer
                - color: gray
                  frame: {width: $size, height: 4}

        """

    /// One item of the body's list, by kind; `i` makes each different.
    static func item(_ kind: Int, _ i: Int) -> String {
        switch kind {
        case 0: return "  - Card:\n      title: \"Card \(i) title\"\n      tint: orange\n"
        case 1: return "  - text: \"Hello \(i) with a few words\"\n    font: headline\n    id: t\(i % 4)\n"
        case 2: return "  - hstack:\n      - text: a\(i)\n      - spacer\n      - color: red\n        frame: {width: 8, height: 8}\n    padding: 4\n"
        case 3: return "  - text: bad \(i) value here\n    colour: red\n    paddin: 3\n"
        case 4: return "  - Missing: {x: \(i)}\n    padding: 2\n"
        case 5: return "  - canvas:\n      - color: blue\n        position:\n          - {when: \"width > \(i * 10)\", x: \"width / 2\", y: 0, width: 20, height: 10}\n    frame: {height: 40}\n"
        case 6: return "  - text: \"guided \(i)\"\n    alignmentGuides: {leading: \"width / \(i % 3)\"}\n    when: \"width > height || landscape\"\n"
        case 7: return "  - Row: {label: \"row \(i)\", size: \(i % 5)}\n"
        case 8: return "  - vstack:\n      - Card: {title: inner \(i)}\n      - text: \"#\(i) \\u00e9t\\u00e9\"\n        background: {color: \"#12345\"}\n"
        case 9: return "  - hstack: [{text: \"left \(i) side\"}, {text: \"right \(i) side\"}, {Card: {title: flow \(i)}}]\n    padding: 3\n"
        default: return "  - spacer\n"
        }
    }

    static let components = """
        components:
          Card:
            params: {title: {type: string}, tint: {type: color, default: blue}}
            body:
              vstack:
                - text: $title
                  lineLimit: 1
                - color: $tint
                  frame: {height: 4}
                  id: stripe
              padding: 8

        """

    static func document(_ random: inout SeededRandom, componentsAfter: Bool) -> String {
        var body = "body:\n  vstack:\n"
        let count = Int.random(in: 4...14, using: &random)
        for i in 0..<count {
            body += item(Int.random(in: 0...10, using: &random), i).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        }
        body += "  spacing: 2\n"
        let header = "tatami: 1\nimports: [lib.tatami.yaml]\nviewports:\n  phone: {width: 200, height: 300}\n"
        return componentsAfter ? header + body + Self.components : header + Self.components + body
    }

    func testValidationWithMemoryEqualsValidationFromNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let libPath = dir.appendingPathComponent("lib.tatami.yaml").path
        var reused = 0, steps = 0, reparsed = 0
        for seed in 1...16 {
            var random = SeededRandom(seed: UInt64(seed))
            try Self.library.write(toFile: libPath, atomically: true, encoding: .utf8)
            let cache = ImportCache()
            let memory = ValidationMemory()
            var text = Self.document(&random, componentsAfter: seed % 3 == 0)
            // The last text that parsed whole: a text left broken is put back to it half the
            // time, as an editor's undo would, or most steps would compare broken texts, which
            // are read without the memory.
            var lastWhole = text
            var lastParse = YAMLParser.parse(text)
            for step in 0..<30 {
                let what: String
                if !YAMLParser.parse(text).isComplete && Bool.random(using: &random) {
                    text = lastWhole
                    what = "undo to the last text that parsed"
                } else {
                    what = try edit(&text, &random, libPath: libPath)
                }
                if YAMLParser.parse(text).isComplete { lastWhole = text }
                var context = ValidationContext(filePath: dir.appendingPathComponent("screen.tatami.yaml").path, workspaceRoot: dir.path,
                                                load: { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } })
                context.importCache = cache
                let fresh = Self.outcome(YAMLParser.parse(text), context: context)
                context.memory = memory
                let made = YAMLParser.reparse(lastParse, bytes: Array(text.utf8))
                lastParse = made?.result ?? YAMLParser.parse(text)
                if made != nil { reparsed += 1 }
                let kept = Self.outcome(lastParse, context: context)
                reused += memory.lastCounts.reused
                steps += 1
                XCTAssertEqual(kept.diagnostics, fresh.diagnostics, "seed \(seed), step \(step) (\(what)): diagnostics\n\(text)")
                XCTAssertEqual(kept.model, fresh.model, "seed \(seed), step \(step) (\(what)): model\n\(text)")
                if kept.diagnostics != fresh.diagnostics || kept.model != fresh.model { return }
            }
        }
        XCTAssertGreaterThan(reused, steps * 2, "items were taken over from the last validation")
        XCTAssertGreaterThan(reparsed, steps / 4, "texts were parsed by a block reparse")
    }

    /// What one document keeps is bounded (`ValidationLimits.maxKeptItems`): two lists of
    /// 50,005 items each keep 100,000 items between them; validated again unchanged, the first
    /// list is taken over whole (with its 50,005 items: 50,006 kept), the second is read (it was
    /// not kept once its items had reached the bound) and, of its items, the 49,994 kept are taken
    /// over and 11 read. Either way the result is validation from nothing's.
    func testWhatADocumentKeepsIsBounded() {
        let half = ValidationLimits.maxKeptItems / 2 + 5
        // Every item differs: equal items are one key, and would be taken over from one another.
        func list(_ word: String) -> String {
            (0..<half).map { "        - {text: \"item \($0) long enough to be kept\", padding: \(word)}\n" }.joined()
        }
        let text = "body:\n  vstack:\n    - vstack:\n" + list("1") + "    - vstack:\n" + list("2")
        let memory = ValidationMemory()
        var context = ValidationContext.standalone
        context.memory = memory
        let start = Date()
        _ = Self.outcome(YAMLParser.parse(text), context: context)
        XCTAssertEqual(memory.lastCounts.read, 2 * half + 2)
        let again = Self.outcome(YAMLParser.parse(text), context: context)
        XCTAssertEqual(memory.lastCounts.reused, 1 + (ValidationLimits.maxKeptItems - (half + 1)))
        XCTAssertEqual(memory.lastCounts.read, 1 + (half - (ValidationLimits.maxKeptItems - (half + 1))))
        let fresh = Self.outcome(YAMLParser.parse(text), context: .standalone)
        XCTAssertEqual(again.diagnostics, fresh.diagnostics)
        XCTAssertEqual(again.model, fresh.model)
        XCTAssertLessThan(Date().timeIntervalSince(start), Fixtures.hangGuard(60), "hang guard")
    }

    /// A random edit of the screen (or of the imported file on disk); says what it did.
    private func edit(_ text: inout String, _ random: inout SeededRandom, libPath: String) throws -> String {
        var bytes = Array(text.utf8)
        let lines = LineTable(bytes: bytes).lineStarts
        func lineRange(_ k: Int) -> Range<Int> { lines[k]..<(k + 1 < lines.count ? lines[k + 1] : bytes.count) }
        let what: String
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1, 2, 3:
            // Typing in a value: after a `: ` or `- `.
            let spots = bytes.indices.dropFirst().filter { bytes[$0] == UInt8(ascii: " ") && (bytes[$0 - 1] == UInt8(ascii: ":") || bytes[$0 - 1] == UInt8(ascii: "-")) }
            let at = (spots.randomElement(using: &random) ?? 0) + 1
            let typed = ["a", "7", "x y", "é", "$", "#"].randomElement(using: &random)!
            bytes.insert(contentsOf: Array(typed.utf8), at: min(at, bytes.count))
            what = "type \(typed) at \(at)"
        case 4:
            let k = Int.random(in: 0..<lines.count, using: &random)
            bytes.removeSubrange(lineRange(k))
            what = "delete line \(k)"
        case 5:
            let k = Int.random(in: 0..<lines.count, using: &random)
            let end = min(lines.count - 1, k + Int.random(in: 0...4, using: &random))
            let block = Array(bytes[lineRange(k).lowerBound..<lineRange(end).upperBound])
            let at = lines.randomElement(using: &random)!
            bytes.insert(contentsOf: block, at: at)
            what = "paste lines \(k)...\(end) at \(at)"
        case 6:
            let at = lines.randomElement(using: &random)!
            let broken = ["  - [\n", "\t: x\n", "&a *a\n", "    - text: \"open\n"].randomElement(using: &random)!
            bytes.insert(contentsOf: Array(broken.utf8), at: at)
            what = "break the YAML at \(at)"
        case 7:
            let from = Int.random(in: 0..<bytes.count, using: &random)
            bytes.removeSubrange(from..<min(bytes.count, from + Int.random(in: 1...8, using: &random)))
            what = "delete at \(from)"
        case 8:
            let padding = ["padding: 8", "padding: 10", "padding: x"].randomElement(using: &random)!
            text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "padding: 8", with: padding)
                .replacingOccurrences(of: "padding: 10", with: padding)
            return "change the component's \(padding)"
        case 9:
            let size = Int.random(in: 1...30, using: &random)
            try Self.library.replacingOccurrences(of: "default: 12", with: "default: \(size)").write(toFile: libPath, atomically: true, encoding: .utf8)
            return "change the library on disk: default size \(size)"
        case 10:
            let at = lines.last { String(decoding: bytes[$0...].prefix(6), as: UTF8.self) == "body:\n" } ?? 0
            let pasted = Self.item(Int.random(in: 0...10, using: &random), Int.random(in: 0...99, using: &random))
                .split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
            let after = lines.first { $0 > at + 14 } ?? bytes.count
            bytes.insert(contentsOf: Array(pasted.utf8), at: min(after, bytes.count))
            what = "insert an item at \(after)"
        default:
            // Undo whatever broke the YAML: back to a fresh document without a break.
            if YAMLParser.parse(bytes: bytes).isComplete { return "nothing" }
            var fixed = String(decoding: bytes, as: UTF8.self)
            for broken in ["  - [\n", "\t: x\n", "&a *a\n", "    - text: \"open\n"] { fixed = fixed.replacingOccurrences(of: broken, with: "") }
            text = fixed
            return "fix the breaks"
        }
        text = String(decoding: bytes, as: UTF8.self)
        return what
    }

    struct Outcome {
        var diagnostics: [Diagnostic]
        var model: String
    }

    /// A validation's diagnostics, and its model written out whole: every array of the view
    /// store, record by record, and the document's other parts.
    static func outcome(_ parse: YAMLParseResult, context: ValidationContext) -> Outcome {
        let result = Validator.validate(parse, context: context)
        let d = result.document
        var model = "views \(d.viewCount); provisional \(d.provisionalViews.sorted()); explained \(d.explainedViews.sorted())\n"
        model += "components \(d.components.map { "\($0.name) \($0.uses) \($0.nameRange)" })\n"
        if let body = d.body {
            let p = body.store.parts
            model += "root \(body.index.rawValue)\n"
            for i in p.records.indices { model += "\(i): \(p.records[i]) \(p.contents[i])\n" }
            model += "links \(p.links.map(\.rawValue))\nmodifiers \(p.modifiers)\nattributes \(p.attributes)\n"
        }
        return Outcome(diagnostics: result.diagnostics, model: model)
    }
}
