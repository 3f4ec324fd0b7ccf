import Foundation
import TatamiServices
import TatamiValidation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites a user's file in place: what `format --write` and `lint --fix` use (docs/format.md
/// §12.1, §12.6).
///
/// The new text goes *into* the file, never into a new file renamed over it, so that what the
/// user set up stays: a symbolic link stays a link (its target gets the text), the inode stays
/// (hard links see the new text), and so do the owner, the group and the mode. Never half
/// written: a copy of the file is made beside it first (when that cannot be made, the file is
/// not touched), then the file is truncated and written whole and flushed to the disk, then the
/// copy is removed. When writing fails, the old text is written back (and should even that
/// fail, the copy stays beside the file and the message names it).
///
/// Files the user may not or cannot rewrite are refused before anything is read or written: a
/// file without write permission (for root too, when it has no write bit at all, as a user
/// expects of `chmod a-w`), and anything but a regular file (a FIFO, which would block a reader,
/// a device, a directory, a socket).
enum SourceFileWriter {
    /// Why a file was not rewritten; the message names the file.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks that `path` can be rewritten, without opening it: nil when it can, else the
    /// reason (call before reading a file that will be rewritten, so a FIFO is never opened).
    static func refusal(for path: String) -> Refusal? {
        var info = stat()
        if lstat(path, &info) != 0 {
            return Refusal(description: "\(path): cannot be rewritten: \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFLNK && stat(path, &info) != 0 {
            return Refusal(description: "\(path): cannot be rewritten: a symbolic link to a missing file")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return Refusal(description: "\(path): not rewritten: it is a directory")
        case S_IFIFO: return Refusal(description: "\(path): not rewritten: it is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: return Refusal(description: "\(path): not rewritten: it is a device, not a regular file")
        case S_IFSOCK: return Refusal(description: "\(path): not rewritten: it is a socket, not a regular file")
        default: return Refusal(description: "\(path): not rewritten: not a regular file")
        }
        if access(path, W_OK) != 0 {
            return Refusal(description: "\(path): not rewritten: the file is read-only (\(String(cString: strerror(errno))))")
        }
        // Root may write anything; a file nobody may write is still one its owner meant to keep.
        if info.st_mode & 0o222 == 0 {
            return Refusal(description: "\(path): not rewritten: the file is read-only (no write permission is set)")
        }
        return nil
    }

    /// Replaces the text of the file at `path` (through symbolic links) with `bytes`, keeping its
    /// inode, owner and mode. Throws a `Refusal` naming the file and the reason when the file
    /// cannot or may not be rewritten, or when writing failed (the file then holds its old text).
    static func write(_ bytes: [UInt8], to path: String) throws {
        if let refusal = refusal(for: path) { throw refusal }
        // The file itself, through every link: the copy goes beside it, on its file system.
        guard let target = FileSystemPath.canonical(path) else { throw failure(path, "cannot resolve the path") }
        // One descriptor for reading and writing: what was checked is what is written (never
        // blocking, should a FIFO have taken the file's place since).
        let fd = open(target, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "cannot open it for writing (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw failure(path, "not rewritten: not a regular file")
        }

        // 1. The copy, beside the file. If it cannot be made whole, nothing has changed.
        guard let old = readAll(fd) else { throw failure(path, "cannot read it to make a backup copy; the file is unchanged") }
        let name = target.split(separator: "/").last.map(String.init) ?? "file"
        var backup = ""
        var backupFD: Int32 = -1
        for attempt in 0..<100 {
            backup = ImportPath.directory(of: target) + "/." + name + ".\(getpid()).\(attempt).tatami-backup"
            backupFD = open(backup, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if backupFD >= 0 || errno != EEXIST { break }
        }
        guard backupFD >= 0 else {
            throw failure(path, "cannot make a backup copy beside it (\(String(cString: strerror(errno)))); the file is unchanged")
        }
        if let problem = writeAll(backupFD, old) ?? (fsync(backupFD) == 0 ? nil : errno) {
            close(backupFD)
            unlink(backup)
            throw failure(path, "cannot make a backup copy beside it (\(String(cString: strerror(problem)))); the file is unchanged")
        }
        close(backupFD)

        // 2. The new text, into the same file.
        if let problem = replaceContents(fd, with: bytes) {
            // Failed: the old text back, from memory (the copy stays if that fails too).
            if replaceContents(fd, with: old) == nil {
                unlink(backup)
                throw failure(path, "cannot write (\(String(cString: strerror(problem)))); the file was restored unchanged")
            }
            throw failure(path, "cannot write (\(String(cString: strerror(problem)))), nor restore it; its text is in \(backup)")
        }
        // 3. Done: the copy goes.
        unlink(backup)
    }

    /// Empties the open file and writes `bytes` into it from its start, flushed to the disk; the
    /// error number on failure.
    private static func replaceContents(_ fd: Int32, with bytes: [UInt8]) -> Int32? {
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { return errno }
        if let problem = writeAll(fd, bytes) { return problem }
        return fsync(fd) == 0 ? nil : errno
    }

    /// The whole file from its start; nil when reading failed.
    private static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
            offset += off_t(n)
        }
    }

    /// Writes every byte at the file's position; the error number on failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        write(fd, bytes).error
    }

    /// Writes every byte at the file's position, or as many as it can: how many were written, and
    /// the error number when not all were.
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> (written: Int, error: Int32?) {
        bytes.withUnsafeBytes { buffer -> (Int, Int32?) in
            var done = 0
            while done < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return (done, errno)
                }
                if n == 0 { return (done, EIO) }
                done += n
            }
            return (done, nil)
        }
    }

    private static func failure(_ path: String, _ reason: String) -> Refusal {
        Refusal(description: "\(path): \(reason)")
    }
}
