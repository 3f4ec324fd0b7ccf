import TatamiBase
import TatamiYAML

/// The key texts one formatting meets, each given a number the first time its bytes are seen:
/// a file repeats a few dozen keys over and over, so a key is looked up by its bytes where the
/// YAML store keeps them (a hash of them, then a comparison), and its text as a `String` and
/// whether it names a view's kind are worked out once per text instead of once per pair.
struct FormatKeys {
    /// A key text's number.
    typealias ID = Int32

    /// Per number: the text (the empty text for a key that is not a scalar, as `keyText ?? ""`
    /// reads it), its UTF-8 bytes, and whether it names a kind (`FormatOrder.isKindKey`).
    private(set) var texts: [String] = []
    private var bytes: [[UInt8]] = []
    private var kinds: [Bool] = []
    /// Numbers by the hash of their bytes (FNV-1a; several when hashes collide).
    private var byHash: [UInt64: [ID]] = [:]

    func text(_ id: ID) -> String { texts[Int(id)] }

    func isKindKey(_ id: ID) -> Bool { kinds[Int(id)] }

    /// The number of `key`'s text.
    mutating func id(of key: YAMLNode) -> ID {
        key.withScalarBytes { id(ofBytes: $0) } ?? id(ofBytes: UnsafeBufferPointer(start: nil, count: 0))
    }

    private mutating func id(ofBytes b: UnsafeBufferPointer<UInt8>) -> ID {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in b { h = (h ^ UInt64(c)) &* 0x100_0000_01b3 }
        if let candidates = byHash[h] {
            for id in candidates where bytes[Int(id)].withUnsafeBufferPointer({ $0.hasSameBytes(as: b) }) { return id }
        }
        let id = ID(texts.count)
        let text = String(decoding: b, as: UTF8.self)
        texts.append(text)
        bytes.append(Array(b))
        kinds.append(FormatOrder.isKindKey(text))
        byHash[h, default: []].append(id)
        return id
    }
}
