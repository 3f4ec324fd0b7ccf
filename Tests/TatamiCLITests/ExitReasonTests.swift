import Foundation
import XCTest

/// `frames` and `preview` print what they can for a file with errors, then say why they exit 1.
extension CLITests {
    func testFramesAndPreviewSayWhyTheyExitOne() throws {
        for command in ["frames", "preview"] {
            let r = try tatami([command, "-"], stdin: "viewports:\n  v: {width: 100, height: 100}\nbody:\n  text: hi\n  paddin: 3\n")
            XCTAssertEqual(r.status, 1, command)
            XCTAssertFalse(r.stdout.isEmpty, "\(command) still prints the layout")
            XCTAssertEqual(r.stderr, "1 error in <stdin>, the first at line 5: unknown key `paddin`; did you mean `padding`? [unknown-key] (run tatami lint for all)\n", command)
            let clean = try tatami([command, "Examples/avocado-toast.tatami.yaml"])
            XCTAssertEqual(clean.status, 0, command)
            XCTAssertEqual(clean.stderr, "", command)
        }
    }
}
