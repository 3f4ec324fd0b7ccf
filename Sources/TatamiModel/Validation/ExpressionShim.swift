// TEMPORARY: stands in for the expression parser and checker being written in branch `expr`,
// with the same signatures, so that the validator compiles. Delete this file when merging.
// It understands one token (a name or a number) and nothing else.

/// An error found in an expression; `range` is UTF-8 offsets in the expression text.
public struct ExpressionError: Error, Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case syntax, unknownName, typeMismatch, tooComplex }
    public var kind: Kind
    public var message: String
    public var range: Range<Int>

    public init(kind: Kind, message: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}

public enum ExpressionParser {
    public static func parse(_ text: String) -> Result<ExpressionNode, ExpressionError> {
        let bytes = Array(text.utf8)
        var lo = 0, hi = bytes.count
        while lo < hi && bytes[lo] == 0x20 { lo += 1 }
        while hi > lo && bytes[hi - 1] == 0x20 { hi -= 1 }
        let token = String(decoding: bytes[lo..<hi], as: UTF8.self)
        let isName = !token.isEmpty && token.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
        if isName { return .success(.name(token, range: lo..<hi)) }
        if let v = Double(token), v.isFinite, token.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }) {
            return .success(.number(v, range: lo..<hi))
        }
        return .failure(ExpressionError(kind: .syntax, message: "cannot read expression `\(text)`", range: 0..<bytes.count))
    }
}

public enum ExpressionChecker {
    public static func check(_ node: ExpressionNode, names: [String: ExpressionType], expected: ExpressionType) -> [ExpressionError] {
        switch node {
        case .name(let n, let range):
            guard let type = names[n] else {
                return [ExpressionError(kind: .unknownName, message: "unknown name `\(n)`", range: range)]
            }
            return type == expected ? [] : [ExpressionError(kind: .typeMismatch, message: "expected a \(expected.rawValue), found a \(type.rawValue)", range: range)]
        case .number(_, let range):
            return expected == .number ? [] : [ExpressionError(kind: .typeMismatch, message: "expected a boolean, found a number", range: range)]
        default:
            return []
        }
    }
}
