import TatamiBase
import TatamiModel
import TatamiServices
import XCTest

/// `EditorServices.documentColors` and `colorPresentations`: where the format reads a colour
/// (docs/format.md §4, §8.1; docs/decisions.md), and how a picked colour is written back.
final class DocumentColorTests: XCTestCase {
    // Marked: every colour the format reads. Unmarked: `$tint` (a reference), a `string`
    // parameter's default and argument that happen to be colour names, a text reading `red`,
    // an invalid hex, `fill` (a character).
    static let file = Marked("""
        components:
          Badge:
            params:
              label: {type: string, default: red}
              tint: {type: color, default: «blue»}
              slot: {type: view, default: {color: «"#0000FF"»}}
            body:
              text: $label
              background: {color: $tint}
        body:
          vstack:
            - color: «"#ff8800"»
              fill: "#"
            - Badge: {label: red, tint: «'#00FF00'»}
            - text: red
              background: {color: «clear»}
              overlay:
                color: «white»
            - color: "#GG0000"
            - color: «pink»
              modifiers: [{background: {color: «gray»}}]
            - Badge:
                tint: «black»

        """)

    private func analysis(_ text: String = file.text) -> Analysis { EditorTest.analyze(text) }

    func testTheFileIsValid() {
        // Only the deliberate `#GG0000` is an error.
        let errors = analysis().diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(errors.map(\.message))")
        XCTAssertEqual(errors.first.map { EditorTest.text(analysis(), $0.range) }, "\"#GG0000\"")
    }

    func testEveryColourValueAndOnlyThose() {
        let found = EditorServices.documentColors(analysis())
        XCTAssertEqual(found.map(\.range), Self.file.ranges)
        // Names: SwiftUI's light system colours (docs/decisions.md); hex: its bytes / 255.
        let expected: [RGBAColor] = [
            RGBAColor(0, 122, 255),            // blue
            RGBAColor(0, 0, 255),              // #0000FF
            RGBAColor(255, 136, 0),            // #ff8800
            RGBAColor(0, 255, 0),              // #00FF00
            RGBAColor(0, 0, 0, alpha: 0),      // clear
            RGBAColor(255, 255, 255),          // white
            RGBAColor(255, 45, 85),            // pink
            RGBAColor(142, 142, 147),          // gray
            RGBAColor(0, 0, 0),                // black
        ]
        XCTAssertEqual(found.map(\.color), expected)
    }

    func testEveryNamedColourHasAValue() {
        XCTAssertEqual(Set(EditorServices.namedColors.keys), Set(ColorValue.names))
        // `clear` alone is transparent.
        for (name, c) in EditorServices.namedColors {
            XCTAssertEqual(c.alpha, name == "clear" ? 0 : 1, name)
        }
    }

    func testArgumentsOfImportedComponentsNeedTheWorkspace() {
        let main = Marked("""
            imports: [lib.tatami.yaml]
            body:
              Chip: {fg: «orange», caption: yellow}

            """)
        let workspace = EditorTest.workspace([
            "lib.tatami.yaml": """
                components:
                  Chip:
                    params: {fg: {type: color}, caption: {type: string}}
                    body: {text: $caption, background: {color: $fg}}
                body: {Chip: {fg: red, caption: x}}

                """,
            "main.tatami.yaml": main.text,
        ])
        let a = EditorTest.analyze(main.text, path: "/ws/main.tatami.yaml", workspace: workspace)
        XCTAssertEqual(a.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let found = EditorServices.documentColors(a, workspace: workspace)
        XCTAssertEqual(found.map(\.range), main.ranges)
        XCTAssertEqual(found.first?.color, RGBAColor(255, 149, 0))
        // Without the workspace the parameter's type is unknown: no swatch.
        XCTAssertEqual(EditorServices.documentColors(a), [])
    }

    // MARK: Presentations

    private func range(_ i: Int) -> SourceRange { Self.file.ranges[i] }

    func testHexIsQuotedAndKeepsTheWrittenCase() {
        let a = analysis()
        // At `"#ff8800"`: (255, 0, 0) is no named colour (red is 255, 59, 48).
        let p = EditorServices.colorPresentations(a, color: RGBAColor(red: 1, green: 0, blue: 0), range: range(2))
        XCTAssertEqual(p.map(\.label), ["#ff0000"])
        XCTAssertEqual(p.map(\.newText), ["\"#ff0000\""])
        XCTAssertEqual(p.map(\.range), [range(2)])
        // At `'#00FF00'`: single quotes and upper case kept; green's exact value adds its name.
        let q = EditorServices.colorPresentations(a, color: RGBAColor(52, 199, 89), range: range(3))
        XCTAssertEqual(q.map(\.newText), ["'#34C759'", "green"])
        XCTAssertEqual(q.map(\.label), ["#34C759", "green"])
    }

    func testANameWrittenAsANameComesFirst() {
        let a = analysis()
        // At `pink`, red's exact value: `red` first, then the hex (upper case by default).
        let p = EditorServices.colorPresentations(a, color: RGBAColor(255, 59, 48), range: range(6))
        XCTAssertEqual(p.map(\.newText), ["red", "\"#FF3B30\""])
        // Off by one in a channel: no name.
        let q = EditorServices.colorPresentations(a, color: RGBAColor(255, 59, 49), range: range(6))
        XCTAssertEqual(q.map(\.newText), ["\"#FF3B31\""])
    }

    func testTransparencyIsClearOrDropped() {
        let a = analysis()
        let clear = EditorServices.colorPresentations(a, color: RGBAColor(red: 0.3, green: 0.2, blue: 0.1, alpha: 0), range: range(6))
        XCTAssertEqual(clear.map(\.newText), ["clear"])
        // Half transparent: the format has no alpha; the colour is written opaque.
        let half = EditorServices.colorPresentations(a, color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5), range: range(6))
        XCTAssertEqual(half.map(\.newText), ["white", "\"#FFFFFF\""])
    }

    func testARangeInsideTheQuotesIsWidenedToThem() {
        let a = analysis()
        let inner = SourceRange(start: range(2).start + 1, end: range(2).end - 1)
        let p = EditorServices.colorPresentations(a, color: RGBAColor(0, 0, 0), range: inner)
        XCTAssertEqual(p.first?.range, range(2))
        // A range that is no scalar is replaced as it is, double-quoted.
        let elsewhere = SourceRange.at(0)
        XCTAssertEqual(EditorServices.colorPresentations(a, color: RGBAColor(0, 0, 0), range: elsewhere).first?.range, elsewhere)
    }

    func testEveryPresentationWritesValidYAMLOfThatColour() {
        let a = analysis()
        let picks = [RGBAColor(18, 52, 86), RGBAColor(255, 59, 48), RGBAColor(0, 0, 0, alpha: 0), RGBAColor(255, 255, 255)]
        for (i, r) in Self.file.ranges.enumerated() {
            for pick in picks {
                for p in EditorServices.colorPresentations(a, color: pick, range: r) {
                    let edited = EditorTest.apply([FileEdit(path: a.path, range: p.range, newText: p.newText)], to: Self.file.text)
                    let b = analysis(edited)
                    // Still only the deliberate error, and the same colour read back at that place.
                    XCTAssertEqual(b.diagnostics.filter { $0.severity == .error }.count, 1, "\(i) \(p.newText): \(b.diagnostics.map(\.message))")
                    let back = EditorServices.documentColors(b).first { $0.range.start == r.start }
                    XCTAssertEqual(back?.color, pick, "\(i) \(p.newText)")
                }
            }
        }
    }

    func testChannelsOutOfRangeAreClamped() {
        let a = analysis()
        let p = EditorServices.colorPresentations(a, color: RGBAColor(red: 2, green: -1, blue: .nan, alpha: 1), range: range(2))
        XCTAssertEqual(p.first?.newText, "\"#ff0000\"")
    }
}
