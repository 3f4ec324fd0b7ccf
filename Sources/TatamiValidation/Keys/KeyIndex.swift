import TatamiModel
import TatamiBase
import TatamiYAML

// Fast key lookups for the validator, all derived once from the schema table (`Schema`):
// the table stays the one place that lists keys; these structures only index it.

/// The position of a name in a fixed list of names, found without `Hasher`: an open-addressed
/// table keyed by a hash of a few UTF-8 bytes, each hit confirmed with `==`.
///
/// A key missing from the table is compared with every name when it (or a name) has non-ASCII
/// bytes, so a key canonically equivalent to a name but spelt with other bytes is still found,
/// as `==`, `Set` and `Dictionary` would find it.
struct NameIndex: Sendable {
    /// The names in the order given; a name's index is its first position here.
    let names: [String]
    private let buckets: [Int32]
    private let mask: Int
    /// Whether some name has non-ASCII bytes.
    private let hasNonASCIINames: Bool
    /// Each name's UTF-8 bytes, compared with keys read in place.
    private let nameBytes: [[UInt8]]

    init(_ names: [String]) {
        self.names = names
        nameBytes = names.map { Array($0.utf8) }
        var size = 16
        while size < names.count * 4 { size *= 2 }
        var buckets = [Int32](repeating: -1, count: size)
        for (i, name) in names.enumerated() where names.firstIndex(of: name) == i {
            guard let h = Self.hash(name) else { continue }
            var b = h & (size - 1)
            while buckets[b] >= 0 { b = (b + 1) & (size - 1) }
            buckets[b] = Int32(i)
        }
        self.buckets = buckets
        self.mask = size - 1
        self.hasNonASCIINames = !names.allSatisfy(Self.isASCII)
    }

    /// A hash of the length and four of the UTF-8 bytes (the names are short); nil for an
    /// empty string or one without contiguous UTF-8.
    @inline(__always)
    private static func hash(_ s: String) -> Int? {
        s.utf8.withContiguousStorageIfAvailable { hash(bytes: $0) } ?? nil
    }

    @inline(__always)
    private static func hash(bytes b: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = b.count
        guard n > 0 else { return nil }
        var x = UInt32(truncatingIfNeeded: n) &* 0x9E37
        x ^= UInt32(b[0]) ^ UInt32(b[n > 1 ? 1 : 0]) << 6 ^ UInt32(b[n >> 1]) << 13 ^ UInt32(b[n - 1]) << 20
        return Int(truncatingIfNeeded: (x &* 0x9E37_79B1) >> 15)
    }

    private static func isASCII(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `index(of:)` for a key's UTF-8 bytes, without making a string of them.
    func index(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        if let h = Self.hash(bytes: key) {
            var b = h & mask
            while true {
                let i = buckets[b]
                if i < 0 { break }
                if nameBytes[Int(i)].withUnsafeBufferPointer({ $0.hasSameBytes(as: key) }) { return Int(i) }
                b = (b + 1) & mask
            }
            if !hasNonASCIINames && !key.contains(where: { $0 >= 0x80 }) { return nil }
        }
        return index(of: String(decoding: key, as: UTF8.self))
    }

    /// The first position of `key` in `names`, nil when it is not there.
    func index(of key: String) -> Int? {
        if let h = Self.hash(key) {
            var b = h & mask
            while true {
                let i = buckets[b]
                if i < 0 { break }
                if names[Int(i)] == key { return Int(i) }
                b = (b + 1) & mask
            }
            if !hasNonASCIINames && Self.isASCII(key) { return nil }
        }
        return names.firstIndex(of: key)
    }
}

/// A set of a key table's indexes: one bit per key, as wide as the table. Tables of up to 64
/// keys (every table the schema has today) keep their bits in one word and never allocate;
/// wider ones keep the bits past 64 in an array.
struct KeySet: Equatable, Sendable {
    private var low: UInt64 = 0
    /// Bits 64 and up, a word per 64 keys; trailing zero words are kept out, so equal sets
    /// compare equal.
    private var high: [UInt64] = []

    init() {}

    init(_ ids: some Sequence<Int>) {
        for id in ids { insert(id) }
    }

    @inline(__always)
    func contains(_ id: Int) -> Bool {
        if id < 64 { return low & (1 &<< UInt64(id)) != 0 }
        let w = (id &>> 6) &- 1
        return w < high.count && high[w] & (1 &<< UInt64(id & 63)) != 0
    }

    /// Adds `id`; false when it was there already.
    @inline(__always)
    @discardableResult
    mutating func insert(_ id: Int) -> Bool {
        if id < 64 {
            let bit: UInt64 = 1 &<< UInt64(id)
            if low & bit != 0 { return false }
            low |= bit
            return true
        }
        let w = (id &>> 6) &- 1
        if w >= high.count { high += [UInt64](repeating: 0, count: w - high.count + 1) }
        let bit: UInt64 = 1 &<< UInt64(id & 63)
        if high[w] & bit != 0 { return false }
        high[w] |= bit
        return true
    }

    var isEmpty: Bool { low == 0 && high.isEmpty }

    var count: Int { high.reduce(low.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }

    /// The lowest index in the set.
    var first: Int? {
        if low != 0 { return low.trailingZeroBitCount }
        for (w, word) in high.enumerated() where word != 0 { return (w + 1) * 64 + word.trailingZeroBitCount }
        return nil
    }

    func union(_ other: KeySet) -> KeySet {
        var r = KeySet()
        r.low = low | other.low
        if !high.isEmpty || !other.high.isEmpty {
            r.high = (0..<max(high.count, other.high.count)).map { w in
                (w < high.count ? high[w] : 0) | (w < other.high.count ? other.high[w] : 0)
            }
        }
        return r
    }

    func intersection(_ other: KeySet) -> KeySet {
        var r = KeySet()
        r.low = low & other.low
        if !high.isEmpty && !other.high.isEmpty {
            r.high = (0..<min(high.count, other.high.count)).map { high[$0] & other.high[$0] }
            r.trim()
        }
        return r
    }

    func subtracting(_ other: KeySet) -> KeySet {
        var r = self
        r.low &= ~other.low
        if !r.high.isEmpty {
            for w in 0..<min(r.high.count, other.high.count) { r.high[w] &= ~other.high[w] }
            r.trim()
        }
        return r
    }

    func isDisjoint(with other: KeySet) -> Bool {
        if low & other.low != 0 { return false }
        for w in 0..<min(high.count, other.high.count) where high[w] & other.high[w] != 0 { return false }
        return true
    }

    /// Whether every index in the set is in `a`, `b` or `c` (`subtracting` each of them leaves
    /// nothing), found without making a set.
    func isCovered(by a: KeySet, _ b: KeySet, _ c: KeySet) -> Bool {
        if low & ~(a.low | b.low | c.low) != 0 { return false }
        for w in high.indices {
            let covering = (w < a.high.count ? a.high[w] : 0) | (w < b.high.count ? b.high[w] : 0)
                | (w < c.high.count ? c.high[w] : 0)
            if high[w] & ~covering != 0 { return false }
        }
        return true
    }

    private mutating func trim() {
        while high.last == 0 { high.removeLast() }
    }
}

/// A mapping's pairs, with the later duplicates of a key left out as `uniquePairs` does, and
/// each key found in a `NameIndex` (of any size).
struct KeyedPairs {
    let pairs: YAMLPairs
    /// The name index's position of each of the first 16 pairs' keys, a byte each (pairs 0–7
    /// in `firstIDs.0`, 8–15 in `firstIDs.1`, lowest byte first); `unknownKey` for keys not in
    /// the index, `storedLater` for indexes too large for a byte (kept in `later`).
    ///
    /// Two words searched a byte at a time with SWAR rather than a typed array of 16 bytes,
    /// measured (callgrind, `tatami lint` of nested-5, and CPU): `SIMD16<UInt8>` scanned lane
    /// by lane took as many instructions and was no faster (about 0.5% slower in CPU over two
    /// sittings); `InlineArray<16, UInt8>` took 7 M fewer instructions of 4,250 M in the same
    /// time, but needs macOS 26, which the package does not require.
    private var firstIDs: (UInt64, UInt64) = (~0, ~0)
    /// For each index of the name index: the position of its pair in `pairs`, for the pairs
    /// after the first 16 and for indexes past a byte (large mappings and tables only).
    private var later: [Int32] = []
    /// How many names the index holds (the size `later` takes).
    private let tableSize: Int
    /// The name indexes found among the keys.
    private(set) var present = KeySet()
    /// How many keys the name index does not hold.
    private(set) var unknownCount = 0

    private static let unknownKey: UInt64 = 0xFF
    private static let storedLater: UInt64 = 0xFE
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    init(pairs: YAMLPairs, tableSize: Int) {
        self.pairs = pairs
        self.tableSize = tableSize
    }

    /// The position of the lowest byte of `word` equal to `byte`, if any.
    @inline(__always)
    private static func position(of byte: UInt64, in word: UInt64) -> Int? {
        let x = word ^ (byte &* ones)
        // The lowest zero byte of `x` sets its top bit here (higher ones may be false hits).
        let zeros = (x &- ones) & ~x & (ones &<< 7)
        return zeros == 0 ? nil : zeros.trailingZeroBitCount &>> 3
    }

    subscript(id: Int) -> YAMLPair? {
        pairIndex(of: id).map { pairs[$0] }
    }

    /// The position in `pairs` of the pair whose key has index `id`; nil when none has it.
    /// Reading by position makes no node handles until a pair is asked for.
    @inline(__always)
    func pairIndex(of id: Int) -> Int? {
        guard present.contains(id) else { return nil }
        if UInt64(id) < Self.storedLater {
            let byte = UInt64(truncatingIfNeeded: id)
            if let i = Self.position(of: byte, in: firstIDs.0) { return i }
            if let i = Self.position(of: byte, in: firstIDs.1) { return 8 &+ i }
        }
        return Int(later[id])
    }

    /// Records that pair `i` has the key of index `id`; false when one already has it.
    @inline(__always)
    mutating func record(_ i: Int, id: Int?) -> Bool {
        guard let id else {
            unknownCount += 1
            return true
        }
        if !present.insert(id) { return false }
        let small = UInt64(id) < Self.storedLater
        if i < 16 {
            let shift = UInt64((i & 7) &* 8)
            let cleared = ~(Self.unknownKey &<< shift)
            let value = (small ? UInt64(truncatingIfNeeded: id) : Self.storedLater) &<< shift
            if i < 8 {
                firstIDs.0 = firstIDs.0 & cleared | value
            } else {
                firstIDs.1 = firstIDs.1 & cleared | value
            }
            if small { return true }
        }
        if later.isEmpty { later = [Int32](repeating: -1, count: max(tableSize, id + 1)) }
        later[id] = Int32(truncatingIfNeeded: i)
        return true
    }

    /// The name index's position of pair `i`'s key, nil when the index does not hold it.
    func id(ofPairAt i: Int) -> Int? {
        if i < 16 {
            let word = i < 8 ? firstIDs.0 : firstIDs.1
            let id = (word &>> UInt64((i & 7) &* 8)) & 0xFF
            if id == Self.unknownKey { return nil }
            if id != Self.storedLater { return Int(id) }
        }
        return later.firstIndex(of: Int32(truncatingIfNeeded: i))
    }
}

extension ValueChecking {
    /// `uniquePairs(raw)` with each key looked up in `index`. Mappings with nothing to leave out
    /// or report are read without copying them.
    func keyedPairs(_ raw: YAMLPairs, _ index: NameIndex) -> KeyedPairs {
        if source.cutNodes.isEmpty {
            var keyed = KeyedPairs(pairs: raw, tableSize: index.names.count)
            var plain = true
            for i in raw.indices {
                guard let id = raw.withKeyBytes(at: i, { index.index(ofBytes: $0) }) else { plain = false; break }
                // A duplicate known key, or two unknown keys that may be duplicates.
                if !keyed.record(i, id: id) || keyed.unknownCount > 1 { plain = false; break }
            }
            if plain { return keyed }
        }
        let pairs = uniquePairs(raw)
        var keyed = KeyedPairs(pairs: pairs, tableSize: index.names.count)
        for i in pairs.indices {
            _ = keyed.record(i, id: pairs[i].key.keyText.flatMap(index.index(of:)))
        }
        return keyed
    }
}

/// The keys of one kind of mapping (`frame`, `padding`, a viewport, …) from the schema, indexed.
final class ObjectKeys: Sendable {
    let specs: [KeySpec]
    /// The key names in schema order, for suggestions.
    let names: [String]
    let index: NameIndex
    /// The index of each required key, in schema order.
    let required: [Int]
    /// Each key's number bounds and words (`KeySpec.numberBounds`, `enumerationValues`).
    let bounds: [NumberBounds?]
    let words: [[String]?]

    init(_ specs: [KeySpec]) {
        self.specs = specs
        names = specs.map(\.name)
        index = NameIndex(names)
        var required: [Int] = []
        for spec in specs where spec.required {
            if let id = index.index(of: spec.name) { required.append(id) }
        }
        self.required = required
        bounds = specs.map(\.numberBounds)
        words = specs.map(\.enumerationValues)
    }

    /// The index of a key this object has (a programming error otherwise).
    func id(_ name: String) -> Int {
        guard let id = index.index(of: name) else { preconditionFailure("no key `\(name)` in \(names)") }
        return id
    }

    /// The set of the keys named.
    func mask(_ names: [String]) -> KeySet {
        KeySet(names.map(id))
    }

    static let viewport = ObjectKeys(Schema.viewportKeys)
    static let safeArea = ObjectKeys(Schema.viewportKeys.first { $0.name == "safeArea" }?.shape.objectKeys ?? [])
    static let font = ObjectKeys(Schema.fontKeys)
    static let fontFallback = ObjectKeys(Schema.fontFallbackKeys)
    static let format = ObjectKeys(Schema.formatKeys)
    static let alignmentDeclaration = ObjectKeys(Schema.alignmentDeclarationKeys)
    static let size = ObjectKeys(Schema.sizeKeys)
    static let gridColumns = ObjectKeys(Schema.gridColumnsKeys)
    static let fixedSize = ObjectKeys(Schema.fixedSizeKeys)
    static let aspectRatio = ObjectKeys(Schema.aspectRatioKeys)
    static let frame = ObjectKeys(Schema.frameKeys)
    static let padding = ObjectKeys(Schema.paddingKeys)
    static let placement = ObjectKeys(Schema.placementKeys)
    static let insets = ObjectKeys(Schema.placementRuleKeys.first { $0.name == "insets" }?.shape.objectKeys ?? [])
    static let anchor = ObjectKeys(Schema.anchorKeys)
    static let component = ObjectKeys(Schema.componentKeys)
    static let componentParam = ObjectKeys(Schema.componentParamKeys)
}

/// The known pairs of a mapping read with `ValueChecking.object`, by key name.
struct ObjectFields {
    let keys: ObjectKeys
    let mapping: KeyedPairs

    subscript(name: String) -> YAMLPair? {
        keys.index.index(of: name).flatMap { mapping[$0] }
    }

    func spec(_ name: String) -> KeySpec {
        keys.index.index(of: name).map { keys.specs[$0] } ?? KeySpec(name, .string, doc: "")
    }

    /// Known pairs in source order.
    var order: [YAMLPair] {
        var result: [YAMLPair] = []
        for i in mapping.pairs.indices where mapping.id(ofPairAt: i) != nil {
            result.append(mapping.pairs[i])
        }
        return result
    }
}
