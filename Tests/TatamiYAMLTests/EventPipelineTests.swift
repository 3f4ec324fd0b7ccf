import Foundation
import TatamiBase
import TatamiTestSupport
@testable import TatamiYAML
import XCTest

/// Reading libyaml's events on a second thread (`YAMLPipelining.always`) must give exactly
/// what reading them on the calling thread gives: the same tree (structure, ranges, tags, flow
/// style, every scalar's text, style, value range, offset map and resolved value, shared alias
/// targets), the same diagnostics and the same completeness. Checked on every fixture and
/// example, on hostile inputs, and on files long enough to fill many chunks, with the reader
/// stopped early (a second document, a limit, a syntax error) at various points.
final class EventPipelineTests: XCTestCase {
    private func assertSameParse(_ bytes: [UInt8], _ name: String, limits: YAMLLimits = .standard,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let one = YAMLParser.parse(bytes: bytes, limits: limits, pipelining: .never)
        let two = YAMLParser.parse(bytes: bytes, limits: limits, pipelining: .always)
        XCTAssertEqual(one.isComplete, two.isComplete, "\(name): completeness", file: file, line: line)
        XCTAssertEqual(one.diagnostics.map(describe), two.diagnostics.map(describe), "\(name): diagnostics", file: file, line: line)
        if let difference = Self.difference(one.root, two.root) {
            XCTFail("\(name): the trees differ: \(difference)", file: file, line: line)
        }
    }

    private func describe(_ d: Diagnostic) -> String {
        "\(d.code.name) \(d.range) \(d.message) \(d.related.map { "\($0.range) \($0.message)" })"
    }

    /// Where two trees first differ, walking both without recursion; nil when they agree. Alias
    /// targets are compared by identity: a node reached twice in one tree must be reached twice
    /// at the same places in the other.
    static func difference(_ a: YAMLNode?, _ b: YAMLNode?) -> String? {
        var stack: [(YAMLNode?, YAMLNode?, String)] = [(a, b, "root")]
        var seen: [ObjectIdentifier: ObjectIdentifier] = [:]
        while let (x, y, path) = stack.popLast() {
            guard let x, let y else {
                if (x == nil) != (y == nil) { return "\(path): present in one tree only" }
                continue
            }
            if let other = seen[ObjectIdentifier(x)] {
                if other != ObjectIdentifier(y) { return "\(path): shared in one tree, not the same node in the other" }
                continue
            }
            seen[ObjectIdentifier(x)] = ObjectIdentifier(y)
            guard x.range == y.range, x.tag == y.tag, x.isFlow == y.isFlow else {
                return "\(path): range, tag or flow style \(x.range) \(String(describing: x.tag)) \(x.isFlow) against \(y.range) \(String(describing: y.tag)) \(y.isFlow)"
            }
            switch (x.content, y.content) {
            case (.scalar(let s), .scalar(let t)):
                // `.nan` resolves to a NaN, which is not equal to itself: compare its bits.
                var same = s.text == t.text && s.style == t.style && s.valueRange == t.valueRange && s.offsetMap == t.offsetMap
                if case .float(let f) = s.resolved, case .float(let g) = t.resolved {
                    same = same && f.bitPattern == g.bitPattern
                } else {
                    same = same && s.resolved == t.resolved
                }
                if !same { return "\(path): scalar \(s) against \(t)" }
            case (.sequence(let p), .sequence(let q)):
                guard p.count == q.count else { return "\(path): \(p.count) items against \(q.count)" }
                for i in p.indices { stack.append((p[i], q[i], "\(path)[\(i)]")) }
            case (.mapping(let p), .mapping(let q)):
                guard p.count == q.count else { return "\(path): \(p.count) pairs against \(q.count)" }
                for i in p.indices {
                    stack.append((p[i].key, q[i].key, "\(path).key\(i)"))
                    stack.append((p[i].value, q[i].value, "\(path).value\(i)"))
                }
            default:
                return "\(path): different kinds of node"
            }
        }
        return nil
    }

    func testFixturesAndExamples() throws {
        let root = Fixtures.repositoryRoot()
        var urls: [URL] = []
        for folder in ["layout", "diagnostics", "render", "cli"] {
            urls += Fixtures.files(in: folder, suffix: ".yaml")
        }
        let examples = root.appendingPathComponent("Examples")
        urls += try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".yaml") }.map { examples.appendingPathComponent($0) }
        XCTAssertGreaterThan(urls.count, 60)
        for url in urls {
            assertSameParse(Array(try Data(contentsOf: url)), url.lastPathComponent)
        }
    }

    func testHostileAndUnusualInputs() {
        let cases: [(String, String)] = [
            ("empty", ""),
            ("only a comment", "# nothing\n"),
            ("BOM and CRLF", "\u{FEFF}a: 1\r\nb: [x, 'y', \"z\\u00e9\"]\r\n"),
            ("tab", "a:\n\tb: 1\n"),
            ("syntax error", "a: [1, 2\nb: 3\n"),
            ("two documents", "a: 1\n---\nb: 2\n"),
            ("tags and anchors", "a: &x !!str 1\nb: *x\nc: !custom {k: &y [1, *x]}\nd: *y\n"),
            ("undefined alias", "a: *nope\n"),
            ("block scalars", "a: |\n  one\n  two\nb: >-\n  folded\n  text\n"),
            ("unicode", "名前: \"😀 e\u{301}\"\nb: 'it''s'\n"),
            ("random bytes", String(decoding: (0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }, as: UTF8.self)),
        ]
        for (name, text) in cases {
            assertSameParse(Array(text.utf8), name)
        }
    }

    /// A file of many chunks (each holds `EventPipeline.chunkSize` events), so the reader fills
    /// the queue and waits for the builder.
    func testManyChunks() {
        let text = Self.bigFile(items: 6_000)
        assertSameParse(Array(text.utf8), "many chunks")
        let result = YAMLParser.parse(text, pipelining: .always)
        XCTAssertTrue(result.isComplete)
        XCTAssertEqual(result.root?["items"]?.items?.count, 6_000)
    }

    /// The builder stops while the reader is chunks ahead: after a second document, past the
    /// depth or alias limit, and at a syntax error, each far into the file.
    func testEarlyStopsFarIntoTheFile() {
        let big = Self.bigFile(items: 4_000)
        let bytes = Array(big.utf8)
        assertSameParse(bytes + Array("---\nsecond: 1\n".utf8) + bytes, "second document after many chunks")
        assertSameParse(bytes + Array("broken: [1, 2\n".utf8) + bytes, "syntax error after many chunks")
        var nested = big
        nested += "deep: " + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "\n"
        assertSameParse(Array(nested.utf8), "depth limit after many chunks", limits: YAMLLimits(maxDepth: 40))
        var aliases = "base: &b [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n" + big
        aliases += "uses: [" + Array(repeating: "*b", count: 200).joined(separator: ", ") + "]\n"
        assertSameParse(Array(aliases.utf8), "alias limit after many chunks", limits: YAMLLimits(maxAliasExpansion: 1_000))
        let stopped = YAMLParser.parse(bytes: bytes + Array("---\nsecond: 1\n".utf8) + bytes, pipelining: .always)
        XCTAssertEqual(stopped.diagnostics.map(\.code.name), ["multiple-documents"])
    }

    func testAutomaticChoice() {
        XCTAssertFalse(EventPipeline.isWanted(.automatic, byteCount: EventPipeline.minimumBytes - 1))
        XCTAssertEqual(EventPipeline.isWanted(.automatic, byteCount: EventPipeline.minimumBytes), Processors.online > 1)
        XCTAssertTrue(EventPipeline.isWanted(.always, byteCount: 0))
        XCTAssertFalse(EventPipeline.isWanted(.never, byteCount: 1 << 30))
    }

    static func bigFile(items: Int) -> String {
        var text = "items:\n"
        for i in 0..<items {
            text += "  - {name: \"item \(i)\", size: \(i % 97), flag: \(i % 2 == 0), tag: !t x\(i)}\n"
        }
        return text
    }
}
