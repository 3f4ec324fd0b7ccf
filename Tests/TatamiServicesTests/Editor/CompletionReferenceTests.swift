import TatamiBase
import TatamiServices
import XCTest

/// Completion inside component declarations (docs/format.md §8.1): `$` and `${` offer the enclosing
/// component's parameters, and a component is never offered inside itself.
final class CompletionReferenceTests: XCTestCase {
    /// Badge has a string, a colour with a default and an optional view slot. Card uses Badge;
    /// Frame uses Card (so Badge indirectly); Plain uses nothing.
    private static let components = """
        components:
          Badge:
            params:
              label: {type: string}
              tint: {type: color, default: blue}
              content: {type: view, default: null}
            body:
              vstack:
                - text: x
        %%BADGE%%
          Card:
            body:
              Badge: {label: card}
          Frame:
            body:
              vstack:
                - Card: {}
          Plain:
            body: {text: plain}
        body:
          vstack:
            - Frame: {}
            - Plain: {}
            - Badge: {label: b}

        """

    /// Completions with `body` as the lines of Badge's body after its `- text: x` item (at
    /// the body's indentation, 6, and its items', 8).
    private func inBadge(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> [CompletionCandidate] {
        let (analysis, offset) = Cursor.analyze(Self.components.replacingOccurrences(of: "%%BADGE%%\n", with: body),
                                                file: file, line: line)
        return EditorServices.completions(analysis, at: offset)
    }

    private func complete(_ marked: String) -> [CompletionCandidate] {
        let (analysis, offset) = Cursor.analyze(marked)
        return EditorServices.completions(analysis, at: offset)
    }

    func testDollarStartingAValueOffersTheParametersWithTheirTypes() throws {
        // An argument of a component without that parameter: nothing is known of the place, so
        // every parameter, in declaration order.
        let c = inBadge("        - Plain: {}\n        - Card: {x: $‸}\n")
        XCTAssertEqual(c.map(\.label), ["$label", "$tint", "$content"])
        XCTAssertEqual(c.map(\.kind), [.parameter, .parameter, .parameter])
        XCTAssertEqual(c.map(\.detail), ["string, required", "color, default blue", "view, default null"])
        // The edit replaces the `$` and inserts the whole reference.
        let text = Self.components.replacingOccurrences(of: "%%BADGE%%\n", with: "          overlay: $‸\n")
        let dollar = try XCTUnwrap(Cursor.range(of: "$", in: Cursor.split(text).text, after: "overlay: "))
        let overlay = inBadge("          overlay: $‸\n")
        XCTAssertEqual(overlay.first?.replaceRange, SourceRange(start: dollar.start, end: dollar.start + 1))
        XCTAssertEqual(overlay.first?.insertText, "$content")

        // A name half typed is replaced with its `$`.
        let typed = inBadge("          background: {color: $ti‸}\n")
        XCTAssertEqual(typed.first?.label, "$tint")
        XCTAssertEqual(typed.first?.replaceRange.map { $0.end - $0.start }, 3)
    }

    /// Only the parameters whose argument fits where `$name` stands, the closest type first:
    /// Badge has `label` (string), `tint` (color) and `content` (view).
    func testDollarOffersOnlyTheParametersThatFitThePlace() {
        // A text: the string (a view or a colour there is an error or not meant).
        XCTAssertEqual(inBadge("          text: $‸\n").map(\.label), ["$label"])
        XCTAssertEqual(inBadge("          text: \"$‸\"\n").map(\.label), ["$label"])
        // Where a view goes (a list item, an overlay): the view slot, then the string (a text).
        XCTAssertEqual(inBadge("        - $‸\n").map(\.label), ["$content", "$label"])
        XCTAssertEqual(inBadge("          overlay: $‸\n").map(\.label), ["$content", "$label"])
        // A colour: the colour first, then the string (which may hold a colour's name).
        XCTAssertEqual(inBadge("          background: {color: $‸}\n").map(\.label), ["$tint", "$label"])
        // `padding` takes `true`, a number or insets: none of them.
        XCTAssertEqual(inBadge("          padding: $‸\n").map(\.label), [])
    }

    func testDollarBraceInsideATextOffersTheNamesButNotViews() {
        // An unclosed quote: the YAML breaks at the end of the file, and the parameters are read
        // from the declaration's text.
        let open = inBadge("          text: \"Hi ${‸\n")
        XCTAssertEqual(open.map(\.label), ["label", "tint"])
        XCTAssertEqual(open.map(\.insertText), ["label}", "tint}"])
        XCTAssertEqual(open.first?.replaceRange?.isEmpty, true)
        // A `}` after the name: the name alone.
        let closed = inBadge("          text: Hi ${la‸}\n")
        XCTAssertEqual(closed.map(\.insertText), ["label", "tint"])
        XCTAssertEqual(closed.first?.replaceRange.map { $0.end - $0.start }, 2)
    }

    func testNoReferenceWhereNoneCanStand() {
        // Outside any component's body, in the middle of a text, after `$$` (a `$`), in a key,
        // in a component's params: nothing.
        XCTAssertEqual(complete("body:\n  text: $‸\n"), [])
        XCTAssertEqual(complete("body:\n  text: \"${‸\"\n"), [])
        XCTAssertEqual(inBadge("          text: Hi $‸\n"), [])
        XCTAssertEqual(inBadge("          text: $$‸\n"), [])
        XCTAssertEqual(inBadge("          text: a\n          $‸\n"), [])
        XCTAssertEqual(complete("components:\n  A:\n    params:\n      n: {type: number, default: $‸}\n    body: {text: a}\nbody: {A: {}}\n"), [])
        // `$$$name` is the text `$$name` (`$$` is a `$`; only `${…}` stands inside a text).
        XCTAssertEqual(inBadge("          text: $$$‸\n"), [])
    }

    func testAComponentIsNeverOfferedInsideItself() {
        let names = Set(["Badge", "Card", "Frame", "Plain"])
        // Inside Badge: neither Badge, nor Card (uses Badge) nor Frame (uses Card); Plain is fine.
        let item = inBadge("        - ‸\n").filter { $0.kind == .component }.map(\.label)
        XCTAssertEqual(Set(item).intersection(names), ["Plain"])
        // As a view value and as a new key of the body's view too.
        XCTAssertEqual(Set(inBadge("          background: ‸\n").filter { $0.kind == .component }.map(\.label)), ["Plain"])
        // Inside Card: Card and Frame are left out, Badge is offered.
        let (analysis, offset) = Cursor.analyze(Self.components.replacingOccurrences(of: "%%BADGE%%\n", with: "")
            .replacingOccurrences(of: "      Badge: {label: card}\n", with: "      vstack:\n        - Badge: {label: card}\n        - ‸\n"))
        XCTAssertEqual(Set(EditorServices.completions(analysis, at: offset).filter { $0.kind == .component }.map(\.label)),
                       ["Badge", "Plain"])
        // Outside the components, all of them.
        let body = complete(Self.components.replacingOccurrences(of: "%%BADGE%%\n", with: "") + "    - ‸\n")
        XCTAssertEqual(Set(body.filter { $0.kind == .component }.map(\.label)), names)
    }

    func testSelfIsLeftOutWhenTheFileDoesNotParse() {
        // The unclosed quote cuts the file: the names come from the text, and the one being
        // declared is still left out.
        let c = complete("components:\n  Other:\n    body: {text: o}\n  Card:\n    body:\n      vstack:\n        - ‸\n        - text: \"open\n")
        XCTAssertEqual(c.filter { $0.kind == .component }.map(\.label), ["Other"])
    }
}
