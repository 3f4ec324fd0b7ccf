import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiRender
import TatamiServices
import TatamiTestSupport
import XCTest

/// Every example in the documentation is a test (the convention is also stated at the top of
/// docs/format.md):
///
/// - A fenced ```` ```yaml ```` block in README.md or under docs/ that holds a whole file (a line
///   starting with `body:`) is analysed as `tatami lint` analyses a file, as if it were a file in
///   the Markdown file's folder (so its imports resolve from there), with the repository as the
///   workspace root. It must give no error, unless the line just before its opening fence is
///   `<!-- lint: errors -->`: then it must give at least one.
/// - A fenced ```` ```text ```` block whose opening fence follows the line
///   `<!-- frames: VIEWPORT -->` belongs to the closest whole-file YAML block above it, and holds
///   that file's frames in that viewport exactly as `tatami frames --format text --viewport
///   VIEWPORT` prints them, without the title line.
/// - Likewise `<!-- render: VIEWPORT -->` introduces exactly what
///   `tatami preview --ascii --color never --viewport VIEWPORT` prints, and
///   `<!-- preview: VIEWPORT -->` what `tatami preview --color never --viewport VIEWPORT` prints
///   (box-drawing characters).
/// - A YAML block after `<!-- beside: NAME -->` is a file the page's examples may import as
///   `NAME` (relative to the Markdown file's folder), though it is not on disk there.
final class DocumentationExamplesTests: XCTestCase {
    struct Block {
        var file: String
        /// 1-based line of the opening fence.
        var line: Int
        var language: String
        var text: String
        /// The line just before the opening fence, trimmed.
        var marker: String
    }

    /// The fenced blocks of a Markdown text, in order.
    static func blocks(in markdown: String, file: String) -> [Block] {
        let lines = markdown.components(separatedBy: "\n")
        var result: [Block] = []
        var i = 0
        while i < lines.count {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else { i += 1; continue }
            let indent = lines[i].prefix { $0 == " " }.count
            let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let marker = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
            var body: [String] = []
            var j = i + 1
            while j < lines.count, !lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                // Blocks inside lists are indented; the fence's indentation is not the file's.
                body.append(String(lines[j].dropFirst(min(indent, lines[j].prefix { $0 == " " }.count))))
                j += 1
            }
            result.append(Block(file: file, line: i + 1, language: language,
                                text: body.joined(separator: "\n") + "\n", marker: marker))
            i = j + 1
        }
        return result
    }

    static func isWholeFile(_ b: Block) -> Bool {
        (b.language == "yaml" || b.language == "yml")
            && b.text.components(separatedBy: "\n").contains { $0.hasPrefix("body:") }
    }

    /// `<!-- NAME: VALUE -->` → VALUE, when the marker has that name.
    static func annotation(_ marker: String, _ name: String) -> String? {
        let prefix = "<!-- \(name):", suffix = "-->"
        guard marker.hasPrefix(prefix), marker.hasSuffix(suffix) else { return nil }
        return String(marker.dropFirst(prefix.count).dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
    }

    /// README.md and every Markdown file under docs/, relative to the repository root.
    static func documentationFiles() -> [String] {
        let root = Fixtures.repositoryRoot()
        var files = ["README.md"]
        if let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent("docs").path) {
            for case let path as String in walker where path.hasSuffix(".md") { files.append("docs/" + path) }
        }
        return files.sorted()
    }

    struct Checked {
        var linted = 0
        var expectingErrors = 0
        var frames = 0
        var renders = 0
    }

    /// Checks every example of one Markdown text; failures are reported through `fail`.
    static func check(markdown: String, file: String, fail: (String) -> Void) -> Checked {
        let root = Fixtures.repositoryRoot()
        let folder = root.appendingPathComponent(file).deletingLastPathComponent()
        var checked = Checked()
        var current: (block: Block, path: String)?
        let all = blocks(in: markdown, file: file)
        // Files shown beside the examples (`<!-- beside: NAME -->`), readable as imports.
        var beside: [String: [UInt8]] = [:]
        for block in all {
            if let name = annotation(block.marker, "beside") {
                beside[ImportPath.normalize(folder.appendingPathComponent(name).path)] = Array(block.text.utf8)
            }
        }
        // `<!-- beside: NAME = PATH -->` on a line of its own: a copy of the repository's file
        // PATH (a font) stands beside the page as NAME.
        for line in markdown.components(separatedBy: "\n") {
            guard let value = annotation(line.trimmingCharacters(in: .whitespaces), "beside"), value.contains(" = ") else { continue }
            let parts = value.components(separatedBy: " = ")
            let bytes = try? Data(contentsOf: root.appendingPathComponent(parts[1]))
            beside[ImportPath.normalize(folder.appendingPathComponent(parts[0]).path)] = bytes.map { [UInt8]($0) }
        }
        let shown = beside
        for block in all {
            let place = "\(file):\(block.line)"
            if isWholeFile(block) {
                let path = folder.appendingPathComponent("example-line-\(block.line).tatami.yaml").path
                current = (block, path)
                var context = Pipeline.fileContext(path: path, workspaceRoot: root.path)
                if !shown.isEmpty {
                    let disk = context
                    context.resolve = { p in shown[ImportPath.normalize(p)] != nil ? ImportPath.normalize(p) : disk.resolve(p) }
                    context.load = { p in shown[p] ?? disk.load(p) }
                    context.loadFont = { p in shown[p].map(FontBytes.init) ?? disk.loadFont(p) }
                }
                let analysis = Pipeline.analyze(bytes: Array(block.text.utf8), path: path, context: context)
                let errors = analysis.diagnostics.filter { $0.severity == .error }
                checked.linted += 1
                if block.marker == "<!-- lint: errors -->" {
                    checked.expectingErrors += 1
                    if errors.isEmpty { fail("\(place): marked `lint: errors` but lints without errors") }
                } else if !errors.isEmpty {
                    fail("\(place): the example has errors:\n" + errors.map { "  [\($0.code.name)] \($0.message)" }.joined(separator: "\n"))
                }
                continue
            }
            if block.marker.hasPrefix("<!-- lint:") {
                fail("\(place): `\(block.marker)` stands before a block that is not a whole YAML file")
                continue
            }
            let frames = annotation(block.marker, "frames"), render = annotation(block.marker, "render")
            let preview = annotation(block.marker, "preview")
            guard let viewport = frames ?? render ?? preview else { continue }
            guard block.language == "text" else {
                fail("\(place): `\(block.marker)` must introduce a ```text block")
                continue
            }
            guard let (yaml, path) = current else {
                fail("\(place): `\(block.marker)` has no whole-file YAML block above it")
                continue
            }
            let analysis = Pipeline.analyze(text: yaml.text, path: path, viewports: .named(viewport), workspaceRoot: root.path)
            guard let layout = analysis.layouts.first else {
                fail("\(place): the YAML block at line \(yaml.line) has no viewport `\(viewport)`")
                continue
            }
            let actual: String
            if frames != nil {
                checked.frames += 1
                let printed = FramesFormatter.text(file: "example", result: layout)
                actual = printed.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
            } else {
                checked.renders += 1
                actual = ASCIIRenderer.render(layout, options: RenderOptions(ascii: preview == nil, color: false))
            }
            if actual != block.text {
                fail("\(place): the \(frames != nil ? "frames" : "render") of the YAML block at line \(yaml.line) in viewport \(viewport) differ\nshown:\n\(block.text)program:\n\(actual)")
            }
        }
        return checked
    }

    func testEveryDocumentedExampleLintsAndShowsItsFrames() throws {
        var total = Checked()
        for file in Self.documentationFiles() {
            let text = try String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent(file), encoding: .utf8)
            let c = Self.check(markdown: text, file: file) { XCTFail($0) }
            total.linted += c.linted
            total.expectingErrors += c.expectingErrors
            total.frames += c.frames
            total.renders += c.renders
        }
        // The reference alone has dozens; a count this low means the blocks are not being found.
        XCTAssertGreaterThan(total.linted, 30)
        XCTAssertGreaterThan(total.frames, 25)
        XCTAssertGreaterThan(total.renders, 1)
        XCTAssertGreaterThan(total.expectingErrors, 2)
    }

    // MARK: The checker itself fails when it should

    let example = """
        viewports:
          v: {width: 100, height: 40}
        body:
          text: Hi

        """

    func failures(_ markdown: String) -> [String] {
        var messages: [String] = []
        _ = Self.check(markdown: markdown, file: "docs/format.md") { messages.append($0) }
        return messages
    }

    func testCorrectFramesPass() {
        let md = "```yaml\n\(example)```\n\n<!-- frames: v -->\n```text\ntext / 42,12 16×16\n```\n"
        XCTAssertEqual(failures(md), [])
    }

    func testWrongFramesFail() {
        let md = "```yaml\n\(example)```\n\n<!-- frames: v -->\n```text\ntext / 42,12 16×17\n```\n"
        XCTAssertEqual(failures(md).count, 1)
    }

    func testWrongRenderFails() {
        let md = "```yaml\n\(example)```\n\n<!-- render: v -->\n```text\nnot the render\n```\n"
        XCTAssertEqual(failures(md).count, 1)
    }

    func testWrongPreviewFails() {
        let md = "```yaml\n\(example)```\n\n<!-- preview: v -->\n```text\n+- v 100x40 +\n```\n"
        XCTAssertEqual(failures(md).count, 1)
    }

    func testUnknownViewportFails() {
        let md = "```yaml\n\(example)```\n\n<!-- frames: w -->\n```text\ntext / 42,12 16×16\n```\n"
        XCTAssertEqual(failures(md).count, 1)
    }

    func testAnExampleWithErrorsFailsUnlessMarked() {
        let broken = "```yaml\nbody:\n  text: Hi\n  image: logo\n```\n"
        XCTAssertEqual(failures(broken).count, 1)
        XCTAssertEqual(failures("<!-- lint: errors -->\n" + broken), [])
        // A marked example that is fine fails too.
        XCTAssertEqual(failures("<!-- lint: errors -->\n```yaml\n\(example)```\n").count, 1)
    }

    func testFragmentsAreNotLinted() {
        XCTAssertEqual(failures("```yaml\npadding: 4\nimage: logo\n```\n"), [])
    }

    // MARK: Nothing tracked refers outside the repository

    /// README says its first example "is that file without its comments": it must stay so
    /// (the examples are kept in the formatter's canonical shape).
    func testTheReadmesFirstExampleIsTheExampleFileWithoutItsComments() throws {
        let root = Fixtures.repositoryRoot()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/avocado-toast.tatami.yaml"), encoding: .utf8)
        let first = try XCTUnwrap(Self.blocks(in: readme, file: "README.md").first { Self.isWholeFile($0) })
        let withoutComments = example.components(separatedBy: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            .map { line -> String in
                guard let hash = line.range(of: "  #") else { return line }
                return String(line[..<hash.lowerBound])
            }
            .joined(separator: "\n")
        XCTAssertEqual(first.text.trimmingCharacters(in: .newlines), withoutComments.trimmingCharacters(in: .newlines))
    }

    func testNoTrackedFileRefersOutsideTheRepository() throws {
        let root = Fixtures.repositoryRoot()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = Pipe()
        do { try git.run() } catch { throw XCTSkip("git is not available") }
        let listing = out.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { throw XCTSkip("not a git checkout") }
        let files = listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertGreaterThan(files.count, 100)
        // Built from pieces, so that this file does not match itself.
        let needles = ["FORMAT" + ".md", ".." + "/shared"].map { Data($0.utf8) }
        var offenders: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) else { continue }
            for needle in needles where data.range(of: needle) != nil {
                offenders.append("\(file): \(String(decoding: needle, as: UTF8.self))")
            }
        }
        XCTAssertEqual(offenders, [], "tracked files must not refer outside the repository; cite docs/format.md instead")
    }
}
