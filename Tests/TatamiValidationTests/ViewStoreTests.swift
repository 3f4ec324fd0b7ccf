import TatamiBase
import TatamiModel
import XCTest

/// The view store: one store per document holding exactly the views of its tree, handles that
/// compare by identity, and views built by hand copied into a store of their own.
final class ViewStoreTests: XCTestCase {
    func testStoreHoldsExactlyTheTreeEvenAfterTemplateChecks() {
        // `Card` is checked once as a template (its views are thrown away) and expanded twice;
        // the store keeps only the views the body reaches.
        let doc = validDocument("""
        tatami: 1
        components:
          Card:
            params: {title: {type: string, default: Untitled}}
            body:
              vstack:
                - text: $title
                - hstack: [{text: a}, {color: red}]
                  background: {color: blue}
        body:
          vstack:
            - Card: {title: One}
            - Card: {}
            - text: tail
              overlay: {text: over}
        """)
        guard let body = doc.body else { return XCTFail("no body") }
        let all = ValidatorTestSupport.preOrder(body)
        // body vstack; per card: instance, vstack, text, hstack, its background, text a, colour;
        // the tail text and its overlay.
        XCTAssertEqual(all.count, 1 + 2 * 7 + 2)
        XCTAssertEqual(body.store.count, all.count, "a template check's views are not kept")
        XCTAssertEqual(Set(all).count, all.count, "every view is one record")
        XCTAssertTrue(all.allSatisfy { $0.store === body.store })
        // Serials are pre-order, decorations before children.
        XCTAssertEqual(all.map(\.serial), all.map(\.serial).sorted())

        guard case .component(let name, let cardBody) = all[1].kind else { return XCTFail("not an instance") }
        XCTAssertEqual(name, "Card")
        XCTAssertEqual(all[1].children.map { $0 }, [cardBody])
        XCTAssertEqual(all[1].kindName, "Card")
        XCTAssertEqual(all[1].kindTag, .component)
        guard case .vstack(let rows, _, _) = cardBody.kind, case .text(let title, _) = rows[0].kind else {
            return XCTFail("card body")
        }
        XCTAssertEqual(title, "One")
        XCTAssertEqual(rows[1].decorations.map(\.kindName), ["color"])
        XCTAssertEqual(rows[1].modifiers.count, 1)
        XCTAssertEqual(all.last?.kindName, "text")
        XCTAssertEqual(all[all.count - 2].modifiers.map(\.keyName), ["overlay"])
    }

    func testKindTagsNameTheSchemaKinds() {
        // The tags spell the kind keys the model reports; the schema table is where they are
        // defined. `component` stands for any instance (whose name is the component's).
        XCTAssertEqual(Set(ViewKindTag.allCases.filter { $0 != .component }.map(\.name)), Set(Schema.kindNames))
        XCTAssertFalse(Schema.kindNames.contains("component"))
    }

    func testHandlesCompareByStoreAndIndex() {
        let doc = validDocument("tatami: 1\nbody:\n  hstack: [{text: a}, {text: a}]\n")
        guard let body = doc.body else { return XCTFail("no body") }
        let c = body.children
        XCTAssertEqual(c[0], c[0])
        XCTAssertNotEqual(c[0], c[1], "equal content, different views")
        let again = validDocument("tatami: 1\nbody:\n  hstack: [{text: a}, {text: a}]\n").body!.children
        XCTAssertNotEqual(c[0], again[0], "another document's view")
        XCTAssertEqual(c[0].index, again[0].index)
    }

    func testViewBuiltByHandCopiesWhatItHolds() {
        let leaf = ViewNode(kind: .text("inside", truncation: .head), range: .at(3), kindRange: .at(3), zIndex: 2, serial: 7)
        let instance = ViewNode(kind: .component(name: "Box", body: leaf), range: .at(1), kindRange: .at(1), serial: 6)
        let view = ViewNode(
            kind: .color(.named("red"), fill: "#"), range: .at(0), kindRange: .at(0),
            modifiers: [.padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)),
                        .background(instance, alignment: .center)],
            id: "v", hidden: true, serial: 5)
        XCTAssertEqual(view.store.count, 3, "the decoration and its body are copied in")
        XCTAssertEqual(view.id, "v")
        XCTAssertTrue(view.hidden)
        XCTAssertEqual(view.serial, 5)
        guard case .color(.named("red"), "#") = view.kind else { return XCTFail("kind") }
        let decoration = view.decorations
        XCTAssertEqual(decoration.count, 1)
        XCTAssertTrue(decoration[0].store === view.store)
        guard case .component("Box", let body) = decoration[0].kind, case .text("inside", .head) = body.kind else {
            return XCTFail("copied decoration")
        }
        XCTAssertEqual(body.zIndex, 2)
        XCTAssertEqual(body.serial, 7)
        XCTAssertTrue(body.store === view.store)
        guard case .padding(let p) = view.modifiers[0], case .background(let bg, _) = view.modifiers[1] else {
            return XCTFail("modifiers")
        }
        XCTAssertEqual(p.leading, 2)
        XCTAssertEqual(bg, decoration[0])
        // The originals are untouched.
        XCTAssertEqual(leaf.store.count, 1)
        XCTAssertEqual(instance.store.count, 2)
    }
}
