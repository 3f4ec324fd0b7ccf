/// A problem found while parsing or checking an expression (docs/format.md §10).
///
/// `range` is in UTF-8 byte offsets into the expression text, like the ranges of
/// `ExpressionNode`; map it to the file with `Expression.sourceRange(of:)`. It covers the
/// offending characters; it is empty only when the problem is the end of the text
/// (e.g. `width +`), and then it sits at the end.
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// Not in the grammar, or a function called with the wrong number of arguments
        /// (the `invalid-expression` diagnostic).
        case syntax
        /// A name, or a function, that is not available here (`unknown-name`).
        case unknownName
        /// A number where a condition is needed, or the other way round.
        case typeMismatch
        /// Longer than `ExpressionParser.maximumLength` or nested deeper than
        /// `ExpressionParser.maximumDepth`.
        case tooComplex
    }

    public let kind: Kind
    public let message: String
    public let range: Range<Int>

    public init(kind: Kind, message: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }

    public var description: String { "\(range.lowerBound)..<\(range.upperBound) \(kind.rawValue): \(message)" }
}

/// The errors of one expression, never empty: a syntax error alone, or every name and type
/// error. (`Result` needs an `Error` type, which a plain array is not.)
public struct ExpressionErrors: Error, Hashable, Sendable, RandomAccessCollection {
    public let errors: [ExpressionError]

    public init(_ errors: [ExpressionError]) { self.errors = errors }

    public var startIndex: Int { errors.startIndex }
    public var endIndex: Int { errors.endIndex }
    public subscript(position: Int) -> ExpressionError { errors[position] }
}
