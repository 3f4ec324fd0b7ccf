/// One token of an expression's text as an editor colours it (docs/format.md §10).
public struct ExpressionLexeme: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case number
        /// A name that is not called: `width`, `landscape`, a guide name.
        case name
        /// A name followed by `(`: `min`, `clamp`, …
        case function
        /// `+ - * / ! < <= > >= == != && ||`
        case `operator`
        /// `(`, `)` and `,`.
        case punctuation
        /// Characters that are not a token; nothing after them is read.
        case invalid
    }

    public let kind: Kind
    /// UTF-8 byte offsets into the expression text.
    public let range: Range<Int>

    public init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

extension ExpressionParser {
    /// The tokens of `text`, read by the same lexer as `parse`, in order; empty when the text is
    /// longer than `maximumLength`. After an invalid token nothing more is read.
    public static func lexemes(_ text: String) -> [ExpressionLexeme] {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else { return [] }
        let tokens = ExpressionLexer.tokenize(bytes).tokens
        var result: [ExpressionLexeme] = []
        result.reserveCapacity(tokens.count)
        for (i, t) in tokens.enumerated() {
            let kind: ExpressionLexeme.Kind
            switch t.kind {
            case .end: continue
            case .number: kind = .number
            case .name: kind = i + 1 < tokens.count && tokens[i + 1].kind == .leftParen ? .function : .name
            case .leftParen, .rightParen, .comma: kind = .punctuation
            case .invalid: kind = .invalid
            case .plus, .minus, .star, .slash, .bang, .less, .lessEqual, .greater, .greaterEqual, .equalEqual,
                 .bangEqual, .andAnd, .orOr:
                kind = .operator
            }
            result.append(ExpressionLexeme(kind: kind, range: t.range))
        }
        return result
    }
}
