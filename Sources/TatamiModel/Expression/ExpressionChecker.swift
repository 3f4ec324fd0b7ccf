import TatamiBase

/// Checks a parsed expression against the names available where it is used (docs/format.md §10).
///
/// Rules: `+ - * /`, unary `-`, `< <= > >=` and function arguments need numbers; `&&`, `||`
/// and `!` need conditions (booleans); `==` and `!=` need two sides of the same type. Every
/// function returns a number, comparisons and logic return conditions. A subexpression with an
/// error has no type, so one mistake is reported once rather than again by everything above it.
public enum ExpressionChecker {
    /// Every name, function and type error in `node`, in text order (outermost first when two
    /// share a place), each at the offending subexpression; empty when the expression is fine.
    /// - Parameters:
    ///   - names: the names allowed here and what each holds.
    ///   - expected: what the whole expression must produce (`.boolean` for `when`).
    public static func check(
        _ node: ExpressionNode, names: [String: ExpressionType], expected: ExpressionType
    ) -> [ExpressionError] {
        var checker = TypeChecker(names: names)
        if let type = checker.infer(node), type != expected {
            checker.errors.append(ExpressionError(
                kind: .typeMismatch,
                message: "expected \(Self.describe(expected)), found \(Self.describe(type))",
                range: node.range))
        }
        // The walk finds errors bottom-up; report them in reading order (sorting is stable).
        return checker.errors.sorted {
            ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound)
        }
    }

    /// "a number" / "a boolean condition (true or false)".
    static func describe(_ type: ExpressionType) -> String {
        switch type {
        case .number: "a number"
        case .boolean: "a boolean condition (true or false)"
        }
    }
}

private struct TypeChecker {
    let names: [String: ExpressionType]
    var errors: [ExpressionError] = []

    init(names: [String: ExpressionType]) { self.names = names }

    /// The type of `root`, or nil when it has an error (already recorded).
    ///
    /// One post-order walk (`forEachPostOrder`, without recursion).
    mutating func infer(_ root: ExpressionNode) -> ExpressionType? {
        // The types of the finished subtrees whose parent is not finished yet, in text order.
        var types: [ExpressionType?] = []
        root.forEachPostOrder { node in
            switch node {
            case .number:
                types.append(.number)
            case .name(let name, let range):
                types.append(nameType(name, range))
            case .unary(let op, let operand, _):
                let type = types.removeLast()
                types.append(unaryType(op, operand, type))
            case .binary(let op, let lhs, let rhs, let range):
                let right = types.removeLast()
                let left = types.removeLast()
                types.append(binaryType(op, lhs, left, rhs, right, range))
            case .call(let name, let arguments, let range):
                let argumentTypes = Array(types.suffix(arguments.count))
                types.removeLast(arguments.count)
                types.append(callType(name, arguments, argumentTypes, range))
            }
        }
        return types.last ?? nil
    }

    private mutating func nameType(_ name: String, _ range: Range<Int>) -> ExpressionType? {
        if let type = names[name] { return type }
        report(.unknownName, unknownNameMessage(name), range)
        return nil
    }

    private mutating func unaryType(_ op: UnaryOperator, _ operand: ExpressionNode, _ type: ExpressionType?) -> ExpressionType {
        let result: ExpressionType = op == .negate ? .number : .boolean
        require(result, type, at: operand, by: "`\(op.rawValue)`")
        return result
    }

    private mutating func binaryType(
        _ op: BinaryOperator, _ lhs: ExpressionNode, _ left: ExpressionType?,
        _ rhs: ExpressionNode, _ right: ExpressionType?, _ range: Range<Int>
    ) -> ExpressionType {
        let user = "`\(op.rawValue)`"
        switch op {
        case .and, .or:
            require(.boolean, left, at: lhs, by: user)
            require(.boolean, right, at: rhs, by: user)
            return .boolean
        case .less, .lessEqual, .greater, .greaterEqual:
            require(.number, left, at: lhs, by: user)
            require(.number, right, at: rhs, by: user)
            return .boolean
        case .equal, .notEqual:
            if let left, let right, left != right {
                report(.typeMismatch,
                       "\(user) compares two values of the same type, but the left side is "
                       + "\(ExpressionChecker.describe(left)) and the right side is "
                       + "\(ExpressionChecker.describe(right))",
                       range)
            }
            return .boolean
        case .add, .subtract, .multiply, .divide:
            require(.number, left, at: lhs, by: user)
            require(.number, right, at: rhs, by: user)
            return .number
        }
    }

    private mutating func callType(
        _ name: String, _ arguments: [ExpressionNode], _ types: [ExpressionType?], _ range: Range<Int>
    ) -> ExpressionType? {
        let nameRange = range.lowerBound..<(range.lowerBound + name.utf8.count)
        guard let function = ExpressionFunction(rawValue: name) else {
            if names[name] != nil {
                report(.unknownName, "`\(name)` is a value, not a function; write it without `(…)`", nameRange)
            } else {
                let functions = ExpressionFunction.allCases.map(\.rawValue)
                var hint = Suggestions.didYouMean(name, in: functions)
                if hint.isEmpty { hint = "; the functions are " + functions.map { "`\($0)`" }.joined(separator: ", ") }
                report(.unknownName, "unknown function `\(name)`" + hint, nameRange)
            }
            return nil
        }

        for (index, (argument, type)) in zip(arguments, types).enumerated() {
            if let type, type != .number {
                let which = arguments.count == 1 ? "its argument" : "argument \(index + 1)"
                report(.typeMismatch,
                       "`\(name)` needs numbers, but \(which) is \(ExpressionChecker.describe(type))",
                       argument.range)
            }
        }
        let arity = function.arity
        if !arity.contains(arguments.count) {
            let plural = arity.lowerBound == 1 ? "" : "s"
            let expected = (arity.lowerBound == arity.upperBound ? "" : "at least ") + "\(arity.lowerBound) argument\(plural)"
            let given = "\(arguments.count) \(arguments.count == 1 ? "was" : "were") given"
            var target = range
            if arguments.count > arity.upperBound {
                // Point at the arguments that are too many.
                target = arguments[arity.upperBound].range.lowerBound..<arguments[arguments.count - 1].range.upperBound
            }
            report(.syntax, "`\(name)` takes \(expected), as in `\(function.signature)`, but \(given)", target)
        }
        return .number
    }

    /// Records a mismatch when `node` has a known type other than `expected`.
    private mutating func require(_ expected: ExpressionType, _ actual: ExpressionType?, at node: ExpressionNode, by user: String) {
        guard let actual, actual != expected else { return }
        report(.typeMismatch,
               "\(user) needs \(ExpressionChecker.describe(expected)), found \(ExpressionChecker.describe(actual))",
               node.range)
    }

    private func unknownNameMessage(_ name: String) -> String {
        let available = names.keys.sorted()
        if let function = ExpressionFunction(rawValue: name) {
            return "`\(name)` is a function; call it with arguments, as in `\(function.signature)`"
        }
        let words = ["and": "&&", "or": "||", "not": "!"]
        if let meant = words[name] { return "unknown name `\(name)`; did you mean `\(meant)`?" }
        let close = Suggestions.closestAll(to: name, in: available)
        if !close.isEmpty { return "unknown name `\(name)`; did you mean \(Suggestions.alternatives(close))?" }
        if available.isEmpty { return "unknown name `\(name)`; no names are available here" }
        return "unknown name `\(name)`; the names available here are "
            + available.map { "`\($0)`" }.joined(separator: ", ")
    }

    private mutating func report(_ kind: ExpressionError.Kind, _ message: String, _ range: Range<Int>) {
        errors.append(ExpressionError(kind: kind, message: message, range: range))
    }
}
