import Foundation
import TatamiTestSupport
import XCTest

/// Issue 29's "no cascades, better messages", through the built binary.
extension CLITests {
    /// A scratch folder with a `.git`, so that it is its own workspace root.
    func scratchWorkspace(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func jsonDiagnostics(_ r: Run) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try XCTUnwrap(object?["diagnostics"] as? [[String: Any]], r.stdout)
    }

    func testAMissingImportIsReportedOnceWithOneNoteForTheComponentsItWouldHaveGiven() throws {
        let dir = try scratchWorkspace(["screen.tatami.yaml": """
            imports: [lib/missing.tatami.yaml]
            body:
              vstack:
                - Badge: {label: A}
                - Badge: {label: B}
                - Card: {}

            """])
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try tatami(["lint", "screen.tatami.yaml"], in: dir)
        XCTAssertEqual(text.status, 1)
        // One error; its related note (the uses it explains) printed under it, as text output
        // prints related locations (docs/format.md §12.1).
        XCTAssertEqual(text.stdout, "screen.tatami.yaml:1:11: error: cannot find `lib/missing.tatami.yaml` [import-error]\n"
                       + "screen.tatami.yaml:4:7: note: `Badge`, `Card`: 3 uses of components not declared, the first here; they may come from `lib/missing.tatami.yaml`\n")
        let json = try jsonDiagnostics(try tatami(["lint", "--format", "json", "screen.tatami.yaml"], in: dir))
        XCTAssertEqual(json.count, 1)
        let related = try XCTUnwrap(json.first?["related"] as? [[String: Any]])
        XCTAssertEqual(related.count, 1)
        let note = try XCTUnwrap(related.first)
        XCTAssertEqual(note["line"] as? Int, 4)
        XCTAssertEqual(note["column"] as? Int, 7)
        XCTAssertEqual(note["message"] as? String,
                       "`Badge`, `Card`: 3 uses of components not declared, the first here; they may come from `lib/missing.tatami.yaml`")
    }

    func testAnImportCycleNamesItsCodeOnce() throws {
        let dir = try scratchWorkspace([
            "a.tatami.yaml": "imports: [b.tatami.yaml]\nbody: {B: {}}\n",
            "b.tatami.yaml": "imports: [a.tatami.yaml]\ncomponents:\n  B:\n    body: {text: b}\nbody: {B: {}}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try tatami(["lint", "a.tatami.yaml"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "a.tatami.yaml:1:11: error: import cycle: `a.tatami.yaml` → `b.tatami.yaml` → `a.tatami.yaml`; a file cannot import itself, directly or through others [import-error]\n")
    }

    func testAnImportOfAFileWithABrokenImportNamesTheCodeOnce() throws {
        // b's own error is an import-error too: a's summary of it does not repeat the tag.
        let dir = try scratchWorkspace([
            "a.tatami.yaml": "imports: [b.tatami.yaml]\nbody: {text: a}\n",
            "b.tatami.yaml": "imports: [none.tatami.yaml]\ncomponents:\n  B:\n    body: {text: b}\nbody: {B: {}}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try tatami(["lint", "a.tatami.yaml"], in: dir)
        XCTAssertEqual(r.stdout, "a.tatami.yaml:1:11: error: `b.tatami.yaml` has errors: line 1: cannot find `none.tatami.yaml` [import-error]\n")
    }

    /// A library whose fonts are files can be imported (its fonts are not read for importers,
    /// who take its components only); a component using a font of its own file says where
    /// shared fonts go, and with the font in the workspace file the imported component is laid
    /// out in it exactly as a text written in the screen is.
    func testALibraryWithFileFontsImportsAndItsComponentsTakeTheWorkspaceFonts() throws {
        let inter = Fixtures.repositoryRoot().appendingPathComponent("Examples/fonts/Inter-Regular.otf")
        let library = """
            fonts:
              brand: {file: fonts/Inter-Regular.otf, size: 15}
            components:
              Title:
                params:
                  label: {type: string}
                body:
                  text: $label
                  font: brand
            body:
              Title: {label: Library}

            """
        let dir = try scratchWorkspace([
            "lib.tatami.yaml": library,
            "screen.tatami.yaml": "imports: [lib.tatami.yaml]\nbody:\n  vstack:\n    - Title: {label: Hello}\n",
            "direct.tatami.yaml": "body:\n  vstack:\n    - text: Hello\n      font: brand\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: inter, to: dir.appendingPathComponent("fonts/Inter-Regular.otf"))

        XCTAssertEqual(try tatami(["lint", "lib.tatami.yaml"], in: dir).status, 0)
        let r = try tatami(["lint", "screen.tatami.yaml"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(r.stdout.contains("import-error"), r.stdout)
        XCTAssertTrue(r.stdout.contains("screen.tatami.yaml:4:7: error: unknown font `brand`; fonts here are `caption`, `body`, `headline`, "
                                         + "`title`, `largeTitle`; a component's fonts come from the file that uses it (fonts are not "
                                         + "imported): declare `brand` in the workspace file (tatami.config.yaml) to share it with every "
                                         + "file (in the body of `Title`, lib.tatami.yaml, line 9) [unknown-font]"), r.stdout)

        try "fonts:\n  brand: {file: fonts/Inter-Regular.otf, size: 15}\n"
            .write(to: dir.appendingPathComponent("tatami.config.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try tatami(["lint", "screen.tatami.yaml", "lib.tatami.yaml"], in: dir).status, 0)
        func textFrame(_ file: String) throws -> [String: Any] {
            let r = try tatami(["frames", "--format", "json", file], in: dir)
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let frames = try XCTUnwrap(object?["frames"] as? [[String: Any]], r.stdout)
            return try XCTUnwrap(frames.first { $0["kind"] as? String == "text" })
        }
        let imported = try textFrame("screen.tatami.yaml"), direct = try textFrame("direct.tatami.yaml")
        for key in ["x", "y", "width", "height"] {
            XCTAssertEqual(imported[key] as? Double, direct[key] as? Double, key)
        }
        // Not the default cell font's 40×16 ("Hello" in `body`, 8×16 a character).
        XCTAssertNotEqual(imported["height"] as? Double, 16)
    }

    func testACapitalisedKindNameIsSuggestedAsTheKind() throws {
        // The view is then checked as that kind: the misspelt padding inside is found.
        let r = try tatami(["lint", "-"], stdin: """
            body:
              VStack:
                - Text: Hello
                  paddng: 4
                - Imgae: logo
                - Stack: []

            """)
        XCTAssertEqual(r.status, 1)
        let lower = "Kind keys are lower case (a capitalised key names a component)"
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), [
            "<stdin>:2:3: error: no component named `VStack` is declared; did you mean the `vstack` kind? \(lower); the rest of this view is checked as `vstack` [unknown-component]",
            "<stdin>:3:7: error: no component named `Text` is declared; did you mean the `text` kind? \(lower); the rest of this view is checked as `text` [unknown-component]",
            "<stdin>:4:7: error: unknown key `paddng`; did you mean `padding`? [unknown-key]",
            "<stdin>:5:7: error: no component named `Imgae` is declared; did you mean the `image` kind? \(lower); the rest of this view is checked as `image` [unknown-component]",
            "<stdin>:6:7: error: no component named `Stack` is declared; did you mean one of the kinds `hstack`, `vstack` or `zstack`? \(lower) [unknown-component]",
        ])
        // A component's name still comes first when one is close.
        let component = try tatami(["lint", "-"], stdin: """
            components:
              Texts: {body: {text: x}}
            body:
              Textz: {}

            """)
        XCTAssertTrue(component.stdout.contains("no component named `Textz` is declared; did you mean `Texts`? [unknown-component]"), component.stdout)
    }

    func testAYAML11BooleanIsExplainedAndFixed() throws {
        let source = """
            body:
              vstack:
                - text: A
                  hidden: yes
                - text: B
                  border: Off
                - text: C
                  hidden: N

            """
        let r = try tatami(["lint", "-"], stdin: source)
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), [
            "<stdin>:4:15: error: expected `true` or `false` for `hidden`, found the string `yes`: YAML 1.2 reads `yes` as a string, not a boolean (YAML 1.1 read it as `true`); write `true` [wrong-type]",
            "<stdin>:6:15: error: expected `true`, `false` or `{style}` for `border`, found the string `Off`: YAML 1.2 reads `Off` as a string, not a boolean (YAML 1.1 read it as `false`); write `false` [wrong-type]",
            "<stdin>:8:15: error: expected `true` or `false` for `hidden`, found the string `N`: YAML 1.2 reads `N` as a string, not a boolean (YAML 1.1 read it as `false`); write `false` [wrong-type]",
        ])
        // The fix is safe: --fix applies it.
        let fixed = try tatami(["lint", "--fix", "-"], stdin: source)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(fixed.stdout, source.replacingOccurrences(of: "hidden: yes", with: "hidden: true")
            .replacingOccurrences(of: "border: Off", with: "border: false").replacingOccurrences(of: "hidden: N", with: "hidden: false"))
    }

    func testAColourWordReadAsTextGetsNoLayoutWarningsOfItsOwn() throws {
        // `red` is a 24-point text in the 16×16 the `Hi` text offers: cut in both viewports, but
        // color-as-text already says what is wrong.
        let r = try tatami(["lint", "-"], stdin: """
            viewports:
              a: {width: 320, height: 100}
              b: {width: 200, height: 100}
            body:
              text: Hi
              background: red

            """)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "<stdin>:6:15: warning: `red` here is a text view that shows the word `red`; for the colour, write `{color: red}` [color-as-text]\n")
        // In a component's body the instance still gets the warnings of its other texts.
        let component = try tatami(["lint", "-"], stdin: """
            viewports:
              a: {width: 320, height: 100}
            components:
              Chip:
                params: {label: {type: string}}
                body:
                  hstack:
                    - text: Hi
                      background: red
                    - text: $label
                      frame: {width: 16}
            body:
              vstack:
                - Chip: {label: Long label}
                - Chip: {label: Hi}

            """)
        XCTAssertEqual(component.stdout.split(separator: "\n").map(String.init), [
            "<stdin>:9:23: warning: `red` here is a text view that shows the word `red`; for the colour, write `{color: red}` [color-as-text]",
            "<stdin>:14:7: warning: text is cut to fit 16×64 in viewport a: shows `Lo ng la b…` [text-truncated]",
        ])
    }

    func testReferencesOutsideAComponentBodyAreWarnedAboutAndCanBeSilenced() throws {
        let source = """
            components:
              Price:
                params: {amount: {type: string}}
                body: {text: "$$${amount}"}
            body:
              vstack:
                - text: $title
                - text: Price $$5
                - Price: {amount: "5"}
                - text: $name # tatami-ignore: reference-outside-component

            """
        let r = try tatami(["lint", "-"], stdin: source)
        XCTAssertEqual(r.status, 0, "a warning")
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), [
            "<stdin>:7:13: warning: `$title` is shown as written in this text: `$name`, `${name}` and `$$` are read only inside a component's body (`components:`) [reference-outside-component]",
            "<stdin>:8:19: warning: `$$` is shown as written in this text: `$$` stands for `$` only inside a component's body [reference-outside-component]",
        ])
        let explain = try tatami(["explain", "reference-outside-component"])
        XCTAssertEqual(explain.status, 0)
        XCTAssertTrue(explain.stdout.hasPrefix("reference-outside-component (warning)\n"), explain.stdout)
        // The lone `$$` has a safe fix: one `$`.
        let fixed = try tatami(["lint", "--fix", "-"], stdin: source)
        XCTAssertEqual(fixed.stdout, source.replacingOccurrences(of: "Price $$5", with: "Price $5"))
    }

    func testAMisindentedLineGetsTheExpectedAndFoundColumns() throws {
        // yamllint's "wrong indentation: expected 4 but found 3", in columns (1-based, as the
        // line:column before it): the keys under `vstack` start at column 5.
        let key = try tatami(["lint", "--format", "json", "-"], stdin: "body:\n    vstack:\n      - text: A\n   padding: 4\n")
        XCTAssertEqual(key.status, 1)
        let all = try jsonDiagnostics(key)
        XCTAssertEqual(all.count, 1)
        let d = [try XCTUnwrap(all.first)]
        XCTAssertEqual(d[0]["line"] as? Int, 4)
        XCTAssertEqual(d[0]["column"] as? Int, 4)
        XCTAssertEqual(d[0]["message"] as? String,
                       "wrong indentation: expected column 5, like `vstack` on line 2, but this line starts at column 4 (the keys of a mapping, and the items of a list, start in one column)")
        let related = try XCTUnwrap(d[0]["related"] as? [[String: Any]])
        XCTAssertEqual(related.map { "\($0["line"]!):\($0["column"]!)-\($0["endColumn"]!)" }, ["2:5-11"])
        // A list item one column short of its siblings.
        let item = try tatami(["lint", "-"], stdin: "body:\n  vstack:\n    - text: A\n   - text: B\n")
        XCTAssertEqual(item.stdout, "<stdin>:4:4: error: wrong indentation: expected column 5, like the list item on line 3, but this line starts at column 4 (the keys of a mapping, and the items of a list, start in one column) [yaml-syntax]\n"
                       + "<stdin>:3:5: note: this line starts at the column expected\n")
        // Inside a list item's mapping, past a comment line.
        let nested = try tatami(["lint", "-"], stdin: "body:\n  vstack:\n    - text: A\n      # note\n      padding: 4\n     border: true\n")
        XCTAssertEqual(nested.stdout, "<stdin>:6:6: error: wrong indentation: expected column 7, like `padding` on line 5, but this line starts at column 6 (the keys of a mapping, and the items of a list, start in one column) [yaml-syntax]\n"
                       + "<stdin>:5:7: note: this line starts at the column expected\n")
    }
}
