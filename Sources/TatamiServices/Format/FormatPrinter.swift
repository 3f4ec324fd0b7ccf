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
    /// The roles met so far, each worked out once.
    private var roles: FormatRoles
    /// The key texts met so far, each read once.
    private var keys = FormatKeys()
    /// A collection in flow style, as `flowFits` last wrote it.
    private var flow: [UInt8] = []

    init(bytes: [UInt8], table: LineTable, width: Int, workspace: Bool) {
        self.bytes = bytes
        self.table = table
        self.width = width
        self.workspace = workspace
        roles = FormatRoles(workspace: workspace)
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
            let generic = FormatRoles.generic
            if let pairs = root.pairs, !pairs.isEmpty, !(root.isFlow && root.trailingComment != nil && flowFits(root, role: generic)) {
                leading(leadingComments(of: root) + (root.trailingComment.map { [$0] } ?? []), indent: 0)
                printPairs(root, role: FormatRoles.topLevel, indent: 0, dash: nil)
            } else if let items = root.items, !items.isEmpty, !flowFits(root, role: generic) || !root.isFlow {
                leading(leadingComments(of: root) + (root.trailingComment.map { [$0] } ?? []), indent: 0)
                printItems(root, role: generic, indent: 0)
            } else {
                leading(leadingComments(of: root), indent: 0)
                newLine(indent: 0, blankBefore: root.range.start)
                if let style = root.scalarStyle, style == .literal || style == .folded {
                    printBlockScalar(root, indent: 0)
                } else if root.isScalar, let text = scalarText(root, inFlow: false) {
                    write(text)
                    trailing(root.trailingComment)
                } else if !root.isScalar && flowFits(root, role: generic) {
                    out += flow
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

    /// A pair of a mapping, by its index there, with its value's role and its key's rank.
    private struct OrderedPair {
        let index: Int
        let role: FormatRoleID
        let rank: Int
    }

    /// The pairs of `node` in the order of `role`, each with its value's role.
    private mutating func ordered(_ node: YAMLNode, role: FormatRoleID) -> [OrderedPair] {
        guard let pairs = node.pairs else { return [] }
        let ids = (0..<pairs.count).map { keys.id(of: pairs.key(at: $0)) }
        // `step` reads a view's other keys only for its kind key (`SchemaPlace.kindKey`): found
        // once per mapping here.
        let kindKey = roles.isView(role) ? ids.first(where: { keys.isKindKey($0) }) : nil
        var result: [OrderedPair] = []
        result.reserveCapacity(pairs.count)
        var inOrder = true
        var last = Int.min
        for i in 0..<pairs.count {
            let child = roles.known(key: ids[i], kindKey: kindKey, of: role) ?? learn(i, of: pairs, ids, kindKey: kindKey, in: role)
            if let observePlace { observePlace(pairs.value(at: i), roles[child.role].place) }
            if let rank = child.rank {
                if rank < last { inOrder = false }
                last = rank
            }
            result.append(OrderedPair(index: i, role: child.role, rank: child.rank ?? 0))
        }
        if !inOrder {
            result.sort { a, b in a.rank != b.rank ? a.rank < b.rank : a.index < b.index }
        }
        return result
    }

    /// The role of pair `i`'s value and its key's rank, worked out (`FormatRoles.learn`).
    private mutating func learn(_ i: Int, of pairs: YAMLPairs, _ ids: [FormatKeys.ID], kindKey: FormatKeys.ID?,
                                in role: FormatRoleID) -> FormatRoles.Child {
        let texts = ids.map { keys.text($0) }
        func sibling(_ name: String) -> String? {
            guard let k = texts.firstIndex(of: name) else { return nil }
            return pairs.value(at: k).keyText
        }
        return roles.learn(key: ids[i], kindKey: kindKey, of: role, keyText: texts[i], kindText: kindKey.map { keys.text($0) },
                           isViewLike: { Self.isViewLike(pairs.value(at: i)) }, sibling: sibling)
    }

    /// The role of item `n` of a list of `role`.
    private mutating func itemRole(_ item: YAMLNode, _ n: Int, in role: FormatRoleID) -> FormatRoleID {
        let id = roles.item(at: n, of: role)
        if let observePlace { observePlace(item, roles[id].place) }
        return id
    }

    /// A mapping that names a kind: an argument that is a view.
    private static func isViewLike(_ node: YAMLNode) -> Bool {
        guard let pairs = node.pairs else { return false }
        return pairs.contains { $0.key.keyText.map(FormatOrder.isKindKey) ?? false }
    }

    /// Writes a block mapping's pairs at `indent`. With `dash`, the first pair goes on a list
    /// item's line (`- key: …`), the dash at `dash.indent`.
    /// `lineComment` goes at the end of the first pair's first line (`firstLineTakesComment`).
    private mutating func printPairs(_ node: YAMLNode, role: FormatRoleID, indent: Int,
                                     dash: (indent: Int, blankBefore: Int)?, lineComment: SourceRange? = nil) {
        guard let pairs = node.pairs else { return }
        for (n, entry) in ordered(node, role: role).enumerated() {
            let key = pairs.key(at: entry.index)
            let lead = leadingComments(of: key)
            if n == 0, let dash {
                leading(lead, indent: dash.indent)
                newLine(indent: dash.indent, blankBefore: dash.blankBefore)
                out += [UInt8(ascii: "-"), 0x20]
            } else {
                leading(lead, indent: indent)
                newLine(indent: indent, blankBefore: key.range.start)
            }
            guard let style = key.scalarStyle, style != .literal, style != .folded,
                  let text = scalarText(key, inFlow: false), !isEmpty(text) else {
                fail("a key that is not a plain or quoted scalar")
                return
            }
            write(text)
            out.append(UInt8(ascii: ":"))
            printValue(pairs.value(at: entry.index), key: key, keyWidth: columns(text) + 1, role: entry.role, indent: indent,
                       lineComment: n == 0 ? lineComment : nil)
        }
    }

    /// Whether a comment can go at the end of the first line of `node`'s first pair, written in
    /// block style: after its value written on that line, or after its key when the value goes
    /// below it; not when that pair has comments of its own or its value is a block scalar.
    private mutating func firstLineTakesComment(_ node: YAMLNode, role: FormatRoleID) -> Bool {
        guard let pairs = node.pairs, let first = ordered(node, role: role).first else { return false }
        let key = pairs.key(at: first.index), value = pairs.value(at: first.index)
        if key.trailingComment != nil || value.trailingComment != nil || !leadingComments(of: value).isEmpty { return false }
        if let style = value.scalarStyle, style == .literal || style == .folded { return false }
        return true
    }

    /// Writes a pair's value after `key:`.
    private mutating func printValue(_ value: YAMLNode, key: YAMLNode, keyWidth: Int, role: FormatRoleID, indent: Int,
                                     lineComment: SourceRange? = nil) {
        let keyTrail = key.trailingComment
        let valueLead = leadingComments(of: value)
        // The value's comment, or the one its line takes (a list item's, `firstLineTakesComment`).
        let valueTrail = value.trailingComment ?? lineComment
        let child = indent + 2
        if let style = value.scalarStyle {
            if style == .literal || style == .folded {
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
                if isEmpty(text) { out += Array("null".utf8) } else { write(text) }
            } else if !isEmpty(text) {
                out.append(0x20)
                write(text)
            }
            trailing(valueTrail)
            return
        }
        let count = value.pairs?.count ?? value.items?.count ?? 0
        if keyTrail == nil && valueLead.isEmpty && inlineFlow(value, role: role, used: indent + keyWidth + 1) {
            out.append(0x20)
            out += flow
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

    /// A collection written on one line (into `flow`), when its role allows it, nothing in it
    /// has a comment, and it fits in the line width (`used` columns are taken before it). A
    /// flow collection with a comment after it stays on its line even when longer (a
    /// `tatami-ignore` comment there silences what the line holds).
    private mutating func inlineFlow(_ node: YAMLNode, role: FormatRoleID, used: Int) -> Bool {
        let count = node.pairs?.count ?? node.items?.count ?? 0
        let keepsLine = node.isFlow && node.trailingComment != nil
        // Views and the other block roles go block even so, but for a `tatami-ignore:` comment,
        // which silences what its line holds.
        if count > 0 && !roles.allowsFlow(role) && !(keepsLine && lineSuppressions.contains(node.trailingComment!.start)) { return false }
        let budget = keepsLine || count == 0 ? Int.max : width - used
        return flowFits(node, role: role, budget: budget)
    }

    /// Writes the node in flow style into `flow` (emptied first); false when it holds a comment
    /// (other than its own), a block scalar, an empty value, a view (below the top) or more
    /// than `budget` columns.
    private mutating func flowFits(_ node: YAMLNode, role: FormatRoleID, budget: Int = Int.max) -> Bool {
        flow.removeAll(keepingCapacity: true)
        return appendFlow(node, role: role, top: true, budget: budget)
    }

    /// `flowFits` without emptying `flow` first: appends the node (when false, what it
    /// appended is left there).
    private mutating func appendFlow(_ node: YAMLNode, role: FormatRoleID, top: Bool, budget: Int) -> Bool {
        if !top && (!leadingComments(of: node).isEmpty || node.trailingComment != nil) { return false }
        if node.isScalar {
            guard let text = scalarText(node, inFlow: true), !isEmpty(text),
                  count(text) <= budget || columns(text) <= budget else { return false }
            Self.append(text, bytes, to: &flow)
            return true
        }
        if !top && !roles.allowsFlow(role) && (node.pairs?.count ?? node.items?.count ?? 0) > 0 { return false }
        var used = 2
        if let pairs = node.pairs {
            flow.append(UInt8(ascii: "{"))
            for (n, entry) in ordered(node, role: role).enumerated() {
                let key = pairs.key(at: entry.index)
                guard leadingComments(of: key).isEmpty, key.trailingComment == nil, key.isScalar,
                      let k = scalarText(key, inFlow: true), !isEmpty(k) else { return false }
                if n > 0 { flow += [UInt8(ascii: ","), 0x20] }
                Self.append(k, bytes, to: &flow)
                flow += [UInt8(ascii: ":"), 0x20]
                let start = flow.count
                guard appendFlow(pairs.value(at: entry.index), role: entry.role, top: false, budget: budget - used) else { return false }
                used += columns(k) + Self.columns(flow[start...]) + 4
                if used > budget { return false }
            }
            flow.append(UInt8(ascii: "}"))
        } else if let items = node.items {
            flow.append(UInt8(ascii: "["))
            for (n, item) in items.enumerated() {
                let itemRole = self.itemRole(item, n, in: role)
                if n > 0 { flow += [UInt8(ascii: ","), 0x20] }
                let start = flow.count
                guard appendFlow(item, role: itemRole, top: false, budget: budget - used) else { return false }
                used += Self.columns(flow[start...]) + 2
                if used > budget { return false }
            }
            flow.append(UInt8(ascii: "]"))
        }
        return true
    }

    // MARK: Lists

    private mutating func printItems(_ node: YAMLNode, role: FormatRoleID, indent: Int) {
        guard let items = node.items else { return }
        for (n, item) in items.enumerated() {
            let itemRole = self.itemRole(item, n, in: role)
            var lead = leadingComments(of: item)
            // A comment after the item's dash (`- # note`, the item below it) stays there.
            var dashComment: SourceRange?
            if let k = lead.lastIndex(where: { inline.contains($0.start) }) { dashComment = lead.remove(at: k) }
            var trail = item.trailingComment
            if dashComment == nil {
                if let style = item.scalarStyle {
                    leading(lead, indent: indent)
                    newLine(indent: indent, blankBefore: item.range.start)
                    if style == .literal || style == .folded {
                        out += [UInt8(ascii: "-"), 0x20]
                        printBlockScalar(item, indent: indent + 2)
                        continue
                    }
                    guard let text = scalarText(item, inFlow: false) else { return fail("a scalar that cannot be written") }
                    out.append(UInt8(ascii: "-"))
                    if !isEmpty(text) {
                        out.append(0x20)
                        write(text)
                    }
                    trailing(trail)
                    continue
                }
                if inlineFlow(item, role: itemRole, used: indent + 2) {
                    leading(lead, indent: indent)
                    newLine(indent: indent, blankBefore: item.range.start)
                    out += [UInt8(ascii: "-"), 0x20]
                    out += flow
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
            if let style = item.scalarStyle {
                if style == .literal || style == .folded {
                    newLine(indent: inner, blankBefore: nil)
                    printBlockScalar(item, indent: inner)
                    continue
                }
                guard let text = scalarText(item, inFlow: false) else { return fail("a scalar that cannot be written") }
                // An empty item is the dash alone.
                if !isEmpty(text) {
                    newLine(indent: inner, blankBefore: nil)
                    write(text)
                }
                trailing(trail)
            } else if inlineFlow(item, role: itemRole, used: inner) {
                newLine(indent: inner, blankBefore: nil)
                out += flow
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

    /// Writes a scalar as `scalarText` gave it.
    private mutating func write(_ text: ScalarText) {
        Self.append(text, bytes, to: &out)
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
        // Lines are re-indented at LF (a NEL or a CR alone was made one before, `withLineFeeds`);
        // a U+2028 or U+2029 is a line break to YAML, and kept in the value, where no LF can stand.
        if FormatScalars.hasSeparator(bytes[r.start..<r.end]) {
            return fail("a block scalar holding a U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR, which YAML reads as a line break")
        }
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

    /// Whether the line before the one holding `offset` is blank (spaces, tabs, a CR). Read
    /// backwards from `offset` (the line's indentation, then the line before from its end, which
    /// stops at its last character unless it is blank), not through the line table's search:
    /// this is asked of every key and item.
    private func hasBlankLine(before offset: Int) -> Bool {
        var i = min(offset, bytes.count)
        while i > 0 && bytes[i - 1] != 0x0A { i -= 1 }
        guard i > 0 else { return false }
        // bytes[i - 1] ends the line before; read that line from its end.
        var k = i - 1
        while k > 0 {
            let b = bytes[k - 1]
            if b == 0x0A { break }
            if b != 0x20 && b != 0x09 && b != 13 { return false }
            k -= 1
        }
        return true
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

}
