/// Process-wide allocator settings for `tatami`'s batch commands (lint, preview, frames,
/// schema; not `lsp`) and `tatami-bench`.
public enum Allocator {
    /// Tunes glibc's malloc for a process that builds one large tree and keeps it until it exits.
    ///
    /// - One arena: the pipeline runs on its own thread (`LargeStack`), and glibc gives such a
    ///   thread an arena that grows by `mprotect`, one call per few pages: on the 111,111-view
    ///   benchmark file that was about 6% of `tatami lint`'s time. The main arena grows with `brk`.
    /// - A 64 MiB top pad: the heap grows in large steps instead of 128 KiB ones. Untouched pages
    ///   cost no memory, so the resident size is unchanged.
    ///
    /// Call it before any other thread starts. A no-op off glibc.
    public static func configureForBatchWork() {
        #if os(Linux) && canImport(Glibc)
        // <malloc.h>, which Swift's Glibc module does not export: M_TOP_PAD is -2, M_ARENA_MAX -8.
        _ = glibcMallopt(-8, 1)
        _ = glibcMallopt(-2, 64 << 20)
        #endif
    }
}

#if os(Linux) && canImport(Glibc)
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
