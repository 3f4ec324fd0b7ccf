import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.codeActions`: fix-its, removing unknown keys, adding missing arguments and
/// required keys.
final class CodeActionTests: XCTestCase {
    private func actions(_ text: String, in range: SourceRange? = nil, workspace: (any EditorWorkspace)? = nil) -> (Analysis, [CodeActionInfo]) {
        let a = EditorTest.analyze(text, workspace: workspace)
        return (a, EditorServices.codeActions(a, in: range ?? SourceRange(start: 0, end: text.utf8.count), workspace: workspace))
    }

    /// The action with this title applied to the text.
    private func applying(_ title: String, _ actions: [CodeActionInfo], to text: String,
                          file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let action = actions.first(where: { $0.title == title }) else {
            XCTFail("no action `\(title)` among \(actions.map(\.title))", file: file, line: line)
            return nil
        }
        return EditorTest.apply(action.edits, to: text)
    }

    func testADidYouMeanFixIsOfferedAndPreferred() {
        let text = "body:\n  hstak:\n    - text: a\n"
        let (a, list) = actions(text)
        XCTAssertEqual(list.map(\.title), ["Change to `hstack`", "Remove `hstak`"])
        XCTAssertEqual(list.map(\.isPreferred), [true, false])
        XCTAssertEqual(list[0].kind, .quickFix)
        XCTAssertEqual(list[0].diagnostics.map(\.code.name), ["unknown-key"])
        XCTAssertEqual(list[0].edits, [FileEdit(path: a.path, range: SourceRange(start: 8, end: 13), newText: "hstack")])
        XCTAssertEqual(applying("Change to `hstack`", list, to: text), "body:\n  hstack:\n    - text: a\n")
    }

    func testModifierOrderRewritesTheKeysAsAListInTheWrittenOrder() throws {
        let text = """
            viewports:
              phone: {width: 320, height: 200}
            body:
              text: Are we still on for lunch tomorrow at noon?
              padding: 12
              background:
                color: blue
              id: bubble  # kept where it is
              border: {style: rounded}
              frame: {maxWidth: 260}

            """
        // Laid out (`modifier-order` is a layout finding), as the server analyses.
        let a = Pipeline.analyze(text: text, path: "/ws/main.tatami.yaml")
        let list = EditorServices.codeActions(a, in: SourceRange(start: 0, end: text.utf8.count))
        XCTAssertEqual(a.diagnostics.map(\.code.name), ["modifier-order"])
        let title = "Apply the modifiers in the written order (as a `modifiers:` list)"
        let action = try XCTUnwrap(list.first { $0.title == title })
        // It changes the layout: offered, never applied without asking (nor by `lint --fix`).
        XCTAssertFalse(action.isPreferred)
        XCTAssertEqual(action.applicability, .manual)
        let fixed = applying(title, list, to: text)
        XCTAssertEqual(fixed, """
            viewports:
              phone: {width: 320, height: 200}
            body:
              text: Are we still on for lunch tomorrow at noon?
              modifiers:
                - padding: 12
                - background:
                    color: blue
                - border: {style: rounded}
                - frame: {maxWidth: 260}
              id: bubble  # kept where it is

            """)
        // The rewritten file lays out as written and says nothing more.
        XCTAssertEqual(Pipeline.analyze(text: fixed ?? "").diagnostics.map(\.code.name), [])
    }

    func testModifierOrderIsNotReportedWhenTheOrderChangesNothing() {
        // `overlay` written before `background`: both decorations are proposed the view's size.
        let text = "body:\n  color: red\n  overlay: {color: blue}\n  background: {color: green}\n"
        XCTAssertEqual(Pipeline.analyze(text: text).diagnostics.map(\.code.name), [])
    }

    func testRemovingAnUnknownKeyDeletesItsWholeLines() {
        let text = """
            body:
              text: Hi
              colour:
                - red
                - blue
              padding: 4

            """
        let (_, list) = actions(text)
        XCTAssertEqual(applying("Remove `colour`", list, to: text), "body:\n  text: Hi\n  padding: 4\n")
    }

    func testRemovingTheFirstKeyOfAListItemKeepsTheItem() {
        let text = "body:\n  vstack:\n    - sapcing: 4\n      text: a\n"
        let (_, list) = actions(text)
        XCTAssertEqual(applying("Remove `sapcing`", list, to: text), "body:\n  vstack:\n    - text: a\n")
    }

    func testRemovingAKeyOfAFlowMappingTakesItsComma() {
        let text = "body: {text: Hi, colr: red, padding: 4}\n"
        let (_, list) = actions(text)
        XCTAssertEqual(applying("Remove `colr`", list, to: text), "body: {text: Hi, padding: 4}\n")
        let last = "body: {text: Hi, colr: red}\n"
        XCTAssertEqual(applying("Remove `colr`", actions(last).1, to: last), "body: {text: Hi}\n")
    }

    func testRemovingAnUnknownArgument() {
        let text = """
            components:
              Tag:
                params: {label: {type: string}}
                body: {text: $label}
            body:
              Tag:
                label: a
                lable: b

            """
        let (_, list) = actions(text)
        // `label` is given already: changing `lable` to it would make a duplicate key, so it is
        // not suggested.
        XCTAssertEqual(list.map(\.title), ["Remove argument `lable`"])
        XCTAssertEqual(applying("Remove argument `lable`", list, to: text),
                       text.replacingOccurrences(of: "    lable: b\n", with: ""))
    }

    static let card = """
        components:
          Card:
            params:
              title: {type: string}
              count: {type: number}
              on: {type: bool}
              tint: {type: color, default: red}
              icon: {type: view}
            body:
              vstack: [{text: $title}, {text: "${count}"}, $icon]
              background: {color: $tint}
              hidden: $on

        """

    func testMissingArgumentsAreAddedWithPlaceholdersOfTheirTypes() {
        let text = Self.card + "body:\n  Card:\n"
        let (_, list) = actions(text)
        XCTAssertEqual(list.map(\.title), [
            "Add argument `title`", "Add argument `count`", "Add argument `on`", "Add argument `icon`",
            "Add arguments `title`, `count`, `on` and `icon`",
        ])
        // Placeholders invent values: the one fix of the diagnostic (all of them) is unsafe, never
        // preferred; the single ones are choices.
        XCTAssertEqual(list.map(\.isPreferred), [false, false, false, false, false])
        XCTAssertEqual(list.map(\.applicability), [.manual, .manual, .manual, .manual, .unsafe])
        let fixed = applying("Add arguments `title`, `count`, `on` and `icon`", list, to: text)
        XCTAssertEqual(fixed, Self.card + "body:\n  Card: {title: \"\", count: 0, on: false, icon: {text: \"\"}}\n")
        if let fixed {
            XCTAssertEqual(EditorTest.analyze(fixed).diagnostics.filter { $0.severity == .error }.map(\.message), [])
        }
    }

    func testAMissingArgumentJoinsTheInstancesMapping() {
        let block = Self.card + "body:\n  vstack:\n    - Card:\n        title: Hi\n        count: 2\n        on: true # on\n"
        XCTAssertEqual(applying("Add argument `icon`", actions(block).1, to: block),
                       block + "        icon: {text: \"\"}\n")
        let flow = Self.card + "body: {Card: {title: Hi, count: 2, icon: {text: x}}}\n"
        XCTAssertEqual(applying("Add argument `on`", actions(flow).1, to: flow),
                       Self.card + "body: {Card: {title: Hi, count: 2, icon: {text: x}, on: false}}\n")
        let empty = Self.card + "body: {Card: {title: Hi, count: 2, on: true}}\n"
        XCTAssertEqual(actions(empty).1.first(where: { $0.title.hasPrefix("Add") })?.applicability, .unsafe)
        let braces = Self.card + "body:\n  Card: {}\n"
        XCTAssertEqual(applying("Add argument `on`", actions(braces).1, to: braces), Self.card + "body:\n  Card: {on: false}\n")
        let null = Self.card + "body:\n  Card: ~\n"
        XCTAssertEqual(applying("Add argument `on`", actions(null).1, to: null), Self.card + "body:\n  Card: {on: false}\n")
    }

    func testAMissingArgumentOfAnImportedComponentUsesItsType() {
        let ws = EditorTest.workspace(["lib.tatami.yaml": Self.card + "body: {text: showcase}\n"])
        let text = "imports: [lib.tatami.yaml]\nbody:\n  Card: {title: a, count: 1, icon: {text: i}}\n"
        let (_, list) = actions(text, workspace: ws)
        XCTAssertEqual(applying("Add argument `on`", list, to: text),
                       "imports: [lib.tatami.yaml]\nbody:\n  Card: {title: a, count: 1, icon: {text: i}, on: false}\n")
        // Without the workspace, the message names it and the placeholder is a text.
        let a = EditorTest.analyze(text, workspace: ws)
        let bare = EditorServices.codeActions(a, in: SourceRange(start: 0, end: text.utf8.count))
        XCTAssertEqual(applying("Add argument `on`", bare, to: text),
                       "imports: [lib.tatami.yaml]\nbody:\n  Card: {title: a, count: 1, icon: {text: i}, on: \"\"}\n")
    }

    func testMissingRequiredKeysAreAdded() {
        let viewport = "viewports:\n  phone: {width: 320}\nbody: {text: a}\n"
        XCTAssertEqual(applying("Add `height`", actions(viewport).1, to: viewport),
                       "viewports:\n  phone: {width: 320, height: 0}\nbody: {text: a}\n")
        let alignment = "alignments:\n  mid:\n    axis: vertical\nbody: {text: a}\n"
        XCTAssertEqual(applying("Add `default`", actions(alignment).1, to: alignment),
                       "alignments:\n  mid:\n    axis: vertical\n    default: 0\nbody: {text: a}\n")
        let component = "components:\n  Tag:\n    params:\n      label: {default: x}\nbody: {Tag: {}}\n"
        let (_, list) = actions(component)
        XCTAssertEqual(applying("Add `type`", list, to: component),
                       "components:\n  Tag:\n    params:\n      label: {default: x, type: string}\nbody: {Tag: {}}\n")
        XCTAssertEqual(applying("Add `body`", list, to: component),
                       "components:\n  Tag:\n    params:\n      label: {default: x}\n    body: {text: \"\"}\nbody: {Tag: {}}\n")
        let noBody = "viewports:\n  phone: {width: 320, height: 480}\n"
        XCTAssertEqual(applying("Add `body`", actions(noBody).1, to: noBody), noBody + "body: {text: \"\"}\n")
        XCTAssertEqual(applying("Add `body`", actions("").1, to: ""), "body:\n  text: \"\"\n")
        let canvas = "body:\n  canvas:\n    - color: red\n      zIndex: 1\n"
        XCTAssertEqual(applying("Add `position`", actions(canvas).1, to: canvas),
                       canvas + "      position: {absolute: [0, 0, 100, 100]}\n")
    }

    func testOnlyDiagnosticsInTheRangeGetActions() {
        let text = "body:\n  vstack:\n    - txt: a\n    - colr: red\n"
        let second = EditorTest.offset(of: "colr", in: text)
        let (_, list) = actions(text, in: .at(second + 2))
        XCTAssertEqual(list.map(\.title), ["Change to `color`", "Remove `colr`"])
        let (_, none) = actions(text, in: SourceRange(start: 0, end: 5))
        XCTAssertEqual(none, [])
        let (_, all) = actions(text)
        XCTAssertEqual(all.map(\.title), ["Change to `text`", "Remove `txt`", "Change to `color`", "Remove `colr`"])
        // `txt` is its item's only key: the item goes with it.
        XCTAssertEqual(applying("Remove `txt`", all, to: text), "body:\n  vstack:\n    - colr: red\n")
    }

    /// A suggestion never names a key the mapping holds, nor a second kind for a view that has
    /// one: either fix would make a new error (`duplicate-key`, `multiple-kinds`).
    func testSuggestionsNeverMakeADuplicateKeyOrASecondKind() {
        let beside = "body:\n  text: a\n  paddng: 4\n  padding: 2\n"
        XCTAssertEqual(actions(beside).1.map(\.title), ["Remove `paddng`"])
        let colour = "body:\n  text: x\n  colour: red\n"
        XCTAssertEqual(actions(colour).1.map(\.title), ["Remove `colour`"])
        let image = "body:\n  text: a\n  imag: b\n"
        XCTAssertEqual(actions(image).1.map(\.title), ["Remove `imag`"])
        // An instance has its kind too.
        let instance = Self.card + "body:\n  Card: {title: a, count: 1, on: true, icon: x}\n  txet: a\n"
        XCTAssertEqual(actions(instance).1.map(\.title), ["Remove `txet`"])
        // Without the key present, the suggestion stands (and is preferred).
        let alone = "body:\n  text: a\n  paddng: 4\n"
        XCTAssertEqual(actions(alone).1.map(\.title), ["Change to `padding`", "Remove `paddng`"])
        XCTAssertEqual(actions(alone).1.map(\.isPreferred), [true, false])
        // Top level: `body` given twice is not suggested for `bdy`.
        let top = "body: {text: a}\nbdy: {text: b}\n"
        XCTAssertEqual(actions(top).1.map(\.title), ["Remove `bdy`"])
    }

    func testAddingARequiredKeyIsUnsafe() {
        let viewport = "viewports:\n  phone: {width: 320}\nbody: {text: a}\n"
        let list = actions(viewport).1
        XCTAssertEqual(list.map(\.title), ["Add `height`"])
        XCTAssertEqual(list.map(\.applicability), [.unsafe])
        XCTAssertEqual(list.map(\.isPreferred), [false])
    }
}
