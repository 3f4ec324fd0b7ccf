import Foundation
import FuzzSupport
import TatamiBase
import TatamiServices

/// 7. Formatting (docs/format.md §12.6, §15) keeps a document's meaning and is idempotent: the
///    generated document, with comments added on their own lines and after lines, formats (it is
///    never refused), formatting the result changes nothing, every comment is in the result
///    exactly once, and the result has the same diagnostics (codes and messages, but for the
///    line a message may name) and the same frames in every viewport. Also at a narrow line width, where small values go block.
enum FormatInvariant {
    static func check(_ text: String, input: inout FuzzInput) {
        let commented = addComments(text, &input)
        let bytes = Array(commented.utf8)
        let analysis = Pipeline.analyze(bytes: bytes, path: "generated.tatami.yaml", viewports: .all, layout: true, context: .standalone)
        // Comments placed where YAML does not allow them (rare): nothing to compare.
        if analysis.diagnostics.contains(where: { $0.code.name == "yaml-syntax" }) { return }
        for width in [TatamiFormatter.defaultLineWidth, 24] {
            func fail(_ what: String) -> Never {
                fuzzFailure("format invariant broken (line width \(width)): \(what)\n--- document ---\n\(commented)--- end ---")
            }
            let result = TatamiFormatter.format(bytes: bytes, lineWidth: width)
            guard let out = result.bytes else { fail("not formatted: \(result.failure?.message ?? "")") }
            let outText = String(decoding: out, as: UTF8.self)
            guard let again = TatamiFormatter.format(bytes: out, lineWidth: width).bytes, again == out else {
                fail("not idempotent:\n\(outText)")
            }
            let comments = commented.split(separator: "\n").compactMap { line -> Substring? in
                line.range(of: "# c").map { line[$0.lowerBound...] }
            }
            for c in comments where outText.components(separatedBy: String(c) + "\n").count != 2 {
                fail("the comment `\(c)` is not in the result exactly once:\n\(outText)")
            }
            let after = Pipeline.analyze(bytes: out, path: "generated.tatami.yaml", viewports: .all, layout: true, context: .standalone)
            func meaning(_ a: Analysis) -> [String] {
                // Messages may name a line ("in the body of `C1`, line 2"), which formatting moves.
                a.diagnostics.map {
                    "\($0.code.name) \($0.viewport ?? "-"): "
                        + $0.message.replacingOccurrences(of: "line [0-9]+", with: "line N", options: .regularExpression)
                }.sorted()
                    + a.layouts.map { FramesFormatter.text(file: "f", result: $0) }
            }
            if meaning(analysis) != meaning(after) {
                let diff = zip(meaning(analysis), meaning(after)).first { $0 != $1 }.map { "\($0.0)\nbecame\n\($0.1)" } ?? "counts differ"
                fail("the meaning changed:\n\(diff)\n--- formatted ---\n\(outText)")
            }
        }
    }

    /// The text with numbered comments: some lines get one on the line above (at the line's
    /// indentation), some one after them.
    static func addComments(_ text: String, _ input: inout FuzzInput) -> String {
        var out = ""
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { out += "\n"; continue }
            let indent = line.prefix { $0 == " " }
            if input.oneIn(4) {
                out += indent + "# c\(n) above\n"
                n += 1
            }
            out += line
            if input.oneIn(4) && !line.hasSuffix(":") && !line.hasSuffix("|") && !line.hasSuffix(">") {
                out += " # c\(n) after"
                n += 1
            }
            out += "\n"
        }
        if out.hasSuffix("\n\n") { out.removeLast() }
        return out
    }
}
