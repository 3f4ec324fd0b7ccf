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
    /// The names' representations (`rawBits`), in an open-addressed table: a key with the same
    /// bits is the same string, found without reading its bytes. Short strings are stored
    /// inline and so have the same bits whenever they have the same UTF-8 bytes.
    private let rawTable: [RawEntry]
    private let rawMask: Int
    /// The strings whose bits `rawTable` holds, kept alive: a longer string's bits point to its
    /// storage, which must not be freed and reused by another string.
    private let rawNames: [String]

    private struct RawEntry {
        var bits: (UInt64, UInt64) = (0, 0)
        var index: Int32 = -1
    }

    init(_ names: [String]) {
        self.names = names
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

        var rawTable = [RawEntry](repeating: RawEntry(), count: Self.hasRawBits ? size : 1)
        var rawNames: [String] = []
        if Self.hasRawBits {
            for (i, name) in names.enumerated() where names.firstIndex(of: name) == i {
                // The same construction as the YAML stage's, so that short names are inline.
                let copy = String(decoding: Array(name.utf8), as: UTF8.self)
                rawNames.append(copy)
                let bits = Self.rawBits(copy)
                var b = Self.rawHash(bits) & (size - 1)
                while rawTable[b].index >= 0 { b = (b + 1) & (size - 1) }
                rawTable[b] = RawEntry(bits: bits, index: Int32(i))
            }
        }
        self.rawTable = rawTable
        self.rawMask = rawTable.count - 1
        self.rawNames = rawNames
    }

    private static let hasRawBits = MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size

    /// A string's representation: for a short string its bytes and length, for a longer one its
    /// length and storage. Equal bits mean equal strings (not the other way round) while both
    /// strings are alive.
    @inline(__always)
    private static func rawBits(_ s: String) -> (UInt64, UInt64) {
        unsafeBitCast(s, to: (UInt64, UInt64).self)
    }

    @inline(__always)
    private static func rawHash(_ bits: (UInt64, UInt64)) -> Int {
        let x = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: x &>> 40)
    }

    /// A hash of the length and four of the UTF-8 bytes (the names are short); nil for an
    /// empty string or one without contiguous UTF-8.
    @inline(__always)
    private static func hash(_ s: String) -> Int? {
        s.utf8.withContiguousStorageIfAvailable { b -> Int? in
            let n = b.count
            guard n > 0 else { return nil }
            var x = UInt32(truncatingIfNeeded: n) &* 0x9E37
            x ^= UInt32(b[0]) ^ UInt32(b[n > 1 ? 1 : 0]) << 6 ^ UInt32(b[n >> 1]) << 13 ^ UInt32(b[n - 1]) << 20
            return Int(truncatingIfNeeded: (x &* 0x9E37_79B1) >> 15)
        } ?? nil
    }

    private static func isASCII(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The first position of `key` in `names`, nil when it is not there.
    func index(of key: String) -> Int? {
        if Self.hasRawBits {
            let bits = Self.rawBits(key)
            var b = Self.rawHash(bits) & rawMask
            while true {
                let e = rawTable[b]
                if e.index < 0 { break }
                if e.bits == bits { return Int(e.index) }
                b = (b + 1) & rawMask
            }
        }
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

/// A mapping's pairs, with the later duplicates of a key left out as `uniquePairs` does, and
/// each key found in a `NameIndex` of at most 64 names.
struct KeyedPairs {
    let pairs: [YAMLPair]
    /// The name index's position of each of the first 16 pairs' keys, a byte each (pairs 0–7
    /// in `firstIDs.0`, 8–15 in `firstIDs.1`, lowest byte first); `unknownKey` for keys not in
    /// the index.
    private var firstIDs: (UInt64, UInt64) = (~0, ~0)
    /// For each index of the name index: the position of its pair in `pairs`, for the pairs
    /// after the first 16 (large mappings only).
    private var later: [Int32] = []
    /// One bit per name index found among the keys.
    private(set) var present: UInt64 = 0
    /// How many keys the name index does not hold.
    private(set) var unknownCount = 0

    private static let unknownKey: UInt64 = 0xFF
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    init(pairs: [YAMLPair]) {
        self.pairs = pairs
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
        guard present & (1 &<< UInt64(id)) != 0 else { return nil }
        let byte = UInt64(truncatingIfNeeded: id)
        if let i = Self.position(of: byte, in: firstIDs.0) { return pairs[i] }
        if let i = Self.position(of: byte, in: firstIDs.1) { return pairs[8 &+ i] }
        return pairs[Int(later[id])]
    }

    /// Records that pair `i` has the key of index `id`; false when one already has it.
    @inline(__always)
    mutating func record(_ i: Int, id: Int?) -> Bool {
        guard let id else {
            unknownCount += 1
            return true
        }
        let bit: UInt64 = 1 &<< UInt64(id)
        if present & bit != 0 { return false }
        present |= bit
        if i < 16 {
            let shift = UInt64((i & 7) &* 8)
            let cleared = ~(Self.unknownKey &<< shift), value = UInt64(truncatingIfNeeded: id) &<< shift
            if i < 8 {
                firstIDs.0 = firstIDs.0 & cleared | value
            } else {
                firstIDs.1 = firstIDs.1 & cleared | value
            }
        } else {
            if later.isEmpty { later = [Int32](repeating: -1, count: 64) }
            later[id] = Int32(truncatingIfNeeded: i)
        }
        return true
    }

    /// The name index's position of pair `i`'s key, nil when the index does not hold it.
    func id(ofPairAt i: Int) -> Int? {
        if i < 16 {
            let word = i < 8 ? firstIDs.0 : firstIDs.1
            let id = (word &>> UInt64((i & 7) &* 8)) & 0xFF
            return id == Self.unknownKey ? nil : Int(id)
        }
        return later.firstIndex(of: Int32(truncatingIfNeeded: i))
    }
}

extension ValidationPass {
    /// `uniquePairs(raw)` with each key looked up in `index` (at most 64 names). Mappings with
    /// nothing to leave out or report are read without copying them.
    func keyedPairs(_ raw: [YAMLPair], _ index: NameIndex) -> KeyedPairs {
        if cutNodes.isEmpty {
            var keyed = KeyedPairs(pairs: raw)
            var plain = true
            for i in raw.indices {
                guard let k = raw[i].key.keyText else { plain = false; break }
                // A duplicate known key, or two unknown keys that may be duplicates.
                if !keyed.record(i, id: index.index(of: k)) || keyed.unknownCount > 1 { plain = false; break }
            }
            if plain { return keyed }
        }
        let pairs = uniquePairs(raw)
        var keyed = KeyedPairs(pairs: pairs)
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
        precondition(specs.count <= 64, "an object of the schema has more than 64 keys")
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

    /// A bitmask of the keys named.
    func mask(_ names: [String]) -> UInt64 {
        names.reduce(0) { $0 | 1 &<< UInt64(id($1)) }
    }

    static let viewport = ObjectKeys(Schema.viewportKeys)
    static let safeArea = ObjectKeys(Schema.viewportKeys.first { $0.name == "safeArea" }?.shape.objectKeys ?? [])
    static let font = ObjectKeys(Schema.fontKeys)
    static let alignmentDeclaration = ObjectKeys(Schema.alignmentDeclarationKeys)
    static let size = ObjectKeys(Schema.sizeKeys)
    static let gridColumns = ObjectKeys(Schema.gridColumnsKeys)
    static let fixedSize = ObjectKeys(Schema.fixedSizeKeys)
    static let aspectRatio = ObjectKeys(Schema.aspectRatioKeys)
    static let frame = ObjectKeys(Schema.frameKeys)
    static let padding = ObjectKeys(Schema.paddingKeys)
    static let border = ObjectKeys(Schema.borderKeys)
    static let offset = ObjectKeys(Schema.offsetKeys)
    static let placement = ObjectKeys(Schema.placementKeys)
    static let insets = ObjectKeys(Schema.placementRuleKeys.first { $0.name == "insets" }?.shape.objectKeys ?? [])
    static let anchor = ObjectKeys(Schema.anchorKeys)
    static let component = ObjectKeys(Schema.componentKeys)
    static let componentParam = ObjectKeys(Schema.componentParamKeys)
}

/// The known pairs of a mapping read with `ValidationPass.object`, by key name.
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
