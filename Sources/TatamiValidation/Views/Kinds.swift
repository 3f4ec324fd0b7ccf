import TatamiModel
import TatamiBase
import TatamiYAML

/// A kind's main value and parameters as read so far; children are added last.
struct KindContent {
    let which: KindName
    var text = ""
    var truncation = Truncation.tail
    var imageSize = Size(width: 20, height: 20)
    var resizable = false
    var color = ColorValue.named("clear")
    var fill: Character? = nil
    var minLength: Double? = nil
    var spacing: Double = 8
    var lineSpacing: Double? = nil
    /// The `alignment` parameter, validated; nil when absent or unusable.
    var alignmentName: String? = nil
    var columns = GridColumns.auto
    var cells = GridCells.fill
    var bricks = BrickOptions()
    /// The children's YAML nodes, validated after the view's own keys; nil for none (no
    /// empty list is made for every view that has no children).
    var childNodes: YAMLItems? = nil

    init(which: KindName) {
        self.which = which
    }

    /// The kind as the store keeps it (children are added by the store).
    func makeContent() -> ViewContent {
        var nine: Alignment2D { alignmentName.flatMap { Alignment2D(name: $0) } ?? .center }
        switch which {
        case .text: return .text(text, truncation: truncation)
        case .image: return .image(name: text, size: imageSize, resizable: resizable)
        case .color: return .color(color, fill: fill)
        case .spacer: return .spacer(minLength: minLength)
        case .divider: return .divider
        case .hstack: return .hstack(spacing: spacing, alignment: Self.guide(alignmentName, of: .vertical))
        case .vstack: return .vstack(spacing: spacing, alignment: Self.guide(alignmentName, of: .horizontal))
        case .zstack: return .zstack(alignment: nine)
        case .flow: return .flow(spacing: spacing, lineSpacing: lineSpacing ?? spacing, alignment: nine)
        case .grid: return .grid(columns: columns, cells: cells, spacing: spacing, alignment: nine)
        case .bricks: return .bricks(options: bricks)
        case .canvas, .other: return .canvas
        }
    }

    /// The guide a stack aligns its children on: `center` is `centerY` for an hstack and
    /// `centerX` for a vstack; other names are guide names already.
    static func guide(_ name: String?, of set: AlignmentSet) -> GuideName {
        guard let name, name != "center" else { return set == .vertical ? .centerY : .centerX }
        return GuideName(name)
    }
}

extension ViewValidator {
    /// Reads the kind key's value and the kind's parameters into `c`.
    func readKindContent(_ kind: KindInfo, _ kindPair: YAMLPair, fields: ViewFields, context: ViewContext, in x: ExpansionContext,
                         into c: inout KindContent) {
        let table = viewKeys
        let value = kindPair.value, key = kindPair.key

        switch kind.which {
        case .text:
            c.text = limitedText(scalarText(value, key: key, expected: "a string", name: "`text`"), at: value.range)
            checkStrayReferences(value, what: "this text", in: x)
            if let p = fields[table.truncation], let t = word(p, spec: kind.parameter(table.truncation, "truncation")) {
                c.truncation = Truncation(rawValue: t) ?? .tail
            }
        case .image:
            c.text = scalarText(value, key: key, expected: "an image name", name: "`image`")
            checkStrayReferences(value, what: "this image name", in: x)
            if let p = fields[table.size], let size = imageSize(p) { c.imageSize = size }
            if let r = bool(fields[table.resizable], name: "resizable") { c.resizable = r }
        case .color:
            c.color = colorValue(value, key: key)
            if let p = fields[table.fill] { c.fill = fillCharacter(p) }
        case .spacer:
            switch value.scalar?.resolved {
            case .null?:
                break
            case .int?, .float?, .string("infinity")?:
                c.minLength = number(value, key: key, bounds: .length, name: "`spacer`")
                if let p = fields[table.minLength] {
                    report(.conflictingKeys, "`spacer: \(snippet(value))` already gives the minimum length; leave out `minLength` or the value",
                           at: p.key.range, related: [RelatedLocation(range: value.range, message: "the spacer's minimum length")])
                    return
                }
            default:
                reportWrongType(value, key: key, expected: "nothing or a number", for: "`spacer`")
            }
            if c.minLength == nil, let p = fields[table.minLength],
               let m = number(p, spec: kind.parameter(table.minLength, "minLength")) {
                c.minLength = m
            }
        case .divider:
            if case .null? = value.scalar?.resolved {} else {
                reportWrongType(value, key: key, expected: "nothing", for: "`divider`")
            }
        default:
            c.childNodes = childItems(value, key: key, kind: kind.spec.name)
            readContainerParameters(kind, fields: fields, into: &c)
        }
    }

    private func readContainerParameters(_ kind: KindInfo, fields: ViewFields, into c: inout KindContent) {
        let table = viewKeys
        func number(_ id: Int, _ name: String) -> Double? {
            guard let p = fields[id] else { return nil }
            return self.number(p, spec: kind.parameter(id, name))
        }
        func word(_ id: Int, _ name: String) -> String? {
            guard let p = fields[id] else { return nil }
            return self.word(p, spec: kind.parameter(id, name))
        }
        if kind.hasSpacing {
            c.spacing = number(table.spacing, "spacing") ?? kind.defaultSpacing
        }
        if let p = fields[table.alignment], let set = kind.alignmentSet {
            c.alignmentName = alignmentName(p, set: set, owner: "`\(kind.spec.name)`")
        }
        switch kind.which {
        case .flow:
            c.lineSpacing = number(table.lineSpacing, "lineSpacing")
        case .grid:
            if let p = fields[table.columns], let columns = gridColumns(p) { c.columns = columns }
            if let w = word(table.cells, "cells") { c.cells = GridCells(rawValue: w) ?? .fill }
        case .bricks:
            var o = BrickOptions(spacing: c.spacing)
            o.rowHeight = number(table.rowHeight, "rowHeight")
            if let w = word(table.fill, "fill") { o.fill = BrickFill(rawValue: w) ?? .justify }
            if let j = bool(fields[table.justifyLastRow], name: "justifyLastRow") { o.justifyLastRow = j }
            o.minWidth = number(table.minWidth, "minWidth")
            o.maxWidth = number(table.maxWidth, "maxWidth")
            if let lo = o.minWidth, let hi = o.maxWidth, lo > hi, let minPair = fields[table.minWidth], let maxPair = fields[table.maxWidth] {
                reportMinExceedsMax(minPair, maxPair, lo, hi)
                o.maxWidth = nil
            }
            c.bricks = o
        default:
            break
        }
    }

    // MARK: Leaf values

    /// A scalar's text; numbers and booleans are their source text. Null and collections are
    /// reported and read as "".
    private func scalarText(_ node: YAMLNode, key: YAMLNode, expected: String, name: String) -> String {
        if let s = node.scalar {
            if case .null = s.resolved {} else { return s.text }
        }
        reportWrongType(node, key: key, expected: expected, for: name)
        return ""
    }

    private func imageSize(_ pair: YAMLPair) -> Size? {
        let value = pair.value
        if let items = value.items {
            guard items.count == 2 else {
                report(.invalidValue, "`size` needs two numbers, `[width, height]`; found \(items.count)", at: value.range)
                return nil
            }
            let w = number(items[0], key: nil, bounds: .length, name: "the width in `size`")
            let h = number(items[1], key: nil, bounds: .length, name: "the height in `size`")
            guard let w, let h else { return nil }
            return Size(width: w, height: h)
        }
        guard value.pairs != nil else {
            reportWrongType(value, key: pair.key, expected: "`[width, height]` or `{width, height}`", for: "`size`")
            return nil
        }
        let keys = ObjectKeys.size
        guard let f = object(value, owner: pair.key, keys: keys, name: "`size`") else { return nil }
        let w = number(f, keys.id("width")), h = number(f, keys.id("height"))
        guard let w, let h else { return nil }
        return Size(width: w, height: h)
    }

    private func colorValue(_ node: YAMLNode, key: YAMLNode) -> ColorValue {
        let fallback = ColorValue.named("clear")
        guard let text = node.stringValue else {
            var message = "expected a colour name or `\"#RRGGBB\"` for `color`, found \(node.kindDescription)"
            if case .null? = node.scalar?.resolved, lineHasComment(after: key.range.end) {
                message += "; quote `#RRGGBB`: outside quotes `#` starts a comment"
            }
            report(.wrongType, message, at: range(of: node, key: key))
            return fallback
        }
        if let colour = ColorValue(parsing: text) { return colour }
        if text.hasPrefix("#") {
            report(.invalidValue, "`\(snippet(node))` is not a colour; write `#RRGGBB` with six hexadecimal digits", at: node.range)
            return fallback
        }
        let (hint, fixes) = colourHint(text, node)
        report(.invalidValue, "unknown colour `\(snippet(node))`" + hint, at: node.range, fixes: fixes)
        return fallback
    }

    /// Whether a `#` follows `offset` on its line (a colour cut off as a comment).
    private func lineHasComment(after offset: Int) -> Bool {
        let place = source.sources.locate(.at(offset))
        let table = place.table, offset = place.range.start
        let line = table.contentRange(ofLine: table.line(ofByte: offset))
        let from = table.clampOffset(offset)
        guard from < line.upperBound else { return false }
        return table.bytes[from..<line.upperBound].contains(UInt8(ascii: "#"))
    }

    private func fillCharacter(_ pair: YAMLPair) -> Character? {
        guard let s = pair.value.scalar, s.resolved != .null else {
            reportWrongType(pair.value, key: pair.key, expected: "one character", for: "`fill`")
            return nil
        }
        guard s.text.count == 1, let c = s.text.first else {
            report(.invalidValue, "`fill` must be exactly one character; found `\(snippet(pair.value))`", at: pair.value.range)
            return nil
        }
        return c
    }

    // MARK: Containers

    /// A container's children: null means none; more than the limit are reported and dropped.
    private func childItems(_ value: YAMLNode, key: YAMLNode, kind: String) -> YAMLItems {
        if case .null? = value.scalar?.resolved { return .empty }
        guard let items = value.items else {
            reportWrongType(value, key: key, expected: "a list of views", for: "`\(kind)`")
            return .empty
        }
        guard items.count <= ValidationLimits.maxChildren else {
            report(.tooComplex, "`\(kind)` has \(items.count) children; at most \(ValidationLimits.maxChildren) are allowed",
                   at: key.range)
            return items.prefix(ValidationLimits.maxChildren)
        }
        return items
    }

    private func gridColumns(_ pair: YAMLPair) -> GridColumns? {
        let value = pair.value
        let bounds = NumberBounds(min: 1, max: Double(ValidationLimits.maxChildren), isInteger: true)
        switch value.scalar?.resolved {
        case .string("auto")?:
            return .auto
        case .int?, .float?:
            return number(value, key: pair.key, bounds: bounds, name: "`columns`").map { .count(Int($0)) }
        case .string?:
            var message = "`columns` must be `auto`, \(bounds.description), or `{minWidth: n}`; found `\(snippet(value))`"
            var fixes: [FixIt] = []
            if let s = value.scalar, !closest(to: s.text, in: ["auto"]).isEmpty {
                message += "; did you mean `auto`?"
                fixes = replacementFix(value, with: "auto")
            }
            report(.invalidValue, message, at: value.range, fixes: fixes)
            return nil
        default:
            guard value.pairs != nil else {
                reportWrongType(value, key: pair.key, expected: "`auto`, a whole number or `{minWidth: n}`", for: "`columns`")
                return nil
            }
            let keys = ObjectKeys.gridColumns
            guard let f = object(value, owner: pair.key, keys: keys, name: "`columns`"),
                  let m = number(f, keys.id("minWidth")) else { return nil }
            return .minWidth(m)
        }
    }
}
