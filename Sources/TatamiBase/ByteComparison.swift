#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether both hold the same bytes: YAML keys and scalars compare by content, not by
    /// canonical Unicode equivalence, and `memcmp` costs less than generic sequence equality.
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard count > 0, let a = baseAddress, let b = other.baseAddress else { return true }
        return memcmp(a, b, count) == 0
    }
}

extension Array where Element == UInt8 {
    /// Whether `self[range]` and `other[otherRange]` hold the same bytes.
    public func hasSameBytes(in range: Range<Int>, as other: [UInt8], in otherRange: Range<Int>) -> Bool {
        guard range.count == otherRange.count else { return false }
        return withUnsafeBufferPointer { a in
            other.withUnsafeBufferPointer { b in
                UnsafeBufferPointer(rebasing: a[range]).hasSameBytes(as: UnsafeBufferPointer(rebasing: b[otherRange]))
            }
        }
    }
}
