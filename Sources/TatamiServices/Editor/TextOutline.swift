import TatamiBase

// Where an offset is, read from the text's indentation rather than from the YAML tree: while a
// file is being typed it is often not valid YAML, and an empty line has no node at all. Block
// YAML's structure is in its indentation: a key's value is on the lines indented below it, a
// list's items start with `- ` at one column. Flow collections (`{…}`, `[…]`) are read on the
// cursor's line only.

/// One line as block YAML reads it: enough to tell what encloses a position.
struct AssistLine {
    /// Byte offsets of the line's content (without its line break).
    var start = 0
    var end = 0
    /// Leading spaces.
    var indent = 0
    /// Columns of the block-sequence indicators (`- `) at the start of the line.
    var dashes: [Int] = []
    /// The column after the indentation and the indicators.
    var content = 0
    /// A block mapping key at `content`, with its range and the column of its colon.
    var key: String?
    var keyRange = SourceRange.at(0)
    var colon = 0
    /// The column where the key's value starts on this line; nil when nothing (or only a
    /// comment) follows the colon.
    var value: Int?
    /// Only spaces and a comment (a line with a `- ` is not blank).
    var isBlank = true

    init() {}

    /// Reads line `index` of `table`.
    init(_ table: LineTable, line index: Int) {
        let r = table.contentRange(ofLine: index)
        let b = table.bytes
        start = r.lowerBound
        end = r.upperBound
        var i = start
        while i < end && b[i] == 0x20 { i += 1 }
        indent = i - start
        func isSpace(_ j: Int) -> Bool { j >= end || b[j] == 0x20 || b[j] == 0x09 }
        while i < end && b[i] == UInt8(ascii: "-") && isSpace(i + 1) {
            dashes.append(i - start)
            i += 1
            while i < end && (b[i] == 0x20 || b[i] == 0x09) { i += 1 }
        }
        content = i - start
        if i >= end || b[i] == UInt8(ascii: "#") {
            isBlank = dashes.isEmpty
            return
        }
        isBlank = false
        // `---` and `...` mark documents; they hold no key.
        if dashes.isEmpty, end - i >= 3, (b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: ".")), b[i + 1] == b[i], b[i + 2] == b[i] {
            return
        }
        var keyStart = i, keyEnd = i, j = i
        switch b[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let quote = b[i]
            j = i + 1
            while j < end && b[j] != quote { j += b[j] == 0x5C && quote == UInt8(ascii: "\"") ? 2 : 1 }
            guard j < end else { return }
            keyStart = i + 1
            keyEnd = j
            j += 1
            while j < end && b[j] == 0x20 { j += 1 }
            guard j < end, b[j] == UInt8(ascii: ":"), isSpace(j + 1) else { return }
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "*"),
             UInt8(ascii: "!"), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return
        default:
            while j < end {
                if b[j] == UInt8(ascii: ":") && isSpace(j + 1) { break }
                if b[j] == UInt8(ascii: "#") && j > i && (b[j - 1] == 0x20 || b[j - 1] == 0x09) { return }
                j += 1
            }
            guard j < end else { return }
            keyEnd = j
            while keyEnd > keyStart && (b[keyEnd - 1] == 0x20 || b[keyEnd - 1] == 0x09) { keyEnd -= 1 }
        }
        key = String(decoding: b[keyStart..<keyEnd], as: UTF8.self)
        keyRange = SourceRange(start: keyStart, end: keyEnd)
        colon = j - start
        var v = j + 1
        while v < end && (b[v] == 0x20 || b[v] == 0x09) { v += 1 }
        if v < end && b[v] != UInt8(ascii: "#") { value = v - start }
    }
}

/// The way from the root to the cursor, read from indentation, and what is being typed there.
struct AssistOutline {
    enum Level {
        /// A mapping holding `keys`, entered through the value of `via`.
        case mapping(keys: [String], via: String)
        /// A list, entered through item `item`.
        case sequence(item: Int)
    }

    enum Slot {
        /// A key of the innermost mapping (which holds `present`).
        case key(present: [String])
        /// The value of `key` in the innermost mapping; `quoted` when inside quotes.
        case value(key: String, present: [String], quoted: Bool)
        /// An item of the innermost list; `needsDash` when no `- ` is written yet.
        case item(needsDash: Bool, quoted: Bool)
    }

    /// Outermost first, leading to the mapping or list that holds the slot.
    var levels: [Level] = []
    var slot: Slot = .key(present: [])
    /// The characters being typed, which a completion replaces.
    var partial: SourceRange = .at(0)
    /// The spaces that lead the cursor's line up to the text being replaced: an editor that
    /// re-indents the later lines of an insertion adds these to each.
    var lineIndent = 0
    /// The offset where the cursor's line starts.
    var lineStart = 0
    /// Whether a colon already follows the partial text (`fo‸nt: x`): insert the name alone.
    var colonFollows = false
    /// Where the scalar holding the cursor starts (after its opening quote), when the slot is a
    /// value or a list item; nil where a key is typed.
    var scalarStart: Int?
    /// A component parameter's reference being typed (docs/format.md §8.1); `partial` then covers
    /// the `$` and the name of a whole-value `$name`, or the name inside `${…}`.
    var reference: ParameterReference?
    /// A `$` right before the word at the cursor where no reference can stand (a key, the
    /// middle of a text, `$$`): nothing to complete there.
    var afterDollar = false

    enum ParameterReference: Equatable {
        /// `$name` as the whole scalar: the argument itself, typed.
        case whole
        /// `${name}` inside a text; `closed` when a `}` already follows the name.
        case interpolated(closed: Bool)
    }

    /// nil when the offset is inside a comment.
    init?(_ table: LineTable, offset rawOffset: Int) {
        let offset = table.clampOffset(rawOffset)
        let b = table.bytes
        let lineIndex = table.line(ofByte: offset)
        let line = AssistLine(table, line: lineIndex)
        let col = offset - line.start
        lineIndent = line.indent
        lineStart = line.start
        guard offset >= line.start, offset <= line.end else { return nil }
        // A comment before the cursor on this line: nothing to complete.
        if Self.commentStart(b, line.start, offset) != nil { return nil }

        func isFlowStart(_ o: Int) -> Bool { o < offset && (b[o] == UInt8(ascii: "{") || b[o] == UInt8(ascii: "[")) }
        func isQuote(_ o: Int) -> Bool { o < offset && (b[o] == UInt8(ascii: "\"") || b[o] == UInt8(ascii: "'")) }

        var walk = Walk(table: table)
        /// What the line says about the slot, decided before the walk up.
        enum Kind {
            case blank(needsDash: Bool?)
            case value(key: String, column: Int, valueStart: Int)
            case flowItem(start: Int)
            case itemWord(quoted: Bool)
            case key(column: Int)
        }
        let kind: Kind
        if line.isBlank || (col <= line.content && line.dashes.isEmpty) || col <= line.indent {
            // An empty line (or the cursor in the indentation): a key at the cursor's column.
            kind = .blank(needsDash: walk.start(blankAt: col, line: lineIndex))
        } else if let key = line.key, col > line.colon {
            // After `key:` on this line: its value.
            walk.start(mappingAt: line.content, line: lineIndex, excluding: key)
            kind = .value(key: key, column: line.content, valueStart: line.start + (line.value ?? line.colon + 1))
        } else if col > line.content, isFlowStart(line.start + line.content) {
            // A flow collection where the line's content starts: a list item (`- {text: a,
            // fo‸`), or the value of the key above.
            if line.dashes.isEmpty {
                walk.start(mappingAt: line.content, line: lineIndex, excluding: nil)
            } else {
                walk.start(itemAt: line, line: lineIndex)
            }
            kind = .flowItem(start: line.start + line.content)
        } else if !line.dashes.isEmpty, line.key == nil {
            // A list item's first word: a kind key, or a scalar.
            walk.start(itemAt: line, line: lineIndex)
            kind = .itemWord(quoted: isQuote(line.start + line.content))
        } else {
            // Typing a key.
            walk.start(mappingAt: line.content, line: lineIndex, excluding: line.key)
            kind = .key(column: line.content)
        }
        levels = walk.finish()
        let above = walk.containerKeys

        switch kind {
        case .blank(let needsDash):
            partial = .at(offset)
            if let needsDash {
                slot = .item(needsDash: needsDash, quoted: false)
            } else {
                slot = .key(present: above + walk.presentKeys(below: lineIndex, column: col))
            }
        case .value(let key, let column, let valueStart):
            let present = above + walk.presentKeys(below: lineIndex, column: column)
            if isFlowStart(valueStart) {
                guard let flow = FlowScan(b, from: valueStart, to: offset, lineEnd: line.end) else { return nil }
                levels.append(.mapping(keys: present, via: key))
                levels += flow.levels
                slot = flow.slot
                partial = flow.partial
                scalarStart = flow.scalarStart
            } else {
                let quoted = isQuote(valueStart)
                slot = .value(key: key, present: present, quoted: quoted)
                let start = quoted ? valueStart + 1 : valueStart
                scalarStart = start
                partial = Self.word(b, around: offset, from: start, lineEnd: line.end)
            }
        case .flowItem(let start):
            guard let flow = FlowScan(b, from: start, to: offset, lineEnd: line.end) else { return nil }
            levels += flow.levels
            slot = flow.slot
            partial = flow.partial
            scalarStart = flow.scalarStart
        case .itemWord(let quoted):
            slot = quoted ? .item(needsDash: false, quoted: true) : .key(present: walk.presentKeys(below: lineIndex, column: line.content))
            let start = line.start + line.content + (quoted ? 1 : 0)
            scalarStart = start
            partial = Self.word(b, around: offset, from: start, lineEnd: line.end)
        case .key(let column):
            slot = .key(present: above + walk.presentKeys(below: lineIndex, column: column))
            partial = Self.word(b, around: offset, from: line.start + column, lineEnd: line.end)
        }
        var k = partial.end
        while k < line.end && b[k] == 0x20 { k += 1 }
        colonFollows = k < line.end && b[k] == UInt8(ascii: ":")
        findReference(b, lineStart: line.start, lineEnd: line.end)
        // Later lines of a multi-line insertion are indented from the whitespace before it.
        lineIndent = min(lineIndent, partial.start - line.start)
    }

    /// Reads a `$` or `${` right before `partial`: the validator's references (a `$` escapes the
    /// next one, so only an odd run of them starts a reference).
    private mutating func findReference(_ b: [UInt8], lineStart: Int, lineEnd: Int) {
        let dollar = UInt8(ascii: "$")
        func startsReference(at i: Int) -> Bool {
            var n = 0, j = i
            while j >= lineStart && b[j] == dollar { n += 1; j -= 1 }
            return n % 2 == 1
        }
        let p = partial.start
        if p - 2 >= lineStart, b[p - 1] == UInt8(ascii: "{"), b[p - 2] == dollar {
            guard startsReference(at: p - 2), let s = scalarStart, p - 2 >= s else {
                // `$${` is a `$` and a brace; `${` outside a scalar is no reference either.
                afterDollar = true
                return
            }
            reference = .interpolated(closed: partial.end < lineEnd && b[partial.end] == UInt8(ascii: "}"))
        } else if p - 1 >= lineStart, b[p - 1] == dollar {
            if startsReference(at: p - 1), let s = scalarStart, p - 1 == s {
                reference = .whole
                partial = SourceRange(start: p - 1, end: partial.end)
            } else {
                afterDollar = true
            }
        }
    }

    /// Where a comment starts between `start` and `end` (a `#` at the start or after a space,
    /// outside quotes).
    static func commentStart(_ b: [UInt8], _ start: Int, _ end: Int) -> Int? {
        var quote: UInt8? = nil
        var i = start
        while i < end {
            let c = b[i]
            if let q = quote {
                if c == q { quote = nil } else if c == 0x5C && q == UInt8(ascii: "\"") { i += 1 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                if i == start || [0x20, 0x3A, 0x2C, 0x5B, 0x7B, 0x2D].contains(b[i - 1]) { quote = c }
            } else if c == UInt8(ascii: "#") && (i == start || b[i - 1] == 0x20 || b[i - 1] == 0x09) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// The word around the cursor: back to `from` or a separator, forward over name characters.
    static func word(_ b: [UInt8], around offset: Int, from: Int, lineEnd: Int) -> SourceRange {
        func isName(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D || c == 0x2E || c == 0x23 || c >= 0x80
        }
        var lo = offset
        while lo > from && lo > 0 && isName(b[lo - 1]) { lo -= 1 }
        var hi = offset
        while hi < lineEnd && isName(b[hi]) { hi += 1 }
        return SourceRange(start: lo, end: hi)
    }
}

/// The walk up the lines above the cursor, from the container of the slot to the root.
private struct Walk {
    enum Mode {
        case mapping(column: Int)
        case sequence(column: Int)
    }

    let table: LineTable
    /// Innermost first while walking; `finish` turns them around.
    var outward: [AssistOutline.Level] = []
    /// The keys of the mapping holding the slot, found on the lines above (and the cursor's).
    var containerKeys: [String] = []
    private var mode = Mode.mapping(column: 0)
    /// The keys of the mapping being read (in reverse order), and the key through which the
    /// level inside it was entered (nil while reading the slot's own container).
    private var keys: [String] = []
    private var via: String? = nil
    private var hasInner = false
    private var items = 0
    private var next = 0

    init(table: LineTable) {
        self.table = table
    }

    /// Starts at an empty position at `column` on `line`. Returns whether the slot is a list
    /// item (with whether it still needs its `- `), or nil for a mapping key.
    mutating func start(blankAt column: Int, line: Int) -> Bool? {
        next = line - 1
        mode = .mapping(column: column)
        // The first line above that is not deeper decides between a key and a list item.
        var i = line - 1
        while i >= 0 {
            let l = AssistLine(table, line: i)
            if l.isBlank || (l.content > column && !l.dashes.contains(column) && (l.dashes.first ?? l.indent) >= column) {
                i -= 1
                continue
            }
            if l.dashes.contains(column) && l.content > column {
                mode = .sequence(column: column)
                items = 0
                return true
            }
            break
        }
        return nil
    }

    /// Starts inside the mapping at `column` that holds `line`; its key there counts as present
    /// unless it is `excluding` (the key being typed, or whose value is).
    mutating func start(mappingAt column: Int, line: Int, excluding: String?) {
        next = line - 1
        mode = .mapping(column: column)
        let l = AssistLine(table, line: line)
        if let k = l.key, k != excluding { keys.append(k) }
        if !l.dashes.isEmpty && l.content == column { startsItem(l) }
    }

    /// Starts at a list item written on `line` (`- …`): the slot's container is the item.
    mutating func start(itemAt l: AssistLine, line: Int) {
        next = line - 1
        mode = .mapping(column: l.content)
        startsItem(l)
    }

    /// `l` starts the mapping being read as a list item: close it and go on with the list(s).
    private mutating func startsItem(_ l: AssistLine) {
        guard let first = l.dashes.first else { return }
        closeMapping()
        // "- - a": the inner lists start on this line, each the first item of the one before.
        for _ in l.dashes.dropFirst() { outward.append(.sequence(item: 0)) }
        mode = .sequence(column: first)
        items = 0
    }

    private mutating func closeMapping() {
        if let via {
            outward.append(.mapping(keys: keys.reversed(), via: via))
        } else if !hasInner {
            containerKeys = keys.reversed()
        }
        hasInner = true
        keys = []
        via = nil
    }

    /// The keys after the cursor in the mapping at `column`.
    func presentKeys(below line: Int, column: Int) -> [String] {
        var found: [String] = []
        var i = line + 1
        while i < table.lineCount {
            let l = AssistLine(table, line: i)
            i += 1
            if l.isBlank { continue }
            if let d = l.dashes.first, d < column { break }
            if l.content > column { continue }
            if l.content < column || !l.dashes.isEmpty { break }
            if let k = l.key { found.append(k) }
        }
        return found
    }

    /// Reads the lines above up to the root; returns the levels, outermost first.
    mutating func finish() -> [AssistOutline.Level] {
        var i = next
        while i >= 0 {
            let l = AssistLine(table, line: i)
            if l.isBlank { i -= 1; continue }
            switch mode {
            case .mapping(let column):
                if l.content > column {
                    i -= 1
                    continue
                }
                if l.content == column {
                    if let k = l.key { keys.append(k) }
                    if !l.dashes.isEmpty { startsItem(l) }
                    i -= 1
                    continue
                }
                // A line to the left: the key whose value holds this mapping.
                if l.key == nil {
                    if let last = l.dashes.last, last < column {
                        // `-` alone on its line, the mapping below it.
                        startsItem(l)
                    }
                    i -= 1
                    continue
                }
                closeMapping()
                via = l.key
                mode = .mapping(column: l.content)
                // Read the same line again as a member of its own mapping.
            case .sequence(let column):
                if let k = l.dashes.firstIndex(of: column) {
                    items += 1
                    if k > 0 {
                        // The list starts on this line, inside the lists of the dashes before.
                        closeSequence()
                        for _ in 1..<k { outward.append(.sequence(item: 0)) }
                        mode = .sequence(column: l.dashes[0])
                        items = 0
                    }
                    i -= 1
                    continue
                }
                if l.content > column || l.indent > column {
                    i -= 1
                    continue
                }
                guard l.key != nil else {
                    i -= 1
                    continue
                }
                closeSequence()
                via = l.key
                mode = .mapping(column: l.content)
            }
        }
        switch mode {
        case .mapping:
            closeMapping()
        case .sequence:
            closeSequence()
        }
        return outward.reversed()
    }

    private mutating func closeSequence() {
        if hasInner { outward.append(.sequence(item: items)) }
        hasInner = true
        keys = []
        via = nil
    }
}

/// A flow collection on the cursor's line, read from its start to the cursor.
private struct FlowScan {
    var levels: [AssistOutline.Level] = []
    var slot: AssistOutline.Slot = .key(present: [])
    var partial = SourceRange.at(0)
    /// Where the scalar at the cursor starts, when the slot is a value or an item.
    var scalarStart: Int?

    private struct Frame {
        var isMapping: Bool
        var keys: [String] = []
        var key: String? = nil
        var afterColon = false
        var items = 0
    }

    /// nil when the cursor is in a comment or after the collection closed.
    init?(_ b: [UInt8], from start: Int, to offset: Int, lineEnd: Int) {
        var stack: [Frame] = []
        // The scalar read last (plain or quoted), as bytes.
        var tokenStart: Int? = nil
        var tokenEnd = start
        var quote: UInt8? = nil
        var quoteStart = start
        func token() -> String {
            guard let s = tokenStart, s <= tokenEnd else { return "" }
            return String(decoding: b[s..<tokenEnd], as: UTF8.self)
        }
        var i = start
        while i < offset {
            let c = b[i]
            if let q = quote {
                if c == q {
                    if q == UInt8(ascii: "'") && i + 1 < offset && b[i + 1] == q {
                        i += 2
                        continue
                    }
                    quote = nil
                    tokenEnd = i
                } else if c == 0x5C && q == UInt8(ascii: "\"") {
                    i += 1
                }
                i += 1
                continue
            }
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(Frame(isMapping: c == UInt8(ascii: "{")))
                tokenStart = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                tokenStart = nil
            case UInt8(ascii: ","):
                if let top = stack.indices.last {
                    if stack[top].isMapping {
                        // A key without a value (`{a, b}`) is present too.
                        if !stack[top].afterColon, tokenStart != nil { stack[top].keys.append(token()) }
                        stack[top].key = nil
                        stack[top].afterColon = false
                    } else {
                        stack[top].items += 1
                    }
                }
                tokenStart = nil
            case UInt8(ascii: ":") where i + 1 >= lineEnd || i + 1 == offset || [0x20, 0x09, 0x2C, 0x7D, 0x5D].contains(b[i + 1]):
                if let top = stack.indices.last, stack[top].isMapping, !stack[top].afterColon {
                    let k = token()
                    stack[top].key = k
                    stack[top].keys.append(k)
                    stack[top].afterColon = true
                }
                tokenStart = nil
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                quote = c
                quoteStart = i
                tokenStart = i + 1
                tokenEnd = i + 1
            case UInt8(ascii: "#") where i > start && (b[i - 1] == 0x20 || b[i - 1] == 0x09):
                return nil
            case 0x20, 0x09:
                break
            default:
                if tokenStart == nil { tokenStart = i }
                tokenEnd = i + 1
            }
            i += 1
        }
        guard let top = stack.last else { return nil }
        for f in stack.dropLast() {
            if f.isMapping {
                levels.append(.mapping(keys: f.keys, via: f.key ?? ""))
            } else {
                levels.append(.sequence(item: f.items))
            }
        }
        let quoted = quote != nil
        if top.isMapping {
            if top.afterColon, let k = top.key {
                slot = .value(key: k, present: top.keys, quoted: quoted)
                scalarStart = tokenStart ?? offset
            } else {
                slot = .key(present: top.keys)
            }
        } else {
            slot = .item(needsDash: false, quoted: quoted)
            scalarStart = tokenStart ?? offset
        }
        partial = AssistOutline.word(b, around: offset, from: quoted ? quoteStart + 1 : start, lineEnd: lineEnd)
    }
}
