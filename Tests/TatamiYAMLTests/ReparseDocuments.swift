import TatamiTestSupport

/// Random YAML documents shaped like Tatami screens, and random edits of them, for
/// `BlockReparseTests`: nested block mappings and lists, every scalar style (escapes, block
/// scalars, empty values), flow collections, non-ASCII text, comments on their own lines and
/// after code, now and then a tag, an anchor and alias, or CR LF line ends.
enum ReparseDocuments {
    static func document(_ r: inout SeededRandom) -> String {
        var lines: [String] = []
        if Int.random(in: 0..<3, using: &r) == 0 { lines.append("# a screen") }
        lines += ["tatami: 1", "viewports:", "  phone: {width: 390, height: 800}"]
        lines += ["body:"]
        block(&lines, indent: 2, depth: 0, &r)
        if Int.random(in: 0..<2, using: &r) == 0 { lines += ["footer:", "  text: end"] }
        var text = lines.joined(separator: "\n") + "\n"
        if Int.random(in: 0..<10, using: &r) == 0 { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return text
    }

    private static let keys = ["text", "padding", "title", "spacing", "font", "id", "frame", "alignment", "tint", "caption"]

    /// A block mapping at `indent`, some of its values lists of further mappings.
    private static func block(_ lines: inout [String], indent: Int, depth: Int, _ r: inout SeededRandom) {
        let pad = String(repeating: " ", count: indent)
        var used = Set<String>()
        for _ in 0..<Int.random(in: 1...4, using: &r) {
            let key = keys.randomElement(using: &r)!
            guard used.insert(key).inserted else { continue }
            if Int.random(in: 0..<4, using: &r) == 0 { lines.append(pad + "# about \(key)") }
            if depth < 3 && Int.random(in: 0..<3, using: &r) == 0 {
                lines.append(pad + "\(key)s:")
                for _ in 0..<Int.random(in: 1...6, using: &r) {
                    var item: [String] = []
                    block(&item, indent: indent + 4, depth: depth + 1, &r)
                    // The item's first line carries the dash.
                    let first = item.firstIndex { !$0.trimmingLeadingSpaces.hasPrefix("#") } ?? 0
                    item[first] = pad + "  - " + item[first].dropFirst(indent + 4)
                    lines += item
                }
            } else {
                lines.append(pad + "\(key): " + scalar(indent: indent, &r))
                if lines[lines.count - 1].hasSuffix("|") || lines[lines.count - 1].hasSuffix(">") {
                    lines += [pad + "  line one", pad + "  line two é"]
                }
            }
        }
    }

    private static func scalar(indent: Int, _ r: inout SeededRandom) -> String {
        switch Int.random(in: 0..<14, using: &r) {
        case 0: return "\"quoted \\\"with\\\" escapes\\n\""
        case 1: return "'single ''quoted'''"
        case 2: return "|"
        case 3: return ">"
        case 4: return ""
        case 5: return "[1, 2, {a: b}]"
        case 6: return "{width: 10, height: 20}"
        case 7: return "héllo wörld ✓"
        case 8: return "plain value  # trailing"
        case 9: return "!!str 12"
        case 10: return "\(Int.random(in: 0..<500, using: &r))"
        case 11: return "true"
        default: return "word\(Int.random(in: 0..<100, using: &r))"
        }
    }

    /// One edit, mostly what a user types into a value (a letter, a digit, a word retyped, a
    /// character deleted, a comment), now and then a line pasted, deleted or indented, a
    /// character typed anywhere, or an anchor and alias.
    static func edit(_ text: String, _ r: inout SeededRandom) -> String {
        var b = Array(text.utf8)
        guard b.count > 2 else { return text + "a: 1\n" }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = Int.random(in: 0..<max(1, lines.count - 1), using: &r)
        // A place in a value: after a line's `: `, before its end.
        let valueLines = lines.indices.filter { lines[$0].contains(": ") }
        var valueAt = Int.random(in: 0..<b.count, using: &r)
        if let l = valueLines.randomElement(using: &r) {
            let start = lines[..<l].reduce(0) { $0 + $1.utf8.count + 1 }
            let colon = Array(lines[l].utf8).firstIndex(of: UInt8(ascii: ":"))! + 2
            valueAt = start + Int.random(in: min(colon, lines[l].utf8.count)...lines[l].utf8.count, using: &r)
        }
        switch Int.random(in: 0..<20, using: &r) {
        case 0..<6:
            b.insert(contentsOf: Array(["a", "7", " ", "é", "x", "0"].randomElement(using: &r)!.utf8), at: valueAt)
        case 6..<8:
            if valueAt < b.count && b[valueAt] != 0x0A { b.remove(at: valueAt) }
        case 8..<11:
            // A digit run retyped.
            var s = valueAt
            while s < b.count && !(b[s] >= 0x30 && b[s] <= 0x39) { s += 1 }
            var e = s
            while e < b.count && b[e] >= 0x30 && b[e] <= 0x39 { e += 1 }
            if s < b.count { b.replaceSubrange(s..<e, with: Array("\(Int.random(in: 0..<10_000, using: &r))".utf8)) }
        case 11:
            let typed = ["\"", "[", "}", ":", "-", "\n", "#", "&a", "*a", "\t"].randomElement(using: &r)!
            b.insert(contentsOf: Array(typed.utf8), at: Int.random(in: 0..<b.count, using: &r))
        case 12:
            b.removeSubrange(valueAt..<min(b.count, valueAt + Int.random(in: 1...3, using: &r)))
        case 13:
            lines.insert(lines[line], at: line + 1)
            return lines.joined(separator: "\n")
        case 14:
            lines.remove(at: line)
            return lines.joined(separator: "\n")
        case 15:
            lines[line] = "  " + lines[line]
            return lines.joined(separator: "\n")
        case 16:
            lines[line] += Int.random(in: 0..<2, using: &r) == 0 ? "  # note" : " &anchor"
            return lines.joined(separator: "\n")
        case 17:
            // A new pair typed at the end of a value's line, as Enter and a key.
            if let l = valueLines.randomElement(using: &r) {
                let indent = lines[l].prefix { $0 == " " || $0 == "-" }.count
                lines[l] += "\n" + String(repeating: " ", count: indent) + "margin: 3"
            }
            return lines.joined(separator: "\n")
        default:
            return text.replacingOccurrences(of: "word", with: "words")
        }
        return String(decoding: b, as: UTF8.self)
    }
}

private extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
