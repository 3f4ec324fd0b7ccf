import TatamiBase

/// Where a view sits, which decides the keys it may have beside its kind key.
public enum ViewSite: Sendable, Hashable {
    /// The file's `body`.
    case body
    /// A child of a container other than a canvas, a component's body, a `view` argument.
    case child
    /// A child of a `canvas`: it needs a `position`.
    case canvasChild
    /// A `background` or `overlay`: it may have an `alignment` saying where it sits.
    case decoration
}

/// The one table that describes the Tatami format (docs/format.md): every top-level key, view kind,
/// parameter, modifier and attribute, with its value shape, default and documentation.
///
/// The validator reads it for key sets, bounds and enumeration values; completion, hover and
/// `tatami schema` read it too, so they cannot disagree.
public enum Schema {
    // MARK: Top level

    public static let topLevel: [KeySpec] = [
        KeySpec("tatami", .number(NumberBounds(min: 1, max: 1, isInteger: true)),
                doc: "The format version this file is written in; only `1` exists, and the key may be left out.",
                default: .number(1)),
        KeySpec("viewports", .map(.object(viewportKeys)),
                doc: "The screens the layout is computed for, by name; lint and hover compute every one of them.",
                default: .described("one viewport `default`, 320×480")),
        KeySpec("fonts", .map(.object(fontKeys)),
                doc: """
                    Fonts by name, added to or replacing the defaults (caption, body, headline, title, largeTitle): \
                    monospace cell metrics, or a font file shaped at a size.
                    """),
        KeySpec("alignments", .map(.object(alignmentDeclarationKeys)),
                doc: "Custom alignment guides by name, each with an axis and a default value, for lining up views across stacks."),
        KeySpec("components", .map(.object(componentKeys)),
                doc: "Reusable views with parameters, by capitalised name; a view whose kind key is that name instantiates one."),
        KeySpec("imports", .list(.string),
                doc: "Paths of other `.tatami.yaml` files, relative to this one and inside the workspace root, whose components this file may use."),
        KeySpec("body", .view,
                doc: "The root view, laid out in every viewport.",
                required: true),
    ]

    // MARK: Workspace file

    /// The name of the workspace file: the directory holding it is the root imports stay
    /// inside, and what it declares applies to every Tatami file below it (docs/workspace.md).
    public static let workspaceFileName = "tatami.config.yaml"

    /// The keys of a workspace file. `viewports` and `fonts` are the very specs of a Tatami
    /// file's top level, so both are checked, completed and exported alike.
    public static let workspaceTopLevel: [KeySpec] = [
        topLevel[0],
        KeySpec("viewports", topLevel[1].shape,
                doc: "Viewports every file below this one is computed for, besides (or, by the same name, instead of) its own."),
        KeySpec("fonts", topLevel[2].shape,
                doc: "Fonts every file below this one may use, over the defaults; a file's own fonts of the same name win."),
        KeySpec("exclude", .list(.string),
                doc: "Glob patterns, relative to this file's directory and written as in `.gitignore`, of files and directories `tatami lint DIR` skips."),
        KeySpec("rules", .map(.enumeration(["off", "info", "warning", "error"])),
                doc: "A severity by diagnostic code for every file below this one: `off` drops the code's diagnostics, the others replace its severity."),
        KeySpec("format", .object(formatKeys),
                doc: "How `tatami format` writes the files below this one: its line width, the one thing it lets you choose."),
    ]

    /// `format:` in a workspace file (docs/format.md §12.6).
    public static let formatKeys: [KeySpec] = [
        KeySpec("lineWidth", .number(NumberBounds(min: 20, max: 1_000, isInteger: true)),
                doc: "The longest a line may get before a small mapping or list written `{…}` or `[…]` goes onto lines of its own.",
                default: .number(100)),
    ]

    // MARK: Declarations

    public static let viewportKeys: [KeySpec] = [
        KeySpec("width", .number(.length), doc: "The viewport's width in points.", required: true),
        KeySpec("height", .number(.length), doc: "The viewport's height in points.", required: true),
        KeySpec("safeArea", .object(edgeKeys(of: "the safe area", default: 0)),
                doc: "Insets kept clear of content (notches, home indicators); the body is proposed the viewport less these.",
                default: .described("no insets")),
        KeySpec("direction", .enumeration(["ltr", "rtl"]),
                doc: "Layout direction: `rtl` lays out left to right and then mirrors every frame, so leading ends up on the right.",
                default: .word("ltr")),
        KeySpec("scale", .number(NumberBounds(min: 0, minIsExclusive: true, max: 16)),
                doc: "Pixels per point: frame edges are rounded to multiples of 1/scale.",
                default: .number(1)),
    ]

    /// A font: a cell font (`width` and `height`) or a file font (`file` and `size`), never both
    /// (docs/format.md §5.1). Which keys a font needs depends on which it is, so none is
    /// required here; the validator checks the combination.
    public static let fontKeys: [KeySpec] = [
        KeySpec("width", .number(NumberBounds(min: 0, minIsExclusive: true, max: 10_000)),
                doc: "A cell font's advance of one character cell, in points."),
        KeySpec("height", .number(NumberBounds(min: 0, minIsExclusive: true, max: 10_000)),
                doc: "A cell font's height of one line of text, in points."),
        KeySpec("file", .string,
                doc: """
                    A font file (`.ttf`, `.otf`, or `.ttc` with `index`), relative to the file that declares the font \
                    and inside the workspace root: texts are shaped in it with HarfBuzz, as a browser sets them.
                    """),
        KeySpec("index", .number(NumberBounds(min: 0, max: 65_535, isInteger: true)),
                doc: "Which face of a font collection (`.ttc`) `file` names.",
                default: .number(0)),
        KeySpec("size", .number(NumberBounds(min: 0, minIsExclusive: true, max: 10_000)),
                doc: "A file font's size in points (CSS pixels)."),
        KeySpec("lineHeight", .number(NumberBounds(min: 0, minIsExclusive: true, max: 10_000)),
                doc: "A file font's line height in points.",
                default: .described("`normal`: the face's ascent + descent + line gap at the size, each rounded to a whole point")),
        KeySpec("fallback", .list(.oneOf([.string, .object(fontFallbackKeys)])),
                doc: "Font files, in order, for the characters `file` has no glyph for (e.g. a CJK face, an emoji face); a path, or `{file, index}`.",
                default: .described("none")),
    ]

    /// A fallback face written as a mapping (a face of a collection).
    public static let fontFallbackKeys: [KeySpec] = [
        KeySpec("file", .string, doc: "The fallback font file, relative to the file that declares it.", required: true),
        KeySpec("index", .number(NumberBounds(min: 0, max: 65_535, isInteger: true)),
                doc: "Which face of a font collection (`.ttc`).", default: .number(0)),
    ]

    public static let alignmentDeclarationKeys: [KeySpec] = [
        KeySpec("axis", .enumeration(["vertical", "horizontal"]),
                doc: "`vertical` guides line views up along y (an hstack's alignment); `horizontal` along x (a vstack's).",
                required: true),
        KeySpec("default", .expression(.number),
                doc: "The guide's value for a view that gives none, as an expression over `width`, `height` and the built-in guides.",
                required: true),
    ]

    /// A component declaration (docs/format.md §8.1), under `components:` by its capitalised name.
    public static let componentKeys: [KeySpec] = [
        KeySpec("params", .map(.object(componentParamKeys)),
                doc: "The component's parameters by name; its body refers to one as `$name` (a whole value) or `${name}` (inside a text).",
                default: .described("no parameters")),
        KeySpec("body", .view,
                doc: "The view the component stands for; each instance gets a copy with its arguments substituted.",
                required: true),
    ]

    /// The types a component parameter may take.
    public static let componentParamTypes = ["string", "number", "bool", "color", "view"]

    /// One parameter of a component.
    public static let componentParamKeys: [KeySpec] = [
        KeySpec("type", .enumeration(componentParamTypes),
                doc: "What an argument must be: `string`, `number`, `bool`, `color`, or `view` (a slot, used as `- $name` where a view goes).",
                required: true),
        KeySpec("default", .oneOf([.string, .number(NumberBounds(min: nil, max: nil, allowsInfinity: true)), .boolean, .color, .view, .null]),
                doc: "The value used when an instance gives no argument, of the parameter's type; `null` for a `view` leaves the slot empty.",
                default: .described("none: every instance must give the argument")),
    ]

    /// What a component instance's kind key takes (docs/format.md §4, §8.1): its arguments by
    /// parameter name.
    public static let componentInstance = KeySpec(
        "Component", .oneOf([.null, .map(.oneOf([.string, .number(NumberBounds(min: nil, max: nil, allowsInfinity: true)), .boolean, .color, .view]))]),
        doc: "An instance of a declared component: a mapping of arguments by parameter name, or nothing when every parameter has a default.")

    // MARK: Kinds

    public static let kinds: [KindSpec] = [
        KindSpec("text", value: .string, parameters: [
            KeySpec("truncation", .enumeration(Truncation.allCases.map(\.rawValue)),
                    doc: "Where the `…` goes when the text is cut: at the end (`tail`), the start (`head`) or the middle.",
                    default: .word("tail")),
        ], doc: "A run of text, measured in its font (monospace cells, or a font file shaped as a browser shapes it) and wrapped at the proposed width.",
                 isContainer: false),
        KindSpec("image", value: .string, parameters: [
            KeySpec("size", .oneOf([.tuple([.number(.length), .number(.length)]), .object(sizeKeys)]),
                    doc: "The image's size as `[width, height]` or `{width, height}`.",
                    default: .described("20×20")),
            KeySpec("resizable", .boolean,
                    doc: "Whether the image takes the proposed size instead of its own `size`.",
                    default: .bool(false)),
        ], doc: "A named image, drawn as a box with its name; it reports its `size` whatever it is offered.",
                 isContainer: false),
        KindSpec("color", value: .color, parameters: [
            KeySpec("fill", .character,
                    doc: "The character that fills this colour's cells in the ASCII render.",
                    default: .described("one chosen per colour")),
        ], doc: "A colour (a name such as `red`, or `#RRGGBB`) that takes all the space it is offered.",
                 isContainer: false, unproposedLength: 10),
        KindSpec("spacer", value: .oneOf([.null, .number(.length)]), parameters: [
            KeySpec("minLength", .number(.length),
                    doc: "The shortest the spacer gets along its stack's axis.",
                    default: .number(8)),
        ], doc: "Flexible empty space that grows along its stack's axis, sized after every other child; the value may be its `minLength`.",
                 isContainer: false),
        KindSpec("divider", value: .null, parameters: [],
                 doc: "A one-point line across a stack: vertical inside an hstack, horizontal elsewhere.",
                 isContainer: false),
        KindSpec("hstack", value: .viewList, parameters: [
            spacing(default: 8),
            KeySpec("alignment", .alignment(.vertical),
                    doc: "How children line up vertically: `top`, `center`, `bottom`, a text baseline, or a custom vertical alignment.",
                    default: .word("center")),
        ], doc: "Children side by side from leading to trailing; the width is shared out by layout priority and flexibility.",
                 isContainer: true),
        KindSpec("vstack", value: .viewList, parameters: [
            spacing(default: 8),
            KeySpec("alignment", .alignment(.horizontal),
                    doc: "How children line up horizontally: `leading`, `center`, `trailing`, or a custom horizontal alignment.",
                    default: .word("center")),
        ], doc: "Children one below another; the height is shared out by layout priority and flexibility.",
                 isContainer: true),
        KindSpec("zstack", value: .viewList, parameters: [
            nineAlignment(doc: "How children line up with each other on both axes."),
        ], doc: "Children on top of each other, each offered the stack's whole proposal, drawn in `zIndex` order.",
                 isContainer: true),
        KindSpec("flow", value: .viewList, parameters: [
            spacing(default: 8),
            KeySpec("lineSpacing", .number(.length),
                    doc: "The gap between rows.",
                    default: .described("the flow's `spacing`")),
            nineAlignment(doc: "Where each row sits across the flow's width, and each child within its row's height."),
        ], doc: "Children at their ideal sizes in rows, wrapping to a new row when the proposed width is used up.",
                 isContainer: true),
        KindSpec("grid", value: .viewList, parameters: [
            KeySpec("columns", .oneOf([.enumeration(["auto"]),
                                       .number(NumberBounds(min: 1, max: 100_000, isInteger: true)),
                                       .object(gridColumnsKeys)]),
                    doc: "The number of columns: `auto` (chosen from the grid's aspect ratio), a count, or `{minWidth: n}` (as many as fit).",
                    default: .word("auto")),
            KeySpec("cells", .enumeration(GridCells.allCases.map(\.rawValue)),
                    doc: "`fill` gives each child its whole cell; `fit` shrinks every cell to the children's aspect ratio.",
                    default: .word("fill")),
            spacing(default: 8),
            nineAlignment(doc: "Where the block of cells sits in leftover space when `cells: fit` shrinks them."),
        ], doc: "Children in equal cells, row by row, filling the proposed size.",
                 isContainer: true),
        KindSpec("bricks", value: .viewList, parameters: [
            KeySpec("rowHeight", .number(.length),
                    doc: "The height of every row.",
                    default: .described("the tallest child's ideal height")),
            spacing(default: 0),
            KeySpec("fill", .enumeration(BrickFill.allCases.map(\.rawValue)),
                    doc: "Where a row's leftover width goes: shared by its bricks (`justify`), to its last brick (`last`), or nowhere (`none`).",
                    default: .word("justify")),
            KeySpec("justifyLastRow", .boolean,
                    doc: "Whether the last row is filled like the others.",
                    default: .bool(false)),
            KeySpec("minWidth", .number(.length), doc: "The narrowest a brick gets."),
            KeySpec("maxWidth", .number(.length), doc: "The widest a brick gets (never wider than the row)."),
        ], doc: "Variable-width bricks in rows of equal height, as in a tag cloud.",
                 isContainer: true),
        KindSpec("canvas", value: .viewList, parameters: [],
                 doc: "Children placed at rectangles given by each child's `position`, drawn in `zIndex` order.",
                 isContainer: true),
    ]

    public static func kind(named name: String) -> KindSpec? { kindsByName[name] }

    public static let kindNames: [String] = kinds.map(\.name)

    private static let kindsByName: [String: KindSpec] = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    // MARK: Modifiers, attributes, inherited keys

    /// The wrapping modifiers, in the fixed order they apply (innermost first) when written as
    /// keys beside the kind key.
    public static let modifiers: [KeySpec] = [
        KeySpec("fixedSize", .oneOf([.boolean, .object(fixedSizeKeys)]),
                doc: "Offers the view its ideal size: `true` on both axes, or `{horizontal, vertical}` on the chosen ones."),
        KeySpec("aspectRatio", .oneOf([.number(NumberBounds(min: 0, minIsExclusive: true, max: 1_000_000)), .object(aspectRatioKeys)]),
                doc: "Offers the view the largest (`fit`) or smallest (`fill`) size of a width / height ratio within its proposal."),
        KeySpec("frame", .object(frameKeys),
                doc: "A fixed size (`width`, `height`) or flexible bounds (`minWidth` … `maxHeight`) around the view, placed inside by `alignment`."),
        KeySpec("padding", .oneOf([.boolean, .number(.length), .object(paddingKeys)]),
                doc: "Space around the view: `true` for 16 on every edge, a number for every edge, or per-edge values."),
        KeySpec("background", .view,
                doc: "A view drawn behind this one, offered its size and placed by its own `alignment`; it never changes the size."),
        KeySpec("overlay", .view,
                doc: "A view drawn in front of this one, offered its size and placed by its own `alignment`; it never changes the size."),
        KeySpec("border", .oneOf([.boolean, .object(borderKeys)]),
                doc: "A rectangle drawn on the view's frame in the ASCII render; it takes no space.",
                modifier: { v in
                    if let on = v.bool { return on ? .border(.single) : nil }
                    return .border(v["style"]?.word.flatMap(BorderStyle.init(rawValue:)) ?? .single)
                }),
        KeySpec("offset", .object(offsetKeys),
                doc: "Moves the view where it is drawn and reported, without moving its siblings.",
                modifier: { v in .offset(x: v["x"]?.number ?? 0, y: v["y"]?.number ?? 0) }),
    ]

    /// `modifiers: [...]`: modifiers in an order of the file's choosing.
    public static let modifierList = KeySpec(
        "modifiers", .list(.object(modifiers)),
        doc: "Modifiers applied first to last, each item a mapping with one modifier, outside the modifiers written as keys.")

    public static let attributes: [KeySpec] = [
        KeySpec("id", .string,
                doc: "A name for the view, unique in the file; frame output and hover use it."),
        KeySpec("layoutPriority", .number(.signedLength),
                doc: "Stacks offer space to higher priorities first.",
                default: .number(0)),
        KeySpec("alignmentGuides", .guideMap,
                doc: "Explicit guide values for this view, by guide name, as numbers or expressions over `width`, `height` and the built-in guides."),
        KeySpec("zIndex", .number(.signedLength),
                doc: "Drawing order inside a zstack or canvas: higher on top, ties in order.",
                default: .number(0)),
        KeySpec("hidden", .boolean,
                doc: "Laid out and taking its space, but not drawn.",
                default: .bool(false)),
        KeySpec("when", .expression(.boolean),
                doc: "A condition over the viewport's `width`, `height`, `landscape` and `portrait`; elsewhere the view does not exist."),
        KeySpec("position", .oneOf([placement, .list(placement)]),
                doc: "Where a canvas child goes: one placement, or a list whose first placement with a holding `when` is used."),
        KeySpec("ignoresSafeArea", .boolean,
                doc: "Lets the body use the whole viewport instead of the viewport less its safe area.",
                default: .bool(false)),
    ]

    /// Keys inherited by descendants until overridden, like SwiftUI's environment.
    public static let inherited: [KeySpec] = [
        KeySpec("font", .fontName,
                doc: "The font of the texts in this view, a default one or one declared under `fonts:`.",
                default: .word("body")),
        KeySpec("lineLimit", .number(NumberBounds(min: 1, max: 1_000_000, isInteger: true)),
                doc: "The most lines a text shows; the last kept line ends with `…` when it is cut.",
                default: .described("no limit")),
        KeySpec("multilineAlignment", .enumeration(HorizontalPart.allCases.map(\.rawValue)),
                doc: "How the lines of a text line up with each other.",
                default: .word("leading")),
    ]

    /// `alignment` on a background or overlay that is not a container: where it is placed.
    public static let decorationAlignment = nineAlignment(
        doc: "Where this background or overlay sits inside the view it decorates.")

    // MARK: Objects inside modifiers and parameters

    public static let sizeKeys: [KeySpec] = [
        KeySpec("width", .number(.length), doc: "Width in points.", required: true),
        KeySpec("height", .number(.length), doc: "Height in points.", required: true),
    ]

    public static let gridColumnsKeys: [KeySpec] = [
        KeySpec("minWidth", .number(.positiveLength),
                doc: "The narrowest a column may be; the grid makes as many columns as fit.", required: true),
    ]

    public static let fixedSizeKeys: [KeySpec] = [
        KeySpec("horizontal", .boolean, doc: "Offer the view its ideal width.", default: .bool(false)),
        KeySpec("vertical", .boolean, doc: "Offer the view its ideal height.", default: .bool(false)),
    ]

    public static let aspectRatioKeys: [KeySpec] = [
        KeySpec("ratio", .number(NumberBounds(min: 0, minIsExclusive: true, max: 1_000_000)),
                doc: "Width divided by height.", default: .described("the ratio of the view's ideal size")),
        KeySpec("contentMode", .enumeration(ContentMode.allCases.map(\.rawValue)),
                doc: "`fit` offers the largest size of that ratio inside the proposal; `fill` the smallest covering it.",
                default: .word("fit")),
    ]

    /// A fixed frame's size keys.
    public static let frameFixedKeys: [KeySpec] = [
        KeySpec("width", .number(.length), doc: "The width offered to the view and reported as the frame's."),
        KeySpec("height", .number(.length), doc: "The height offered to the view and reported as the frame's."),
    ]

    /// A flexible frame's bound keys.
    public static let frameFlexibleKeys: [KeySpec] = [
        KeySpec("minWidth", .number(.length), doc: "The narrowest the frame gets."),
        KeySpec("idealWidth", .number(.length), doc: "The width asked for when the proposal leaves the width open."),
        KeySpec("maxWidth", .number(.maxLength), doc: "The widest the frame gets; `infinity` takes all the width offered."),
        KeySpec("minHeight", .number(.length), doc: "The shortest the frame gets."),
        KeySpec("idealHeight", .number(.length), doc: "The height asked for when the proposal leaves the height open."),
        KeySpec("maxHeight", .number(.maxLength), doc: "The tallest the frame gets; `infinity` takes all the height offered."),
    ]

    public static let frameKeys: [KeySpec] = frameFixedKeys + frameFlexibleKeys + [
        nineAlignment(doc: "Where the view sits inside the frame."),
    ]

    public static let paddingKeys: [KeySpec] = edgeKeys(of: "the padding", default: 0) + [
        KeySpec("horizontal", .number(.length), doc: "The leading and trailing padding, unless an edge key says otherwise."),
        KeySpec("vertical", .number(.length), doc: "The top and bottom padding, unless an edge key says otherwise."),
    ]

    public static let borderKeys: [KeySpec] = [
        KeySpec("style", .enumeration(BorderStyle.allCases.map(\.rawValue)),
                doc: "The box-drawing characters of the border.", default: .word("single")),
    ]

    public static let offsetKeys: [KeySpec] = [
        KeySpec("x", .number(.signedLength), doc: "Points to the right (negative: left).", default: .number(0)),
        KeySpec("y", .number(.signedLength), doc: "Points down (negative: up).", default: .number(0)),
    ]

    // MARK: Canvas placements

    /// The condition every placement may carry.
    public static let placementCondition = KeySpec(
        "when", .expression(.boolean),
        doc: "A condition over the canvas's `width`, `height`, `landscape` and `portrait`; the first placement whose condition holds is used.")

    public static let placementRuleKeys: [KeySpec] = [
        KeySpec("absolute", .tuple([.number(.signedLength), .number(.signedLength), .number(.length), .number(.length)]),
                doc: "`[x, y, width, height]` in the canvas's points.", required: true),
        KeySpec("relative", .tuple([.number(.signedLength), .number(.signedLength), .number(.length), .number(.length)]),
                doc: "`[x, y, width, height]` as fractions of the canvas's width and height.", required: true),
        KeySpec("insets", .object(edgeKeys(of: "the inset", default: 0)),
                doc: "The canvas less these insets.", required: true),
        KeySpec("anchor", .object(anchorKeys),
                doc: "A rectangle of a given size placed at one of the canvas's nine points, then moved by `x`, `y`.", required: true),
    ]

    /// The keys of the `{x, y, width, height}` placement, each a number or an expression.
    public static let placementExpressionKeys: [KeySpec] = [
        KeySpec("x", .expression(.number), doc: "The left edge, over the canvas's `width` and `height`.", required: true),
        KeySpec("y", .expression(.number), doc: "The top edge, over the canvas's `width` and `height`.", required: true),
        KeySpec("width", .expression(.number), doc: "The width, over the canvas's `width` and `height`.", required: true),
        KeySpec("height", .expression(.number), doc: "The height, over the canvas's `width` and `height`.", required: true),
    ]

    /// One placement: a mapping with one rule (a rule key, or the four expression keys) and
    /// an optional `when`.
    public static let placement: ValueShape = .oneOf(
        placementRuleKeys.map { .object([$0, placementCondition]) } + [.object(placementExpressionKeys + [placementCondition])])

    /// Every key a placement mapping may hold, none required on its own (which are required
    /// depends on the rule chosen).
    public static let placementKeys: [KeySpec] = (placementRuleKeys + placementExpressionKeys + [placementCondition]).map(\.optional)

    public static let anchorKeys: [KeySpec] = [
        KeySpec("from", .alignment(.nine),
                doc: "The point of the canvas (and of the child) the rectangle is anchored at.", required: true),
        KeySpec("x", .number(.signedLength), doc: "Moves the rectangle right (negative: left).", default: .number(0)),
        KeySpec("y", .number(.signedLength), doc: "Moves the rectangle down (negative: up).", default: .number(0)),
        KeySpec("width", .number(.length), doc: "The rectangle's width.", required: true),
        KeySpec("height", .number(.length), doc: "The rectangle's height.", required: true),
    ]

    // MARK: Names

    /// The names an expression may use, by place (docs/format.md §10).
    public static let conditionNames: [String: ExpressionType] = [
        "width": .number, "height": .number, "landscape": .boolean, "portrait": .boolean,
    ]
    public static let placementNames: [String: ExpressionType] = ["width": .number, "height": .number]
    public static let guideExpressionNames: [String: ExpressionType] = {
        var names: [String: ExpressionType] = ["width": .number, "height": .number]
        for g in GuideName.builtIn { names[g.rawValue] = .number }
        return names
    }()

    /// The value of each condition name for a screen (or canvas) of `width` × `height`
    /// (docs/format.md §10): what `when` is evaluated with. nil for any other name.
    public static func conditionValue(_ name: String, width: Double, height: Double) -> Double? {
        switch name {
        case "width": return width
        case "height": return height
        case "landscape": return width > height ? 1 : 0
        case "portrait": return width > height ? 0 : 1
        default: return nil
        }
    }

    /// Keys that may stand beside any kind key (modifiers, attributes, inherited keys).
    public static let commonViewKeys: [KeySpec] = modifiers + [modifierList] + attributes + inherited

    /// The keys a view may hold beside its kind key where it sits, in schema order (the
    /// validator suggests earlier ones first): the kind's parameters, the modifiers, `modifiers`,
    /// the attributes (`position` only for a canvas child, `ignoresSafeArea` only for the body),
    /// the inherited keys, and `alignment` for a background or overlay. `kind` nil: a component
    /// instance, which takes the keys of a kind without parameters.
    public static func viewKeys(of kind: KindSpec?, at site: ViewSite) -> [KeySpec] {
        var keys = kind?.parameters ?? []
        keys += modifiers
        keys.append(modifierList)
        for a in attributes {
            if a.name == "position" && site != .canvasChild { continue }
            if a.name == "ignoresSafeArea" && site != .body { continue }
            keys.append(a)
        }
        keys += inherited
        if site == .decoration && !keys.contains(where: { $0.name == decorationAlignment.name }) {
            keys.append(decorationAlignment)
        }
        return keys
    }

    // MARK: Helpers

    private static func spacing(default value: Double) -> KeySpec {
        KeySpec("spacing", .number(.length), doc: "The gap between neighbouring children.", default: .number(value))
    }

    private static func nineAlignment(doc: String) -> KeySpec {
        KeySpec("alignment", .alignment(.nine), doc: doc, default: .word("center"))
    }

    private static func edgeKeys(of what: String, default value: Double) -> [KeySpec] {
        ["top", "bottom", "leading", "trailing"].map {
            KeySpec($0, .number(.length), doc: "The \($0) edge of \(what), in points.", default: .number(value))
        }
    }
}
