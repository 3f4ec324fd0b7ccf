import ArgumentParser
import Foundation
import TatamiServices
import TatamiValidation

/// One batch command's part of a run (`lint` and `lint --fix`: `LintJob`; `format`: `FormatJob`):
/// what to do with the inputs `BatchDriver` collected, with each item, with each outcome, and at
/// the end. A job is a class: `work` runs on several threads at once and only reads it; `emit`
/// and what follows run one at a time.
protocol BatchJob: AnyObject {
    associatedtype Outcome: BatchOutcome

    /// A usage error in what the paths held, found before anything else (default: none).
    func check(found: [LintItem]) throws
    /// The items to run, in output order, from what the paths held: `settings` gives each file's
    /// workspace, found once per directory.
    func plan(found: [LintItem], walkedConfigs: [String], settings: WorkspaceSettingsCache) throws -> [LintItem]
    /// One item's work (`index` in the planned items), on any worker thread.
    func work(_ item: LintItem, at index: Int) -> Outcome
    /// One item's outcome, in item order, one at a time: its output, its counts.
    func emit(_ item: LintItem, _ outcome: Outcome)
    /// After the last item: the summary (and any usage error only the whole run shows).
    func summarize() throws
    /// Whether the run failed (exit status 1), once summarised; write errors are the driver's.
    var failed: Bool { get }
}

extension BatchJob {
    func check(found: [LintItem]) throws {}
}

/// What every item's outcome says: a file that could not be rewritten (exit status 2).
protocol BatchOutcome {
    var writeError: String? { get }
}

/// The batch commands' one run (`lint`, `lint --fix`, `format`): the paths' items collected
/// (`Inputs.collect`), each file's workspace settings found once per directory, the items worked
/// on every core (`ParallelRunner`), their outcomes emitted in item order, then the job's
/// summary; files that could not be written are listed last (exit status 2), else the job's
/// verdict gives exit status 1.
struct BatchDriver {
    var paths: [String]
    var excludes: [String]
    /// `--root`.
    var root: String?
    /// `--jobs` (default: one per core).
    var jobs: Int?

    func run<Job: BatchJob>(_ job: Job) throws {
        let (found, walkedConfigs) = try Inputs.collect(paths, excludes: excludes)
        try job.check(found: found)
        if found.isEmpty {
            StandardError.write("tatami: warning: no Tatami files (*.tatami.yaml, *.tatami.yml) found in \(paths.joined(separator: ", "))\n")
            return
        }
        let items = try job.plan(found: found, walkedConfigs: walkedConfigs, settings: WorkspaceSettingsCache(root: root))
        var writeErrors: [String] = []
        ParallelRunner.run(count: items.count, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                           { job.work(items[$0], at: $0) }) { index, outcome in
            if let e = outcome.writeError { writeErrors.append(e) }
            job.emit(items[index], outcome)
        }
        try job.summarize()
        if !writeErrors.isEmpty {
            for e in writeErrors { StandardError.write("tatami: \(e)\n") }
            throw ExitCode(2)
        }
        if job.failed { throw ExitCode(1) }
    }
}

/// Each file's workspace (`WorkspaceSettings.forFile`), found once per directory and shared by
/// the threads that ask (standard input's is the current directory's).
final class WorkspaceSettingsCache: @unchecked Sendable {
    let root: String?
    private let lock = NSLock()
    private var byDirectory: [String: WorkspaceSettings] = [:]

    init(root: String?) { self.root = root }

    /// The settings of the file at `path` (`<stdin>` for standard input).
    func settings(for path: String) -> WorkspaceSettings {
        let dir = ImportPath.directory(of: path)
        if let known = lock.withLock({ byDirectory[dir] }) { return known }
        let found = WorkspaceSettings.forFile(path, root: root)
        return lock.withLock {
            if let raced = byDirectory[dir] { return raced }
            byDirectory[dir] = found
            return found
        }
    }
}

/// Checks items on every core, each worker thread with `LargeStack.size` of stack, and hands
/// each outcome to `emit` in index order (on whichever thread completes the run of ready
/// outcomes, one at a time). At most `window` items are taken ahead of the next to emit, so
/// outcomes waiting for a slow predecessor stay few; each is dropped once emitted.
enum ParallelRunner {
    /// The shared counters, guarded by `condition`.
    private final class State<Outcome>: @unchecked Sendable {
        let condition = NSCondition()
        var next = 0, emitted = 0
        var ready: [Int: Outcome] = [:]
    }

    /// Carries the caller's closures to the worker threads (the condition orders every use of
    /// `emit`; `work` is called concurrently and must be safe so).
    private struct Closures<Outcome>: @unchecked Sendable {
        let work: (Int) -> Outcome
        let emit: (Int, Outcome) -> Void
    }

    static func run<Outcome>(count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                             _ work: @escaping (Int) -> Outcome, emit: @escaping (Int, Outcome) -> Void) {
        let threads = max(1, min(workers, count))
        let window = max(threads * 4, 8)
        let state = State<Outcome>()
        let closures = Closures(work: work, emit: emit)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            let thread = Thread {
                let c = state.condition
                while true {
                    c.lock()
                    while state.next < count && state.next >= state.emitted + window { c.wait() }
                    guard state.next < count else { c.unlock(); break }
                    let index = state.next
                    state.next += 1
                    c.unlock()
                    let outcome = closures.work(index)
                    c.lock()
                    state.ready[index] = outcome
                    while let o = state.ready.removeValue(forKey: state.emitted) {
                        closures.emit(state.emitted, o)
                        state.emitted += 1
                    }
                    c.broadcast()
                    c.unlock()
                }
                done.leave()
            }
            thread.stackSize = LargeStack.size
            thread.start()
        }
        done.wait()
    }
}
