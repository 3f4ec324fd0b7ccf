import TatamiValidation
import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiServices

/// One analysis to run off the message thread: a document's text at one revision, with the
/// validation context (open buffers and the disk) as they were when it was asked for.
final class AnalysisJob: @unchecked Sendable {
    let uri: String
    /// The open document it is for: a document closed and opened again under the same URI
    /// counts its revisions anew, so the URI alone does not say whose revision this is.
    let document: ObjectIdentifier
    let revision: Int
    let bytes: [UInt8]
    /// The text's line table, the document's for this revision (nil: the parser makes one).
    let lineTable: LineTable?
    /// The document's kept layouts (nil for a text that is not the document's own).
    let layoutMemory: LayoutMemory?
    let parseMemory: ParseMemory?
    let path: String
    let context: ValidationContext
    let recorder: PathRecorder
    /// The workspace file's `rules:` (docs/workspace.md).
    let rules: [String: RuleLevel]
    /// The document is a workspace file (`tatami.config.yaml`), checked as one.
    let isWorkspaceFile: Bool
    private let lock = NSLock()
    private var cancelled = false

    init(uri: String, document: ObjectIdentifier, revision: Int, bytes: [UInt8], lineTable: LineTable? = nil,
         layoutMemory: LayoutMemory? = nil, parseMemory: ParseMemory? = nil, path: String, context: ValidationContext, recorder: PathRecorder,
         rules: [String: RuleLevel] = [:], isWorkspaceFile: Bool = false) {
        self.lineTable = lineTable
        self.layoutMemory = layoutMemory
        self.parseMemory = parseMemory
        self.rules = rules
        self.isWorkspaceFile = isWorkspaceFile
        self.uri = uri
        self.document = document
        self.revision = revision
        self.bytes = bytes
        self.path = path
        self.context = context
        self.recorder = recorder
    }

    /// A newer revision (or the document's closing) makes this one useless: the pipeline stops
    /// at its next stage boundary.
    func cancel() { lock.withLock { cancelled = true } }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs the job. `alreadyOnLargeStack`: the calling thread has `LargeStack.size` of stack
    /// (the worker's has), so the job runs on it; false spawns such a thread for it.
    func run(alreadyOnLargeStack: Bool = false) -> Analysis? {
        if isWorkspaceFile { return Pipeline.analyzeWorkspaceFile(bytes: bytes, path: path) }
        return Pipeline.analyze(bytes: bytes, path: path, viewports: .all, layout: true, context: context,
                         isCancelled: { [self] in isCancelled }, alreadyOnLargeStack: alreadyOnLargeStack,
                         rules: rules, lineTable: lineTable, layoutMemory: layoutMemory, parseMemory: parseMemory)
    }
}

/// What a finished job of the worker hands back to the message thread: an analysis, or a
/// request's work (`RequestJob`).
public struct AnalysisOutcome: @unchecked Sendable {
    enum Finished {
        /// `analysis` is nil when the job was cancelled before it finished (one that finished
        /// all the same is kept: it is newer than what the document had); `seconds` of wall
        /// clock it ran.
        case analysis(AnalysisJob, Analysis?, seconds: Double)
        /// A request's work, run unless the client cancelled the request first (`ran`).
        case request(RequestJob)
    }

    let finished: Finished
}

/// Runs jobs one at a time on a thread of its own, in the order they were submitted: analyses,
/// and the work of requests that must not hold up the message thread (formatting). Reports each
/// through `finished` (which the stdio server turns into an event of its queue, so the result is
/// taken up by the message thread like any message).
final class AnalysisWorker: @unchecked Sendable {
    private enum Job {
        case analysis(AnalysisJob)
        case request(RequestJob)
    }

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopped = false
    private let finished: @Sendable (AnalysisOutcome) -> Void

    init(finished: @escaping @Sendable (AnalysisOutcome) -> Void) {
        self.finished = finished
        // Validation, layout and the formatter recurse: the thread has the stack `LargeStack`
        // gives them.
        let thread = Thread { [self] in loop() }
        thread.stackSize = LargeStack.size
        thread.name = "tatami-analysis"
        thread.start()
    }

    func submit(_ job: AnalysisJob) { submit(.analysis(job)) }

    func submit(_ job: RequestJob) { submit(.request(job)) }

    private func submit(_ job: Job) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        for case .analysis(let j) in jobs { j.cancel() }
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let next = jobs.removeFirst()
            condition.unlock()
            switch next {
            case .analysis(let job):
                let start = DispatchTime.now().uptimeNanoseconds
                let analysis = job.isCancelled ? nil : job.run(alreadyOnLargeStack: true)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                finished(AnalysisOutcome(finished: .analysis(job, analysis, seconds: seconds)))
            case .request(let job):
                if !job.isCancelled { job.run(alreadyOnLargeStack: true) }
                finished(AnalysisOutcome(finished: .request(job)))
            }
        }
    }
}
