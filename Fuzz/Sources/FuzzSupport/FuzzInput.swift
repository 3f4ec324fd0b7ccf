/// Reads structured choices out of a fuzzer's bytes, front to back. Once the bytes run out every
/// read returns its smallest choice (0, false, the first option), so whatever reads them always
/// ends: generators must bound their recursion by depth and budget, not by the input.
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isExhausted: Bool { position >= bytes.count }
    public var remaining: Int { max(0, bytes.count - position) }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// Two bytes, little-endian.
    public mutating func uint16() -> Int {
        Int(byte()) | Int(byte()) << 8
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// True about once in `n` reads (for rare choices); false once the bytes run out.
    public mutating func oneIn(_ n: Int) -> Bool {
        let m = max(1, n)
        return Int(byte()) % m == m - 1
    }

    /// An integer in `range`, from one byte (two when the range is wider than 256).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = range.upperBound - range.lowerBound + 1
        guard width > 1 else { return range.lowerBound }
        let raw = width > 256 ? uint16() : Int(byte())
        return range.lowerBound + raw % width
    }

    public mutating func pick<T>(_ options: [T]) -> T {
        options[int(0...(options.count - 1))]
    }

    /// Up to `limit` bytes, the count read first.
    public mutating func chunk(upTo limit: Int) -> [UInt8] {
        let n = min(int(0...max(0, limit)), remaining)
        defer { position += n }
        return Array(bytes[position..<(position + n)])
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        guard position < bytes.count else { return [] }
        defer { position = bytes.count }
        return Array(bytes[position...])
    }
}

/// Stops the fuzzer with a message libFuzzer shows next to the crash input.
public func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
