#if os(Linux)
import Glibc
import Foundation
@testable import TatamiServices
import XCTest

/// The prefaulter on a region of the test's own: it maps exactly the pages up to the end it is
/// shown, as that end moves, without changing any byte, and stops when told.
final class HeapPrefaulterTests: XCTestCase {
    private let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    private let regionBytes = 4 << 20

    /// Which pages of `[base, base + bytes)` are resident, by `mincore`.
    private func residentPages(_ base: UnsafeMutableRawPointer, _ bytes: Int) -> [Bool] {
        var vector = [UInt8](repeating: 0, count: bytes / page)
        XCTAssertEqual(mincore(base, bytes, &vector), 0)
        return vector.map { $0 & 1 == 1 }
    }

    /// Whether this kernel has MADV_POPULATE_WRITE (Linux 5.14).
    private var kernelHasPopulateWrite: Bool {
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard parts.count == 2 else { return false }
        return (parts[0], parts[1]) >= (5, 14)
    }

    private func waitUntil(_ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { usleep(1000) }
    }

    func testMapsPagesUpToTheMovingEndWithoutChangingThem() throws {
        guard let raw = mmap(nil, regionBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return XCTFail("mmap failed") }
        defer { munmap(raw, regionBytes) }
        let base = UInt(bitPattern: raw)
        // The first page holds data already: it must survive.
        raw.storeBytes(of: 0x5EED_CAFE, as: UInt32.self)
        XCTAssertEqual(residentPages(raw, regionBytes).filter { $0 }.count, 1)

        let shown = Locked(base + UInt(regionBytes / 4))
        let prefaulter = try XCTUnwrap(HeapPrefaulter.start(from: base, end: { shown.value }))
        waitUntil { prefaulter.progress.mapped >= regionBytes / 4 || prefaulter.progress.refused }
        guard !prefaulter.progress.refused else {
            prefaulter.stop()
            // Only a kernel older than 5.14 may refuse; on a newer one this is a failure.
            XCTAssertFalse(kernelHasPopulateWrite, "MADV_POPULATE_WRITE refused on a kernel that has it")
            return
        }
        var resident = residentPages(raw, regionBytes)
        let quarter = resident.count / 4
        XCTAssertTrue(resident[..<quarter].allSatisfy { $0 }, "every page below the end is mapped")
        XCTAssertTrue(resident[quarter...].allSatisfy { !$0 }, "nothing past the end is mapped")

        shown.value = base + UInt(regionBytes)
        waitUntil { prefaulter.progress.mapped >= regionBytes }
        XCTAssertEqual(prefaulter.progress.mapped, regionBytes)
        resident = residentPages(raw, regionBytes)
        XCTAssertTrue(resident.allSatisfy { $0 })

        prefaulter.stop()
        prefaulter.stop()  // a second stop is harmless

        XCTAssertEqual(raw.load(as: UInt32.self), 0x5EED_CAFE)
        // Every other byte reads as zero (the first word held the data and its high half).
        let words = raw.bindMemory(to: UInt64.self, capacity: regionBytes / 8)
        var nonzero = 0
        for i in 1..<(regionBytes / 8) where words[i] != 0 { nonzero += 1 }
        XCTAssertEqual(nonzero, 0, "mapped pages read as zero")
    }

    func testStopsWhenToldAndMapsNothingMore() throws {
        guard let raw = mmap(nil, regionBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return XCTFail("mmap failed") }
        defer { munmap(raw, regionBytes) }
        let base = UInt(bitPattern: raw)
        let shown = Locked(base)
        let prefaulter = try XCTUnwrap(HeapPrefaulter.start(from: base, end: { shown.value }))
        prefaulter.stop()
        shown.value = base + UInt(regionBytes)
        usleep(20_000)
        XCTAssertEqual(prefaulter.progress.mapped, 0)
        XCTAssertTrue(residentPages(raw, regionBytes).allSatisfy { !$0 })
    }

    func testOnlyLargeInputsOfConfiguredProcessesArePrefaulted() {
        // The test process never calls `Allocator.configureForBatchWork` (it would tune the
        // allocator of every other test), so no input starts a prefaulter here.
        XCTAssertFalse(Allocator.isConfiguredForBatchWork)
        XCTAssertNil(HeapPrefaulter.start(forInputOf: 100 << 20))
        XCTAssertNil(HeapPrefaulter.start(forInputOf: HeapPrefaulter.minimumBytes - 1))
    }
}

/// A value shared with the prefaulter's thread.
private final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: UInt

    init(_ value: UInt) { stored = value }

    var value: UInt {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
#endif
