import TatamiBase

/// `columns` of a grid.
public enum GridColumns: Sendable, Hashable {
    /// Picked from the container's aspect ratio.
    case auto
    case count(Int)
    case minWidth(Double)
}

/// `cells` of a grid.
public enum GridCells: String, Sendable, Hashable, CaseIterable { case fill, fit }

/// `fill` of bricks: where a row's leftover width goes.
public enum BrickFill: String, Sendable, Hashable, CaseIterable { case justify, last, none }

/// The parameters of a `bricks` container.
public struct BrickOptions: Sendable, Hashable {
    /// nil: the tallest child's ideal height.
    public var rowHeight: Double?
    public var spacing: Double
    public var fill: BrickFill
    public var justifyLastRow: Bool
    public var minWidth: Double?
    public var maxWidth: Double?

    public init(rowHeight: Double? = nil, spacing: Double = 0, fill: BrickFill = .justify, justifyLastRow: Bool = false,
                minWidth: Double? = nil, maxWidth: Double? = nil) {
        self.rowHeight = rowHeight
        self.spacing = spacing
        self.fill = fill
        self.justifyLastRow = justifyLastRow
        self.minWidth = minWidth
        self.maxWidth = maxWidth
    }
}

/// One way to place a canvas child (docs/format.md §7.4.3).
public enum PlacementRule: Sendable {
    case absolute(x: Double, y: Double, width: Double, height: Double)
    /// Fractions of the canvas.
    case relative(x: Double, y: Double, width: Double, height: Double)
    case insets(EdgeInsets)
    /// The point `from` of the canvas, minus the same point of the child's size, plus (x, y).
    case anchor(from: Alignment2D, x: Double, y: Double, width: Double, height: Double)
    /// Each a number or an expression of the canvas's `width` and `height`.
    case expressions(x: Expression, y: Expression, width: Expression, height: Expression)
}

/// A placement with the condition under which it applies.
public struct Placement: Sendable {
    public var rule: PlacementRule
    /// Evaluated with the canvas's own `width` and `height`; nil always holds.
    public var condition: Expression?
    public var range: SourceRange

    public init(rule: PlacementRule, condition: Expression?, range: SourceRange) {
        self.rule = rule
        self.condition = condition
        self.range = range
    }
}
