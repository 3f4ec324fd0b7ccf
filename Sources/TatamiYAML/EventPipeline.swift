#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TatamiBase

/// Reads libyaml's events on a thread of its own while the calling thread builds the tree.
///
/// libyaml's scanner and parser are about as slow as building the tree from their events, and
/// both are sequential; on two processors the parse then takes about as long as the slower of
/// the two instead of their sum. The reader thread only copies events out of libyaml
/// (`EventReader`); decoding them and building the tree happen here (`EventDecoder`).
///
/// Events travel in chunks of `chunkSize` through a queue of at most `maxQueued` chunks, so
/// memory stays bounded however far the reader runs ahead. Emptied chunks go back to the reader
/// to be refilled. When the builder stops early (a second document, a limit), the reader is
/// told to stop too; either way the builder waits for the reader thread to end before it
/// returns, and the input buffer outlives both.
enum EventPipeline {
    /// Inputs smaller than this are parsed on the calling thread: starting a thread costs tens
    /// of microseconds, which only a large file repays.
    static let minimumBytes = 256 << 10
    static let chunkSize = 2048
    static let maxQueued = 8

    static func isWanted(_ pipelining: YAMLPipelining, byteCount: Int) -> Bool {
        switch pipelining {
        case .always: return true
        case .never: return false
        case .automatic: return byteCount >= minimumBytes && Processors.online > 1
        }
    }

    /// Feeds every event of `input` to `builder`, reading them on a second thread. Falls back to
    /// reading on this thread when no thread can be started.
    static func run(_ input: UnsafeBufferPointer<UInt8>, table: LineTable, into builder: inout TreeBuilder) {
        let channel = Channel(reader: EventReader(input: input))
        var decoder = EventDecoder(table: table)
        guard channel.startReader() else {
            decoder.readAll(from: channel.reader, chunkSize: chunkSize, into: &builder)
            return
        }
        var stopped = false
        while !stopped, var chunk = channel.take() {
            stopped = !decoder.feed(chunk, to: &builder)
            chunk.removeAll()
            channel.recycle(chunk)
        }
        if stopped { channel.cancel() }
        channel.joinReader()
    }

    /// The queue between the two threads, guarded by one mutex.
    final class Channel: @unchecked Sendable {
        let reader: EventReader
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Signalled when a chunk is queued or the reader ends.
        private let filled = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Signalled when a chunk is taken or the builder cancels.
        private let emptied = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var queued: [EventChunk] = []
        private var head = 0
        private var spare: [EventChunk] = []
        private var readerDone = false
        private var cancelled = false
        private var thread: pthread_t?

        init(reader: EventReader) {
            self.reader = reader
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(filled, nil)
            pthread_cond_init(emptied, nil)
        }

        deinit {
            pthread_cond_destroy(emptied)
            pthread_cond_destroy(filled)
            pthread_mutex_destroy(mutex)
            emptied.deallocate()
            filled.deallocate()
            mutex.deallocate()
        }

        func startReader() -> Bool {
            var t = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let status = pthread_create(&t, nil, { raw in
                #if canImport(Darwin)
                let channel = Unmanaged<Channel>.fromOpaque(raw).takeRetainedValue()
                #else
                let channel = Unmanaged<Channel>.fromOpaque(raw!).takeRetainedValue()
                #endif
                channel.readAll()
                return nil
            }, context)
            guard status == 0 else {
                Unmanaged<Channel>.fromOpaque(context).release()
                return false
            }
            thread = t
            return true
        }

        func joinReader() {
            guard let t = thread else { return }
            pthread_join(t, nil)
            thread = nil
        }

        /// The reader thread: fills chunks until the stream ends or the builder cancels.
        private func readAll() {
            var chunk = freshChunk()
            while !reader.isDone {
                reader.read(into: &chunk, limit: EventPipeline.chunkSize)
                guard put(chunk) else { return }
                chunk = freshChunk()
            }
            finishReading()
        }

        private func freshChunk() -> EventChunk {
            pthread_mutex_lock(mutex)
            let recycled = spare.popLast()
            pthread_mutex_unlock(mutex)
            return recycled ?? EventChunk(capacity: EventPipeline.chunkSize)
        }

        /// Queues a chunk, waiting while the queue is full; false when the builder has cancelled.
        private func put(_ chunk: EventChunk) -> Bool {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            while queued.count - head >= EventPipeline.maxQueued && !cancelled {
                pthread_cond_wait(emptied, mutex)
            }
            if cancelled {
                readerDone = true
                return false
            }
            queued.append(chunk)
            pthread_cond_signal(filled)
            return true
        }

        private func finishReading() {
            pthread_mutex_lock(mutex)
            readerDone = true
            pthread_cond_signal(filled)
            pthread_mutex_unlock(mutex)
        }

        /// The next chunk, waiting for the reader; nil once it has ended and everything is taken.
        func take() -> EventChunk? {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            while head == queued.count && !readerDone {
                pthread_cond_wait(filled, mutex)
            }
            guard head < queued.count else { return nil }
            let chunk = queued[head]
            queued[head] = EventChunk(capacity: 0)
            head += 1
            if head == queued.count {
                queued.removeAll(keepingCapacity: true)
                head = 0
            }
            pthread_cond_signal(emptied)
            return chunk
        }

        /// Hands an emptied chunk back to the reader, keeping its capacity.
        func recycle(_ chunk: EventChunk) {
            pthread_mutex_lock(mutex)
            if spare.count < EventPipeline.maxQueued { spare.append(chunk) }
            pthread_mutex_unlock(mutex)
        }

        /// The builder stops early: the reader stops at its next chunk.
        func cancel() {
            pthread_mutex_lock(mutex)
            cancelled = true
            pthread_cond_signal(emptied)
            pthread_mutex_unlock(mutex)
        }
    }
}
