import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// `workspace/executeCommand`'s results as JSON values: the frames of `tatami.frames` as an
/// object (what `tatami frames --format json` prints), the previews as strings.
final class CommandResultTests: XCTestCase {
    let uri = "untitled:Commands.tatami.yaml"
    // Thirds of a point: frames with fractions, rounded to the viewport's scale.
    let text = """
        viewports:
          phone: {width: 100, height: 50, scale: 3}
        body:
          hstack:
            - color: red
            - color: blue
            - color: green
              id: last
          spacing: 0

        """

    private func run(_ command: String, _ arguments: [JSON]) -> JSON {
        let c = TestClient()
        c.start()
        c.open(uri, text)
        return c.request("workspace/executeCommand", .object([("command", .string(command)), ("arguments", .array(arguments))]))
    }

    /// Recorded from the server of commit 43d9f05, which wrote the frames as text and parsed it
    /// back: the value now built directly must go out as the same bytes.
    func testFramesAreTheRecordedBytes() {
        let recorded = #"{"file":"untitled:Commands.tatami.yaml","viewport":{"name":"phone","width":100,"height":50},"frames":[{"path":"/","id":null,"kind":"hstack","x":0,"y":0,"width":100,"height":50,"content":{"x":0,"y":0,"width":100,"height":50},"hidden":false},{"path":"/0","id":null,"kind":"color","x":0,"y":0,"width":33.3333,"height":50,"content":{"x":0,"y":0,"width":33.3333,"height":50},"hidden":false},{"path":"/1","id":null,"kind":"color","x":33.3333,"y":0,"width":33.3333,"height":50,"content":{"x":33.3333,"y":0,"width":33.3333,"height":50},"hidden":false},{"path":"/2","id":"last","kind":"color","x":66.6667,"y":0,"width":33.3333,"height":50,"content":{"x":66.6667,"y":0,"width":33.3333,"height":50},"hidden":false}]}"#
        XCTAssertEqual(run("tatami.frames", [.string(uri)])["result"]?.serialized(pretty: false), recorded)
        // The same as `tatami frames --format json` prints, compacted.
        let analysis = Pipeline.analyze(text: text, path: uri)
        let printed = FramesFormatter.json(file: uri, result: analysis.layouts[0])
        XCTAssertEqual(try JSON.parse(printed).serialized(pretty: false), recorded)
    }

    func testPreviewsAreStrings() {
        for command in ["tatami.preview", "tatami.previewSVG", "tatami.previewHTML"] {
            let r = run(command, [.string(uri)])
            XCTAssertNotNil(r["result"]?.string, command)
        }
        // An unknown command is refused with the list of those the server runs.
        let unknown = run("tatami.nothing", [.string(uri)])
        XCTAssertEqual(unknown["error"]?["code"]?.int, -32602)
        XCTAssertEqual(unknown["error"]?["message"]?.string,
                       "unknown command 'tatami.nothing'; the server runs tatami.preview, tatami.previewSVG, tatami.previewHTML, tatami.frames, tatami.diff")
    }
}
