/// A font file's bytes with a content hash, compared by content: the key that shares a loaded
/// face between every file (and every revision of a file) that declares the same font file.
public struct FontBytes: Sendable, Hashable {
    public let bytes: [UInt8]
    public let hash: UInt64

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // FNV-1a: a cheap, stable hash (the bytes are compared on a match anyway).
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        hash = h
    }

    public static func == (a: FontBytes, b: FontBytes) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
