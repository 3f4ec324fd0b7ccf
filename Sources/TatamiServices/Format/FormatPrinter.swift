import TatamiBase
import TatamiModel
import TatamiYAML

/// Writes a parsed document back in the canonical shape (docs/format.md §15): block views,
/// flow style for small values that fit, keys in schema order, comments where they stood.
///
/// Comments are written where the parse's trivia keeps them (`YAMLNode.commentsKeptBefore`,
/// `trailingComment`): the comments kept before a node on their own lines above it, its
/// trailing comment after it on its line; `written` counts them, and the caller checks every
/// comment was written exactly once.
struct FormatPrinter {
    let bytes: [UInt8]
    let table: LineTable
    let width: Int
    let workspace: Bool
    /// Told the schema place of each value and item as its role is worked out (tests compare
    /// the formatter's places with `SchemaPlace`'s own walk).
    var observePlace: ((YAMLNode, SchemaPlace) -> Void)? = nil
    private(set) var out: [UInt8] = []
    /// Comments written so far.
    private(set) var written = 0
    /// Why the document cannot be formatted, when something unsupported was met.
    private(set) var failure: String?
    /// Whether a blank line may come before the next line (not at the start of the output nor
    /// right after a line that opens a block).
    private var canBlank = false

    init(bytes: [UInt8], table: LineTable, width: Int, workspace: Bool) {
        self.bytes = bytes
        self.table = table
        self.width = width
        self.workspace = workspace
        out.reserveCapacity(bytes.count + bytes.count / 8)
    }

    /// The comments that follow code on their line (`YAMLComment.standsAlone` false): a leading
    /// one of these is written after the dash or `---` it followed.
    private var inline: Set<Int> = []
    /// The comments that are a line's suppression (`# tatami-ignore:`).
    private var lineSuppressions: Set<Int> = []

    /// Takes what the parse says of each comment: whether it stands alone on its line and
    /// whether it is a line's suppression. Which node each goes with is the YAML layer's
    /// decision (`YAMLNode.commentsKeptBefore`, `trailingComment`); the printer only writes them.
    mutating func read(_ comments: [YAMLComment]) {
        for c in comments {
            if !c.standsAlone { inline.insert(c.range.start) }
            if c.directive?.kind == .ignoreLine { lineSuppressions.insert(c.range.start) }
        }
    }

    /// The comments to write before `node`.
    private func leadingComments(of node: YAMLNode) -> [SourceRange] {
        let kept = node.commentsKeptBefore
        guard let marker = markerComment else { return kept }
        return kept.filter { $0.start != marker.start }
    }

    // MARK: Document

    /// A comment after the `---` that starts the document, on its line.
    private var markerComment: SourceRange?

    /// Writes the document; `documentStart` is the offset of a `---` before it.
    mutating func printDocument(_ root: YAMLNode?, comments: [YAMLComment], documentStart: Int?) {
        if let marker = documentStart {
            out += Array("---".utf8)
            canBlank = false
            let line = table.line(ofByte: marker)
            if let c = comments.first(where: { table.line(ofByte: $0.range.start) == line }) {
                markerComment = c.range
                trailing(c.range)
            }
        }
        if let root {
            let role = FormatRole.topLevel(workspace: workspace)
            if let pairs = root.pairs, !pairs.isEmpty, !(root.isFlow && root.trailingComment != nil && flowText(root, role: .generic, top: true) != nil) {
                leading(leadingComments(of: root) + (root.trailingComment.map { [$0] } ?? []), indent: 0)
                printPairs(root, role: role, indent: 0, dash: nil)
            } else if let items = root.items, !items.isEmpty, flowText(root, role: .generic, top: true) == nil || !root.isFlow {
                leading(leadingComments(of: root) + (root.trailingComment.map { [$0] } ?? []), indent: 0)
                printItems(root, role: .generic, indent: 0)
            } else {
                leading(leadingComments(of: root), indent: 0)
                newLine(indent: 0, blankBefore: root.range.start)
                if root.isScalar, let s = root.scalar, s.style == .literal || s.style == .folded {
                    printBlockScalar(root, indent: 0)
                } else if let text = root.isScalar ? scalarText(root, inFlow: false) : flowText(root, role: .generic, top: true) {
                    out += text
                    trailing(root.trailingComment)
                } else {
                    fail("a value that cannot be written on one line")
                }
            }
        }
        for c in comments where c.node == nil && c.range.start != markerComment?.start {
            newLine(indent: 0, blankBefore: c.range.start)
            writeComment(c.range)
        }
        if !out.isEmpty && (out.last != 10 || keptScalarEnd == out.count) { out.append(10) }
    }

    /// Where the output ended after the last `|+` or `>+` scalar: when the document ends there,
    /// the line break ending its last line is still to be written.
    private var keptScalarEnd = -1

    // MARK: Mappings

    /// The pairs of `node` in the order of `role`, each with its value's role.
    private func ordered(_ node: YAMLNode, role: FormatRole) -> [(pair: YAMLPair, role: FormatRole, index: Int)] {
        guard let pairs = node.pairs else { return [] }
        let keys = pairs.map { $0.key.keyText ?? "" }
        func sibling(_ name: String) -> String? {
            guard let i = keys.firstIndex(of: name) else { return nil }
            return pairs[i].value.scalar?.text
        }
        // `step` looks for a view's kind key among the keys: found once per mapping here.
        let kindKeys = SchemaPlace.kindKey(keys).map { [$0] } ?? []
        var result: [(pair: YAMLPair, role: FormatRole, index: Int)] = []
        result.reserveCapacity(pairs.count)
        for (i, p) in pairs.enumerated() {
            let child = FormatOrder.childRole(key: keys[i], keys: kindKeys, in: role, value: isViewLike(p.value), sibling: sibling)
            observePlace?(p.value, child.place)
            result.append((p, child, i))
        }
        if let ranks = FormatOrder.ranks(of: keys, role: role) {
            result.sort { a, b in ranks[a.index] != ranks[b.index] ? ranks[a.index] < ranks[b.index] : a.index < b.index }
        }
        return result
    }

    /// The role of item `n` of a list of `role`.
    private func itemRole(_ item: YAMLNode, _ n: Int, in role: FormatRole) -> FormatRole {
        let itemRole = FormatOrder.itemRole(in: role, at: n)
        observePlace?(item, itemRole.place)
        return itemRole
    }

    /// A mapping that names a kind: an argument that is a view.
    private func isViewLike(_ node: YAMLNode) -> Bool {
        guard let pairs = node.pairs else { return false }
        return pairs.contains { $0.key.keyText.map(FormatOrder.isKindKey) ?? false }
    }

    /// Writes a block mapping's pairs at `indent`. With `dash`, the first pair goes on a list
    /// item's line (`- key: …`), the dash at `dash.indent`.
    /// `lineComment` goes at the end of the first pair's first line (`firstLineTakesComment`).
    private mutating func printPairs(_ node: YAMLNode, role: FormatRole, indent: Int,
                                     dash: (indent: Int, blankBefore: Int)?, lineComment: SourceRange? = nil) {
        let pairs = ordered(node, role: role)
        for (n, entry) in pairs.enumerated() {
            let key = entry.pair.key
            let lead = leadingComments(of: key)
            if n == 0, let dash {
                leading(lead, indent: dash.indent)
                newLine(indent: dash.indent, blankBefore: dash.blankBefore)
                out += [UInt8(ascii: "-"), 0x20]
            } else {
                leading(lead, indent: indent)
                newLine(indent: indent, blankBefore: key.range.start)
            }
            guard key.isScalar, let s = key.scalar, s.style != .literal, s.style != .folded,
                  let text = scalarText(key, inFlow: false), !text.isEmpty else {
                fail("a key that is not a plain or quoted scalar")
                return
            }
            out += text
            out.append(UInt8(ascii: ":"))
            printValue(entry.pair.value, key: key, keyWidth: columns(text) + 1, role: entry.role, indent: indent,
                       lineComment: n == 0 ? lineComment : nil)
        }
    }

    /// Whether a comment can go at the end of the first line of `node`'s first pair, written in
    /// block style: after its value written on that line, or after its key when the value goes
    /// below it; not when that pair has comments of its own or its value is a block scalar.
    private func firstLineTakesComment(_ node: YAMLNode, role: FormatRole) -> Bool {
        guard let first = ordered(node, role: role).first else { return false }
        let key = first.pair.key, value = first.pair.value
        if key.trailingComment != nil || value.trailingComment != nil || !leadingComments(of: value).isEmpty { return false }
        if let s = value.scalar, s.style == .literal || s.style == .folded { return false }
        return true
    }

    /// Writes a pair's value after `key:`.
    private mutating func printValue(_ value: YAMLNode, key: YAMLNode, keyWidth: Int, role: FormatRole, indent: Int,
                                     lineComment: SourceRange? = nil) {
        let keyTrail = key.trailingComment
        let valueLead = leadingComments(of: value)
        // The value's comment, or the one its line takes (a list item's, `firstLineTakesComment`).
        let valueTrail = value.trailingComment ?? lineComment
        let child = indent + 2
        if let s = value.scalar {
            if s.style == .literal || s.style == .folded {
                guard keyTrail == nil && valueLead.isEmpty else { return fail("a comment between a key and its block scalar") }
                out.append(0x20)
                printBlockScalar(value, indent: child)
                return
            }
            guard let text = scalarText(value, inFlow: false) else { return fail("a scalar that cannot be written") }
            if keyTrail != nil || !valueLead.isEmpty {
                trailing(keyTrail)
                leading(valueLead, indent: child)
                newLine(indent: child, blankBefore: nil)
                if text.isEmpty { out += Array("null".utf8) } else { out += text }
            } else if !text.isEmpty {
                out.append(0x20)
                out += text
            }
            trailing(valueTrail)
            return
        }
        let count = value.pairs?.count ?? value.items?.count ?? 0
        if keyTrail == nil && valueLead.isEmpty, let text = inlineFlow(value, role: role, used: indent + keyWidth + 1) {
            out.append(0x20)
            out += text
            trailing(valueTrail)
            return
        }
        if count == 0 {
            trailing(keyTrail)
            leading(valueLead, indent: child)
            newLine(indent: child, blankBefore: nil)
            out += value.pairs != nil ? Array("{}".utf8) : Array("[]".utf8)
            trailing(value.trailingComment)
            return
        }
        // Block: the value's own trailing comment (a flow collection's, written block now) goes
        // after the key when the key has none, else on a line of its own above the first entry.
        var lead = valueLead
        if let t = valueTrail {
            if keyTrail == nil { trailing(t) } else { trailing(keyTrail); lead.append(t) }
        } else {
            trailing(keyTrail)
        }
        canBlank = false
        if value.pairs != nil {
            leading(lead, indent: child)
            printPairs(value, role: role, indent: child, dash: nil)
        } else {
            leading(lead, indent: child)
            printItems(value, role: role, indent: child)
        }
    }

    /// A collection written on one line, when its role allows it, nothing in it has a comment,
    /// and it fits in the line width (`used` columns are taken before it). A flow collection
    /// with a comment after it stays on its line even when longer (a `tatami-ignore` comment
    /// there silences what the line holds).
    private func inlineFlow(_ node: YAMLNode, role: FormatRole, used: Int) -> [UInt8]? {
        let count = node.pairs?.count ?? node.items?.count ?? 0
        let keepsLine = node.isFlow && node.trailingComment != nil
        // Views and the other block roles go block even so, but for a `tatami-ignore:` comment,
        // which silences what its line holds.
        if count > 0 && !role.allowsFlow && !(keepsLine && lineSuppressions.contains(node.trailingComment!.start)) { return nil }
        let budget = keepsLine || count == 0 ? Int.max : width - used
        guard let text = flowText(node, role: role, top: true, budget: budget) else { return nil }
        return text
    }

    /// The node in flow style, or nil when it holds a comment (other than its own), a block
    /// scalar, an empty value, a view (below the top) or more than `budget` columns.
    private func flowText(_ node: YAMLNode, role: FormatRole, top: Bool, budget: Int = Int.max) -> [UInt8]? {
        if !top && (!leadingComments(of: node).isEmpty || node.trailingComment != nil) { return nil }
        if node.isScalar {
            guard let text = scalarText(node, inFlow: true), !text.isEmpty else { return nil }
            return text.count <= budget || columns(text) <= budget ? text : nil
        }
        if !top && !role.allowsFlow && (node.pairs?.count ?? node.items?.count ?? 0) > 0 { return nil }
        var out: [UInt8] = []
        var used = 2
        if let _ = node.pairs {
            out.append(UInt8(ascii: "{"))
            for (n, entry) in ordered(node, role: role).enumerated() {
                let key = entry.pair.key
                guard leadingComments(of: key).isEmpty, key.trailingComment == nil, key.isScalar,
                      let k = scalarText(key, inFlow: true), !k.isEmpty,
                      let v = flowText(entry.pair.value, role: entry.role, top: false, budget: budget - used) else { return nil }
                if n > 0 { out += [UInt8(ascii: ","), 0x20] }
                out += k
                out += [UInt8(ascii: ":"), 0x20]
                out += v
                used += columns(k) + columns(v) + 4
                if used > budget { return nil }
            }
            out.append(UInt8(ascii: "}"))
        } else if let items = node.items {
            out.append(UInt8(ascii: "["))
            for (n, item) in items.enumerated() {
                let itemRole = self.itemRole(item, n, in: role)
                guard let v = flowText(item, role: itemRole, top: false, budget: budget - used) else { return nil }
                if n > 0 { out += [UInt8(ascii: ","), 0x20] }
                out += v
                used += columns(v) + 2
                if used > budget { return nil }
            }
            out.append(UInt8(ascii: "]"))
        }
        return out
    }

    // MARK: Lists

    private mutating func printItems(_ node: YAMLNode, role: FormatRole, indent: Int) {
        guard let items = node.items else { return }
        for (n, item) in items.enumerated() {
            let itemRole = self.itemRole(item, n, in: role)
            var lead = leadingComments(of: item)
            // A comment after the item's dash (`- # note`, the item below it) stays there.
            var dashComment: SourceRange?
            if let k = lead.lastIndex(where: { inline.contains($0.start) }) { dashComment = lead.remove(at: k) }
            var trail = item.trailingComment
            if dashComment == nil {
                if let s = item.scalar {
                    leading(lead, indent: indent)
                    newLine(indent: indent, blankBefore: item.range.start)
                    if s.style == .literal || s.style == .folded {
                        out += [UInt8(ascii: "-"), 0x20]
                        printBlockScalar(item, indent: indent + 2)
                        continue
                    }
                    guard let text = scalarText(item, inFlow: false) else { return fail("a scalar that cannot be written") }
                    out.append(UInt8(ascii: "-"))
                    if !text.isEmpty {
                        out.append(0x20)
                        out += text
                    }
                    trailing(trail)
                    continue
                }
                if let text = inlineFlow(item, role: itemRole, used: indent + 2) {
                    leading(lead, indent: indent)
                    newLine(indent: indent, blankBefore: item.range.start)
                    out += [UInt8(ascii: "-"), 0x20]
                    out += text
                    trailing(trail)
                    continue
                }
                // A flow collection's comment, the collection written block now: at the end of
                // the item's first line, `- key: value # note`, else after the dash.
                if item.pairs != nil && (trail == nil || firstLineTakesComment(item, role: itemRole)) {
                    leading(lead, indent: indent)
                    printPairs(item, role: itemRole, indent: indent + 2, dash: (indent, item.range.start), lineComment: trail)
                    continue
                }
                dashComment = trail
                trail = nil
            }
            // `-`, its comment, and the item on the lines below.
            leading(lead, indent: indent)
            newLine(indent: indent, blankBefore: item.range.start)
            out.append(UInt8(ascii: "-"))
            trailing(dashComment)
            canBlank = false
            let inner = indent + 2
            if let s = item.scalar {
                if s.style == .literal || s.style == .folded {
                    newLine(indent: inner, blankBefore: nil)
                    printBlockScalar(item, indent: inner)
                    continue
                }
                guard let text = scalarText(item, inFlow: false) else { return fail("a scalar that cannot be written") }
                // An empty item is the dash alone.
                if !text.isEmpty {
                    newLine(indent: inner, blankBefore: nil)
                    out += text
                }
                trailing(trail)
            } else if let text = inlineFlow(item, role: itemRole, used: inner) {
                newLine(indent: inner, blankBefore: nil)
                out += text
                trailing(trail)
            } else {
                leading(trail.map { [$0] } ?? [], indent: inner)
                canBlank = false
                if item.pairs != nil {
                    printPairs(item, role: itemRole, indent: inner, dash: nil)
                } else {
                    printItems(item, role: itemRole, indent: inner)
                }
            }
        }
    }

    // MARK: Scalars

    /// A scalar as written: plain where that reads back the same (docs/format.md §15), else in
    /// its own quotes when it was on one line, else double-quoted. Nil for a block scalar, or
    /// in flow context for a plain scalar that cannot go there. Empty for a plain empty value.
    private func scalarText(_ node: YAMLNode, inFlow: Bool) -> [UInt8]? {
        guard let s = node.scalar else { return nil }
        let r = node.range
        let source = bytes[r.start..<r.end]
        let singleLine = !source.contains(10) && !source.contains(13)
        switch s.style {
        case .literal, .folded:
            return nil
        case .plain:
            if source.isEmpty { return inFlow ? nil : [] }
            if singleLine {
                if inFlow && FormatScalars.containsFlowIndicator(source) { return nil }
                return Array(source)
            }
            return FormatScalars.isPlainSafe(s.text) ? Array(s.text.utf8) : FormatScalars.doubleQuoted(s.text)
        case .singleQuoted, .doubleQuoted:
            if FormatScalars.isPlainSafe(s.text) { return Array(s.text.utf8) }
            if singleLine { return Array(source) }
            if s.style == .singleQuoted, let q = FormatScalars.singleQuoted(s.text) { return q }
            return FormatScalars.doubleQuoted(s.text)
        }
    }

    /// A `|` or `>` scalar: its header line as written, its lines re-indented to `indent`.
    private mutating func printBlockScalar(_ node: YAMLNode, indent: Int) {
        let r = node.range
        let headerLine = table.line(ofByte: r.start)
        let header = table.contentRange(ofLine: headerLine)
        var headerEnd = header.upperBound
        while headerEnd > r.start && (bytes[headerEnd - 1] == 0x20 || bytes[headerEnd - 1] == 0x09 || bytes[headerEnd - 1] == 13) { headerEnd -= 1 }
        let indicator = bytes[r.start..<headerEnd].prefix { $0 != 0x20 && $0 != 0x09 }
        if indicator.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            return fail("a block scalar with an explicit indentation indicator")
        }
        let keep = indicator.contains(UInt8(ascii: "+"))
        out += bytes[r.start..<headerEnd]
        canBlank = true
        var lines: [Range<Int>] = []
        var line = headerLine + 1
        while line < table.lineCount && table.lineStarts[line] < r.end {
            var c = table.contentRange(ofLine: line)
            if c.upperBound > c.lowerBound && bytes[c.upperBound - 1] == 13 { c = c.lowerBound..<(c.upperBound - 1) }
            lines.append(c)
            line += 1
        }
        func isBlank(_ c: Range<Int>) -> Bool { bytes[c].allSatisfy { $0 == 0x20 } }
        if !keep { while let last = lines.last, isBlank(last) { lines.removeLast() } }
        guard let firstContent = lines.first(where: { !isBlank($0) }) else {
            for _ in lines { out.append(10) }
            if keep {
                canBlank = false
                keptScalarEnd = out.count
            }
            return
        }
        let original = bytes[firstContent].prefix { $0 == 0x20 }.count
        for c in lines {
            out.append(10)
            if c.count > original || !isBlank(c) {
                guard c.count >= original, bytes[c.lowerBound..<(c.lowerBound + original)].allSatisfy({ $0 == 0x20 }) else {
                    return fail("a block scalar whose lines are indented less than its first")
                }
                if c.count > original {
                    out += repeatElement(0x20, count: indent)
                    out += bytes[(c.lowerBound + original)..<c.upperBound]
                }
            }
        }
        if keep {
            // Its blank lines are its own: none is added after them, and the line break ending
            // its last line is written even at the end of the file.
            canBlank = false
            keptScalarEnd = out.count
        }
    }

    // MARK: Lines and comments

    /// Starts a line at `indent`, after one blank line when the source had a blank line right
    /// before `blankBefore`'s line and a blank line may come here.
    private mutating func newLine(indent: Int, blankBefore offset: Int?) {
        if !out.isEmpty { out.append(10) }
        if let offset, canBlank, hasBlankLine(before: offset) { out.append(10) }
        out += repeatElement(0x20, count: indent)
        canBlank = true
    }

    private func hasBlankLine(before offset: Int) -> Bool {
        let line = table.line(ofByte: offset)
        guard line > 0 else { return false }
        return bytes[table.contentRange(ofLine: line - 1)].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 13 }
    }

    private mutating func leading(_ comments: [SourceRange], indent: Int) {
        for c in comments {
            newLine(indent: indent, blankBefore: c.start)
            writeComment(c)
        }
    }

    private mutating func trailing(_ comment: SourceRange?) {
        guard let comment else { return }
        out.append(0x20)
        writeComment(comment)
    }

    private mutating func writeComment(_ c: SourceRange) {
        var end = c.end
        while end > c.start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        out += bytes[c.start..<end]
        written += 1
    }

    private mutating func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    /// Columns a UTF-8 text takes, counting Unicode scalars.
    private func columns(_ text: [UInt8]) -> Int {
        var n = 0
        for b in text where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}
