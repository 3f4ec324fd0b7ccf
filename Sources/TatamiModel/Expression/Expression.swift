import TatamiBase

/// What an expression must produce.
public enum ExpressionType: String, Sendable, Hashable {
    case number, boolean
}

public enum UnaryOperator: String, Sendable, Hashable { case negate = "-", not = "!" }

public enum BinaryOperator: String, Sendable, Hashable {
    case or = "||", and = "&&"
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=", equal = "==", notEqual = "!="
    case add = "+", subtract = "-", multiply = "*", divide = "/"
}

/// A parsed expression (docs/format.md §10). Ranges are UTF-8 byte offsets into the expression text.
public indirect enum ExpressionNode: Sendable, Hashable {
    case number(Double, range: Range<Int>)
    case name(String, range: Range<Int>)
    case unary(UnaryOperator, ExpressionNode, range: Range<Int>)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode, range: Range<Int>)
    case call(String, [ExpressionNode], range: Range<Int>)
}

extension ExpressionNode {
    /// Calls `visit` on every node after its operands (post-order, in text order), with an
    /// explicit stack: a long chain such as `1 + 1 + … + 1` makes a tree as deep as the text is
    /// long, too deep to recurse over on a small thread stack. Passes that compute a value per
    /// subtree keep a stack of them: a node pops its operands' values and pushes its own.
    func forEachPostOrder(_ visit: (ExpressionNode) -> Void) {
        enum Step { case enter(ExpressionNode), exit(ExpressionNode) }
        var steps: [Step] = [.enter(self)]
        while let step = steps.popLast() {
            switch step {
            case .enter(let node):
                switch node {
                case .number, .name:
                    visit(node)
                case .unary(_, let operand, _):
                    steps.append(.exit(node))
                    steps.append(.enter(operand))
                case .binary(_, let lhs, let rhs, _):
                    steps.append(.exit(node))
                    steps.append(.enter(rhs))
                    steps.append(.enter(lhs))
                case .call(_, let arguments, _):
                    steps.append(.exit(node))
                    for argument in arguments.reversed() { steps.append(.enter(argument)) }
                }
            case .exit(let node):
                visit(node)
            }
        }
    }
}

/// An expression as the model keeps it: its text, tree and where it sits in the file.
public struct Expression: Sendable {
    public let text: String
    public let root: ExpressionNode
    public let type: ExpressionType
    /// The whole expression's source range.
    public let range: SourceRange
    /// Expression UTF-8 offsets → source byte offsets; `.none` when the YAML scalar has no exact
    /// mapping (then every sub-range maps to `range`).
    public let offsetMap: OffsetMap
    /// The divisions by a constant 0 (`root.constantDivisionsByZero()`), which the validator
    /// reports once; layout evaluates them as 0 without reporting them per viewport.
    public let constantDivisionsByZero: [Range<Int>]

    public init(text: String, root: ExpressionNode, type: ExpressionType, range: SourceRange, offsetMap: OffsetMap,
                constantDivisionsByZero: [Range<Int>] = []) {
        self.text = text
        self.root = root
        self.type = type
        self.range = range
        self.offsetMap = offsetMap
        self.constantDivisionsByZero = constantDivisionsByZero
    }

    /// A constant expression (a YAML number written where an expression may stand).
    public static func constant(_ v: Double, range: SourceRange) -> Expression {
        Expression(text: formatNumber(v), root: .number(v, range: 0..<0), type: .number, range: range, offsetMap: .none)
    }

    /// Whether any name appears in the expression: without one its value is the same
    /// everywhere (a canvas uses that to tell placements that always or never apply).
    public var usesNames: Bool {
        var found = false
        root.forEachPostOrder { if case .name = $0 { found = true } }
        return found
    }

    /// The source range of a sub-range of the text.
    public func sourceRange(of local: Range<Int>) -> SourceRange {
        offsetMap.sourceRange(of: local) ?? range
    }
}
