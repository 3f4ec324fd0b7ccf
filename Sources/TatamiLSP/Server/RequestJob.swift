import Foundation
import TatamiServices

/// A request whose work runs off the message thread (formatting, which takes long on a large
/// file), on the analysis worker, one job at a time with the analyses.
///
/// Its handler prepares the `Work` on the message thread from the state as the request found
/// it (the document's text and line table, the settings), so the answer is about the text the
/// request was sent for, whatever changes arrive while it runs, as when it was answered at
/// once. `run` reads only what was captured; `answer` makes the answer back on the message
/// thread (and sends what goes with it, such as a log message), when the worker's outcome comes
/// through the queue as an analysis's does. Messages behind the request are handled meanwhile.
final class RequestJob: @unchecked Sendable {
    /// The work and how to answer from its result.
    struct Work {
        fileprivate let run: (_ alreadyOnLargeStack: Bool) -> Void
        fileprivate let answer: (LanguageServer) throws -> JSON

        /// `compute` runs on the worker's thread (`alreadyOnLargeStack`: the thread has
        /// `LargeStack.size` of stack) or, with inline scheduling, on the message thread;
        /// `answer` runs on the message thread with its result.
        init<Result>(compute: @escaping (_ alreadyOnLargeStack: Bool) -> Result,
                     answer: @escaping (LanguageServer, Result) throws -> JSON) {
            let box = ResultBox<Result>()
            run = { box.value = compute($0) }
            self.answer = { server in
                guard let result = box.value else { throw ResponseError(.internalError, "the request's work did not run") }
                return try answer(server, result)
            }
        }
    }

    let id: JSON
    let method: String
    private let work: Work
    private let cancellations: CancellationSet
    /// Whether `run` computed the result (not when the client cancelled the request first).
    /// Written by the worker before it hands the job back through the queue, read after.
    private(set) var ran = false

    init(id: JSON, method: String, work: Work, cancellations: CancellationSet) {
        self.id = id
        self.method = method
        self.work = work
        self.cancellations = cancellations
    }

    /// The client cancelled the request: the worker does not start it.
    var isCancelled: Bool { cancellations.contains(id) }

    func run(alreadyOnLargeStack: Bool) {
        work.run(alreadyOnLargeStack)
        ran = true
    }

    /// The answer, on the message thread, once `run` is done.
    func answer(_ server: LanguageServer) throws -> JSON { try work.answer(server) }
}

/// Carries a job's result from the worker's thread to the message thread (the queue between
/// them orders the accesses).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
