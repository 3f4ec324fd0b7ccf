#if canImport(Glibc)
import Glibc
#endif

/// A size in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(formatNumber(width))×\(formatNumber(height))" }
}

/// A point in points.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

/// A rectangle with its origin at the top-left corner (y grows down).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable
    public var x: Double { origin.x }
    @inlinable
    public var y: Double { origin.y }
    @inlinable
    public var width: Double { size.width }
    @inlinable
    public var height: Double { size.height }
    @inlinable
    public var minX: Double { origin.x }
    @inlinable
    public var minY: Double { origin.y }
    @inlinable
    public var maxX: Double { origin.x + size.width }
    @inlinable
    public var maxY: Double { origin.y + size.height }

    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String {
        "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width))×\(formatNumber(height)))"
    }
}

/// One axis of a proposal: unspecified (ask for the ideal size), a finite length (0 asks for
/// the minimum), or infinity (ask for the maximum). `nil` means unspecified.
public typealias ProposedLength = Double?

/// A size proposal, as in SwiftUI's `ProposedViewSize`.
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    // Stored as plain doubles with NaN for "unspecified" (16 bytes instead of 32: layout copies
    // proposals constantly). A NaN proposal is never meaningful, so the encoding loses nothing.
    @usableFromInline var storedWidth: Double
    @usableFromInline var storedHeight: Double

    @inlinable
    public var width: Double? {
        get { storedWidth.isNaN ? nil : storedWidth }
        set { storedWidth = newValue ?? .nan }
    }

    @inlinable
    public var height: Double? {
        get { storedHeight.isNaN ? nil : storedHeight }
        set { storedHeight = newValue ?? .nan }
    }

    @inlinable
    public init(width: Double?, height: Double?) {
        storedWidth = width ?? .nan
        storedHeight = height ?? .nan
    }

    @inlinable
    public init(_ size: Size) {
        storedWidth = size.width
        storedHeight = size.height
    }

    /// Compared bit for bit (layout looks proposals up in its caches millions of times); every
    /// NaN counts as unspecified.
    @inlinable
    public static func == (a: ProposedSize, b: ProposedSize) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool { x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern }
        return same(a.storedWidth, b.storedWidth) && same(a.storedHeight, b.storedHeight)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width?.bitPattern)
        hasher.combine(height?.bitPattern)
    }

    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// Unspecified dimensions replaced by `fallback`.
    @inlinable
    public func replacingUnspecified(with fallback: Size) -> Size {
        Size(width: width ?? fallback.width, height: height ?? fallback.height)
    }

    public var description: String {
        func f(_ v: Double?) -> String { v.map(formatNumber) ?? "nil" }
        return "(\(f(width)), \(f(height)))"
    }
}

/// The two axes.
public enum Axis: String, Sendable, Hashable {
    case horizontal, vertical

    @inlinable
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Insets on each edge. `leading`/`trailing` are left/right before right-to-left mirroring.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    @inlinable
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    @inlinable
    public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }

    public static let zero = EdgeInsets()

    @inlinable
    public var horizontal: Double { leading + trailing }
    @inlinable
    public var vertical: Double { top + bottom }
}

/// Formats a number the way Tatami prints lengths: integers without a fraction, others with
/// up to 4 decimals and no trailing zeros; infinity as `inf`.
public func formatNumber(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v < 0 ? "-inf" : "inf" }
    if v == v.rounded() && abs(v) < 9e18 { return String(Int64(v)) }
    // Past 9.2e18 a whole number is no Int64, and past 1e14 four decimals would overflow one:
    // Swift's shortest form (`1e+300`), which is also valid JSON.
    if abs(v) >= 1e14 { return v.description }
    var s = String(format4: v)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}

extension String {
    /// `v` with exactly four decimals, without Foundation.
    init(format4 v: Double) {
        let negative = v < 0
        let scaled = (abs(v) * 10000).rounded()
        let whole = Int64(scaled / 10000)
        let frac = Int64(scaled) - whole * 10000
        var f = String(frac)
        while f.count < 4 { f = "0" + f }
        self = (negative && scaled != 0 ? "-" : "") + String(whole) + "." + f
    }
}
