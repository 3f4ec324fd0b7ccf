import TatamiBase

extension DiagnosticCode {
    /// An expression divides by zero (the result is 0): reported by validation, once, when the
    /// divisor uses no name, and by layout, per viewport, when it is 0 only with that viewport's
    /// values. Declared with the evaluator, which both stages share.
    public static let divisionByZero = DiagnosticCode("division-by-zero", .warning)
}

/// The result of evaluating an expression.
public struct ExpressionValue: Sendable, Hashable {
    /// The value; conditions are 1 (true) or 0 (false).
    public var value: Double
    /// The range of the first division (in evaluation order) whose divisor was 0: the whole
    /// `a / b` subexpression. That division gave 0; the caller reports `division-by-zero`.
    public var divisionByZero: Range<Int>?

    public init(value: Double, divisionByZero: Range<Int>? = nil) {
        self.value = value
        self.divisionByZero = divisionByZero
    }

    /// The value read as a condition: anything but 0 and NaN is true.
    public var isTrue: Bool { ExpressionNode.truth(value) }
}

extension ExpressionNode {
    /// Evaluates the tree with the values `lookup` gives for names.
    ///
    /// Meant for checked trees, but never traps on any tree: a name `lookup` does not know is
    /// 0, an unknown function is 0, a division by 0 is 0 (and reported in `divisionByZero`),
    /// and NaN and infinities follow IEEE 754 arithmetic. Conditions are 1 or 0. `&&` and `||`
    /// evaluate their right side only when it decides the result, so `w > 0 && 10 / w > 2`
    /// reports no division by zero when `w` is 0.
    ///
    /// A division whose range is in `ignoring` still gives 0 but is not reported (the
    /// validator reports divisions by a constant 0 once: `constantDivisionsByZero()`).
    public func evaluate(_ lookup: (String) -> Double?, ignoring: [Range<Int>] = []) -> ExpressionValue {
        var divisionByZero: Range<Int>? = nil
        let value = Self.value(of: self, lookup, ignoring, &divisionByZero)
        return ExpressionValue(value: value, divisionByZero: divisionByZero)
    }

    /// The divisions whose divisor uses no name and is 0: the same in every viewport, so a
    /// problem of the text, not of a layout. In evaluation order.
    ///
    /// Only a divisor without names is evaluated (it is bounded by the parser's nesting limit
    /// when it holds divisions itself), so the pass is linear in the tree for the usual case.
    public func constantDivisionsByZero() -> [Range<Int>] {
        // Whether each finished subtree whose parent is not finished yet uses a name.
        var named: [Bool] = []
        var found: [Range<Int>] = []
        forEachPostOrder { node in
            switch node {
            case .number: named.append(false)
            case .name: named.append(true)
            case .unary: break  // the operand's flag is the node's
            case .binary(let op, _, let rhs, let range):
                let r = named.removeLast(), l = named.removeLast()
                if op == .divide && !r && rhs.evaluate({ _ in nil }).value == 0 { found.append(range) }
                named.append(l || r)
            case .call(_, let arguments, _):
                let any = named.suffix(arguments.count).contains(true)
                named.removeLast(arguments.count)
                named.append(any)
            }
        }
        return found
    }

    static func truth(_ v: Double) -> Bool { v != 0 && !v.isNaN }

    /// Walks the tree with an explicit stack, so that the deepest tree the parser allows
    /// (a chain of about 2,000 operators) needs no deep recursion.
    private static func value(
        of root: ExpressionNode, _ lookup: (String) -> Double?, _ ignoring: [Range<Int>],
        _ divisionByZero: inout Range<Int>?
    ) -> Double {
        enum Step {
            case enter(ExpressionNode)
            case exit(ExpressionNode)
            /// The left side of `&&`/`||` is done: finish, or go on with the right side.
            case decide(BinaryOperator, right: ExpressionNode)
            /// Replace the last value by its truth (1 or 0).
            case truth
        }
        func flag(_ b: Bool) -> Double { b ? 1 : 0 }

        var steps: [Step] = [.enter(root)]
        // The values of the finished subtrees whose parent is not finished yet, in text order.
        var values: [Double] = []
        while let step = steps.popLast() {
            switch step {
            case .enter(let node):
                switch node {
                case .number(let v, _):
                    values.append(v)
                case .name(let name, _):
                    values.append(lookup(name) ?? 0)
                case .unary(_, let operand, _):
                    steps.append(.exit(node))
                    steps.append(.enter(operand))
                case .binary(let op, let lhs, let rhs, _):
                    if op == .and || op == .or {
                        steps.append(.decide(op, right: rhs))
                    } else {
                        steps.append(.exit(node))
                        steps.append(.enter(rhs))
                    }
                    steps.append(.enter(lhs))
                case .call(let name, let arguments, _):
                    guard ExpressionFunction(rawValue: name) != nil else {
                        values.append(0)
                        continue
                    }
                    steps.append(.exit(node))
                    for argument in arguments.reversed() { steps.append(.enter(argument)) }
                }

            case .decide(let op, let rhs):
                let left = truth(values.removeLast())
                if op == .and ? !left : left {
                    values.append(flag(left))
                } else {
                    steps.append(.truth)
                    steps.append(.enter(rhs))
                }

            case .truth:
                values.append(flag(truth(values.removeLast())))

            case .exit(let node):
                switch node {
                case .number, .name:
                    break // leaves are finished on entry
                case .unary(let op, _, _):
                    let v = values.removeLast()
                    values.append(op == .negate ? -v : flag(!truth(v)))
                case .binary(let op, _, _, let range):
                    let r = values.removeLast()
                    let l = values.removeLast()
                    let v: Double
                    switch op {
                    case .and, .or: v = 0 // decided in `.decide`, never exited
                    case .less: v = flag(l < r)
                    case .lessEqual: v = flag(l <= r)
                    case .greater: v = flag(l > r)
                    case .greaterEqual: v = flag(l >= r)
                    case .equal: v = flag(l == r)
                    case .notEqual: v = flag(l != r)
                    case .add: v = l + r
                    case .subtract: v = l - r
                    case .multiply: v = l * r
                    case .divide:
                        if r == 0 {
                            if divisionByZero == nil && !ignoring.contains(range) { divisionByZero = range }
                            v = 0
                        } else {
                            v = l / r
                        }
                    }
                    values.append(v)
                case .call(let name, let arguments, _):
                    let function = ExpressionFunction(rawValue: name)! // unknown ones never exit
                    let v = function.apply(Array(values.suffix(arguments.count)))
                    values.removeLast(arguments.count)
                    values.append(v)
                }
            }
        }
        return values.last ?? 0
    }
}

extension Expression {
    /// Evaluates the expression with the values `lookup` gives for names; see
    /// `ExpressionNode.evaluate(_:)`. Map `divisionByZero` to the file with `sourceRange(of:)`.
    public func evaluate(_ lookup: (String) -> Double?) -> ExpressionValue {
        root.evaluate(lookup)
    }

    /// Whether the expression, read as a condition, holds (anything but 0 and NaN is true).
    public func isTrue(_ lookup: (String) -> Double?) -> Bool {
        root.evaluate(lookup).isTrue
    }
}
