/// The functions an expression may call (docs/format.md §10). All take and return numbers.
public enum ExpressionFunction: String, CaseIterable, Sendable, Hashable {
    case min, max, clamp, round, floor, ceil, abs

    /// How many arguments the function takes.
    public var arity: ClosedRange<Int> {
        switch self {
        case .min, .max: 1...Int.max
        case .clamp: 3...3
        case .round, .floor, .ceil, .abs: 1...1
        }
    }

    /// How a call is written, for messages and documentation.
    public var signature: String {
        switch self {
        case .min, .max: "\(rawValue)(a, b, …)"
        case .clamp: "clamp(x, lo, hi)"
        case .round, .floor, .ceil, .abs: "\(rawValue)(x)"
        }
    }

    /// The function applied to `arguments`. Never traps: missing arguments give 0, extra ones
    /// are ignored, and NaN and infinities go through IEEE 754 arithmetic.
    public func apply(_ arguments: [Double]) -> Double {
        guard let x = arguments.first else { return 0 }
        switch self {
        // `Double.minimum`/`maximum` ignore a NaN operand, whatever its position.
        case .min: return arguments.dropFirst().reduce(x, Double.minimum)
        case .max: return arguments.dropFirst().reduce(x, Double.maximum)
        case .clamp:
            guard arguments.count >= 3 else { return 0 }
            // When lo > hi, hi wins.
            return Double.minimum(Double.maximum(x, arguments[1]), arguments[2])
        case .round: return (x + 0.5).rounded(.down)
        case .floor: return x.rounded(.down)
        case .ceil: return x.rounded(.up)
        case .abs: return x.magnitude
        }
    }
}
