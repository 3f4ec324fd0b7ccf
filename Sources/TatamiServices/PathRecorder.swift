import Foundation

/// The paths an analysis resolved or read: the files its imports named, found or not. The
/// language server re-checks a document when one of them changes or appears; `--watch` polls
/// them. Thread-safe: validation may run on another thread than the reader's.
public final class PathRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: Set<String> = []

    public init() {}

    public var paths: Set<String> { lock.withLock { recorded } }

    public func record(_ path: String) {
        lock.withLock { _ = recorded.insert(path) }
    }
}
