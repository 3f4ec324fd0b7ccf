import Foundation
import TatamiServices

/// Runs a `LanguageServer` on standard input and output.
///
/// One thread reads and decodes messages (and notes `$/cancelRequest` at once); the caller's
/// thread handles them in arrival order, together with the results of the analysis worker,
/// which come through the same queue. Between events it starts the analyses whose debounce has
/// passed. A third thread watches the client's process and ends the server when it is gone.
public enum StdioServer {
    /// How long after the last change an analysis of a slow document starts: keystrokes
    /// closer together than this are analysed once (docs/language-server.md).
    public static let debounce = 0.012

    /// A document whose last analysis took less than this is analysed at once after a change:
    /// a held key repeats every 30 ms or so, so such an analysis is done before the next one.
    public static let atOnceBelow = 0.030

    /// The debounce in force: `TATAMI_LSP_DEBOUNCE_MS` (for measuring other values with
    /// `scripts/lsp-latency.py --debounce`; fixed, for every document), else `debounce` for
    /// documents slower than `atOnceBelow`.
    static var debounceInForce: (seconds: Double, atOnceBelow: Double?) {
        if let v = ProcessInfo.processInfo.environment["TATAMI_LSP_DEBOUNCE_MS"], let ms = Double(v), ms >= 0, ms <= 10_000 {
            return (ms / 1000, nil)
        }
        return (debounce, atOnceBelow)
    }

    /// What the handling thread takes from its queue.
    enum Event {
        case message(Message)
        case analysis(AnalysisOutcome)
        /// A cancellation arrived: requests waiting for an analysis may have to answer.
        case wake
    }

    /// Serves until `exit` or end of input; returns the exit status.
    public static func run(input: Int32 = 0, output: Int32 = 1, verbose: Bool = false, log: @escaping @Sendable (String) -> Void) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let writer = MessageWriter(fileDescriptor: output)
        let queue = EventQueue<Event>()
        let server = LanguageServer(send: { writer.send($0) }, log: log,
                                    scheduling: .background(debounce: debounceInForce.seconds, atOnceBelow: debounceInForce.atOnceBelow,
                                                            finished: { queue.push(.analysis($0)) }))
        server.logsAnalyses = verbose
        let cancellations = server.cancellations

        let reader = Thread {
            let r = MessageReader(fileDescriptor: input, log: log)
            while let body = r.next() {
                let message = Message.decode(body)
                if case .notification("$/cancelRequest", let params) = message, let id = params["id"] {
                    cancellations.cancel(id)
                    queue.push(.wake)
                    continue
                }
                queue.push(.message(message))
            }
            queue.close()
        }
        reader.stackSize = 16 << 20
        reader.start()

        var watching = false
        while true {
            let event = queue.pop(until: server.nextDeadline)
            switch event {
            case .closed:
                return server.endOfInput()
            case .timedOut, .item(.wake):
                break
            case .item(.analysis(let outcome)):
                server.finished(outcome)
            case .item(.message(let message)):
                if let status = server.handle(message) { return status }
                if !watching, let pid = server.clientProcessID {
                    watching = true
                    watch(pid, log: log)
                }
            }
            server.tick()
        }
    }
    /// Ends the process when the client's process is gone (LSP: the server "should exit").
    static func watch(_ pid: Int32, log: @escaping @Sendable (String) -> Void) {
        let t = Thread {
            while true {
                Thread.sleep(forTimeInterval: 1)
                if kill(pid, 0) != 0 && errno == ESRCH {
                    log("the client process \(pid) is gone; exiting")
                    exit(1)
                }
            }
        }
        t.start()
    }
}

/// Messages between the reading thread and the handling one.
typealias MessageQueue = EventQueue<Message>

/// A queue between threads: any number push, one pops, waiting for an item (or a deadline).
final class EventQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Items not yet taken are `items[head...]`; taken ones are set to nil at once, so a
    /// handled message's text is freed now, not when the array is next compacted (a full-text
    /// `didChange` of a large file would otherwise stay in memory a thousand times over).
    private var items: [Element?] = []
    private var head = 0
    private var closed = false

    enum Popped {
        case item(Element)
        case timedOut
        case closed
    }

    func push(_ m: Element) {
        condition.lock()
        items.append(m)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    /// The next item, waiting for one; nil once the input ended and all were taken.
    func pop() -> Element? {
        if case .item(let e) = pop(until: nil) { return e }
        return nil
    }

    /// The next item, waiting for one until `deadline` (`DispatchTime` nanoseconds; nil: no
    /// deadline). Items still queued are taken before `closed` is reported.
    func pop(until deadline: UInt64?) -> Popped {
        condition.lock()
        defer { condition.unlock() }
        while head >= items.count && !closed {
            guard let deadline else {
                condition.wait()
                continue
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return .timedOut }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
        guard head < items.count else { return .closed }
        let m = items[head]!
        items[head] = nil
        head += 1
        if head > 1024 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return .item(m)
    }

    /// Items the queue still holds, taken or not (for tests: taken ones must be gone).
    var storedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    }

    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head >= items.count
    }
}
