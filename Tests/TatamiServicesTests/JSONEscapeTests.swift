import TatamiServices
import XCTest

/// `JSON.escape` copies runs of plain bytes whole; it must write what escaping byte by byte
/// writes, for every string.
final class JSONEscapeTests: XCTestCase {
    private func byteByByte(_ s: String) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [0x22]
        for b in s.utf8 {
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20: out += [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]]
            default: out.append(b)
            }
        }
        return out + [0x22]
    }

    func testRunsAndEscapesAsByteByByte() {
        let pieces = ["a", "text", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "→", "🙂", "", " "]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<5_000 {
            var s = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                s += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            var out: [UInt8] = [0x7B]
            JSON.escape(s, into: &out)
            XCTAssertEqual(out, [0x7B] + byteByByte(s), s.debugDescription)
        }
    }
}
