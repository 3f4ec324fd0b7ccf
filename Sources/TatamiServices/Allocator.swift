#if canImport(Glibc)
import Glibc
#endif

/// Process-wide allocator settings for `tatami`'s batch commands (lint, preview, frames,
/// schema; not `lsp`) and `tatami-bench`.
public enum Allocator {
    /// Tunes glibc's malloc for a process that builds one large tree and keeps it until it exits.
    ///
    /// - One arena: the pipeline runs on its own thread (`LargeStack`), and glibc gives such a
    ///   thread an arena that grows by `mprotect`, one call per few pages: on the 111,111-view
    ///   benchmark file that was about 6% of `tatami lint`'s time. The main arena grows with `brk`.
    /// - A 16 MiB top pad: the heap grows in large steps instead of 128 KiB ones. Untouched pages
    ///   cost no memory; `HeapPrefaulter` maps them ahead of use, so at most one pad of mapped
    ///   pages goes unused.
    ///
    /// Call it before any other thread starts. A no-op off glibc.
    public static func configureForBatchWork() {
        #if os(Linux) && canImport(Glibc)
        // <malloc.h>, which Swift's Glibc module does not export: M_TOP_PAD is -2, M_ARENA_MAX -8.
        guard glibcMallopt(-8, 1) == 1, glibcMallopt(-2, Int32(topPad)) == 1 else { return }
        heapStart = UInt(bitPattern: sbrk(0))
        isConfiguredForBatchWork = true
        #endif
    }

    /// How far ahead of its needs glibc grows the heap once configured.
    static let topPad = 16 << 20

    /// Whether `configureForBatchWork` took effect (glibc accepted both settings): every small
    /// allocation then comes from the main arena's `brk` heap, which `HeapPrefaulter` watches.
    /// Set once, before other threads start.
    static private(set) var isConfiguredForBatchWork = false
    /// Where the heap ended when the process was configured.
    static private(set) var heapStart: UInt?
}

#if os(Linux) && canImport(Glibc)
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
