import Foundation
import FuzzSupport
import TatamiBase
import TatamiServices

/// 8. `lint --fix` never makes things worse (docs/format.md §12.1): the generated document with
///    one to three keys misspelt (a letter dropped, doubled, or two swapped) is fixed by `Fixer`
///    (safe fixes, then with unsafe fixes too); the result never has more errors nor more
///    findings than the misspelt document, `fixedCount` is the difference, and the analysis the
///    fixer reports is the fixed text's own.
enum FixInvariant {
    static func check(_ text: String, input: inout FuzzInput) {
        let broken = misspell(text, &input)
        func analyze(_ bytes: [UInt8]) -> Analysis {
            Pipeline.analyze(bytes: bytes, path: "generated.tatami.yaml", viewports: .all, layout: true, context: .standalone)
        }
        let before = analyze(Array(broken.utf8))
        func errors(_ a: Analysis) -> Int { a.diagnostics.filter { $0.severity == .error }.count }
        for unsafe in [false, true] {
            func fail(_ what: String) -> Never {
                fuzzFailure("fix invariant broken (unsafe fixes \(unsafe ? "on" : "off")): \(what)\n--- document ---\n\(broken)--- end ---")
            }
            let r = Fixer.fix(Array(broken.utf8), unsafe: unsafe, analyze: analyze)
            let fixedText = String(decoding: r.bytes, as: UTF8.self)
            if errors(r.analysis) > errors(before) {
                fail("errors went from \(errors(before)) to \(errors(r.analysis)):\n\(fixedText)")
            }
            if r.analysis.diagnostics.count > before.diagnostics.count {
                fail("findings went from \(before.diagnostics.count) to \(r.analysis.diagnostics.count):\n\(fixedText)")
            }
            if r.fixedCount != before.diagnostics.count - r.analysis.diagnostics.count {
                fail("fixedCount \(r.fixedCount) is not the findings removed")
            }
            let own = analyze(r.bytes)
            if own.diagnostics.map(\.code.name) != r.analysis.diagnostics.map(\.code.name) {
                fail("the reported analysis is not the fixed text's:\n\(fixedText)")
            }
        }
    }

    /// The text with up to three keys (a word before `:` on a line) misspelt.
    static func misspell(_ text: String, _ input: inout FuzzInput) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let keyed = lines.indices.filter { i in
            let trimmed = lines[i].drop { $0 == " " || $0 == "-" }
            guard let colon = trimmed.firstIndex(of: ":") else { return false }
            return trimmed[..<colon].count >= 3 && trimmed[..<colon].allSatisfy { $0.isLetter }
        }
        guard !keyed.isEmpty else { return text }
        for _ in 0..<input.int(1...3) {
            let i = input.pick(keyed)
            let line = Array(lines[i])
            guard let start = line.firstIndex(where: { $0 != " " && $0 != "-" }),
                  let colon = line[start...].firstIndex(of: ":") else { continue }
            var key = Array(line[start..<colon])
            guard key.count >= 3 else { continue }
            let at = input.int(1...(key.count - 2))
            switch input.int(0...2) {
            case 0: key.remove(at: at)
            case 1: key.insert(key[at], at: at)
            default: key.swapAt(at, at + 1)
            }
            lines[i] = String(line[..<start]) + String(key) + String(line[colon...])
        }
        return lines.joined(separator: "\n")
    }
}
