import TatamiBase

/// libyaml's "did not find expected key while parsing a block mapping" (and "… expected '-'
/// indicator while parsing a block collection") for a line indented to no column a mapping or
/// list above it uses, said in plain words: the column expected and the column found.
///
/// The columns open at a line are read from the lines above it, going up: each non-blank line
/// that is not a comment and starts left of every line seen so far opens a level (a key's column,
/// or a list item's dash and the key after it). A line that starts between two levels belongs to
/// neither; the one expected is the nearest level to its right, the innermost it falls short of
/// (a line at 3 under keys at 4 meant to be at 4, as yamllint reads it).
enum IndentationHint {
    struct Level {
        /// 0-based byte column (the indentation is spaces, so bytes are columns).
        var column: Int
        var line: Int
        /// The key that starts there, when it is one (`padding`), else nil (a list item's dash).
        var key: String?
    }

    /// The plain-words message and the place of the expected level; nil when the problem is not
    /// a misaligned line (the problem is not at the line's first character, or the line starts
    /// in a column that a level uses, or to the right of every level), or when the lines read
    /// hold a line break that libyaml counts and the line table does not.
    static func describe(problem: String?, at offset: Int, table: LineTable) -> (message: String, expected: SourceRange)? {
        guard problem == "did not find expected key" || problem == "did not find expected '-' indicator" else { return nil }
        let bytes = table.bytes
        guard offset < bytes.count else { return nil }
        let line = table.line(ofByte: offset)
        let start = table.lineStarts[line]
        let found = indentation(bytes, from: start)
        guard start + found == offset else { return nil }
        let levels = openLevels(above: line, table: table)
        // The lines read are the line table's; where libyaml breaks lines elsewhere too (a lone
        // CR, NEL, U+2028, U+2029) they may not be the lines it read, and no hint is given.
        if let top = levels.last, YAMLLineBreaks.hasOthers(bytes, in: table.lineStarts[top.line]..<offset) { return nil }
        guard !levels.contains(where: { $0.column == found }),
              let expected = levels.filter({ $0.column > found }).min(by: { $0.column < $1.column }) else { return nil }
        let what = expected.key.map { "`\($0)` on line \(expected.line + 1)" } ?? "the list item on line \(expected.line + 1)"
        let message = "wrong indentation: expected column \(expected.column + 1), like \(what), but this line starts at column \(found + 1) "
            + "(the keys of a mapping, and the items of a list, start in one column)"
        let at = table.lineStarts[expected.line] + expected.column
        let length = expected.key.map { $0.utf8.count } ?? 1
        return (message, SourceRange(start: at, end: min(bytes.count, at + length)))
    }

    /// Leading spaces of the line starting at `start`.
    static func indentation(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        return i - start
    }

    /// The levels open at `line`, innermost first.
    static func openLevels(above line: Int, table: LineTable) -> [Level] {
        let bytes = table.bytes
        var levels: [Level] = []
        var limit = Int.max
        var l = line - 1
        // A bounded look back: enough for any hand-written nesting.
        var looked = 0
        while l >= 0, limit > 0, looked < 10_000 {
            defer { l -= 1; looked += 1 }
            let start = table.lineStarts[l]
            let indent = indentation(bytes, from: start)
            let first = start + indent
            guard first < bytes.count, bytes[first] != 0x0A, bytes[first] != 0x0D, bytes[first] != UInt8(ascii: "#") else { continue }
            guard indent < limit else { continue }
            limit = indent
            if bytes[first] == UInt8(ascii: "-"), first + 1 < bytes.count, bytes[first + 1] == 0x20 {
                // `- key: value`: the item's dash, and the key after it (the column its mapping's
                // other keys line up with).
                var k = first + 1
                while k < bytes.count, bytes[k] == 0x20 { k += 1 }
                if let key = key(bytes, at: k) { levels.append(Level(column: k - start, line: l, key: key)) }
                levels.append(Level(column: indent, line: l, key: nil))
            } else {
                levels.append(Level(column: indent, line: l, key: key(bytes, at: first)))
            }
        }
        return levels
    }

    /// The plain key that starts at `i` (`name:` followed by a space or the line's end), cut to
    /// 40 bytes; nil when none does.
    static func key(_ bytes: [UInt8], at i: Int) -> String? {
        var j = i
        while j < bytes.count, j - i <= 40, bytes[j] != 0x0A, bytes[j] != 0x0D {
            if bytes[j] == UInt8(ascii: ":"), j > i, j + 1 >= bytes.count || [0x20, 0x0A, 0x0D].contains(bytes[j + 1]) {
                let k = String(decoding: bytes[i..<j], as: UTF8.self)
                return k.contains(where: { $0 == "{" || $0 == "[" || $0 == "\"" || $0 == "'" || $0 == "#" }) ? nil : k
            }
            j += 1
        }
        return nil
    }
}
