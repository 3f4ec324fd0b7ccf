import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// ARCHITECTURE.md: `Protocol/PositionEncoding.swift` is the one place byte offsets become LSP
/// positions (UTF-16 or UTF-8 columns) and back.
final class PositionConversionTests: XCTestCase {
    let uri = "untitled:Tokens.tatami.yaml"
    let text = """
        viewports:
          phone: {width: 320, height: 100}
        body:
          vstack:
            - text: "café 😀 漢字"
              padding: 4
            - {text: "😀😀", frame: {width: 100, height: 20}, when: "width > 100 && !portrait"}

        """

    private func tokens(_ encoding: String) -> String {
        let c = TestClient()
        c.start(capabilities: .object([("general", .object([("positionEncodings", .array([.string(encoding)]))]))]))
        c.open(uri, text)
        let r = c.request("textDocument/semanticTokens/full", .object([("textDocument", doc(uri))]))
        return (r["result"] ?? .null).serialized(pretty: false)
    }

    /// Recorded from the server of commit 43d9f05, whose semantic tokens converted positions
    /// themselves: through `PositionEncoding` they are the same, in both encodings (the line
    /// after the emoji starts 14 UTF-16 units or 18 bytes after them).
    func testSemanticTokensAreTheRecordedOnesInBothEncodings() {
        XCTAssertEqual(tokens("utf-16"), #"{"data":[0,0,9,1,0,1,2,5,5,1,0,8,5,1,0,0,12,6,1,0,1,0,4,1,0,1,2,6,0,0,1,6,4,0,0,1,6,7,2,0,1,7,4,0,0,0,14,5,2,0,0,8,5,1,0,0,12,6,1,0,0,13,4,1,0,0,7,5,5,2,0,6,1,7,0,0,2,3,6,0,0,4,2,7,0,0,3,1,7,0,0,1,8,5,2]}"#)
        XCTAssertEqual(tokens("utf-8"), #"{"data":[0,0,9,1,0,1,2,5,5,1,0,8,5,1,0,0,12,6,1,0,1,0,4,1,0,1,2,6,0,0,1,6,4,0,0,1,6,7,2,0,1,7,4,0,0,0,18,5,2,0,0,8,5,1,0,0,12,6,1,0,0,13,4,1,0,0,7,5,5,2,0,6,1,7,0,0,2,3,6,0,0,4,2,7,0,0,3,1,7,0,0,1,8,5,2]}"#)
    }

    /// No file of the server but `Protocol/PositionEncoding.swift` converts between byte offsets
    /// and LSP columns: none calls `LineTable`'s column conversions, counts UTF-16 units or
    /// branches on the negotiated encoding. (Lines alone are the same in every encoding.)
    func testOnlyPositionEncodingConvertsColumns() throws {
        let sources = Fixtures.repositoryRoot().appendingPathComponent("Sources/TatamiLSP")
        let home = "Protocol/PositionEncoding.swift"
        let forbidden = [
            "utf16Position", "utf8Position", "scalarPosition", "utf16Column", "utf8Column", "scalarColumn",
            ".utf16.count", ".utf16.index", "UTF16.width", "utf16Count",
            "== .utf8", "== .utf16", "!= .utf8", "!= .utf16", "case .utf8", "case .utf16",
        ]
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let name = walker?.nextObject() as? String {
            if name.hasSuffix(".swift") { files.append(name) }
        }
        XCTAssertGreaterThan(files.count, 20)
        XCTAssertTrue(files.contains(home))
        for name in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            if name == home {
                // The conversions are there (the rule is not vacuous).
                XCTAssertTrue(text.contains("utf16Position") && text.contains("byteOffset(line: l, utf16Column: c)"), name)
                continue
            }
            for word in forbidden where text.contains(word) {
                XCTFail("\(name) converts positions itself ('\(word)'); go through PositionEncoding")
            }
        }
    }
}
