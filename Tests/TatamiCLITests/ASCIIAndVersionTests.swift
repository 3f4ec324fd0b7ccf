import Foundation
import TatamiServices
import TatamiTestSupport
import XCTest

/// Issue 15, items 7 and 8, through the built binary.
extension CLITests {
    func testPreviewASCIIWritesOnlyASCIIAndKeepsTheGrid() throws {
        let file = "Tests/Fixtures/render/ascii-stand-ins.tatami.yaml"
        let plain = try tatami(["preview", "--color", "never", file])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("★★") && plain.stdout.contains("…") && plain.stdout.contains("日本語"))
        // Colour on too: the escapes are ASCII as well.
        for extra in [["--color", "never"], ["--color", "always", "--outline"]] {
            let r = try tatami(["preview", "--ascii"] + extra + [file])
            XCTAssertEqual(r.status, 0, r.stderr)
            let bytes = Array(r.stdout.utf8)
            XCTAssertFalse(bytes.isEmpty)
            XCTAssertNil(bytes.firstIndex { $0 >= 0x80 }, r.stdout)
            if extra.contains("never") {
                // 256 × 176 in 8 × 16 cells: 32 columns and 11 rows inside the border.
                let lines = r.stdout.split(separator: "\n")
                XCTAssertEqual(lines.count, 13)
                XCTAssertTrue(lines.allSatisfy { $0.utf8.count == 34 }, r.stdout)
                XCTAssertTrue(r.stdout.contains("|?? 5 stars ?? ?? ok "), r.stdout)
                XCTAssertTrue(r.stdout.contains("|Cafe \"naive\" - Angstrom 'x' "), r.stdout)
                XCTAssertTrue(r.stdout.contains("certainly c~|"), r.stdout)
                XCTAssertTrue(lines[0].hasPrefix("+- telephone ???? 256x176 -"), String(lines[0]))
            }
        }
        // The example of the README: its stars and its cut.
        let card = try tatami(["preview", "--ascii", "--color", "never", "Examples/avocado-toast.tatami.yaml"])
        XCTAssertTrue(card.stdout.contains("?????  A v o c a d o") && card.stdout.contains("Almond Bu~|"), card.stdout)
        XCTAssertTrue(card.stdout.utf8.allSatisfy { $0 < 0x80 })
    }

    func testPreviewHelpDescribesTheASCIIStandIns() throws {
        let r = try tatami(["preview", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("ASCII stand-ins of the same width"), r.stdout)
        XCTAssertTrue(r.stdout.contains("becomes ~"), r.stdout)
    }
}
