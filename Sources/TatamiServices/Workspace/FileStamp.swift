import Foundation

/// What tells a file on disk changed without reading it: its inode, size and modification
/// time, as `make` and editors' watchers judge it. Kept readings of files (`FontFiles`, the
/// checked workspace files) are used only while the stamps they were read with still hold.
struct FileStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    init(_ info: stat) {
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }

    /// The stamp of what is at `path` now (symbolic links followed); nil when nothing is there.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
