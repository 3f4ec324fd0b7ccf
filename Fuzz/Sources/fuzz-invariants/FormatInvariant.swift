import Foundation
import FuzzSupport
import TatamiBase
import TatamiServices
import TatamiYAML

/// 7. Formatting (docs/format.md §12.6, §15) keeps a document's meaning and is idempotent: the
///    generated document, with comments added on their own lines and after lines, formats (it is
///    never refused), formatting the result changes nothing, every comment is in the result
///    exactly once, and the result has the same diagnostics (codes and messages, but for the
///    line a message may name, and `modifier-order`, which formatting resolves) and the same frames in every viewport. Also at a narrow line width, where small values go block.
///    Some texts are first replaced with strings YAML 1.1 or 1.2 readers take for something else
///    when plain (`yes`, `1:20`, `2001-12-14`, …); every scalar that is a string to a YAML 1.1
///    reader in the input is one in the result too (`YAML11Resolver`).
enum FormatInvariant {
    static func check(_ text: String, input: inout FuzzInput) {
        let commented = addComments(addTrickyTexts(text, &input), &input)
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
            if let problem = stringsStayStrings(bytes, out) {
                fail("\(problem)\n--- formatted ---\n\(outText)")
            }
            let after = Pipeline.analyze(bytes: out, path: "generated.tatami.yaml", viewports: .all, layout: true, context: .standalone)
            func meaning(_ a: Analysis) -> [String] {
                // Messages may name a line ("in the body of `C1`, line 2"), which formatting moves.
                // `modifier-order` says that keys are written in another order than they apply;
                // the formatter writes them in the order they apply, so it rightly goes away.
                a.diagnostics.filter { $0.code.name != "modifier-order" }.map {
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

    /// Strings a reader could take for something else unless quoted (docs/format.md §15).
    static let trickyTexts = [
        "yes", "No", "on", "OFF", "y", "N", "~", "null", "1_000", "0b1", "012", "09", "0x1F", "0o7", "1:20", "190:20:30",
        "1_0.5", "1.", ".inf", "1:20.5", "1e3", "0_e5", "+_", "2001-12-14", "2001-12-14t21:59:43.10-05:00",
        "2001-12-14 21:59:43.10 -5", "=", "<<", "\u{A0}x", "x\u{A0}", "x\u{200B}y", "\u{200F}ab", "\u{301}e",
        "hello", "v1.2", "0:30", "a b",
    ]

    /// The text with some `text: "…"` values replaced with `trickyTexts`, double-quoted.
    static func addTrickyTexts(_ text: String, _ input: inout FuzzInput) -> String {
        guard input.oneIn(2) else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, line) in lines.enumerated() {
            guard let r = line.range(of: "text: \""), line.hasSuffix("\""), input.oneIn(2) else { continue }
            let value = input.pick(trickyTexts).unicodeScalars.map { u -> String in
                u.value >= 0x20 && u.value < 0x7F ? String(u) : "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16)
            }.joined()
            lines[i] = line[..<r.upperBound] + value + "\""
        }
        return lines.joined(separator: "\n")
    }

    /// Where a scalar of `input` is a string to a YAML 1.1 reader (quoted, a block scalar, or plain
    /// and resolved as a string by `YAML11Resolver`), the same scalar of `output` must be one too:
    /// nil, or what is not. Mappings are matched by key (the formatter reorders keys).
    static func stringsStayStrings(_ input: [UInt8], _ output: [UInt8]) -> String? {
        guard let a = YAMLParser.parse(bytes: input).root, let b = YAMLParser.parse(bytes: output).root else { return nil }
        func isString(_ node: YAMLNode) -> Bool {
            guard let s = node.scalar else { return false }
            return s.style != .plain || YAML11Resolver.kind(of: s.text) == .string
        }
        func compare(_ a: YAMLNode, _ b: YAMLNode, _ path: String) -> String? {
            if a.isScalar {
                guard b.isScalar else { return "\(path): a scalar became a collection" }
                if isString(a) && !isString(b) {
                    return "\(path): the string `\(a.scalar!.text)` is written plain, where YAML 1.1 reads \(YAML11Resolver.kind(of: b.scalar!.text))"
                }
                return nil
            }
            if let x = a.items, let y = b.items {
                for (n, (p, q)) in zip(x, y).enumerated() {
                    if let problem = compare(p, q, "\(path)[\(n)]") { return problem }
                }
                return nil
            }
            if let x = a.pairs, let y = b.pairs {
                var used = Set<Int>()
                for p in x {
                    let name = p.key.keyText ?? ""
                    guard let j = y.indices.first(where: { !used.contains($0) && y[$0].key.keyText == name }) else {
                        return "\(path): the key `\(name)` is missing"
                    }
                    used.insert(j)
                    if let problem = compare(p.key, y[j].key, "\(path)/\(name) (key)") ?? compare(p.value, y[j].value, "\(path)/\(name)") {
                        return problem
                    }
                }
            }
            return nil
        }
        return compare(a, b, "")
    }
}
