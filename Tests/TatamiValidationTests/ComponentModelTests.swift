import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiYAML
import TatamiTestSupport
import XCTest

/// The model built for component instances (docs/format.md §8): substitution, slots, in-memory
/// imports through `ValidationContext`, and the limits on expansion.
final class ComponentModelTests: XCTestCase {
    private func text(_ v: ViewNode?) -> String? {
        if case .text(let t, _)? = v?.kind { return t }
        return nil
    }

    func testSubstitutionIsTyped() {
        let b = body("""
            components:
              Tile:
                params:
                  title: {type: string}
                  size: {type: number, default: 10}
                  on: {type: bool, default: false}
                body:
                  text: "${title} costs $$${size}"
                  padding: $size
                  hidden: $on
            body:
              vstack:
                - Tile: {title: Tea}
                - Tile: {title: 42, size: 2.5, on: true}
            """)
        let tiles = b.children
        XCTAssertEqual(tiles.map(\.kind.name), ["Tile", "Tile"])
        // `$$` is a `$`; `${size}` is the argument's text as written.
        XCTAssertEqual(text(tiles[0].children.first), "Tea costs $10")
        XCTAssertEqual(text(tiles[1].children.first), "42 costs $2.5")
        guard case .padding(let p)? = tiles[1].children.first?.modifiers.first else { return XCTFail("no padding") }
        XCTAssertEqual(p, EdgeInsets(all: 2.5))
        XCTAssertEqual(tiles.map { $0.children.first?.hidden }, [false, true])
        // Serials stay unique and in pre-order, instances before their bodies.
        let serials = ValidatorTestSupport.preOrder(b).map(\.serial)
        XCTAssertEqual(serials, Array(0..<serials.count))
    }

    func testSlotsAndTheirDefaults() {
        let b = body("""
            components:
              Card:
                params:
                  content: {type: view}
                  footer: {type: view, default: {text: fine print}}
                  badge: {type: view, default: ~}
                body:
                  vstack:
                    - $content
                    - $badge
                    - $footer
                  background: $badge
            body:
              vstack:
                - Card: {content: Hello}
                - Card: {content: {image: star}, badge: {color: red}, footer: ~}
            """)
        let first = b.children[0].children[0]
        XCTAssertEqual(first.children.map(\.kind.name), ["text", "text"])
        XCTAssertEqual(first.children.map(text), ["Hello", "fine print"])
        XCTAssertTrue(first.modifiers.isEmpty, "an empty slot leaves its key out")
        let second = b.children[1].children[0]
        XCTAssertEqual(second.children.map(\.kind.name), ["image", "color"])
        XCTAssertEqual(second.decorations.map(\.kind.name), ["color"])
    }

    func testAComponentInItsOwnSlotIsNotACycle() {
        // The inner Card is written in the file's body and given as the outer one's content.
        let b = body("""
            components:
              Card:
                params: {content: {type: view}}
                body:
                  vstack: [$content]
                  border: true
            body:
              Card: {content: {Card: {content: {Card: {content: deep}}}}}
            """)
        var names: [String] = []
        var v: ViewNode? = b
        while let n = v {
            names.append(n.kind.name)
            v = n.children.first
        }
        XCTAssertEqual(names, ["Card", "vstack", "Card", "vstack", "Card", "vstack", "text"])
        XCTAssertEqual(text(v), nil)
    }

    func testAStandaloneFileCannotImport() {
        let result = Validator.validate(YAMLParser.parse("imports: [a.tatami.yaml]\nbody: {text: x}\n"))
        XCTAssertEqual(result.diagnostics.map(\.code.name), ["import-error"])
    }

    /// Files in memory: the default resolver only normalises paths.
    private func validate(_ path: String, _ files: [String: String], root: String = "/ws") -> (ValidationResult, [String]) {
        final class Log: @unchecked Sendable {
            let lock = NSLock()
            var paths: [String] = []
        }
        let log = Log()
        let context = ValidationContext(filePath: path, workspaceRoot: root, load: { p in
            log.lock.withLock { log.paths.append(p) }
            return files[p].map { Array($0.utf8) }
        })
        let result = Validator.validate(YAMLParser.parse(files[path] ?? ""), context: context)
        return (result, log.lock.withLock { log.paths })
    }

    func testInMemoryImportsAreRelativeToTheImportingFile() {
        let files = [
            "/ws/screens/main.tatami.yaml": "imports: [../lib/a.tatami.yaml, ../../etc/b.tatami.yaml]\nbody: {A: {}}\n",
            "/ws/lib/a.tatami.yaml": "imports: [./sub/c.tatami.yaml]\ncomponents:\n  A:\n    body: {C: {}}\nbody: {A: {}}\n",
            "/ws/lib/sub/c.tatami.yaml": "components:\n  C:\n    body: {text: from c}\nbody: {C: {}}\n",
            "/etc/b.tatami.yaml": "components:\n  B:\n    body: {text: nope}\nbody: {B: {}}\n",
        ]
        let (result, loaded) = validate("/ws/screens/main.tatami.yaml", files)
        XCTAssertEqual(result.diagnostics.map(\.message),
                       ["`../../etc/b.tatami.yaml` is outside the workspace root `/ws`; imports must stay inside it"])
        XCTAssertEqual(loaded, ["/ws/lib/a.tatami.yaml", "/ws/lib/sub/c.tatami.yaml"])
        // A uses C, which `a` imports; the screen sees A only (imports are not passed on).
        let a = result.document.body
        XCTAssertEqual(a?.kind.name, "A")
        XCTAssertEqual(a?.children.first?.kind.name, "C")
        XCTAssertEqual(text(a?.children.first?.children.first), "from c")
        let (direct, _) = validate("/ws/d.tatami.yaml", ["/ws/d.tatami.yaml": "imports: [lib/a.tatami.yaml]\nbody: {C: {}}\n"]
                                   .merging(files) { a, _ in a })
        XCTAssertEqual(direct.diagnostics.map(\.code.name), ["unknown-component"])
    }

    /// `normalize` returns a path that is already normal as it is; every other path is split and
    /// joined again. Both give what the split and join alone gives, on random paths.
    func testNormalizeAgreesWithSplittingAndJoining() {
        func reference(_ path: String) -> String {
            let absolute = path.hasPrefix("/")
            var parts: [Substring] = []
            for part in path.split(separator: "/", omittingEmptySubsequences: true) {
                if part == "." { continue }
                if part == ".." {
                    if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
                    continue
                }
                parts.append(part)
            }
            let joined = parts.joined(separator: "/")
            return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
        }
        let pieces = ["a", "b.tatami.yaml", ".", "..", "...", ".a", "a.", "", "/"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            var path = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 60) + 1
            for k in 0..<count {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                if k > 0 || state >> 63 == 1 { path += "/" }
                path += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            XCTAssertEqual(ImportPath.normalize(path), reference(path), path)
        }
        for path in ["/", "", ".", "..", "/ws/a/b.tatami.yaml", "a/b", "/a/", "a//b"] {
            XCTAssertEqual(ImportPath.normalize(path), reference(path), path)
        }
    }

    func testPathArithmetic() {
        XCTAssertEqual(ImportPath.normalize("/a/./b/../c//d"), "/a/c/d")
        XCTAssertEqual(ImportPath.normalize("/.."), "/")
        XCTAssertEqual(ImportPath.normalize("../a/../../b"), "../../b")
        XCTAssertEqual(ImportPath.normalize("a/.."), ".")
        XCTAssertEqual(ImportPath.join("/ws/x", "../y.tatami.yaml"), "/ws/y.tatami.yaml")
        XCTAssertTrue(ImportPath.isInside("/ws/y", root: "/ws"))
        XCTAssertTrue(ImportPath.isInside("/ws", root: "/ws"))
        XCTAssertFalse(ImportPath.isInside("/wsx/y", root: "/ws"))
        XCTAssertFalse(ImportPath.isInside("/y", root: "/ws"))
        XCTAssertTrue(ImportPath.isInside("a/b", root: "."))
        XCTAssertFalse(ImportPath.isInside("../b", root: "."))
        XCTAssertEqual(ImportPath.display("/ws/lib/a.tatami.yaml", root: "/ws"), "lib/a.tatami.yaml")
    }

    func testInstanceNestingIsCapped() {
        // C0 uses C1 … uses C69: 70 nested instances, past the limit of 64.
        var text = "components:\n"
        for i in 0..<70 { text += "  C\(i):\n    body: {vstack: [c\(i), {C\(i + 1): {}}]}\n" }
        text += "  C70:\n    body: {text: deep}\nbody: {C0: {}}\n"
        nonisolated(unsafe) var result: ValidationResult!
        ValidatorTestSupport.onLargeStack { [text] in result = ValidatorTestSupport.validate(text) }
        let complex = result.diagnostics.filter { $0.code.name == "too-complex" }
        XCTAssertEqual(complex.count, 1, "\(result.diagnostics.map(\.message))")
        XCTAssertTrue(complex.first?.message.contains("nested more than \(ValidationLimits.maxInstanceNesting) deep") == true)
        // The instances up to the limit are kept.
        var depth = 0
        var v = result.document.body
        while let n = v, n.kind.name.hasPrefix("C") {
            depth += 1
            v = n.children.first?.children.last
        }
        XCTAssertEqual(depth, ValidationLimits.maxInstanceNesting)
    }

    func testExpansionIsBounded() {
        // Each level uses the one below twice: 2^24 views if nothing stopped it.
        var text = "components:\n  L0:\n    body: {text: x}\n"
        for i in 1...24 { text += "  L\(i):\n    body: {hstack: [{L\(i - 1): {}}, {L\(i - 1): {}}]}\n" }
        text += "body: {L24: {}}\n"
        nonisolated(unsafe) var result: ValidationResult!
        let start = Date()
        ValidatorTestSupport.onLargeStack { [text] in result = ValidatorTestSupport.validate(text) }
        XCTAssertLessThan(Date().timeIntervalSince(start), Fixtures.hangGuard(30), "hang guard")
        let complex = result.diagnostics.filter { $0.code.name == "too-complex" }
        XCTAssertEqual(complex.count, 1)
        XCTAssertTrue(complex.first?.message.contains("more than \(ValidationLimits.maxExpandedViews) views") == true)
        // Template checks have a budget of their own: the body still gets its share.
        XCTAssertNotNil(result.document.body)
        XCTAssertGreaterThan(result.document.viewCount, ValidationLimits.maxExpandedViews / 2)
        XCTAssertLessThanOrEqual(result.document.viewCount, ValidationLimits.maxExpandedViews + 100)
    }

    func testFilesWithoutComponentsBuildTheSameModel() {
        // No instance: no component kind anywhere, and views keep their own ranges.
        let b = body("body:\n  vstack:\n    - text: a\n    - Hi\n")
        XCTAssertEqual(ValidatorTestSupport.preOrder(b).map(\.kind.name), ["vstack", "text", "text"])
        XCTAssertEqual(b.children[1].kindRange, SourceRange(start: 36, end: 38))
    }

    /// A library cut anywhere, imported by a screen: the library's problems stay at the import
    /// or move to instances; none leaks out with the library's offsets (it would land at the end
    /// of the screen, clamped).
    func testALibraryCutAnywhereStaysInItsPlace() throws {
        let library = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/components/library.tatami.yaml"), encoding: .utf8)
        let screen = """
            imports: [lib.tatami.yaml]
            body:
              vstack:
                - Row: {title: a, detail: b, accessory: {Badge: {label: c, tint: red}}}
                - Avatar: {initials: AB}
                - Badge: {label: d}

            """
        let bytes = Array(library.utf8)
        for end in stride(from: 0, through: bytes.count, by: 11) {
            let files = ["/ws/screen.tatami.yaml": screen, "/ws/lib.tatami.yaml": String(decoding: bytes[..<end], as: UTF8.self)]
            let (result, _) = validate("/ws/screen.tatami.yaml", files)
            let size = screen.utf8.count
            for d in result.diagnostics {
                XCTAssertLessThan(d.range.start, size - 1, "cut at \(end): \(d.code.name) \(d.message)")
                for r in d.related where r.file == nil { XCTAssertLessThanOrEqual(r.range.end, size) }
            }
        }
    }
}
