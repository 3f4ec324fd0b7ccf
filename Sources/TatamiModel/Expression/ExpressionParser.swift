/// Parses expression text into an `ExpressionNode` (docs/format.md §10):
///
/// ```
/// expr    := or
/// or      := and ( "||" and )*
/// and     := cmp ( "&&" cmp )*
/// cmp     := sum ( ("<" | "<=" | ">" | ">=" | "==" | "!=") sum )?
/// sum     := product ( ("+" | "-") product )*
/// product := unary ( ("*" | "/") unary )*
/// unary   := ("-" | "!") unary | atom
/// atom    := number | name | name "(" expr ("," expr)* ")" | "(" expr ")"
/// ```
///
/// Binary operators associate to the left; comparisons do not associate (`a < b < c` is an
/// error at the second operator).
///
/// Tokens: numbers `[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?` or `\.[0-9]+([eE][+-]?[0-9]+)?`
/// (no sign: `-2` is negation; a number running into letters, digits, `_` or `.`, as in `2px`
/// or `1.2.3`, is an invalid number); names `[A-Za-z_][A-Za-z0-9_]*`; spaces, tabs and line
/// breaks are ignored. A lone `=`, `&` or `|` is an error suggesting `==`, `&&` or `||`.
///
/// Node ranges are UTF-8 byte offsets into the text. A node's range covers everything it was
/// parsed from: a binary node spans both operands (`1 / (a - b)` whole, parentheses included
/// when they belong to an operand), a unary node its operator and operand, a call its name
/// through `)`, a number or name its token. Parentheses around a whole node are not part of it.
///
/// Limits, so that no input can exhaust the stack or take long:
/// - text longer than `maximumLength` (4,096) UTF-8 bytes is rejected before it is read;
/// - nesting deeper than `maximumDepth` (64) levels, where each `(`, each unary `-` or `!` and
///   each call's argument list is a level, is rejected at the token that goes one level too deep.
///
/// Both give an `ExpressionError` of kind `.tooComplex`. Chains of binary operators and of
/// prefix operators are read in loops, so the parser's recursion grows with the nesting depth
/// only (a few stack frames per level). The longest chain makes a tree about 2,000 levels deep;
/// the checker and the evaluator walk trees without recursion.
public enum ExpressionParser {
    /// The longest expression text accepted, in UTF-8 bytes.
    public static let maximumLength = 4096
    /// The deepest nesting of parentheses, unary operators and calls accepted.
    public static let maximumDepth = 64

    /// The tree of `text`, or its first syntax error.
    public static func parse(_ text: String) -> Result<ExpressionNode, ExpressionError> {
        let count = text.utf8.count
        guard count <= maximumLength else {
            return .failure(ExpressionError(
                kind: .tooComplex,
                message: "expression is too long (\(count) bytes; the limit is \(maximumLength))",
                range: 0..<count))
        }
        var parser = Parser(bytes: Array(text.utf8))
        do {
            return .success(try parser.parseWhole())
        } catch {
            return .failure(error)
        }
    }

    /// Parses `text` and checks it with `ExpressionChecker.check(_:names:expected:)`: the tree,
    /// or the syntax error alone, or every name and type error.
    public static func compile(
        _ text: String, names: [String: ExpressionType], expected: ExpressionType
    ) -> Result<ExpressionNode, ExpressionErrors> {
        switch parse(text) {
        case .failure(let error):
            return .failure(ExpressionErrors([error]))
        case .success(let node):
            let errors = ExpressionChecker.check(node, names: names, expected: expected)
            return errors.isEmpty ? .success(node) : .failure(ExpressionErrors(errors))
        }
    }
}

/// Recursive descent, with the binary levels of the grammar read by precedence climbing: one
/// function for all five levels, which recurses only for a right operand of a tighter level.
/// Recursion happens only through nesting, which `enter(_:)` bounds.
private struct Parser {
    private let bytes: [UInt8]
    private let tokens: [ExpressionToken]
    private let lexError: ExpressionError?
    private var index = 0
    private var depth = 0
    /// Where the last consumed token ends: a node ends there.
    private var end = 0

    init(bytes: [UInt8]) {
        let lexed = ExpressionLexer.tokenize(bytes)
        self.bytes = bytes
        self.tokens = lexed.tokens
        self.lexError = lexed.error
    }

    mutating func parseWhole() throws(ExpressionError) -> ExpressionNode {
        let node = try parseExpression(loosest: 0)
        let t = try peek()
        if t.kind == .end { return node }
        throw unexpectedAfterExpression(t)
    }

    // MARK: Grammar

    /// Binary operator levels, loosest first: `||` 0, `&&` 1, comparisons 2, `+ -` 3, `* /` 4.
    private static func level(of op: BinaryOperator) -> Int {
        switch op {
        case .or: 0
        case .and: 1
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual: comparisonLevel
        case .add, .subtract: 3
        case .multiply, .divide: 4
        }
    }

    private static let comparisonLevel = 2

    /// An expression whose operators are all at level `loosest` or tighter.
    private mutating func parseExpression(loosest: Int) throws(ExpressionError) -> ExpressionNode {
        let start = try peek().range.lowerBound
        var lhs = try parseUnary()
        while let op = try peek().kind.binaryOperator, Self.level(of: op) >= loosest {
            let level = Self.level(of: op)
            advance()
            // Operators of the same level associate to the left: the right operand stops at them.
            let rhs = try parseExpression(loosest: level + 1)
            lhs = .binary(op, lhs, rhs, range: start..<end)
            if level == Self.comparisonLevel {
                let next = try peek()
                if let again = next.kind.binaryOperator, Self.level(of: again) == Self.comparisonLevel {
                    throw chainedComparison(next)
                }
            }
        }
        return lhs
    }

    /// `("-" | "!")* atom`, the prefixes read in a loop (each one is a nesting level).
    private mutating func parseUnary() throws(ExpressionError) -> ExpressionNode {
        var prefixes: [ExpressionToken] = []
        while true {
            let t = try peek()
            guard t.kind == .minus || t.kind == .bang else { break }
            advance()
            try enter(t)
            prefixes.append(t)
        }
        var node = try parseAtom()
        for t in prefixes.reversed() {
            node = .unary(t.kind == .minus ? .negate : .not, node, range: t.range.lowerBound..<end)
        }
        depth -= prefixes.count
        return node
    }

    private mutating func parseAtom() throws(ExpressionError) -> ExpressionNode {
        let t = try peek()
        switch t.kind {
        case .number:
            advance()
            return .number(t.value, range: t.range)
        case .name:
            advance()
            if try peek().kind == .leftParen { return try parseCall(name: t) }
            return .name(text(t), range: t.range)
        case .leftParen:
            advance()
            try enter(t)
            let inner = try parseExpression(loosest: 0)
            let close = try peek()
            guard close.kind == .rightParen else { throw unclosed(t, found: close, inCall: false) }
            advance()
            depth -= 1
            return inner
        default:
            throw expectedExpression(found: t)
        }
    }

    /// `name "(" expr ("," expr)* ")"`, after the name.
    private mutating func parseCall(name: ExpressionToken) throws(ExpressionError) -> ExpressionNode {
        let open = try peek()
        advance()
        try enter(open)
        if try peek().kind == .rightParen { throw noArguments(name: name, open: open) }
        var arguments: [ExpressionNode] = []
        while true {
            arguments.append(try parseExpression(loosest: 0))
            let next = try peek()
            if next.kind == .comma {
                advance()
            } else if next.kind == .rightParen {
                advance()
                depth -= 1
                return .call(text(name), arguments, range: name.range.lowerBound..<end)
            } else {
                throw unclosed(open, found: next, inCall: true)
            }
        }
    }

    // MARK: Tokens

    /// The next token; reaching characters that are not a token is their error.
    private func peek() throws(ExpressionError) -> ExpressionToken {
        let t = tokens[min(index, tokens.count - 1)]
        if t.kind == .invalid, let lexError { throw lexError }
        return t
    }

    private mutating func advance() {
        end = tokens[index].range.upperBound
        index += 1
    }

    /// The token as written.
    private func text(_ t: ExpressionToken) -> String { String(decoding: bytes[t.range], as: UTF8.self) }

    /// The token before the next one, if any.
    private var previous: ExpressionToken? { index > 0 ? tokens[index - 1] : nil }

    /// One nesting level deeper, at `token`; fails past `maximumDepth` before recursing.
    private mutating func enter(_ token: ExpressionToken) throws(ExpressionError) {
        depth += 1
        if depth > ExpressionParser.maximumDepth { throw tooDeep(token) }
    }

    // MARK: Messages
    // Built in functions of their own, which keeps the recursive functions' frames small.

    private func tooDeep(_ t: ExpressionToken) -> ExpressionError {
        ExpressionError(
            kind: .tooComplex,
            message: "expression is nested too deeply (more than \(ExpressionParser.maximumDepth) levels of parentheses, signs and calls)",
            range: t.range)
    }

    private func expectedExpression(found t: ExpressionToken) -> ExpressionError {
        let after = previous.map { " after `\(text($0))`" } ?? ""
        if t.kind == .end { return syntax("expected an expression\(after)", t.range) }
        return syntax("expected an expression\(after), found `\(text(t))`", t.range)
    }

    private func chainedComparison(_ t: ExpressionToken) -> ExpressionError {
        syntax("comparisons cannot be chained; combine them with `&&`, as in `a < b && b < c`", t.range)
    }

    private func unexpectedAfterExpression(_ t: ExpressionToken) -> ExpressionError {
        switch t.kind {
        case .rightParen: syntax("unexpected `)`; there is no `(` for it to close", t.range)
        case .comma: syntax("unexpected `,`; commas only separate the arguments of a function", t.range)
        default: unexpected(t, expected: "an operator")
        }
    }

    /// `found` where the `)` matching `open` should be.
    private func unclosed(_ open: ExpressionToken, found: ExpressionToken, inCall: Bool) -> ExpressionError {
        if found.kind == .end { return syntax("missing `)` to close `(` opened here", open.range) }
        return unexpected(found, expected: inCall ? "`,`, `)` or an operator" : "`)` or an operator")
    }

    private func noArguments(name: ExpressionToken, open: ExpressionToken) -> ExpressionError {
        let range = open.range.lowerBound..<tokens[index].range.upperBound
        if ExpressionFunction(rawValue: text(name)) != nil {
            return syntax("`\(text(name))` needs at least one argument", range)
        }
        return syntax("expected an argument between `(` and `)`", range)
    }

    /// A token where an operator or a closing token should be. Words for operators get a hint.
    private func unexpected(_ t: ExpressionToken, expected: String) -> ExpressionError {
        let word = text(t)
        let operators = ["and": "&&", "or": "||"]
        if t.kind == .name, let meant = operators[word] {
            return syntax("unexpected `\(word)`; did you mean `\(meant)`?", t.range)
        }
        return syntax("unexpected `\(word)`; expected \(expected)", t.range)
    }

    private func syntax(_ message: String, _ range: Range<Int>) -> ExpressionError {
        ExpressionError(kind: .syntax, message: message, range: range)
    }
}
