import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiServices
import XCTest

/// `imports:` through the pipeline, on real files (docs/format.md §8.3): a library, a screen using
/// it, a path that leaves the workspace root (never read), a symbolic link that does, an import
/// cycle, a file with a syntax error, and two libraries declaring the same name.
final class ImportTests: XCTestCase {
    /// Every path the loader and the resolver were asked about.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var loadedPaths: [String] = []
        private var resolvedPaths: [String] = []

        var loaded: [String] { lock.withLock { loadedPaths } }
        var resolved: [String] { lock.withLock { resolvedPaths } }
        func load(_ p: String) { lock.withLock { loadedPaths.append(p) } }
        func resolve(_ p: String) { lock.withLock { resolvedPaths.append(p) } }
    }

    private var temp: URL!
    private var root: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-imports-\(UUID().uuidString)")
        root = temp.appendingPathComponent("ws")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib2"), withIntermediateDirectories: true)
        try write("../outside.tatami.yaml", "components:\n  Secret:\n    body: {text: secret}\nbody: {text: outside}\n")
        try write("lib/ui.tatami.yaml", Self.library)
        try write("lib2/other.tatami.yaml", "components:\n  Badge:\n    body: {text: other}\nbody: {Badge: {}}\n")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("lib/link.tatami.yaml").path,
                                                   withDestinationPath: temp.appendingPathComponent("outside.tatami.yaml").path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temp)
    }

    private func write(_ relative: String, _ text: String) throws {
        try text.write(to: root.appendingPathComponent(relative), atomically: true, encoding: .utf8)
    }

    /// Analyses `relative` (written first) with a recording loader and resolver.
    private func analyze(_ relative: String, _ text: String, recorder: Recorder = Recorder()) throws -> Analysis {
        try write(relative, text)
        let path = root.appendingPathComponent(relative).path
        let files = Pipeline.fileContext(path: path, workspaceRoot: root.path)
        let context = ValidationContext(
            filePath: files.filePath, workspaceRoot: files.workspaceRoot,
            resolve: { p in recorder.resolve(p); return files.resolve(p) },
            load: { p in recorder.load(p); return files.load(p) })
        return Pipeline.analyze(bytes: Array(text.utf8), path: relative, context: context)
    }

    private func canonical(_ relative: String) -> String {
        root.appendingPathComponent(relative).resolvingSymlinksInPath().path
    }

    /// Diagnostics as "line:column code: message", 1-based.
    private func listing(_ a: Analysis) -> [String] {
        a.diagnostics.map { d in
            let p = a.lineTable.scalarPosition(ofByte: d.range.start)
            return "\(p.line + 1):\(p.column + 1) \(d.code.name): \(d.message)"
        }
    }

    static let library = """
        components:
          Badge:
            params:
              label: {type: string}
              tint: {type: color, default: blue}
            body:
              text: $label
              padding: 4
              background: {color: $tint}
          Row:
            params:
              title: {type: string}
              accessory: {type: view, default: ~}
            body:
              hstack:
                - Badge: {label: $title}
                - spacer:
                - $accessory
          Titled:
            params: {style: {type: string, default: title}}
            body: {text: Hi, font: "${style}"}
          Long:
            body: {text: a very long line indeed, lineLimit: 1}
        body:
          vstack:
            - Row: {title: Row, accessory: {Badge: {label: Badge}}}
            - Titled:
            - Long:

        """

    func testAScreenUsesTheLibraryAndNeverReadsOutsideTheRoot() throws {
        let recorder = Recorder()
        // The screen's own `Badge` wins over the library's; the library's `Row` still uses the
        // library's `Badge` (names in a body are the body's file's). A slot's views are read in
        // the screen: `Star` is the screen's, and so is the `Badge` in the last accessory, which
        // has no `tint`.
        let a = try analyze("screen.tatami.yaml", """
            imports: [lib/ui.tatami.yaml, ../outside.tatami.yaml]
            components:
              Badge:
                params: {label: {type: string}}
                body: {text: "LOCAL ${label}"}
              Star:
                body: {image: star}
            viewports:
              v: {width: 200, height: 100}
            body:
              vstack:
                - Row: {title: Inbox, accessory: {Star: {}}}
                - Badge: {label: mine}
                - Row: {title: Sent, accessory: {Badge: {label: local, tint: red}}}
            """, recorder: recorder)
        XCTAssertEqual(listing(a), [
            "1:31 import-error: `../outside.tatami.yaml` is outside the workspace root `\(canonical(""))`; imports must stay inside it",
            "14:60 unknown-param: `Badge` has no parameter `tint`; its parameters are `label`",
        ])
        // Only the library was read; the escaping path was not even resolved.
        XCTAssertEqual(recorder.loaded, [canonical("lib/ui.tatami.yaml")])
        XCTAssertFalse(recorder.resolved.contains { $0.hasSuffix("outside.tatami.yaml") }, "\(recorder.resolved)")

        let rows = try XCTUnwrap(a.document.body).children
        XCTAssertEqual(rows.map(\.kind.name), ["Row", "Badge", "Row"])
        // Row → hstack [Badge (the library's) → text "Inbox", spacer, Star → image].
        let inbox = try XCTUnwrap(rows[0].children.first)
        XCTAssertEqual(inbox.kind.name, "hstack")
        XCTAssertEqual(inbox.children.map(\.kind.name), ["Badge", "spacer", "Star"])
        guard case .text(let t, _) = inbox.children[0].children[0].kind else { return XCTFail("not a text") }
        XCTAssertEqual(t, "Inbox")
        XCTAssertEqual(inbox.children[2].children.first?.kind.name, "image")
        guard case .text(let mine, _) = rows[1].children[0].kind else { return XCTFail("not a text") }
        XCTAssertEqual(mine, "LOCAL mine")
        let sent = try XCTUnwrap(rows[2].children.first)
        guard case .text(let lib, _) = sent.children[0].children[0].kind,
              case .text(let local, _) = sent.children[2].children[0].kind else { return XCTFail("not texts") }
        XCTAssertEqual([lib, local], ["Sent", "LOCAL local"])

        // The library's views stand at the instance in the screen (their own ranges are in
        // another file); the slot's `Star` stands where it is written.
        let text = a.lineTable
        let rowKey = rows[0].kindRange
        XCTAssertEqual(text.text(rowKey), "Row")
        XCTAssertEqual(inbox.kindRange, rowKey)
        XCTAssertEqual(inbox.range, rowKey)
        XCTAssertEqual(inbox.children[0].children[0].kindRange, rowKey)
        XCTAssertEqual(text.text(inbox.children[2].kindRange), "Star")
    }

    func testProblemsInAnImportedBodyComeToTheInstance() throws {
        let a = try analyze("titles.tatami.yaml", """
            imports: [lib/ui.tatami.yaml]
            viewports:
              v: {width: 40, height: 100}
            body:
              vstack:
                - Titled: {style: huge}
                - Long:
            """)
        // `font: "${style}"` is on line 21 of the library; `huge` is no font. The long text is
        // cut to one line in a 40-point viewport: the warning is the screen's, at `Long`.
        let found = listing(a)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertEqual(found.first, "6:7 unknown-font: unknown font `huge`; fonts here are `caption`, `body`, `headline`, `title`, `largeTitle` (in the body of `Titled`, lib/ui.tatami.yaml, line 21)")
        XCTAssertTrue(found.last?.hasPrefix("7:7 text-truncated: ") == true, "\(found)")
        XCTAssertEqual(a.diagnostics.last?.viewport, "v")
        let related = try XCTUnwrap(a.diagnostics.first?.related.first)
        XCTAssertEqual(related.file, canonical("lib/ui.tatami.yaml"))
        let library = LineTable(Self.library)
        XCTAssertEqual(library.text(related.range), "\"${style}\"")
        XCTAssertEqual(library.scalarPosition(ofByte: related.range.start).line + 1, 21)
    }

    /// A check inside an imported body that points at another key of that body names that key
    /// in the imported file (it used to be left in the imported file's offsets, which outputs
    /// read as the end of the importing file).
    func testARelatedLocationInAnImportedBodyIsInThatFile() throws {
        try write("lib/box.tatami.yaml", "components:\n  Box:\n    params: {lo: {type: number}}\n    body: {color: red, frame: {minWidth: $lo, maxWidth: 10}}\n")
        let a = try analyze("boxes.tatami.yaml", "imports: [lib/box.tatami.yaml]\nbody: {Box: {lo: 20}}\n")
        XCTAssertEqual(listing(a), ["2:18 min-exceeds-max: `minWidth` (20) is larger than `maxWidth` (10)"])
        let related = try XCTUnwrap(a.diagnostics.first?.related)
        XCTAssertEqual(related.map(\.file), [canonical("lib/box.tatami.yaml"), canonical("lib/box.tatami.yaml")])
        let library = LineTable(try String(contentsOf: root.appendingPathComponent("lib/box.tatami.yaml"), encoding: .utf8))
        XCTAssertEqual(related.map { library.text($0.range) }, ["10", "$lo"])
    }

    func testASymbolicLinkOutOfTheRootIsNotRead() throws {
        let recorder = Recorder()
        let a = try analyze("linked.tatami.yaml", "imports: [lib/link.tatami.yaml]\nbody: {text: x}\n", recorder: recorder)
        XCTAssertEqual(listing(a), [
            "1:11 import-error: `lib/link.tatami.yaml` leads outside the workspace root `\(canonical(""))` through a symbolic link; imports must stay inside it",
        ])
        XCTAssertEqual(recorder.loaded, [])
    }

    func testAnImportCycleIsAnError() throws {
        try write("cycle-b.tatami.yaml", "imports: [cycle-a.tatami.yaml]\ncomponents:\n  B:\n    body: {text: b}\nbody: {B: {}}\n")
        let a = try analyze("cycle-a.tatami.yaml", "imports: [cycle-b.tatami.yaml]\nbody: {B: {}}\n")
        // b's own import of a closes the cycle (b, line 1); a's import of b reports it as the
        // cycle through a that it is, once (not as b's error, with the code twice). b's
        // component is still usable.
        XCTAssertEqual(listing(a), [
            "1:11 import-error: import cycle: `cycle-a.tatami.yaml` → `cycle-b.tatami.yaml` → `cycle-a.tatami.yaml`; a file cannot import itself, directly or through others",
        ])
        XCTAssertEqual(a.document.body?.kind.name, "B")
        let itself = try analyze("self.tatami.yaml", "imports: [./self.tatami.yaml]\nbody: {text: s}\n")
        XCTAssertEqual(listing(itself), [
            "1:11 import-error: import cycle: `self.tatami.yaml` → `self.tatami.yaml`; a file cannot import itself, directly or through others",
        ])
    }

    func testAnImportedFileWithASyntaxErrorIsReportedAtTheImport() throws {
        try write("broken.tatami.yaml", "components:\n  Bad:\n    body: {text: [oops}\n")
        let a = try analyze("uses-broken.tatami.yaml", "imports: [broken.tatami.yaml]\nbody: {text: x}\n")
        XCTAssertEqual(a.diagnostics.count, 1, "\(listing(a))")
        let d = try XCTUnwrap(a.diagnostics.first)
        XCTAssertEqual(d.code.name, "import-error")
        XCTAssertTrue(d.message.hasPrefix("`broken.tatami.yaml` has errors: line 3: "), d.message)
        XCTAssertTrue(d.message.contains("[yaml-syntax]"), d.message)
        // Nothing is reported inside the other file.
        XCTAssertEqual(a.lineTable.text(d.range), "broken.tatami.yaml")
    }

    func testTwoImportsDeclaringOneNameAreAnError() throws {
        let a = try analyze("clash.tatami.yaml", """
            imports: [lib/ui.tatami.yaml, lib2/other.tatami.yaml]
            body: {Badge: {label: x}}
            """)
        XCTAssertEqual(listing(a), [
            "1:31 import-error: `Badge` is declared in both `lib/ui.tatami.yaml` and `lib2/other.tatami.yaml`; the one from `lib/ui.tatami.yaml` is used",
        ])
    }

    func testImportsNeedAFileAndARelativeTatamiPath() throws {
        let standalone = Pipeline.analyze(text: "imports: [lib/ui.tatami.yaml]\nbody: {text: x}\n")
        XCTAssertEqual(listing(standalone), [
            "1:11 import-error: imports need a file path: this text was not read from a file, so `lib/ui.tatami.yaml` cannot be found from it",
        ])
        let a = try analyze("paths.tatami.yaml", """
            imports: [/etc/x.tatami.yaml, lib/ui.yaml, lib/none.tatami.yaml, 3, lib/ui.tatami.yaml, lib/ui.tatami.yaml]
            body: {text: x}
            """)
        XCTAssertEqual(listing(a), [
            "1:11 import-error: `/etc/x.tatami.yaml` is absolute; import paths are relative to the importing file",
            "1:31 import-error: `lib/ui.yaml` is not a Tatami file; imports name `.tatami.yaml` or `.tatami.yml` files",
            "1:44 import-error: cannot find `lib/none.tatami.yaml`",
            "1:66 wrong-type: expected a relative path such as `common/buttons.tatami.yaml`, found a number",
        ])
    }

    func testTheLibraryOnItsOwnIsClean() throws {
        let text = try String(contentsOf: root.appendingPathComponent("lib/ui.tatami.yaml"), encoding: .utf8)
        let a = try analyze("lib/ui.tatami.yaml", text)
        XCTAssertEqual(listing(a), [])
    }
}
