import TatamiBase
import TatamiServices
import XCTest

/// Code lenses: "Preview <viewport>" on the top-level `body` key.
final class CodeLensTests: XCTestCase {
    func testOneLensPerViewportOnTheBodyKey() {
        let doc = "viewports:\n  phone: {width: 320, height: 480}\n  tablet: {width: 800, height: 600}\nbody:\n  text: a\n"
        let lenses = EditorServices.codeLenses(Pipeline.analyze(text: doc))
        let body = Cursor.range(of: "body", in: doc)!
        XCTAssertEqual(lenses, [
            CodeLensInfo(range: body, title: "Preview phone", viewport: "phone"),
            CodeLensInfo(range: body, title: "Preview tablet", viewport: "tablet"),
        ])
    }

    func testTheDefaultViewportWhenNoneIsDeclared() {
        let doc = "tatami: 1\nbody: {text: a}\n"
        let lenses = EditorServices.codeLenses(Pipeline.analyze(text: doc))
        XCTAssertEqual(lenses, [CodeLensInfo(range: SourceRange(start: 10, end: 14), title: "Preview default", viewport: "default")])
    }

    func testNoBodyNoLens() {
        XCTAssertEqual(EditorServices.codeLenses(Pipeline.analyze(text: "viewports: {}\n")), [])
        XCTAssertEqual(EditorServices.codeLenses(Pipeline.analyze(text: "")), [])
    }

    func testBodyFoundInTextThatIsNotYAML() {
        // A tab before the value breaks the YAML before `body` is reached.
        let doc = "fonts: [\n\tx\nbody:\n  text: a\n"
        let lenses = EditorServices.codeLenses(Pipeline.analyze(text: doc))
        XCTAssertEqual(lenses.map(\.range), [Cursor.range(of: "body", in: doc)!])
    }
}
