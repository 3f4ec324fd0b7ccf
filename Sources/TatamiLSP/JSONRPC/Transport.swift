import Foundation
import TatamiServices

/// LSP's base protocol framing for bytes held in memory: the message bodies `tatami lsp` would
/// read from its standard input, found by the same reader (`MessageReader`). For tests and the
/// fuzzers in `Fuzz/`, which feed each body to `LanguageServer.handle(body:)`.
public enum LSPFraming {
    /// The bodies framed in `chunks`, each chunk read as one `read(2)` of the input would return
    /// it (so a header or body may be split across chunks; empty chunks are skipped). Whatever
    /// the reader drops (a header block without a usable `Content-Length`, a body past
    /// `MessageReader.maximumBody`, a body the input ends inside) is reported through `log`.
    public static func bodies(in chunks: [[UInt8]], log: @escaping (String) -> Void = { _ in }) -> [[UInt8]] {
        var next = 0
        let reader = MessageReader(source: {
            guard next < chunks.count else { return nil }
            next += 1
            return chunks[next - 1]
        }, log: log)
        var bodies: [[UInt8]] = []
        while let body = reader.next() { bodies.append(body) }
        return bodies
    }

    /// The bodies framed in `bytes`, read in one piece.
    public static func bodies(in bytes: [UInt8], log: @escaping (String) -> Void = { _ in }) -> [[UInt8]] {
        bodies(in: [bytes], log: log)
    }
}

/// Reads `Content-Length`-framed messages (LSP's base protocol) from a source of byte chunks: a
/// file descriptor under `tatami lsp`, memory for `LSPFraming`.
///
/// Anything can arrive: header lines without a colon are skipped, a header block without
/// `Content-Length` is dropped, a body longer than `maximumBody` is read and discarded. Each
/// of these is reported through `log`, and reading goes on with the next header block.
final class MessageReader {
    /// The largest body accepted: a 64 MiB document (the YAML limit) escaped into JSON fits.
    static let maximumBody = 256 << 20
    /// The longest header line kept.
    static let maximumHeaderLine = 8 << 10

    /// The next chunk of input; nil at end of input. Empty chunks are skipped.
    private let source: () -> [UInt8]?
    private var buffer = [UInt8]()
    private var start = 0
    private var atEnd = false
    private let log: (String) -> Void

    init(fileDescriptor fd: Int32, log: @escaping (String) -> Void) {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        self.source = {
            while true {
                let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
                if n > 0 { return Array(chunk[0..<n]) }
                if n < 0 && errno == EINTR { continue }
                return nil
            }
        }
        self.log = log
    }

    init(source: @escaping () -> [UInt8]?, log: @escaping (String) -> Void) {
        self.source = source
        self.log = log
    }

    /// The next message body; nil at end of input.
    func next() -> [UInt8]? {
        while true {
            guard let length = readHeaders() else { return nil }
            guard let length else { continue }
            if length > Self.maximumBody {
                log("dropped a message of \(length) bytes (the limit is \(Self.maximumBody))")
                guard skip(length) else { return nil }
                continue
            }
            guard let body = read(length) else {
                log("input ended inside a message body")
                return nil
            }
            return body
        }
    }

    /// Reads one header block. nil: end of input; .some(nil): a block without a usable length.
    private func readHeaders() -> Int?? {
        var length: Int?
        var sawHeader = false
        while true {
            guard let line = readLine() else { return nil }
            if line.isEmpty {
                // Blank lines before any header are tolerated (some clients send "\r\n" extra).
                if !sawHeader { continue }
                if length == nil { log("dropped a header block without a valid Content-Length") }
                return .some(length)
            }
            sawHeader = true
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                log("ignored a header line without ':'")
                continue
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                if let n = Int(value), n >= 0 { length = n } else { log("ignored Content-Length '\(value.prefix(40))'") }
            }
        }
    }

    /// One line without its `\r\n` (or `\n`); longer lines are cut to `maximumHeaderLine`.
    private func readLine() -> ArraySlice<UInt8>? {
        var line = [UInt8]()
        while true {
            if start >= buffer.count {
                if !fill() { return line.isEmpty ? nil : line[...] }
            }
            while start < buffer.count {
                let b = buffer[start]
                start += 1
                if b == 0x0A {
                    if line.last == 0x0D { line.removeLast() }
                    return line[...]
                }
                if line.count < Self.maximumHeaderLine { line.append(b) }
            }
        }
    }

    private func read(_ count: Int) -> [UInt8]? {
        var out = [UInt8]()
        // A claimed length is not trusted for memory: reserve at most 1 MiB up front.
        out.reserveCapacity(min(count, 1 << 20))
        while out.count < count {
            if start >= buffer.count, !fill() { return nil }
            let n = min(count - out.count, buffer.count - start)
            out.append(contentsOf: buffer[start..<(start + n)])
            start += n
        }
        return out
    }

    private func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if start >= buffer.count, !fill() { return false }
            let n = min(left, buffer.count - start)
            start += n
            left -= n
        }
        return true
    }

    /// Replaces the consumed buffer with the next chunk of input; false at end of input.
    private func fill() -> Bool {
        if atEnd { return false }
        while let chunk = source() {
            guard !chunk.isEmpty else { continue }
            buffer = chunk
            start = 0
            return true
        }
        atEnd = true
        return false
    }
}

/// Writes framed messages; safe to call from several threads.
final class MessageWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()

    init(fileDescriptor: Int32) {
        self.fd = fileDescriptor
    }

    func send(_ message: JSON) {
        let body = message.serializedBytes(pretty: false)
        let header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        lock.withLock {
            writeAll(header)
            writeAll(body)
        }
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}
