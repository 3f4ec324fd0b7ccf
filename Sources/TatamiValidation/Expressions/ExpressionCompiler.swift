import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// An expression that does not follow the grammar of docs/format.md §10.
    public static let invalidExpression = DiagnosticCode("invalid-expression", .error)
    /// An expression uses a name that is not available where it is written.
    public static let unknownName = DiagnosticCode("unknown-name", .error)
}

/// Turns the YAML value of an expression key into an `Expression`, reporting problems at the
/// exact characters inside the scalar.
enum ExpressionCompiler {
    /// - Parameters:
    ///   - node: the value: a YAML number (a constant), `true`/`false` (a constant condition),
    ///     or a string in the expression language.
    ///   - names: the names available here and their types.
    ///   - expected: what the expression must produce.
    ///   - what: the key, for messages ("`when`").
    ///   - key: the key the value belongs to; problems with an omitted value are reported there.
    static func compile(
        _ node: YAMLNode, names: [String: ExpressionType], expected: ExpressionType, what: String,
        key: YAMLNode? = nil, diagnostics: inout [Diagnostic]
    ) -> Expression? {
        let expectation = expected == .boolean ? "a condition" : "a number or an expression"
        let at = node.range.isEmpty ? (key?.range ?? node.range) : node.range
        guard let scalar = node.scalar else {
            diagnostics.append(Diagnostic(.wrongType, "expected \(expectation) for \(what), found \(node.kindDescription)", at: at))
            return nil
        }
        switch scalar.resolved {
        case .int, .float:
            guard expected == .number else { break }
            let v: Double
            if case .int(let i) = scalar.resolved { v = Double(i) } else if case .float(let d) = scalar.resolved { v = d } else { v = 0 }
            guard NumberBounds.signedLength.contains(v) else {
                diagnostics.append(Diagnostic(
                    .invalidValue, "\(what) must be \(NumberBounds.signedLength.description); found \(scalar.text)", at: at))
                return nil
            }
            return .constant(v, range: node.range)
        case .bool(let b):
            guard expected == .boolean else { break }
            let text = scalar.text
            return Expression(text: text, root: .number(b ? 1 : 0, range: 0..<text.utf8.count), type: .boolean,
                              range: node.range, offsetMap: .none)
        case .string(let text):
            return compile(text: text, scalar: scalar, names: names, expected: expected, diagnostics: &diagnostics)
        case .null:
            break
        }
        diagnostics.append(Diagnostic(.wrongType, "expected \(expectation) for \(what), found \(node.kindDescription)", at: at))
        return nil
    }

    private static func compile(
        text: String, scalar: YAMLScalar, names: [String: ExpressionType], expected: ExpressionType,
        diagnostics: inout [Diagnostic]
    ) -> Expression? {
        let root: ExpressionNode
        switch ExpressionParser.parse(text) {
        case .failure(let error):
            diagnostics.append(diagnostic(for: error, text: text, scalar: scalar, names: names))
            return nil
        case .success(let node):
            root = node
        }
        let errors = ExpressionChecker.check(root, names: names, expected: expected)
        guard errors.isEmpty else {
            for e in errors { diagnostics.append(diagnostic(for: e, text: text, scalar: scalar, names: names)) }
            return nil
        }
        let constantZeros = root.constantDivisionsByZero()
        if let first = constantZeros.first {
            diagnostics.append(Diagnostic(.divisionByZero, "division by zero in `\(text)`; the result is 0",
                                          at: scalar.sourceRange(ofValueBytes: first)))
        }
        return Expression(text: text, root: root, type: expected, range: scalar.valueRange, offsetMap: scalar.offsetMap,
                          constantDivisionsByZero: constantZeros)
    }

    /// An expression error as a diagnostic at its characters in the file.
    private static func diagnostic(
        for error: ExpressionError, text: String, scalar: YAMLScalar, names: [String: ExpressionType]
    ) -> Diagnostic {
        let range = scalar.sourceRange(ofValueBytes: error.range)
        switch error.kind {
        case .syntax:
            return Diagnostic(.invalidExpression, error.message, at: range)
        case .typeMismatch:
            return Diagnostic(.wrongType, error.message, at: range)
        case .tooComplex:
            return Diagnostic(.tooComplex, error.message, at: range)
        case .unknownName:
            let message = error.message
            var fixes: [FixIt] = []
            let bytes = Array(text.utf8)
            let lo = max(0, min(error.range.lowerBound, bytes.count))
            let hi = max(lo, min(error.range.upperBound, bytes.count))
            let name = String(decoding: bytes[lo..<hi], as: UTF8.self)
            // The checker's message names the close names (or lists them all); each close
            // name is offered as a fix, in the file's own characters.
            if message.contains("did you mean"), !scalar.offsetMap.isEmpty {
                fixes = Suggestions.closestAll(to: name, in: names.keys.sorted()).map { FixIt(title: "replace with `\($0)`", range: range, replacement: $0) }
            }
            return Diagnostic(.unknownName, message, at: range, fixes: fixes)
        }
    }
}
