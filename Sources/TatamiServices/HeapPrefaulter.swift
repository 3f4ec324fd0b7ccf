#if canImport(Glibc)
import Glibc
#endif
import TatamiBase

/// Takes the heap's page faults on another processor while the pipeline allocates.
///
/// After the parse, validation and layout run on one thread and build a few hundred bytes of
/// objects per view. Each new 4 KiB page of the heap costs that thread a page fault the first
/// time it is written (zeroing the page, charging it to the process): on the 111,111-view
/// benchmark file about 50,000 faults, a quarter of validation's and layout's time. Meanwhile
/// the second processor is idle.
///
/// The prefaulter is a thread that watches the end of the heap (`sbrk(0)`): glibc's main arena
/// grows it in steps of `Allocator.topPad`, well ahead of what it has handed out. Each time the
/// end moves, the thread asks the kernel to map the new pages (`madvise(MADV_POPULATE_WRITE)`,
/// Linux 5.14+), which faults them in as a write would, without touching their contents. The
/// pipeline then finds its pages already mapped. Contents are never read or written, so the
/// thread cannot disturb the allocator; at worst it maps pages a moment after the allocator
/// has already used them, which is then a no-op.
///
/// It runs only where it can help and cannot mislead:
/// - in a process set up by `Allocator.configureForBatchWork` (one arena, so every small
///   allocation comes from the `brk` heap the thread watches); never in the language server;
/// - with more than one processor online;
/// - for inputs of at least `minimumBytes` (starting a thread costs more than a small file's
///   faults);
/// - on Linux with glibc. Elsewhere, or when the kernel refuses the request, `start` returns
///   nil or the thread ends at once; nothing else changes.
///
/// Cost: the same faults, on the other processor; and up to one `topPad` of pages mapped
/// that the allocator may never use (resident memory grows by at most that much).
public final class HeapPrefaulter: @unchecked Sendable {
    /// Inputs smaller than this are not worth a thread (the reading thread's threshold too).
    public static let minimumBytes = 256 << 10
    /// How long the thread sleeps between looks at the end of the heap.
    static let pollMicroseconds: UInt32 = 100
    /// The most it maps per request, so that it keeps just ahead of the allocator instead of
    /// working far ahead while the allocator faults in the pages it needs now.
    static let sliceBytes = 1 << 20

    #if os(Linux) && canImport(Glibc)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stopping = false
    private var thread: pthread_t?
    /// The first address not yet mapped by this thread.
    private var next: UInt
    /// Bytes mapped, and whether the kernel refused a request (for tests).
    private var mapped = 0
    private var refused = false
    #endif

    /// Starts a prefaulter for a pipeline over `byteCount` bytes of input, or returns nil when
    /// it would not help (see the type's conditions).
    public static func start(forInputOf byteCount: Int) -> HeapPrefaulter? {
        guard byteCount >= minimumBytes, Allocator.isConfiguredForBatchWork, Processors.online > 1 else { return nil }
        return start()
    }

    /// Starts a prefaulter on glibc's `brk` heap, whatever the input. Nil off Linux and glibc,
    /// or when no thread can be started.
    static func start() -> HeapPrefaulter? {
        #if os(Linux) && canImport(Glibc)
        // The pad above the heap's current end is already reserved and mostly untouched: begin
        // one pad below the end, but never below where the heap began, rounded up to a page
        // (`madvise` wants a page-aligned start; `heapEnd` rounds the end down).
        let page = pageSize
        let end = heapEnd()
        let base = ((Allocator.heapStart ?? end) + page - 1) & ~(page - 1)
        let from = max(base, end >= UInt(Allocator.topPad) ? end - UInt(Allocator.topPad) : 0)
        return start(from: from, end: heapEnd)
        #else
        return nil
        #endif
    }

    /// Starts a prefaulter that maps pages from `from` up to what `end` reports (page-aligned
    /// addresses), each time it looks. Tests hand it a region of their own.
    static func start(from: UInt, end: @escaping () -> UInt) -> HeapPrefaulter? {
        #if os(Linux) && canImport(Glibc)
        let p = HeapPrefaulter(from: from, end: end)
        return p.launch() ? p : nil
        #else
        return nil
        #endif
    }

    #if os(Linux) && canImport(Glibc)
    private let end: () -> UInt

    private init(from: UInt, end: @escaping () -> UInt) {
        pthread_mutex_init(mutex, nil)
        next = from
        self.end = end
    }

    deinit {
        stop()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private static let pageSize = UInt(max(1, sysconf(Int32(_SC_PAGESIZE))))

    /// The end of glibc's main heap, rounded down to a page.
    private static func heapEnd() -> UInt {
        UInt(bitPattern: sbrk(0)) & ~(pageSize - 1)
    }

    private func launch() -> Bool {
        var t = pthread_t()
        // Unretained: the object outlives the thread, since `deinit` stops and joins it.
        let context = Unmanaged.passUnretained(self).toOpaque()
        let status = pthread_create(&t, nil, { raw in
            Unmanaged<HeapPrefaulter>.fromOpaque(raw!).takeUnretainedValue().run()
            return nil
        }, context)
        guard status == 0 else { return false }
        thread = t
        return true
    }

    private var shouldStop: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return stopping
    }

    private func run() {
        while !shouldStop {
            let end = self.end()
            while next < end && !shouldStop {
                let length = min(end - next, UInt(Self.sliceBytes))
                // MADV_POPULATE_WRITE is 23 (Linux 5.14+); older kernels answer EINVAL.
                guard madvise(UnsafeMutableRawPointer(bitPattern: next), Int(length), 23) == 0 else {
                    pthread_mutex_lock(mutex)
                    refused = true
                    pthread_mutex_unlock(mutex)
                    return
                }
                pthread_mutex_lock(mutex)
                mapped += Int(length)
                pthread_mutex_unlock(mutex)
                next += length
            }
            usleep(Self.pollMicroseconds)
        }
    }
    #endif

    /// Stops the thread and waits for it to end. Safe to call more than once.
    public func stop() {
        #if os(Linux) && canImport(Glibc)
        pthread_mutex_lock(mutex)
        stopping = true
        let t = thread
        thread = nil
        pthread_mutex_unlock(mutex)
        if let t { pthread_join(t, nil) }
        #endif
    }

    /// Bytes the thread has mapped so far, and whether the kernel refused to map.
    var progress: (mapped: Int, refused: Bool) {
        #if os(Linux) && canImport(Glibc)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (mapped, refused)
        #else
        return (0, false)
        #endif
    }
}
