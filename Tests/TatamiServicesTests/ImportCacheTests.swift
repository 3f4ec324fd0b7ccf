import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiServices
import TatamiValidation
import XCTest

/// `ImportCache` (ARCHITECTURE.md, "How imports are read"): an analysis that takes imported files
/// from the cache gives exactly what a fresh one gives — every diagnostic with its ranges,
/// related locations and fixes, the model, every frame — and reads the same paths, whatever the
/// cache holds from earlier analyses: import chains, diamonds, cycles (whose messages depend on
/// the importers above), files with errors, the nesting and file-count limits (which depend on
/// where a file is read), a library changed between two analyses, an unsaved buffer. And a
/// library imported by many files is validated once.
final class ImportCacheTests: XCTestCase {
    private var temp: URL!
    private var root: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-import-cache-\(UUID().uuidString)")
        root = temp.appendingPathComponent("ws")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in ImportCacheWorkspace.files { try write(path, text) }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temp)
    }

    private func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The analysis of `relative` with `cache` (nil: fresh), the imports read through `buffers`
    /// first (absolute paths, as the language server's open documents), and the paths it
    /// resolved and loaded, in order.
    private func analyze(_ relative: String, cache: ImportCache?, buffers: [String: String] = [:]) -> (String, [String]) {
        let file = path(relative)
        let settings = WorkspaceSettings.forFile(file)
        let disk = Pipeline.fileContext(path: file, workspaceRoot: settings.root)
        let reads = ReadLog()
        let overlay = buffers.mapValues { Array($0.utf8) }
        var context = disk
        context.resolve = { p in
            reads.add("resolve \(p)")
            let n = ImportPath.normalize(p)
            return overlay[n] != nil ? n : disk.resolve(p)
        }
        context.load = { p in
            reads.add("load \(p)")
            return overlay[p] ?? disk.load(p)
        }
        context.inherited = settings.config?.config.inherited
        context.importCache = cache
        let bytes = overlay[file] ?? [UInt8](FileManager.default.contents(atPath: file)!)
        let analysis = Pipeline.analyze(bytes: bytes, path: relative, context: context)
        return (ImportCacheWorkspace.fingerprint(analysis), reads.entries)
    }

    /// Analyses each file in turn with one cache and compares each with a fresh analysis; returns
    /// the fresh analyses' fingerprints.
    @discardableResult
    private func assertCachedIsFresh(_ files: [String], cache: ImportCache, buffers: [String: String] = [:],
                                     file: StaticString = #filePath, line: UInt = #line) -> [String: String] {
        var found: [String: String] = [:]
        for relative in files {
            let cached = analyze(relative, cache: cache, buffers: buffers)
            let fresh = analyze(relative, cache: nil, buffers: buffers)
            assertSame(cached, fresh, relative, file: file, line: line)
            found[relative] = fresh.0
        }
        return found
    }

    private func assertSame(_ cached: (String, [String]), _ fresh: (String, [String]), _ name: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        if cached.0 != fresh.0 {
            let a = cached.0.split(separator: "\n"), b = fresh.0.split(separator: "\n")
            let first = zip(a, b).first { $0 != $1 }.map { "cached: \($0.0)\nfresh:  \($0.1)" } ?? "cached \(a.count) lines, fresh \(b.count)"
            XCTFail("\(name): the cached analysis differs\n\(first)", file: file, line: line)
        }
        // The same paths in the same order; a cached file whose steps no longer hold is
        // validated again, and asks about some of them again.
        XCTAssertEqual(firstUses(cached.1), firstUses(fresh.1), "\(name): the paths read differ", file: file, line: line)
    }

    private func firstUses(_ reads: [String]) -> [String] {
        var seen = Set<String>()
        return reads.filter { seen.insert($0).inserted }
    }

    func testTheSameAnalysesWithAndWithoutTheCacheInEveryOrder() {
        let screens = ImportCacheWorkspace.screens
        // Two fresh analyses agree (the fingerprint holds nothing that changes from run to run).
        XCTAssertEqual(analyze(screens[0], cache: nil).0, analyze(screens[0], cache: nil).0)
        let orders = [screens, screens.reversed(), screens.enumerated().sorted { ($0.offset * 7) % 11 < ($1.offset * 7) % 11 }.map(\.element)]
        for order in orders {
            let cache = ImportCache()
            assertCachedIsFresh(order, cache: cache)
            // Again, everything now in the cache.
            assertCachedIsFresh(order, cache: cache)
            XCTAssertGreaterThan(cache.reuses, 0)
        }
    }

    func testTheCacheAnswersManyThreadsAsOne() {
        let screens = ImportCacheWorkspace.screens + ImportCacheWorkspace.screens
        let fresh = screens.map { analyze($0, cache: nil) }
        let cache = ImportCache()
        var cached = [(String, [String])?](repeating: nil, count: screens.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: screens.count) { i in
            let result = analyze(screens[i], cache: cache)
            lock.withLock { cached[i] = result }
        }
        for (i, name) in screens.enumerated() { assertSame(cached[i]!, fresh[i], name) }
    }

    func testTheNestingAndFileLimitsAreThoseOfWhereTheFileIsRead() {
        // The 999 files of `many` as buffers (quicker than on disk).
        var many: [String: String] = [:]
        for (relative, text) in ImportCacheWorkspace.manyFiles { many[path(relative)] = text }
        var fresh: [String: String] = [:]
        for order in [["screens/deep-top.tatami.yaml", "screens/deep-mid.tatami.yaml"],
                      ["screens/deep-mid.tatami.yaml", "screens/deep-top.tatami.yaml"],
                      ["screens/many.tatami.yaml", "screens/plain.tatami.yaml"],
                      ["screens/plain.tatami.yaml", "screens/many.tatami.yaml"]] {
            fresh.merge(assertCachedIsFresh(order, cache: ImportCache(), buffers: many)) { a, _ in a }
        }
        XCTAssertTrue(fresh["screens/deep-top.tatami.yaml"]!.contains("too-complex"))
        XCTAssertFalse(fresh["screens/deep-mid.tatami.yaml"]!.contains("too-complex"))
        XCTAssertTrue(fresh["screens/many.tatami.yaml"]!.contains("too-complex"))
        XCTAssertFalse(fresh["screens/plain.tatami.yaml"]!.contains("too-complex"))
    }

    func testALibraryChangedBetweenTwoAnalysesIsReadAgain() throws {
        let cache = ImportCache()
        let screens = ["screens/chain.tatami.yaml", "screens/diamond.tatami.yaml"]
        assertCachedIsFresh(screens, cache: cache)
        // The same length, written again at once: the same size and, most likely, the same
        // modification time. The text is what counts.
        let base = try String(contentsOfFile: path("lib/base.tatami.yaml"), encoding: .utf8)
        let changed = base.replacingOccurrences(of: "padding: 4", with: "padding: 9")
        XCTAssertNotEqual(changed, base)
        try write("lib/base.tatami.yaml", changed)
        let before = cache.validations
        assertCachedIsFresh(screens, cache: cache)
        XCTAssertGreaterThan(cache.validations, before, "the changed library was validated again")
        // An error in it now, then fixed again.
        try write("lib/base.tatami.yaml", base.replacingOccurrences(of: "padding: 4", with: "padding: x"))
        assertCachedIsFresh(screens, cache: cache)
        try write("lib/base.tatami.yaml", base)
        assertCachedIsFresh(screens, cache: cache)
        // The workspace file's fonts changed: the library's `font: big` means another font, then none.
        let config = try String(contentsOfFile: path("tatami.config.yaml"), encoding: .utf8)
        try write("tatami.config.yaml", config.replacingOccurrences(of: "height: 24", with: "height: 30"))
        assertCachedIsFresh(screens, cache: cache)
        try write("tatami.config.yaml", config.replacingOccurrences(of: "big:", with: "large:"))
        assertCachedIsFresh(screens, cache: cache)
        XCTAssertTrue(analyze("screens/chain.tatami.yaml", cache: cache).0.contains("unknown-font"))
    }

    func testWhatALibraryImportsIsCheckedAgainEveryTime() throws {
        let cache = ImportCache()
        // `refers` imports a file that is not there; then a link out of the root; then a file.
        let screens = ["screens/refers.tatami.yaml"]
        assertCachedIsFresh(screens, cache: cache)
        try "components:\n  Secret:\n    body: {text: s}\n".write(toFile: temp.appendingPathComponent("outside.tatami.yaml").path,
                                                               atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("lib/later.tatami.yaml"),
                                                   withDestinationPath: temp.appendingPathComponent("outside.tatami.yaml").path)
        assertCachedIsFresh(screens, cache: cache)
        XCTAssertTrue(analyze(screens[0], cache: cache).0.contains("through a symbolic link"))
        try FileManager.default.removeItem(atPath: path("lib/later.tatami.yaml"))
        try write("lib/later.tatami.yaml", "components:\n  Later:\n    body: {text: later}\n")
        assertCachedIsFresh(screens, cache: cache)

        // `cf` imports `cx`, which imports it: the cycle's message names the files between.
        // Then `cx` imports it through `cm`: `cf`'s text is the same, its cycle is not.
        let cycle = ["screens/cx-user.tatami.yaml"]
        assertCachedIsFresh(cycle, cache: cache)
        try write("lib/cx.tatami.yaml", "imports: [cm.tatami.yaml]\ncomponents:\n  CX:\n    body: {text: cx}\n")
        assertCachedIsFresh(cycle, cache: cache)
        XCTAssertTrue(analyze(cycle[0], cache: cache).0.contains("`lib/cx.tatami.yaml` → `lib/cm.tatami.yaml` → `lib/cf.tatami.yaml`"))
    }

    func testAnUnsavedBufferIsReadInsteadOfTheFile() throws {
        let cache = ImportCache()
        let screens = ["screens/chain.tatami.yaml", "screens/diamond.tatami.yaml"]
        assertCachedIsFresh(screens, cache: cache)
        let base = try String(contentsOfFile: path("lib/base.tatami.yaml"), encoding: .utf8)
        let edited = [path("lib/base.tatami.yaml"): base.replacingOccurrences(of: "padding: 4", with: "padding: [4")]
        assertCachedIsFresh(screens, cache: cache, buffers: edited)
        let withBuffer = analyze("screens/chain.tatami.yaml", cache: cache, buffers: edited).0
        XCTAssertTrue(withBuffer.contains("yaml-syntax"), withBuffer)
        // The buffer closed: the disk's text again, from the cache.
        let reused = cache.reuses
        assertCachedIsFresh(screens, cache: cache)
        XCTAssertGreaterThan(cache.reuses, reused)
        // A buffer that imports the importer: the cycle goes through the unsaved text.
        let cyclic = [path("lib/base.tatami.yaml"): "imports: [top.tatami.yaml]\n" + base]
        assertCachedIsFresh(screens + ["screens/errors.tatami.yaml"], cache: cache, buffers: cyclic)
    }

    func testALibraryImportedByManyFilesIsValidatedOnce() {
        let cache = ImportCache()
        let importers = (0..<ImportCacheWorkspace.importers).map { "screens/many-importers/i\($0).tatami.yaml" }
        for f in importers { _ = analyze(f, cache: cache) }
        // `top`, `mid` and `base`, once each; every later importer reuses all three.
        XCTAssertEqual(cache.validations, 3)
        XCTAssertEqual(cache.reuses, 3 * (importers.count - 1))

        // On many threads at once: a run waits for the one validating the library.
        let parallel = ImportCache()
        DispatchQueue.concurrentPerform(iterations: importers.count) { i in _ = analyze(importers[i], cache: parallel) }
        XCTAssertEqual(parallel.validations, 3)
    }

    func testTheCacheKeepsToItsBounds() {
        // docs/limits.md.
        XCTAssertEqual(ImportCache.shared.maxEntries, 256)
        XCTAssertEqual(ImportCache.shared.maxBytes, 16 << 20)
        let cache = ImportCache(maxEntries: 2, maxBytes: 1 << 20)
        assertCachedIsFresh(ImportCacheWorkspace.screens, cache: cache)
        XCTAssertLessThanOrEqual(cache.entryCount, 2)
        let small = ImportCache(maxEntries: 100, maxBytes: 100)
        assertCachedIsFresh(["screens/chain.tatami.yaml"], cache: small)
        XCTAssertEqual(small.entryCount, 0, "no imported file here is under 100 bytes")
    }
}

/// The paths an analysis asked about, from whichever thread.
private final class ReadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ entry: String) { lock.withLock { list.append(entry) } }
    var entries: [String] { lock.withLock { list } }
}
