@testable import TatamiValidation
import TatamiYAML
import XCTest

/// The key indexes have no ceiling on a table's size: a table of hundreds of keys (past one
/// 64-bit word, and past the byte the first sixteen pairs' indexes are kept in) finds every key.
final class KeyTableWidthTests: XCTestCase {
    func testKeySetHoldsIndexesPastOneWord() {
        var set = KeySet()
        XCTAssertTrue(set.isEmpty)
        for id in [0, 63, 64, 127, 128, 300] { XCTAssertTrue(set.insert(id)) }
        XCTAssertFalse(set.insert(64), "a second insert reports the index as present")
        XCTAssertEqual(set.count, 6)
        XCTAssertEqual(set.first, 0)
        for id in [0, 63, 64, 127, 128, 300] { XCTAssertTrue(set.contains(id), "\(id)") }
        for id in [1, 62, 65, 129, 299, 301, 5_000] { XCTAssertFalse(set.contains(id), "\(id)") }

        let high = KeySet([64, 300])
        XCTAssertEqual(set.intersection(high), high)
        XCTAssertEqual(set.subtracting(high), KeySet([0, 63, 127, 128]))
        XCTAssertEqual(set.subtracting(set), KeySet(), "trailing zero words are dropped, so an empty set equals KeySet()")
        XCTAssertTrue(set.subtracting(set).isEmpty)
        XCTAssertEqual(KeySet([300]).first, 300)
        XCTAssertEqual(KeySet([1]).union(KeySet([200])), KeySet([200, 1]))
        XCTAssertTrue(KeySet([1, 70]).isDisjoint(with: KeySet([2, 71])))
        XCTAssertFalse(KeySet([1, 70]).isDisjoint(with: KeySet([70])))
        XCTAssertTrue(KeySet([1, 300]).isDisjoint(with: KeySet([70])), "words one set lacks are disjoint")

        // `isCovered(by:_:_:)` is `subtracting` the three leaving nothing, in every word.
        let parts = [KeySet([0, 64]), KeySet([63, 300]), KeySet([127, 128])]
        for probe in [set, KeySet([0, 300]), KeySet([1]), KeySet([65]), KeySet([301]), KeySet()] {
            XCTAssertEqual(probe.isCovered(by: parts[0], parts[1], parts[2]),
                           probe.subtracting(parts[0]).subtracting(parts[1]).subtracting(parts[2]).isEmpty, "\(probe)")
        }
        XCTAssertTrue(set.isCovered(by: parts[0], parts[1], parts[2]))
        XCTAssertFalse(KeySet([301]).isCovered(by: parts[0], parts[1], parts[2]))
    }

    func testAMappingIsReadAgainstATableOfThreeHundredKeys() {
        let names = (0..<300).map { "key\($0)" }
        let index = NameIndex(names)
        for (i, name) in names.enumerated() { XCTAssertEqual(index.index(of: name), i) }
        XCTAssertNil(index.index(of: "key300"))

        // Pairs in a mapping: the first sixteen include indexes past a byte (254 and up).
        let written = [299, 0, 255, 64, 254, 253, 7, 128, 1, 2, 3, 4, 5, 6, 8, 9, 270, 200, 10]
        let yaml = "{" + written.map { "key\($0): \($0)" }.joined(separator: ", ") + ", unknown: 1, key255: again}\n"
        guard let pairs = YAMLParser.parse(yaml).root?.pairs else { return XCTFail("no mapping") }
        var keyed = KeyedPairs(pairs: pairs, tableSize: names.count)
        var firstTime: [Bool] = []
        for i in pairs.indices { firstTime.append(keyed.record(i, id: pairs[i].key.keyText.flatMap(index.index(of:)))) }
        XCTAssertEqual(firstTime, Array(repeating: true, count: written.count + 1) + [false],
                       "only the second key255 is a repeat")
        XCTAssertEqual(keyed.unknownCount, 1)
        XCTAssertEqual(keyed.present, KeySet(written))
        for (i, id) in written.enumerated() {
            XCTAssertEqual(keyed[id]?.value.scalar?.text, "\(id)", "key\(id)")
            XCTAssertEqual(keyed.id(ofPairAt: i), id, "pair \(i)")
        }
        XCTAssertNil(keyed.id(ofPairAt: written.count), "the unknown key has no index")
        XCTAssertNil(keyed[11], "a key not written")
    }
}
