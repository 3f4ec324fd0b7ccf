extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether both hold the same bytes: YAML keys and scalars compare by content, not by
    /// canonical Unicode equivalence, and a plain loop costs less than generic sequence equality.
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        var i = 0
        while i < count {
            if self[i] != other[i] { return false }
            i += 1
        }
        return true
    }
}
