import TatamiBase

/// The horizontal part of an alignment.
public enum HorizontalPart: String, Sendable, Hashable, CaseIterable {
    case leading, center, trailing

    /// 0, 0.5 or 1: where along the axis this part sits.
    public var fraction: Double {
        switch self {
        case .leading: return 0
        case .center: return 0.5
        case .trailing: return 1
        }
    }

    /// The guide name this part aligns (`leading`, `centerX`, `trailing`).
    public var guide: GuideName { self == .center ? .centerX : GuideName(rawValue) }
}

/// The vertical part of an alignment.
public enum VerticalPart: String, Sendable, Hashable, CaseIterable {
    case top, center, bottom

    public var fraction: Double {
        switch self {
        case .top: return 0
        case .center: return 0.5
        case .bottom: return 1
        }
    }

    /// The guide name this part aligns (`top`, `centerY`, `bottom`).
    public var guide: GuideName { self == .center ? .centerY : GuideName(rawValue) }
}

/// One of the nine two-axis alignments (`topLeading` … `bottomTrailing`).
public struct Alignment2D: Sendable, Hashable {
    public var horizontal: HorizontalPart
    public var vertical: VerticalPart

    public init(horizontal: HorizontalPart, vertical: VerticalPart) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment2D(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment2D(horizontal: .leading, vertical: .top)

    /// The nine names in the order docs/format.md lists them.
    public static let allNames: [String] = [
        "topLeading", "top", "topTrailing", "leading", "center", "trailing",
        "bottomLeading", "bottom", "bottomTrailing",
    ]

    public init?(name: String) {
        switch name {
        case "topLeading": self.init(horizontal: .leading, vertical: .top)
        case "top": self.init(horizontal: .center, vertical: .top)
        case "topTrailing": self.init(horizontal: .trailing, vertical: .top)
        case "leading": self.init(horizontal: .leading, vertical: .center)
        case "center": self.init(horizontal: .center, vertical: .center)
        case "trailing": self.init(horizontal: .trailing, vertical: .center)
        case "bottomLeading": self.init(horizontal: .leading, vertical: .bottom)
        case "bottom": self.init(horizontal: .center, vertical: .bottom)
        case "bottomTrailing": self.init(horizontal: .trailing, vertical: .bottom)
        default: return nil
        }
    }

    public var name: String {
        switch (vertical, horizontal) {
        case (.center, .center): return "center"
        case (.center, let h): return h.rawValue
        case (let v, .center): return v.rawValue
        case (let v, let h): return v.rawValue + h.rawValue.prefix(1).uppercased() + h.rawValue.dropFirst()
        }
    }
}

/// The name of an alignment guide: a built-in one (`top`, `centerY`, `bottom`, `leading`,
/// `centerX`, `trailing`, `firstTextBaseline`, `lastTextBaseline`) or a custom one declared under
/// `alignments:`.
public struct GuideName: Hashable, Sendable, CustomStringConvertible {
    /// The eight built-in guides, as a tag computed once so layout can switch on it cheaply.
    public enum BuiltIn: String, Sendable {
        case top, centerY, bottom, firstTextBaseline, lastTextBaseline, leading, centerX, trailing

        public var axis: Axis {
            switch self {
            case .top, .centerY, .bottom, .firstTextBaseline, .lastTextBaseline: return .vertical
            case .leading, .centerX, .trailing: return .horizontal
            }
        }
    }

    public let rawValue: String
    /// nil for a custom guide.
    public let builtIn: BuiltIn?

    public init(_ rawValue: String) {
        self.rawValue = rawValue
        builtIn = BuiltIn(rawValue: rawValue)
    }

    public static func == (a: GuideName, b: GuideName) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public static let top = GuideName("top")
    public static let centerY = GuideName("centerY")
    public static let bottom = GuideName("bottom")
    public static let leading = GuideName("leading")
    public static let centerX = GuideName("centerX")
    public static let trailing = GuideName("trailing")
    public static let firstTextBaseline = GuideName("firstTextBaseline")
    public static let lastTextBaseline = GuideName("lastTextBaseline")

    public static let builtInVertical: [GuideName] = [.top, .centerY, .bottom, .firstTextBaseline, .lastTextBaseline]
    public static let builtInHorizontal: [GuideName] = [.leading, .centerX, .trailing]
    public static let builtIn: [GuideName] = builtInVertical + builtInHorizontal

    public var isBuiltIn: Bool { builtIn != nil }

    /// The axis of a built-in guide; nil for custom guides (their declaration says).
    public var builtInAxis: Axis? { builtIn?.axis }

    public var description: String { rawValue }
}

/// A custom alignment declared under `alignments:`.
public struct CustomAlignment: Sendable {
    public var name: String
    /// `vertical` guides line views up along y (for hstacks); `horizontal` along x (for vstacks).
    public var axis: Axis
    /// The default value, over the view's built-in guide values.
    public var defaultValue: Expression
    public var range: SourceRange

    public init(name: String, axis: Axis, defaultValue: Expression, range: SourceRange) {
        self.name = name
        self.axis = axis
        self.defaultValue = defaultValue
        self.range = range
    }
}
