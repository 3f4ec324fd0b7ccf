import FuzzSupport

/// Writes a valid Tatami file (docs/format.md) from fuzzer bytes: a small grammar of the format with
/// every choice read from the input. Everything it writes must validate without an error; a
/// generated file with an error diagnostic is a bug here, not in Tatami.
///
/// The file is YAML in flow style, one top-level key per line. Views nest at most `maxDepth`
/// containers deep and number at most `maxViews`, so generation always ends.
struct DocumentGenerator {
    var input: FuzzInput
    private var views = 0
    private var ids = 0
    private var fonts = ["caption", "body", "headline", "title", "largeTitle"]
    private var verticalAlignments: [String] = []
    private var horizontalAlignments: [String] = []
    /// Components declared so far (`C0`, `C1`, …); a body uses only those declared before it, so
    /// there are no cycles.
    private var components = 0
    /// Inside a component's body: its parameters may be referenced.
    private var inBody = false
    /// `$content` slots written in the current body; at most two, and no instances inside a
    /// `content` argument, so expansion stays far below the 200,000-view limit (docs/limits.md).
    private var slotUses = 0
    private var inArgument = false

    static let maxViews = 40
    static let maxDepth = 6

    init(_ input: FuzzInput) {
        self.input = input
    }

    // MARK: The file

    mutating func document() -> String {
        var lines: [String] = []
        if input.bool() { lines.append("tatami: 1") }
        if !input.oneIn(6) {
            let count = input.int(1...3)
            lines.append("viewports: {" + (0..<count).map { "v\($0): \(viewport())" }.joined(separator: ", ") + "}")
        }
        if input.oneIn(3) {
            let count = input.int(1...2)
            var entries: [String] = []
            for i in 0..<count {
                let name = "f\(i)"
                fonts.append(name)
                entries.append("\(name): {width: \(number(fontMetric())), height: \(number(fontMetric()))}")
            }
            lines.append("fonts: {" + entries.joined(separator: ", ") + "}")
        }
        if input.oneIn(3) {
            var entries: [String] = []
            for i in 0..<input.int(1...3) {
                let vertical = input.bool()
                let name = vertical ? "guideV\(i)" : "guideH\(i)"
                if vertical { verticalAlignments.append(name) } else { horizontalAlignments.append(name) }
                entries.append("\(name): {axis: \(vertical ? "vertical" : "horizontal"), default: \(guideExpression(vertical: vertical))}")
            }
            lines.append("alignments: {" + entries.joined(separator: ", ") + "}")
        }
        if input.oneIn(3) {
            var entries: [String] = []
            for i in 0..<input.int(1...2) {
                // Every component has the same parameters: a required string and defaults for the rest.
                let params = "label: {type: string}, gap: {type: number, default: \(number(smallLength()))}, "
                    + "tint: {type: color, default: \(input.pick(["red", "blue", "\"#ABCDEF\""]))}, "
                    + "content: {type: view, default: null}, flag: {type: bool, default: \(input.bool())}"
                // A small body (at most 8 views): instances multiply it.
                let outside = views
                views = Self.maxViews - 8
                inBody = true
                slotUses = 0
                let body = view(depth: Self.maxDepth - 3, place: .child)
                inBody = false
                views = outside
                entries.append("C\(i): {params: {\(params)}, body: \(body)}")
                components = i + 1
            }
            lines.append("components: {" + entries.joined(separator: ", ") + "}")
        }
        lines.append("body: " + view(depth: 0, place: .body))
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Viewports

    mutating func viewport() -> String {
        var keys = ["width: \(number(viewportLength()))", "height: \(number(viewportLength()))"]
        if input.oneIn(3) {
            var edges: [String] = []
            for edge in ["top", "bottom", "leading", "trailing"] where input.bool() {
                edges.append("\(edge): \(number(input.pick([0, 1, 8, 20, 47, 100, 500, 0.5])))")
            }
            keys.append("safeArea: {" + edges.joined(separator: ", ") + "}")
        }
        if input.oneIn(3) { keys.append("direction: \(input.pick(["ltr", "rtl"]))") }
        if input.oneIn(3) { keys.append("scale: \(number(input.pick([1, 2, 3, 0.5, 1.5, 0.25, 16, 0.3])))") }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    /// Mostly phone-sized; now and then huge (the render is cut to 1,000 cells a side, and drawing
    /// that many costs the fuzzer most of its time).
    mutating func viewportLength() -> Double {
        if input.oneIn(16) { return input.pick([1024, 1000.5, 8000, 20_000, 1_000_000]) }
        return input.pick([0, 1, 7, 8, 33.3, 40, 100, 120, 200, 320, 390, 480])
    }

    mutating func fontMetric() -> Double { input.pick([1, 4, 8, 10, 16, 24, 0.5, 3.3, 100, 10_000]) }

    // MARK: Numbers

    /// A number as YAML reads it back: integers without a fraction.
    func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    mutating func length() -> Double {
        input.pick([0, 0, 1, 2, 4, 8, 10, 16, 20, 24, 33.3, 50, 64, 100, 120, 250, 333.75, 1000, 123_456, 1_000_000, 0.25])
    }

    mutating func smallLength() -> Double { input.pick([0, 0, 1, 2, 4, 8, 0.5, 12, 16, 30]) }

    mutating func signed() -> Double {
        let v = input.pick([0, 1, 2, 5, 10, 50, 0.5, 1000, 1_000_000])
        return input.bool() ? -v : v
    }

    // MARK: Strings

    /// A double-quoted YAML string; everything outside printable ASCII is escaped.
    func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(u)
            case 0...0xFFFF: out += "\\u" + hex(u.value, 4)
            default: out += "\\U" + hex(u.value, 8)
            }
        }
        return out + "\""
    }

    func hex(_ v: UInt32, _ digits: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    /// Pieces of text with every width rule in them: ASCII, spaces and line breaks, wide CJK and
    /// emoji, combining marks, zero-width and default-ignorable characters, flags and ZWJ
    /// sequences, a tab, a prepended concatenation mark, Hangul jamo.
    static let pieces = [
        "a", "b", "Hello", "W", " ", "  ", "\n", "漢", "字", "😀", "e\u{301}", "\u{200B}", "ｱ", "Ａ", "\t", "🇺🇸",
        "👩\u{200D}👩\u{200D}👧", "…", "-", "é", "\u{0600}1", "\u{3164}", "\u{1100}\u{1161}", "\u{FE0F}", "x\u{20DD}",
        "Lorem ipsum dolor", "0123456789",
    ]

    mutating func text() -> String {
        var s = ""
        for _ in 0..<input.int(0...8) { s += input.pick(Self.pieces) }
        return s
    }

    /// One grapheme cluster, as `fill` needs.
    mutating func fillCharacter() -> String {
        input.pick(["#", "█", "漢", "😀", "e\u{301}", ".", "\u{200B}", "~", "🇺🇸", "\t"])
    }

    // MARK: Expressions

    mutating func condition() -> String {
        let n = number(input.pick([0, 1, 100, 200, 320, 400, 1000]))
        return quoted(input.pick([
            "width > \(n)", "height <= \(n)", "landscape", "portrait", "width > height && width < \(n)",
            "!(width == \(n))", "width / 0 > 1", "min(width, height) >= \(n) || portrait", "!landscape",
        ]))
    }

    mutating func guideExpression(vertical: Bool) -> String {
        let guides = vertical ? ["top", "centerY", "bottom", "firstTextBaseline", "lastTextBaseline"] : ["leading", "centerX", "trailing"]
        let g = input.pick(guides)
        let n = number(input.pick([0, 1, 2, 4, 0.5, 10]))
        return quoted(input.pick([g, "\(g) / 2", "\(g) * 0.927", "\(g) - \(n)", "height / \(n)", "width", "max(\(g), \(n))", "\(n)"]))
    }

    mutating func placementExpression(_ axis: String) -> String {
        quoted(input.pick([
            "\(axis) * 0.5", "\(axis) / 3", "min(\(axis), 40)", "max(0, \(axis) - 20)", "clamp(\(axis), 0, 100)",
            "\(axis) / 0", "round(\(axis) / 3)", "abs(-5)", "floor(\(axis) / 7) + ceil(1.5)", "10",
        ]))
    }

    // MARK: Views

    enum Place {
        case body
        case child
        case canvasChild
        case decoration
    }

    static let nine = ["topLeading", "top", "topTrailing", "leading", "center", "trailing", "bottomLeading", "bottom", "bottomTrailing"]

    mutating func view(depth: Int, place: Place) -> String {
        views += 1
        var keys: [String] = []
        let containerAllowed = depth < Self.maxDepth && views < Self.maxViews
        let kindChoice = input.int(0...(containerAllowed ? (components > 0 && !inArgument ? 12 : 11) : 4))
        var isLeaf = true
        switch kindChoice {
        case 0 where inBody && input.oneIn(3):
            keys.append("text: " + (input.bool() ? "$label" : quoted("${label}" + text())))
        case 0:
            keys.append("text: " + quoted(text()))
            if input.oneIn(4) { keys.append("truncation: \(input.pick(["tail", "head", "middle"]))") }
        case 1:
            keys.append("image: " + quoted(input.pick(["star", "a", "avocado", "漢字", "", "x\ty", "😀😀😀"])))
            if input.bool() {
                keys.append(input.bool() ? "size: [\(number(length())), \(number(length()))]"
                                         : "size: {width: \(number(length())), height: \(number(length()))}")
            }
            if input.bool() { keys.append("resizable: \(input.bool())") }
        case 2 where inBody && input.oneIn(2):
            keys.append("color: $tint")
        case 2:
            keys.append("color: " + input.pick(["red", "green", "blue", "orange", "gray", "clear", "white", "\"#12AbEF\"", "\"#000000\""]))
            if input.oneIn(3) { keys.append("fill: " + quoted(fillCharacter())) }
        case 3:
            if input.bool() {
                keys.append("spacer: " + (input.bool() ? "null" : number(smallLength())))
            } else {
                keys.append("spacer: null")
                keys.append("minLength: \(number(smallLength()))")
            }
        case 4:
            keys.append("divider: null")
        case 12:
            // An instance: modifiers go beside its name, arguments inside.
            isLeaf = false
            var args = ["label: " + quoted(text())]
            if input.bool() { args.append("gap: \(number(smallLength()))") }
            if input.bool() { args.append("tint: " + input.pick(["green", "clear", "\"#010203\""])) }
            if input.bool() { args.append("flag: \(input.bool())") }
            if input.bool(), views < Self.maxViews {
                inArgument = true
                args.append("content: " + view(depth: depth + 1, place: .child))
                inArgument = false
            }
            keys.append("C\(input.int(0...(components - 1))): {" + args.joined(separator: ", ") + "}")
        default:
            isLeaf = false
            keys += container(kindChoice, depth: depth)
        }
        modifiers(into: &keys, depth: depth, isLeaf: isLeaf, place: place)
        if place == .canvasChild { keys.append("position: " + position()) }
        if place == .body, input.oneIn(4) { keys.append("ignoresSafeArea: true") }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    mutating func children(depth: Int, place: Place = .child) -> String {
        var items: [String] = []
        for _ in 0..<input.int(0...5) where views < Self.maxViews {
            // A bare scalar is a text view too.
            if place == .child, inBody, slotUses < 2, input.oneIn(5) {
                slotUses += 1
                items.append("$content")  // the slot; left out when empty
                continue
            }
            items.append(place == .child && input.oneIn(8) ? quoted(text()) : view(depth: depth + 1, place: place))
        }
        return "[" + items.joined(separator: ", ") + "]"
    }

    mutating func container(_ choice: Int, depth: Int) -> [String] {
        var keys: [String] = []
        switch choice {
        case 5, 6:
            let horizontal = choice == 5
            keys.append((horizontal ? "hstack: " : "vstack: ") + children(depth: depth))
            if input.bool() { keys.append("spacing: \(number(smallLength()))") }
            if input.bool() {
                let builtIn = horizontal ? ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"] : ["leading", "center", "trailing"]
                keys.append("alignment: " + input.pick(builtIn + (horizontal ? verticalAlignments : horizontalAlignments)))
            }
        case 7:
            keys.append("zstack: " + children(depth: depth))
            if input.bool() { keys.append("alignment: " + input.pick(Self.nine)) }
        case 8:
            keys.append("flow: " + children(depth: depth))
            if input.bool() { keys.append("spacing: \(number(smallLength()))") }
            if input.bool() { keys.append("lineSpacing: \(number(smallLength()))") }
            if input.bool() { keys.append("alignment: " + input.pick(Self.nine)) }
        case 9:
            keys.append("grid: " + children(depth: depth))
            switch input.int(0...3) {
            case 0: keys.append("columns: auto")
            case 1: keys.append("columns: \(input.pick([1, 2, 3, 5, 100_000]))")
            case 2: keys.append("columns: {minWidth: \(number(input.pick([0.5, 1, 10, 40, 100, 1_000_000])))}")
            default: break
            }
            if input.bool() { keys.append("cells: \(input.pick(["fill", "fit"]))") }
            if input.bool() { keys.append("spacing: \(number(smallLength()))") }
            if input.bool() { keys.append("alignment: " + input.pick(Self.nine)) }
        case 10:
            keys.append("bricks: " + children(depth: depth))
            if input.bool() { keys.append("rowHeight: \(number(length()))") }
            if input.bool() { keys.append("spacing: \(number(smallLength()))") }
            if input.bool() { keys.append("fill: \(input.pick(["justify", "last", "none"]))") }
            if input.bool() { keys.append("justifyLastRow: \(input.bool())") }
            var low: Double?
            if input.bool() {
                let v = length()
                low = v
                keys.append("minWidth: \(number(v))")
            }
            if input.bool() {
                let v = max(length(), low ?? 0)
                keys.append("maxWidth: \(number(v))")
            }
        default:
            keys.append("canvas: " + children(depth: depth, place: .canvasChild))
        }
        return keys
    }

    // MARK: Canvas placements

    mutating func position() -> String {
        if input.oneIn(4) {
            let items = (0..<input.int(1...3)).map { _ in placement(withCondition: input.bool()) }
            return "[" + items.joined(separator: ", ") + "]"
        }
        return placement(withCondition: input.oneIn(5))
    }

    mutating func placement(withCondition: Bool) -> String {
        var rule: String
        switch input.int(0...4) {
        case 0:
            rule = "absolute: [\(number(signed())), \(number(signed())), \(number(length())), \(number(length()))]"
        case 1:
            rule = "relative: [\(number(input.pick([0, 0.25, 0.5, 1, -0.5, 2]))), \(number(input.pick([0, 0.5, 1, 3]))), \(number(input.pick([0, 0.25, 0.5, 1, 2]))), \(number(input.pick([0, 0.5, 1])))]"
        case 2:
            var edges: [String] = []
            for edge in ["top", "bottom", "leading", "trailing"] where input.bool() { edges.append("\(edge): \(number(length()))") }
            rule = "insets: {" + edges.joined(separator: ", ") + "}"
        case 3:
            var keys = ["from: " + input.pick(Self.nine), "width: \(number(length()))", "height: \(number(length()))"]
            if input.bool() { keys.append("x: \(number(signed()))") }
            if input.bool() { keys.append("y: \(number(signed()))") }
            rule = "anchor: {" + keys.joined(separator: ", ") + "}"
        default:
            rule = "x: \(placementExpression("width")), y: \(placementExpression("height")), width: \(placementExpression("width")), height: \(placementExpression("height"))"
        }
        if withCondition { rule += ", when: " + condition() }
        return "{" + rule + "}"
    }

    // MARK: Modifiers and attributes

    mutating func modifiers(into keys: inout [String], depth: Int, isLeaf: Bool, place: Place) {
        let count = input.int(0...4)
        var used = Set<String>()
        for _ in 0..<count {
            let choice = input.int(0...15)
            let key = Self.modifierKeys[choice]
            guard used.insert(key).inserted else { continue }
            switch choice {
            case 0: keys.append("padding: " + (inBody && input.oneIn(3) ? "$gap" : padding()))
            case 1: keys.append("frame: " + frame())
            case 2: keys.append("fixedSize: " + fixedSize())
            case 3: keys.append("aspectRatio: " + aspectRatio())
            case 4, 5:
                guard views < Self.maxViews, depth < Self.maxDepth else { continue }
                keys.append("\(key): " + decoration(depth: depth))
            case 6: keys.append("border: " + (input.bool() ? "true" : "{style: \(input.pick(["single", "double", "rounded", "heavy"]))}"))
            case 7: keys.append("offset: {x: \(number(signed())), y: \(number(signed()))}")
            case 8:
                let items = (0..<input.int(1...3)).map { _ -> String in
                    switch input.int(0...3) {
                    case 0: return "{padding: \(padding())}"
                    case 1: return "{frame: \(frame())}"
                    case 2: return "{offset: {x: \(number(signed())), y: 0}}"
                    default: return "{border: true}"
                    }
                }
                keys.append("modifiers: [" + items.joined(separator: ", ") + "]")
            case 9:
                ids += 1
                keys.append("id: " + quoted("view-\(ids)"))
            case 10: keys.append("layoutPriority: \(number(signed()))")
            case 11: keys.append("zIndex: \(number(signed()))")
            case 12: keys.append("hidden: " + (inBody && input.oneIn(3) ? "$flag" : "\(input.bool())"))
            case 13: keys.append("when: " + condition())
            case 14:
                var entries: [String] = []
                for _ in 0..<input.int(1...2) {
                    let vertical = input.bool()
                    let builtIn = vertical ? ["top", "centerY", "bottom", "firstTextBaseline", "lastTextBaseline"]
                                           : ["leading", "centerX", "trailing"]
                    let name = input.pick(builtIn + (vertical ? verticalAlignments : horizontalAlignments))
                    if entries.contains(where: { $0.hasPrefix(name + ":") }) { continue }
                    entries.append("\(name): \(guideExpression(vertical: vertical))")
                }
                keys.append("alignmentGuides: {" + entries.joined(separator: ", ") + "}")
            default:
                switch input.int(0...2) {
                case 0: keys.append("font: " + input.pick(fonts))
                case 1: keys.append("lineLimit: \(input.pick([1, 2, 3, 1_000_000]))")
                default: keys.append("multilineAlignment: \(input.pick(["leading", "center", "trailing"]))")
                }
            }
        }
        // A leaf that decorates another view may be placed by its own alignment.
        if place == .decoration, isLeaf, input.bool() { keys.append("alignment: " + input.pick(Self.nine)) }
    }

    static let modifierKeys = [
        "padding", "frame", "fixedSize", "aspectRatio", "background", "overlay", "border", "offset", "modifiers",
        "id", "layoutPriority", "zIndex", "hidden", "when", "alignmentGuides", "inherited",
    ]

    mutating func decoration(depth: Int) -> String {
        view(depth: depth + 1, place: .decoration)
    }

    mutating func padding() -> String {
        switch input.int(0...3) {
        case 0: return input.bool() ? "true" : "false"
        case 1: return number(smallLength())
        default:
            var edges: [String] = []
            for edge in ["top", "bottom", "leading", "trailing", "horizontal", "vertical"] where input.oneIn(3) {
                edges.append("\(edge): \(number(smallLength()))")
            }
            return "{" + edges.joined(separator: ", ") + "}"
        }
    }

    mutating func frame() -> String {
        var keys: [String] = []
        if input.bool() {
            if input.bool() { keys.append("width: \(number(length()))") }
            if input.bool() { keys.append("height: \(number(length()))") }
        } else {
            for axis in ["Width", "Height"] {
                var low: Double?
                if input.bool() {
                    let v = length()
                    low = v
                    keys.append("min\(axis): \(number(v))")
                }
                if input.bool() { keys.append("ideal\(axis): \(number(length()))") }
                if input.bool() {
                    if input.oneIn(3) {
                        keys.append("max\(axis): infinity")
                    } else {
                        keys.append("max\(axis): \(number(max(length(), low ?? 0)))")
                    }
                }
            }
        }
        if input.oneIn(3) { keys.append("alignment: " + input.pick(Self.nine)) }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    mutating func fixedSize() -> String {
        switch input.int(0...2) {
        case 0: return "true"
        case 1: return "false"
        default: return "{horizontal: \(input.bool()), vertical: \(input.bool())}"
        }
    }

    mutating func aspectRatio() -> String {
        let ratio = number(input.pick([0.5, 1, 1.5, 16.0 / 9.0, 0.001, 1000, 1_000_000]))
        switch input.int(0...2) {
        case 0: return ratio
        case 1: return "{ratio: \(ratio), contentMode: \(input.pick(["fit", "fill"]))}"
        default: return "{contentMode: \(input.pick(["fit", "fill"]))}"
        }
    }
}
