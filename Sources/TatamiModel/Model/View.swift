import TatamiBase

/// A colour: one of the named colours, or `#RRGGBB`.
public enum ColorValue: Sendable, Hashable {
    case named(String)
    case rgb(UInt8, UInt8, UInt8)

    public static let names = [
        "red", "green", "blue", "orange", "yellow", "purple", "pink", "gray", "black", "white", "clear",
    ]

    /// The colour a value written in a file names: one of `names`, or `#RRGGBB` with
    /// hexadecimal digits in either case (docs/decisions.md); nil for anything else.
    public init?(parsing text: String) {
        if Self.names.contains(text) {
            self = .named(text)
        } else if let rgb = Self.hex(text) {
            self = rgb
        } else {
            return nil
        }
    }

    /// `#RRGGBB` with hexadecimal digits in either case; nil for anything else.
    public static func hex(_ text: String) -> ColorValue? {
        let b = Array(text.utf8)
        guard b.count == 7, b[0] == UInt8(ascii: "#") else { return nil }
        var values: [UInt8] = []
        for i in stride(from: 1, to: 7, by: 2) {
            guard let hi = hexDigit(b[i]), let lo = hexDigit(b[i + 1]) else { return nil }
            values.append(hi << 4 | lo)
        }
        return .rgb(values[0], values[1], values[2])
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .named(let n): return n
        case .rgb(let r, let g, let b):
            let hex = Array("0123456789ABCDEF")
            return "#" + [r, g, b].map { String([hex[Int($0 >> 4)], hex[Int($0 & 15)]]) }.joined()
        }
    }
}

public enum Truncation: String, Sendable, Hashable, CaseIterable { case tail, head, middle }

public enum BorderStyle: String, Sendable, Hashable, CaseIterable { case single, double, rounded, heavy }

public enum ContentMode: String, Sendable, Hashable, CaseIterable { case fit, fill }

/// A `frame` modifier (docs/format.md §6.1.2).
public enum FrameSpec: Sendable, Hashable {
    /// `width` and/or `height`.
    case fixed(width: Double?, height: Double?, alignment: Alignment2D)
    /// Any of min/ideal/max per axis; `maxWidth: infinity` is `.infinity`.
    /// Boxed: six optional sizes would make every frame (and every modifier) that large.
    indirect case flexible(FlexibleFrame, alignment: Alignment2D)
}

public struct FlexibleFrame: Sendable, Hashable {
    public var minWidth: Double?, idealWidth: Double?, maxWidth: Double?
    public var minHeight: Double?, idealHeight: Double?, maxHeight: Double?

    public init(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil
    ) {
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
    }
}

/// A wrapping modifier. Applied in list order, innermost first (docs/format.md §6).
public enum Modifier: Sendable {
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `ratio` nil: the child's ideal size gives it.
    case aspectRatio(ratio: Double?, contentMode: ContentMode)
    case frame(FrameSpec)
    case padding(EdgeInsets)
    /// The decoration and where it is placed inside the decorated view.
    case background(ViewNode, alignment: Alignment2D)
    case overlay(ViewNode, alignment: Alignment2D)
    case border(BorderStyle)
    case offset(x: Double, y: Double)

    /// The key that wrote it, for messages.
    public var keyName: String {
        switch self {
        case .fixedSize: return "fixedSize"
        case .aspectRatio: return "aspectRatio"
        case .frame: return "frame"
        case .padding: return "padding"
        case .background: return "background"
        case .overlay: return "overlay"
        case .border: return "border"
        case .offset: return "offset"
        }
    }
}

/// What a view is: its kind key and the kind's own parameters.
public enum ViewKind: Sendable {
    case text(String, truncation: Truncation)
    case image(name: String, size: Size, resizable: Bool)
    case color(ColorValue, fill: Character?)
    case spacer(minLength: Double?)
    case divider
    case hstack(children: ViewList, spacing: Double, alignment: GuideName)
    case vstack(children: ViewList, spacing: Double, alignment: GuideName)
    case zstack(children: ViewList, alignment: Alignment2D)
    case flow(children: ViewList, spacing: Double, lineSpacing: Double, alignment: Alignment2D)
    case grid(children: ViewList, columns: GridColumns, cells: GridCells, spacing: Double, alignment: Alignment2D)
    /// Boxed: the options would make every view's kind that large.
    indirect case bricks(children: ViewList, options: BrickOptions)
    case canvas(children: ViewList)
    /// An instance of a component (docs/format.md §8): its Name and its body, arguments substituted.
    case component(name: String, body: ViewNode)
}

/// An explicit alignment guide value: `alignmentGuides: {name: "<expression>"}`.
public struct GuideOverride: Sendable {
    public var guide: GuideName
    public var value: Expression

    public init(guide: GuideName, value: Expression) {
        self.guide = guide
        self.value = value
    }
}

/// Inherited text settings (docs/format.md §6): set on any view, read by the texts below it.
public struct TextEnvironmentOverrides: Sendable, Hashable {
    public var font: String?
    public var lineLimit: Int?
    public var multilineAlignment: HorizontalPart?

    public init(font: String? = nil, lineLimit: Int? = nil, multilineAlignment: HorizontalPart? = nil) {
        self.font = font
        self.lineLimit = lineLimit
        self.multilineAlignment = multilineAlignment
    }

    public var isEmpty: Bool { font == nil && lineLimit == nil && multilineAlignment == nil }
}
