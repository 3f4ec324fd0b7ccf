extension ExpressionNode {
    /// The node's range: UTF-8 byte offsets into the expression text, covering everything the
    /// node was parsed from (see `ExpressionParser`).
    public var range: Range<Int> {
        switch self {
        case .number(_, let range), .name(_, let range), .unary(_, _, let range),
             .binary(_, _, _, let range), .call(_, _, let range):
            range
        }
    }
}
