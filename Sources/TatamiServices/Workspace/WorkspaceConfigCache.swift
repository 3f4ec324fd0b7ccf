import Foundation

/// Checked workspace files, shared by the files (and threads) that read the same one, so a
/// directory of files checks its workspace file once.
///
/// An entry answers only while a fresh check could not differ from it: the same path and
/// text, and every file the check looked at (the font files the workspace file names, found or
/// not) with the `FileStamp` it had when it was looked at. So nothing has to forget an entry
/// when a file changes: the language server (a workspace file or a font file changed) and
/// `--watch` just ask again. One entry per path, at most `capacity` of them; past it the least
/// recently used goes.
final class WorkspaceConfigCache: @unchecked Sendable {
    static let shared = WorkspaceConfigCache(capacity: 32)

    private struct Entry {
        let bytes: [UInt8]
        /// The files the check looked at, with their stamps then (nil: nothing was there).
        let inputs: [String: FileStamp?]
        let loaded: LoadedWorkspaceConfig
        var lastUse: UInt64
    }

    /// The paths a check looks at, each stamped when first looked at (before it is read: a
    /// change while it is read makes the entry miss, never answer with an older reading).
    final class Inputs: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var stamps: [String: FileStamp?] = [:]

        func look(at path: String) {
            lock.withLock {
                if stamps[path] == nil { stamps[path] = .some(FileStamp(path: path)) }
            }
        }
    }

    let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { lock.withLock { entries.count } }

    /// The kept check of the workspace file at `path` with the text `bytes`, or `check`'s,
    /// which is given what to tell the paths it looks at.
    func config(at path: String, bytes: [UInt8],
                check: (Inputs) -> LoadedWorkspaceConfig) -> LoadedWorkspaceConfig {
        let kept: Entry? = lock.withLock { entries[path] }
        if let kept, kept.bytes == bytes, kept.inputs.allSatisfy({ FileStamp(path: $0.key) == $0.value }) {
            lock.withLock {
                clock += 1
                entries[path]?.lastUse = clock
            }
            return kept.loaded
        }
        let inputs = Inputs()
        let loaded = check(inputs)
        lock.withLock {
            clock += 1
            entries[path] = Entry(bytes: bytes, inputs: inputs.stamps, loaded: loaded, lastUse: clock)
            while entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries[oldest.key] = nil
            }
        }
        return loaded
    }
}
