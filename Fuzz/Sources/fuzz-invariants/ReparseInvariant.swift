import Foundation
import FuzzSupport
import TatamiBase
import TatamiServices
import TatamiYAML

/// 11. A block reparse is a whole parse (ARCHITECTURE.md, "The YAML store in chunks"): the
///     generated document is parsed through a `ParseMemory`, as the language server does, then
///     edited five times in turn (a character typed into a value or deleted from it, a number
///     retyped, a key misspelt, a line pasted again after itself or deleted); after each edit the
///     parse the memory gives (a block reparse wherever it can be made) and a whole parse of the
///     same text give the same `YAMLParseResult.fullDump()`: every node, value, offset map,
///     comment and the node it belongs to.
enum ReparseInvariant {
    static func check(_ text: String, input: inout FuzzInput) {
        let memory = ParseMemory()
        _ = memory.parse(bytes: Array(text.utf8), lineTable: nil)
        var edited = text
        for step in 0..<5 {
            edited = edit(edited, &input)
            let bytes = Array(edited.utf8)
            let kept = memory.parse(bytes: bytes, lineTable: nil).fullDump()
            let whole = YAMLParser.parse(bytes: bytes).fullDump()
            if traceReparses {
                FileHandle.standardError.write(Data("reparse: edit \(step + 1), \(memory.lastRegionBytes.map { "a block of \($0) bytes" } ?? "whole")\n".utf8))
            }
            if kept != whole {
                fuzzFailure("reparse invariant broken after edit \(step + 1) (a block of \(memory.lastRegionBytes ?? -1) bytes)\n"
                            + "--- document ---\n\(edited)--- reparse ---\n\(kept)--- whole ---\n\(whole)")
            }
        }
    }

    /// `FUZZ_TRACE=1`: say after each edit whether it was parsed by a block reparse.
    static let traceReparses = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

    /// One edit, mostly into a value (after a line's `: `), as a user types.
    static func edit(_ text: String, _ input: inout FuzzInput) -> String {
        var b = Array(text.utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let valueLines = lines.indices.filter { lines[$0].contains(": ") }
        guard !valueLines.isEmpty, b.count > 2 else { return text }
        let l = valueLines[input.int(0...(valueLines.count - 1))]
        let start = lines[..<l].reduce(0) { $0 + $1.utf8.count + 1 }
        let colon = Array(lines[l].utf8).firstIndex(of: UInt8(ascii: ":"))! + 2
        let at = start + input.int(min(colon, lines[l].utf8.count)...lines[l].utf8.count)
        switch input.int(0...5) {
        case 0, 1:
            b.insert(contentsOf: Array(input.pick(["a", "7", " ", "é", "0", "\"", "#", "[", ":"]).utf8), at: at)
        case 2:
            if at < b.count && b[at] != 0x0A { b.remove(at: at) }
        case 3:
            var s = at
            while s < b.count && !(b[s] >= 0x30 && b[s] <= 0x39) { s += 1 }
            var e = s
            while e < b.count && b[e] >= 0x30 && b[e] <= 0x39 { e += 1 }
            if s < b.count { b.replaceSubrange(s..<e, with: Array(String(input.int(0...9999)).utf8)) }
        default:
            return MemoryInvariant.edit(text, input.int(0...2), &input)
        }
        return String(decoding: b, as: UTF8.self)
    }
}
