import Foundation

/// A file's bytes read straight into an array (what the pipeline keeps): one open, one status
/// call, one read for the size the file says it has, then reads to its end (a growing file, or
/// one that does not say its size: a pipe, `/proc`). Reading through `Data` would hold and copy
/// the file twice, and asking first whether it exists would cost another status call per file
/// (`tatami lint` and `tatami diff` read thousands).
public enum FileBytes {
    /// The bytes; nil when nothing can be read there (missing, unreadable, a directory).
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        let expected = max(0, Int(info.st_size))
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            while count < expected, let base = buffer.baseAddress {
                let n = Foundation.read(fd, base + count, expected - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { break }
                count += n
            }
        }
        // Whatever follows the size the file had when it was opened.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { chunk in
            while !failed {
                let n = Foundation.read(fd, chunk.baseAddress, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { break }
                bytes.append(contentsOf: chunk[..<n])
            }
        }
        return failed ? nil : bytes
    }
}
