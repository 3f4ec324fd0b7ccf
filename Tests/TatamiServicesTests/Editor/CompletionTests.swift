import TatamiBase
import TatamiModel
import TatamiServices
import TatamiYAML
import XCTest

/// Completion: keys valid at the cursor (empty lines too), the words a key takes, kinds and
/// components as snippets, instance parameters, fonts and alignments from the file.
final class CompletionTests: XCTestCase {
    private static let head = """
        viewports:
          phone: {width: 320, height: 480}
        fonts:
          tiny: {width: 4, height: 8}
        alignments:
          mid: {axis: vertical, default: bottom}
          midX: {axis: horizontal, default: trailing}
        components:
          Badge:
            params:
              label: {type: string}
              tint: {type: color, default: blue}
            body:
              text: $label
              padding: 4

        """

    private func complete(_ marked: String, file: StaticString = #filePath, line: UInt = #line) -> [CompletionCandidate] {
        let (analysis, offset) = Cursor.analyze(Self.head + marked, file: file, line: line)
        return EditorServices.completions(analysis, at: offset)
    }

    private func labels(_ c: [CompletionCandidate]) -> [String] { c.map(\.label) }

    func testEmptyLineInsideAViewOffersItsKeysNotThePresentOnes() throws {
        let c = complete("""
            body:
              hstack:
                - text: Hello
                  font: caption
                  ‸
                  lineLimit: 2
                - text: b
            """)
        let l = labels(c)
        // The text's parameter, modifiers, attributes, inherited keys…
        for key in ["truncation", "padding", "frame", "when", "multilineAlignment", "background"] {
            XCTAssertTrue(l.contains(key), "\(key) missing from \(l)")
        }
        // …but not the keys it holds (above or below the cursor), nor a second kind, nor keys of
        // other places.
        for key in ["font", "lineLimit", "text", "hstack", "spacing", "position", "ignoresSafeArea", "body"] {
            XCTAssertFalse(l.contains(key), "\(key) offered in \(l)")
        }
        let padding = try XCTUnwrap(c.first { $0.label == "padding" })
        XCTAssertEqual(padding.kind, .modifier)
        XCTAssertEqual(padding.insertText, "padding: ")
        XCTAssertEqual(padding.documentation?.hasPrefix(Schema.modifiers.first { $0.name == "padding" }!.doc), true)
        let truncation = try XCTUnwrap(c.first { $0.label == "truncation" })
        XCTAssertEqual(truncation.kind, .key)
        XCTAssertTrue(truncation.documentation?.contains("Default: tail") == true)
        // Nothing typed yet: an empty range at the cursor.
        XCTAssertEqual(truncation.replaceRange?.isEmpty, true)
    }

    func testKeyBeingTypedIsReplaced() throws {
        let text = Self.head + "body:\n  text: a\n  pad‸\n"
        let (analysis, offset) = Cursor.analyze(text)
        let c = EditorServices.completions(analysis, at: offset)
        let padding = try XCTUnwrap(c.first { $0.label == "padding" })
        XCTAssertEqual(padding.replaceRange, SourceRange(start: offset - 3, end: offset))
        // The body may ignore the safe area; a child may not.
        XCTAssertTrue(labels(c).contains("ignoresSafeArea"))
    }

    func testAlignmentAfterTheKeyFollowsTheStacksAxis() {
        let h = labels(complete("body:\n  hstack:\n    - a\n  alignment: ‸\n"))
        XCTAssertEqual(h, ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline", "mid"])
        let v = labels(complete("body:\n  vstack:\n    - a\n  alignment: ‸\n"))
        XCTAssertEqual(v, ["leading", "center", "trailing", "midX"])
        // A zstack takes the nine, and no custom alignment.
        let z = labels(complete("body:\n  zstack:\n    - a\n  alignment: ‸\n"))
        XCTAssertEqual(z, Alignment2D.allNames)
        // The kind key below the cursor decides too.
        let below = labels(complete("body:\n  alignment: ‸\n  vstack:\n    - a\n"))
        XCTAssertEqual(below, ["leading", "center", "trailing", "midX"])
    }

    func testEnumerationsAndBooleans() {
        XCTAssertEqual(labels(complete("body:\n  text: a\n  truncation: ‸\n")), ["tail", "head", "middle"])
        XCTAssertEqual(labels(complete("body:\n  grid:\n    - a\n  cells: ‸\n")), ["fill", "fit"])
        XCTAssertEqual(labels(complete("viewports:\n  tablet:\n    direction: ‸\n")).first, "ltr")
        XCTAssertEqual(labels(complete("body:\n  text: a\n  hidden: ‸\n")), ["true", "false"])
        XCTAssertEqual(labels(complete("body:\n  text: a\n  frame: {maxWidth: ‸}\n")), ["infinity"])
        // The word being typed inside a value is replaced.
        let (analysis, offset) = Cursor.analyze(Self.head + "body:\n  text: a\n  truncation: mi‸\n")
        let middle = EditorServices.completions(analysis, at: offset).first { $0.label == "middle" }
        XCTAssertEqual(middle?.replaceRange, SourceRange(start: offset - 2, end: offset))
    }

    func testKindsAreSnippetsInAChildrenList() throws {
        let c = complete("body:\n  hstack:\n    - text: Hello\n    - ‸\n")
        let l = labels(c)
        XCTAssertEqual(Array(l.prefix(Schema.kinds.count)), Schema.kindNames)
        XCTAssertTrue(l.contains("Badge"))
        let hstack = try XCTUnwrap(c.first { $0.label == "hstack" })
        XCTAssertEqual(hstack.kind, .kind)
        XCTAssertTrue(hstack.isSnippet)
        // The key sits at column 6; its items go at column 8, 4 past the line's indentation.
        XCTAssertEqual(hstack.insertText, "hstack:")
        XCTAssertEqual(hstack.laterLines, [CompletionLine(column: 8, text: "- $0")])
        XCTAssertEqual(hstack.text(.indentedByEditor), "hstack:\n    - $0")
        XCTAssertEqual(hstack.text(.asWritten), "hstack:\n        - $0")
        XCTAssertEqual(hstack.text(.none), "hstack:")
        XCTAssertEqual(hstack.documentation, Schema.kind(named: "hstack")!.doc)
        XCTAssertEqual(c.first { $0.label == "text" }?.insertText, "text: \"$1\"")
        XCTAssertEqual(c.first { $0.label == "text" }?.laterLines, [])

        // Under `body:` the key is at column 2: items 2 further.
        let body = complete("body:\n  ‸\n")
        XCTAssertEqual(body.first { $0.label == "vstack" }?.text(.indentedByEditor), "vstack:\n  - $0")
        XCTAssertEqual(body.first { $0.label == "vstack" }?.text(.asWritten), "vstack:\n    - $0")

        // On an empty line at the items' column, the item's `- ` comes with it: the key is at
        // column 6, its items at 8.
        let fresh = complete("body:\n  hstack:\n    - text: Hello\n    ‸\n")
        XCTAssertEqual(fresh.first { $0.label == "text" }?.insertText, "- text: \"$1\"")
        XCTAssertEqual(fresh.first { $0.label == "vstack" }?.text(.indentedByEditor), "- vstack:\n    - $0")
        XCTAssertEqual(fresh.first { $0.label == "vstack" }?.text(.asWritten), "- vstack:\n        - $0")
        XCTAssertEqual(fresh.first { $0.label == "vstack" }?.text(.none), "- vstack:")
        XCTAssertFalse(labels(fresh).contains("padding"))

        // The cursor inside a line's spaces, at column 8 of 10, under the items of a vstack at
        // column 6: the new item's key goes at column 10, its own items at 12, and later lines
        // are indented from the 8 spaces before the insertion.
        let inside = complete("body:\n  hstack:\n    - vstack:\n        ‸  \n")
        XCTAssertEqual(inside.first { $0.label == "zstack" }?.text(.indentedByEditor), "- zstack:\n    - $0")
        XCTAssertEqual(inside.first { $0.label == "zstack" }?.text(.asWritten), "- zstack:\n            - $0")

        // Where a view is a value on the same line: flow snippets.
        let background = complete("body:\n  text: a\n  background: ‸\n")
        XCTAssertEqual(background.first { $0.label == "color" }?.insertText, "{color: ${1:blue}}")
        XCTAssertEqual(background.first { $0.label == "hstack" }?.insertText, "{hstack: [$0]}")
    }

    func testComponentNamesAndTheirParameters() throws {
        let badge = try XCTUnwrap(complete("body:\n  vstack:\n    - ‸\n").first { $0.label == "Badge" })
        XCTAssertEqual(badge.kind, .component)
        // The required parameter is a placeholder holding an empty text (what a client without
        // snippets inserts: valid as it stands); the defaulted one is left out.
        XCTAssertEqual(badge.insertText, "Badge: {label: ${1:\"\"}}")
        XCTAssertTrue(badge.documentation?.contains("- `tint`: color, default blue") == true)

        XCTAssertEqual(labels(complete("body:\n  vstack:\n    - Badge: {‸}\n")), ["label", "tint"])
        let rest = complete("body:\n  vstack:\n    - Badge: {label: New, ‸}\n")
        XCTAssertEqual(labels(rest), ["tint"])
        XCTAssertEqual(rest.first?.kind, .parameter)
        XCTAssertEqual(rest.first?.detail, "color, default blue")
        // Block style, on an empty line under the instance.
        XCTAssertEqual(labels(complete("body:\n  vstack:\n    - Badge:\n        label: New\n        ‸\n")), ["tint"])
        // An argument's value by its type.
        XCTAssertEqual(labels(complete("body:\n  vstack:\n    - Badge: {label: New, tint: ‸}\n")), ColorValue.names)
        // Keys beside the instance are a kind's without parameters: modifiers, not arguments.
        let beside = labels(complete("body:\n  vstack:\n    - Badge: {label: New}\n      ‸\n"))
        XCTAssertTrue(beside.contains("padding"))
        XCTAssertFalse(beside.contains("label"))
    }

    func testComponentNamesFromTextTheParserNeverReached() {
        // The YAML breaks in the middle of a declaration; the name above it is still offered.
        let (analysis, offset) = Cursor.analyze("components:\n  Card:\n    body: {text: [\nbody:\n  vstack:\n    - ‸\n")
        XCTAssertTrue(EditorServices.completions(analysis, at: offset).contains { $0.label == "Card" && $0.kind == .component })
    }

    func testFontsAreTheDefaultsAndTheFilesOwn() throws {
        let c = complete("body:\n  text: a\n  font: ‸\n")
        XCTAssertEqual(labels(c), ["caption", "body", "headline", "title", "largeTitle", "tiny"])
        XCTAssertEqual(c.last?.kind, .font)
        XCTAssertEqual(c.last?.detail, "4×8")
        XCTAssertEqual(c.first { $0.label == "title" }?.detail, "16×32")
    }

    func testExpressionNamesInsideConditionsAndGuides() throws {
        let when = complete("body:\n  text: a\n  when: \"wid‸\"\n")
        XCTAssertEqual(Array(labels(when).prefix(4)), ["width", "height", "landscape", "portrait"])
        XCTAssertTrue(labels(when).contains("clamp"))
        XCTAssertEqual(when.first { $0.label == "clamp" }?.insertText, "clamp($1)")
        let guide = labels(complete("body:\n  text: a\n  alignmentGuides: {mid: \"‸\"}\n"))
        XCTAssertTrue(guide.contains("firstTextBaseline") && !guide.contains("landscape"), "\(guide)")
        // Guide names as keys of `alignmentGuides`: built-in and the file's.
        let keys = labels(complete("body:\n  text: a\n  alignmentGuides: {‸}\n"))
        XCTAssertTrue(keys.contains("centerY") && keys.contains("mid") && keys.contains("midX"), "\(keys)")
        // Canvas placements: the canvas's width and height only.
        let x = labels(complete("body:\n  canvas:\n    - text: a\n      position: {x: \"‸\"}\n"))
        XCTAssertEqual(Array(x.prefix(3)), ["width", "height", "min"])
    }

    func testKeysOfNestedMappings() {
        XCTAssertEqual(labels(complete("body:\n  text: a\n  frame: {width: 10, ‸}\n")),
                       ["height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"])
        XCTAssertEqual(labels(complete("body:\n  text: a\n  padding:\n    top: 1\n    ‸\n")),
                       ["bottom", "leading", "trailing", "horizontal", "vertical"])
        XCTAssertEqual(labels(complete("viewports:\n  phone:\n    width: 3\n    ‸\n")), ["height", "safeArea", "direction", "scale"])
        // The top level: what the file does not hold yet.
        XCTAssertEqual(labels(complete("‸\n")), ["tatami", "imports", "body"])
    }

    func testNothingInCommentsOrFreeText() {
        XCTAssertEqual(complete("body:\n  text: a # a no‸te\n"), [])
        XCTAssertEqual(complete("body:\n  text: Hel‸lo\n"), [])
    }

    /// Inserts `candidate` at `offset` of `text` the way an editor taking `lineBreaks` does (an
    /// editor that indents later lines adds the leading whitespace before the insertion), with
    /// `$0` replaced by `rest` and other placeholders by their text; returns the new text.
    private func apply(_ candidate: CompletionCandidate, _ lineBreaks: CompletionLineBreaks, to text: String, at offset: Int,
                       rest: String) -> String {
        var inserted = candidate.text(lineBreaks).replacingOccurrences(of: "$0", with: rest)
        if lineBreaks == .indentedByEditor {
            var lines = inserted.components(separatedBy: "\n")
            for i in lines.indices.dropFirst() { lines[i] = String(repeating: " ", count: candidate.lineIndent) + lines[i] }
            inserted = lines.joined(separator: "\n")
        }
        let bytes = Array(text.utf8)
        let r = candidate.replaceRange ?? .at(offset)
        return String(decoding: bytes[..<r.start] + Array(inserted.utf8) + bytes[r.end...], as: UTF8.self)
    }

    func testEveryLineBreakFormNestsTheNewContainerInsideTheItem() throws {
        // The issue's case: a new item of a vstack, completed with `vstack`. Inserted as each
        // form says, the new vstack is the first key of the outer one's item, and the text
        // typed at `$0` is the inner vstack's first item.
        let marked = "body:\n  vstack:\n    - ‸\n"
        let (text, offset) = Cursor.split(marked)
        let analysis = Pipeline.analyze(text: text)
        let vstack = try XCTUnwrap(EditorServices.completions(analysis, at: offset).first { $0.label == "vstack" })
        for form in [CompletionLineBreaks.indentedByEditor, .asWritten] {
            let result = apply(vstack, form, to: text, at: offset, rest: "text: inner")
            let root = YAMLParser.parse(result).root
            let item = root?["body"]?["vstack"]?.items?.first
            XCTAssertEqual(item?["vstack"]?.items?.first?["text"]?.scalar?.text, "inner", "\(form): \(result)")
        }
        // One line: the inner vstack is the item's key (with no children yet).
        let oneLine = apply(vstack, .none, to: text, at: offset, rest: "")
        XCTAssertEqual(oneLine, "body:\n  vstack:\n    - vstack:\n")
        XCTAssertNotNil(YAMLParser.parse(oneLine).root?["body"]?["vstack"]?.items?.first?.pairs?.first { $0.key.keyText == "vstack" })
    }

    // MARK: Completion that leaves no error (issue 28)

    /// Each parameter without a default gets a placeholder holding an empty value of its type,
    /// escaped for a snippet (`}` inside the view's `{text: ""}`).
    func testInstanceSnippetsHoldAnEmptyValueOfEachType() throws {
        let card = """
            components:
              Card:
                params:
                  title: {type: string}
                  count: {type: number}
                  on: {type: bool}
                  tint: {type: color}
                  icon: {type: view}
                  note: {type: string, default: x}
                body:
                  vstack: [{text: $title}, {text: "${count}"}, $icon]
                  background: {color: $tint}
                  hidden: $on

            """
        let (analysis, offset) = Cursor.analyze(card + "body:\n  vstack:\n    - ‸\n")
        let c = try XCTUnwrap(EditorServices.completions(analysis, at: offset).first { $0.label == "Card" })
        XCTAssertEqual(c.insertText, "Card: {title: ${1:\"\"}, count: ${2:0}, on: ${3:false}, tint: ${4:clear}, icon: ${5:{text: \"\"\\}}}")
        // A component whose parameters all have defaults: empty arguments, the cursor inside.
        let (a2, o2) = Cursor.analyze("components:\n  Tag:\n    params: {t: {type: string, default: a}}\n    body: {text: $t}\nbody:\n  vstack:\n    - ‸\n")
        XCTAssertEqual(EditorServices.completions(a2, at: o2).first { $0.label == "Tag" }?.insertText, "Tag: {$0}")
    }

    /// `imports:` completes the workspace's Tatami files relative to the importing file: the
    /// same directory first, deeper ones next, then up through `..`; not the file itself nor a
    /// file already imported.
    func testImportPathsAreTheWorkspacesFilesRelativeToTheFile() {
        let ws = EditorTest.workspace([
            "app/main.tatami.yaml": "", "app/cards.tatami.yaml": "", "app/parts/row.tatami.yaml": "",
            "common.tatami.yaml": "", "lib/ui/kit.tatami.yaml": "", "app/notes.yaml": "",
        ])
        func complete(_ marked: String) -> [CompletionCandidate] {
            let (text, offset) = Cursor.split(marked)
            let a = Pipeline.analyze(bytes: Array(text.utf8), path: "/ws/app/main.tatami.yaml", layout: false,
                                     context: ws.validationContext(forPath: "/ws/app/main.tatami.yaml"))
            return EditorServices.completions(a, at: offset, workspace: ws)
        }
        let all = ["cards.tatami.yaml", "parts/row.tatami.yaml", "../common.tatami.yaml", "../lib/ui/kit.tatami.yaml"]
        XCTAssertEqual(complete("imports: [‸]\nbody: {text: a}\n").map(\.label), all)
        XCTAssertEqual(complete("imports:\n  - ‸\nbody: {text: a}\n").map(\.label), all)
        // Already imported: left out. A partial word is replaced.
        let rest = complete("imports: [cards.tatami.yaml, pa‸]\nbody: {text: a}\n")
        XCTAssertEqual(rest.map(\.label), ["parts/row.tatami.yaml", "../common.tatami.yaml", "../lib/ui/kit.tatami.yaml"])
        XCTAssertEqual(rest.first?.replaceRange.map { $0.end - $0.start }, 2)
        // After `imports: ` the value is a list.
        XCTAssertEqual(complete("imports: ‸\nbody: {text: a}\n").first?.insertText, "[cards.tatami.yaml]")
        // Without a workspace to list, nothing (never the keys of a view).
        let (a, o) = Cursor.analyze("imports: [‸]\nbody: {text: a}\n")
        XCTAssertEqual(EditorServices.completions(a, at: o), [])
    }

    /// A font's `file` and its `fallback` items complete the workspace's font files relative to
    /// the declaring file, nearest first (docs/format.md §5.1); not Tatami files.
    func testFontFilePathsAreTheWorkspacesFontFiles() {
        let ws = EditorTest.workspace([
            "app/main.tatami.yaml": "", "app/fonts/Inter.otf": "", "app/fonts/Emoji.ttf": "", "common/CJK.ttc": "",
            "app/notes.txt": "",
        ])
        func complete(_ marked: String) -> [String] {
            let (text, offset) = Cursor.split(marked)
            let a = Pipeline.analyze(bytes: Array(text.utf8), path: "/ws/app/main.tatami.yaml", layout: false,
                                     context: ws.validationContext(forPath: "/ws/app/main.tatami.yaml"))
            return EditorServices.completions(a, at: offset, workspace: ws).map(\.label)
        }
        let all = ["fonts/Emoji.ttf", "fonts/Inter.otf", "../common/CJK.ttc"]
        XCTAssertEqual(complete("fonts:\n  body:\n    file: ‸\nbody: {text: a}\n"), all)
        XCTAssertEqual(complete("fonts:\n  body: {file: ‸, size: 12}\nbody: {text: a}\n"), all)
        XCTAssertEqual(complete("fonts:\n  body:\n    file: fonts/Inter.otf\n    fallback: [‸]\nbody: {text: a}\n"), all)
        XCTAssertEqual(complete("fonts:\n  body:\n    file: fonts/Inter.otf\n    fallback:\n      - ‸\nbody: {text: a}\n"), all)
        // A cell font's keys are not paths.
        XCTAssertFalse(complete("fonts:\n  body:\n    width: ‸\nbody: {text: a}\n").contains("fonts/Inter.otf"))
    }
}
