import Foundation
import TatamiServices

/// Runs a `LanguageServer` on standard input and output.
///
/// One thread reads and decodes messages (and notes `$/cancelRequest` at once); the caller's
/// thread handles them in arrival order. When no message is waiting, pending diagnostics are
/// published, so a burst of keystrokes is analysed once. A third thread watches the client's
/// process and ends the server when it is gone.
public enum StdioServer {
    /// Serves until `exit` or end of input; returns the exit status.
    public static func run(input: Int32 = 0, output: Int32 = 1, log: @escaping @Sendable (String) -> Void) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let writer = MessageWriter(fileDescriptor: output)
        let server = LanguageServer(send: { writer.send($0) }, log: log)
        let queue = MessageQueue()
        let cancellations = server.cancellations

        let reader = Thread {
            let r = MessageReader(fileDescriptor: input, log: log)
            while let body = r.next() {
                let message = Message.decode(body)
                if case .notification("$/cancelRequest", let params) = message, let id = params["id"] {
                    cancellations.cancel(id)
                    continue
                }
                queue.push(message)
            }
            queue.close()
        }
        reader.stackSize = 16 << 20
        reader.start()

        var watching = false
        while let message = queue.pop() {
            if let status = server.handle(message) { return status }
            if !watching, let pid = server.clientProcessID {
                watching = true
                watch(pid, log: log)
            }
            if queue.isEmpty { server.publishPending() }
        }
        return server.endOfInput()
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
final class MessageQueue: @unchecked Sendable {
    private let condition = NSCondition()
    /// Messages not yet taken are `items[head...]`; taken ones are set to nil at once, so a
    /// handled message's text is freed now, not when the array is next compacted (a full-text
    /// `didChange` of a large file would otherwise stay in memory a thousand times over).
    private var items: [Message?] = []
    private var head = 0
    private var closed = false

    func push(_ m: Message) {
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

    /// The next message, waiting for one; nil once the input ended and all were taken.
    func pop() -> Message? {
        condition.lock()
        defer { condition.unlock() }
        while head >= items.count && !closed { condition.wait() }
        guard head < items.count else { return nil }
        let m = items[head]
        items[head] = nil
        head += 1
        if head > 1024 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return m
    }

    /// Messages the queue still holds, taken or not (for tests: taken ones must be gone).
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
