import Foundation
import TatamiBase

/// Imported files' validations, shared by the runs (and threads) that import the same file, so
/// that a library imported by 2,000 screens is parsed and validated once rather than once per
/// screen (docs/format.md §8.3; ARCHITECTURE.md, "How imports are read").
///
/// An entry is the `ImportedFile` a run made: the file's components (their templates checked),
/// its first error, its tree and what each of its own imports came to. It is keyed by what that
/// result is made of beyond its imports: the file's canonical path, its bytes (hashed, then
/// compared whole), the workspace root and the fonts a workspace file gives it. A run reads the
/// file's bytes every time, so a file changed on disk or in an editor's buffer is a different
/// key; and it uses an entry only when running the entry's import steps again, in this run,
/// gives the same outcomes (`ImportSession.confirms`): the same refusals, the same cycle (a
/// cycle's message names the importers above it), the same files (the same entries, confirmed
/// the same way). So an entry's result is the one a fresh validation would make, and nothing
/// has to forget an entry when a file changes: it stops matching.
///
/// Entries never change once made; they are shared between threads. At most `maxEntries`
/// entries and `maxBytes` bytes of imported text are kept (docs/limits.md): past either, the
/// least recently used goes. A file that is validated by one run is waited for by another that
/// needs the same key, unless that run is itself validating a file for the cache (which
/// could make two runs wait for each other); it then validates the file too.
public final class ImportCache: @unchecked Sendable {
    /// The process's cache: the command line, `tatami diff` and the language server use it.
    public static let shared = ImportCache()

    /// What an imported file's validation depends on besides its imports.
    struct Key: Hashable {
        let path: String
        let root: String
        /// The fonts the workspace file gives (imported files take its fonts, not its viewports).
        let fonts: [InheritedFont]?
        /// A hash of the bytes (which are compared whole on a match).
        let contentHash: Int

        init(path: String, root: String, fonts: [InheritedFont]?, bytes: [UInt8]) {
            self.path = path
            self.root = root
            self.fonts = fonts
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            contentHash = hasher.finalize()
        }
    }

    private final class Entry {
        let bytes: [UInt8]
        let file: ImportedFile
        var lastUse: UInt64

        init(bytes: [UInt8], file: ImportedFile, lastUse: UInt64) {
            self.bytes = bytes
            self.file = file
            self.lastUse = lastUse
        }
    }

    public let maxEntries: Int
    public let maxBytes: Int
    /// A key's entries: one per way its imports came out (a file in a cycle is validated once
    /// per place in it), most recently made last.
    private static let variantsPerKey = 4

    private let lock = NSCondition()
    private var entries: [Key: [Entry]] = [:]
    private var count = 0
    private var bytes = 0
    private var clock: UInt64 = 0
    /// Keys being validated, and by how many runs.
    private var inFlight: [Key: Int] = [:]
    private var nextBlock = SourceSet.firstSharedBlock
    private var liveBlocks = Set<Int>()
    private var validated = 0
    private var reused = 0

    public init(maxEntries: Int = 256, maxBytes: Int = 16 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// Imported files parsed and validated by runs using this cache.
    public var validations: Int { lock.withLock { validated } }
    /// Imported files taken from the cache.
    public var reuses: Int { lock.withLock { reused } }
    /// Entries kept.
    public var entryCount: Int { lock.withLock { count } }

    func noteValidation() { lock.withLock { validated += 1 } }
    func noteReuse() { lock.withLock { reused += 1 } }

    /// What a run finds for an imported file's key.
    enum Lookup {
        /// The files kept for the key with the same bytes, the most recently made first; the run
        /// confirms one (`ImportSession.confirms`) or claims the key.
        case kept([ImportedFile])
        /// Nothing kept: the run validates the file, its offsets at `block`, and `finish`es.
        case claimed(block: Int)
    }

    /// The files kept for `key` whose bytes are `text`, or the key claimed when there are none.
    /// When another run is validating the key, waits for it first if `mayWait`.
    func find(_ key: Key, bytes text: [UInt8], mayWait: Bool) -> Lookup {
        lock.lock()
        defer { lock.unlock() }
        while mayWait && entries[key] == nil && inFlight[key] != nil { lock.wait() }
        clock += 1
        var found: [ImportedFile] = []
        for e in (entries[key] ?? []).reversed() where e.bytes == text {
            e.lastUse = clock
            found.append(e.file)
        }
        if !found.isEmpty { return .kept(found) }
        inFlight[key, default: 0] += 1
        return .claimed(block: allocateBlock())
    }

    /// Notes that a run validates `key` now; returns the block its offsets go to.
    func claim(_ key: Key) -> Int {
        lock.withLock {
            inFlight[key, default: 0] += 1
            return allocateBlock()
        }
    }

    /// Keeps a claimed key's validation, and wakes the runs waiting for it.
    func finish(_ key: Key, bytes text: [UInt8], file: ImportedFile) {
        lock.lock()
        defer {
            lock.broadcast()
            lock.unlock()
        }
        if let n = inFlight[key], n > 1 { inFlight[key] = n - 1 } else { inFlight[key] = nil }
        guard text.count <= maxBytes else { return }
        clock += 1
        var kept = entries[key] ?? []
        if kept.count >= Self.variantsPerKey {
            let dropped = kept.removeFirst()
            forget(dropped)
        }
        kept.append(Entry(bytes: text, file: file, lastUse: clock))
        entries[key] = kept
        count += 1
        bytes += text.count
        liveBlocks.insert(file.source.block)
        while count > maxEntries || bytes > maxBytes, let oldest = leastRecentlyUsed() {
            entries[oldest.key]?.removeAll { $0 === oldest.entry }
            if entries[oldest.key]?.isEmpty == true { entries[oldest.key] = nil }
            forget(oldest.entry)
        }
    }

    private func forget(_ e: Entry) {
        count -= 1
        bytes -= e.bytes.count
        liveBlocks.remove(e.file.source.block)
    }

    private func leastRecentlyUsed() -> (key: Key, entry: Entry)? {
        var oldest: (key: Key, entry: Entry)?
        for (key, kept) in entries {
            for e in kept where oldest == nil || e.lastUse < oldest!.entry.lastUse { oldest = (key, e) }
        }
        return oldest
    }

    /// A block no kept entry holds. Blocks are handed out in turn and start again from the first
    /// past the last (4 million validations later), skipping the kept entries' blocks; a run
    /// still holding an entry dropped since then is the only way two files could share one.
    private func allocateBlock() -> Int {
        while true {
            let block = nextBlock
            nextBlock = nextBlock + 1 < SourceSet.blockLimit ? nextBlock + 1 : SourceSet.firstSharedBlock
            if !liveBlocks.contains(block) { return block }
        }
    }
}
