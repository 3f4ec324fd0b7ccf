import Foundation
import TatamiBase

/// Font files read from disk, kept while they stay the same: a font file (a CJK face is 20 MB)
/// is read and hashed once per change, not once per analysis. A file counts as the same while
/// its `FileStamp` is.
public enum FontFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: (stamp: FileStamp, bytes: FontBytes)] = [:]

    /// Font files larger than this are not read (docs/limits.md).
    public static let maximumBytes = 128 << 20

    /// The bytes of the font file at canonical `path`, nil when it cannot be read (or is not a
    /// regular file, or is larger than `maximumBytes`).
    public static func bytes(at path: String) -> FontBytes? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maximumBytes else { return nil }
        let stamp = FileStamp(info)
        lock.lock()
        if let hit = cache[path], hit.stamp == stamp {
            lock.unlock()
            return hit.bytes
        }
        lock.unlock()
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = FontBytes([UInt8](data))
        lock.lock()
        cache[path] = (stamp, bytes)
        lock.unlock()
        return bytes
    }
}
