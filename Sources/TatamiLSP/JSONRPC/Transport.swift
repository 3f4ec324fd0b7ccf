import Foundation
import TatamiServices

/// LSP's base protocol framing for bytes held in memory: the message bodies `tatami lsp` would
/// read from its standard input, found by the same reader (`MessageReader`). For tests and the
/// fuzzers in `Fuzz/`, which feed each body to `LanguageServer.handle(body:)`.
public enum LSPFraming {
    /// The bodies framed in `chunks`, each chunk read as one `read(2)` of the input would return
    /// it (so a header or body may be split across chunks; empty chunks are skipped). Whatever
    /// the reader drops (bytes that are not a message, a header block without a usable
    /// `Content-Length`, a body cut short by the next header, a body past
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
/// Anything can arrive, and whatever arrives, the reader finds the next message a client frames
/// correctly: a header block starts at every `Content-Length:` in the byte stream (case
/// ignored), wherever it stands. Bytes before it that are not a message are skipped; a header
/// block whose length is not a decimal number is dropped with what follows it, up to the next
/// `Content-Length:`; header lines other than `Content-Length` are ignored. A body is read for
/// as many bytes as its header says, except that a `Content-Length: N` line inside it ends it
/// there and starts the next header block (a JSON text can hold that line only inside a string,
/// and a string cannot hold a line break, so no valid body is cut): a length that claims too
/// much swallows no later message. A body longer than `maximumBody` is read and discarded the
/// same way. Everything dropped is reported through `log`.
final class MessageReader {
    /// The largest body accepted: a 64 MiB document (the YAML limit) escaped into JSON fits.
    static let maximumBody = 256 << 20
    /// The most digits a `Content-Length` may have (more is not a length).
    static let maximumLengthDigits = 18
    /// The most bytes after `Content-Length:` on its line (a longer line is not a length).
    static let maximumLengthLine = 64

    /// The next chunk of input; nil at end of input. Empty chunks are skipped.
    private let source: () -> [UInt8]?
    private var buffer = [UInt8]()
    private var start = 0
    private var atEnd = false
    private var ended = false
    private let log: (String) -> Void

    /// Where the reader is in the stream.
    private enum State {
        /// Between messages: blank lines, header lines before a `Content-Length` (such as
        /// `Content-Type`), or bytes being skipped.
        case seeking
        /// After `Content-Length:`, reading its value up to the end of the line.
        case lengthValue
        /// After a valid `Content-Length` line: other header lines, up to the blank line.
        case headers(length: Int)
        /// In a body of `length` bytes, `remaining` of them still to read; `keep` is false for
        /// a body over `maximumBody`, read and dropped.
        case body(length: Int, remaining: Int, keep: Bool)
    }

    /// What the current line of a header area holds so far.
    private enum LineKind {
        case empty, carriageReturn, name, header, other
    }

    /// A `Content-Length:` found inside a body, not yet known to be a header (that takes a
    /// decimal number and a line break after it).
    private struct Candidate {
        enum Phase { case beforeDigits, digits, afterDigits, carriageReturn }
        /// Where the `Content-Length:` starts in the body.
        var patternStart: Int
        var phase = Phase.beforeDigits
        var value = 0
        var digits = 0
        /// The bytes after the colon.
        var tail: [UInt8] = []
    }

    private var state = State.seeking
    /// How many bytes of `pattern` the input has just matched.
    private var matched = 0
    private var lineKind = LineKind.empty
    /// Bytes of the current header-area line read so far (not its `\n`).
    private var lineLength = 0
    /// Bytes skipped while seeking that are not yet reported.
    private var skipped = 0
    /// Seeking: header lines have come since the last blank line (a block with no length yet).
    private var sawHeaderLines = false
    /// The `Content-Length` value being read (its first bytes).
    private var value: [UInt8] = []
    private var body: [UInt8] = []
    /// Bytes of the current body read, kept or not.
    private var bodyRead = 0
    private var candidate: Candidate?

    /// `content-length:`, lower case.
    private static let pattern = Array("content-length:".utf8)

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
            if start >= buffer.count, !fill() {
                endOfInput()
                return nil
            }
            if let body = consume() { return body }
        }
    }

    /// Reads the buffered bytes until a body is complete (returned) or the buffer is used up.
    private func consume() -> [UInt8]? {
        while start < buffer.count {
            if case .body = state {
                if let body = consumeBody() { return body }
                continue
            }
            let b = buffer[start]
            start += 1
            headerByte(b)
            // A header block announcing an empty body ends with its blank line.
            if case .body(_, 0, _) = state { return finishBody() }
        }
        return nil
    }

    // MARK: Header area

    /// Advances the `Content-Length:` matcher by `b`; true when `b` completes it.
    @inline(__always)
    private func match(_ b: UInt8) -> Bool {
        let folded = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
        if folded == Self.pattern[matched] {
            matched += 1
            if matched == Self.pattern.count {
                matched = 0
                return true
            }
        } else {
            // "content-length:" repeats no prefix of itself, so only its first letter can
            // start a match again.
            matched = folded == Self.pattern[0] ? 1 : 0
        }
        return false
    }

    private func headerByte(_ b: UInt8) {
        if match(b) {
            startBlock()
            return
        }
        if case .lengthValue = state {
            if b == 0x0A {
                finishLengthLine()
            } else if value.count <= Self.maximumLengthLine {
                value.append(b)
            }
            return
        }
        if b != 0x0A {
            lineLength += 1
            lineKind = Self.classify(lineKind, b)
            return
        }
        let kind = lineKind
        let length = lineLength
        lineKind = .empty
        lineLength = 0
        switch (state, kind) {
        case (.seeking, .empty), (.seeking, .carriageReturn):
            // Blank lines between messages are tolerated (some clients send "\r\n" extra).
            if sawHeaderLines { log("dropped a header block without Content-Length") }
            sawHeaderLines = false
        case (.seeking, .header):
            sawHeaderLines = true
        case (.seeking, _):
            skipped += length + 1
        case (.headers(let n), .empty), (.headers(let n), .carriageReturn):
            startBody(n)
        case (.headers, .header):
            break
        case (.headers, _):
            log("ignored a header line that is not 'Name: value'")
        default:
            break
        }
    }

    /// Header names are HTTP tokens; a line is a header when a token is followed by `:`.
    private static func classify(_ kind: LineKind, _ b: UInt8) -> LineKind {
        switch kind {
        case .empty:
            if b == 0x0D { return .carriageReturn }
            return isTokenByte(b) ? .name : .other
        case .name:
            if b == UInt8(ascii: ":") { return .header }
            return isTokenByte(b) ? .name : .other
        case .carriageReturn:
            return .other
        case .header, .other:
            return kind
        }
    }

    private static func isTokenByte(_ b: UInt8) -> Bool { tokenBytes[Int(b)] }

    /// RFC 9110's `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static let tokenBytes: [Bool] = (0..<256).map { b in
        let c = UInt8(b)
        return (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || Array("!#$%&'*+-.^_`|~".utf8).contains(c)
    }

    /// A `Content-Length:` was just read in a header area: a header block starts here.
    private func startBlock() {
        // The line's bytes before the pattern (none when it began at the line's start, or in
        // the body before).
        let before = max(0, lineLength - (Self.pattern.count - 1))
        switch state {
        case .seeking:
            skipped += before
            if skipped > 0 { log("skipped \(skipped) bytes that were not a message, up to a Content-Length header") }
        case .lengthValue:
            log("ignored Content-Length '\(Self.shown(value))': another Content-Length followed on its line")
        case .headers(let n):
            log("dropped a header block (Content-Length: \(n)) cut short by another Content-Length header\(before > 0 ? " after \(before) bytes" : "")")
        case .body:
            break
        }
        skipped = 0
        sawHeaderLines = false
        lineKind = .empty
        lineLength = 0
        value = []
        state = .lengthValue
    }

    /// The end of a `Content-Length` line.
    private func finishLengthLine() {
        var v = value[...]
        if v.last == 0x0D { v = v.dropLast() }
        while let f = v.first, f == 0x20 || f == 0x09 { v = v.dropFirst() }
        while let l = v.last, l == 0x20 || l == 0x09 { v = v.dropLast() }
        var length: Int?
        if value.count <= Self.maximumLengthLine, !v.isEmpty, v.count <= Self.maximumLengthDigits, v.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            length = v.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        let text = Self.shown(value)
        value = []
        lineKind = .empty
        lineLength = 0
        if let length {
            state = .headers(length: length)
        } else {
            log("ignored Content-Length '\(text)'; skipping to the next Content-Length header")
            state = .seeking
        }
    }

    private static func shown(_ bytes: [UInt8]) -> String {
        String(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))
    }

    // MARK: Bodies

    private func startBody(_ length: Int) {
        let keep = length <= Self.maximumBody
        if !keep { log("dropped a message of \(length) bytes (the limit is \(Self.maximumBody))") }
        body = []
        // A claimed length is not trusted for memory: reserve at most 1 MiB up front.
        if keep { body.reserveCapacity(min(length, 1 << 20)) }
        bodyRead = 0
        candidate = nil
        matched = 0
        state = .body(length: length, remaining: length, keep: keep)
    }

    /// Reads body bytes from the buffer; the body when it is complete and kept.
    private func consumeBody() -> [UInt8]? {
        guard case .body(let length, let remaining, let keep) = state else { return nil }
        let chunk = buffer
        let end = start + min(remaining, chunk.count - start)
        var i = start
        while i < end {
            if matched == 0 && candidate == nil {
                // Nothing under way: go to the next 'c' or 'C', the only bytes that can start
                // a header.
                i = Self.nextLetterC(chunk, from: i, to: end)
                if i == end { break }
            }
            let b = chunk[i]
            i += 1
            if let next = bodyByte(b, at: bodyRead + (i - 1 - start)) {
                log("dropped a message body after \(next.bodyBytes) of its \(length) bytes: a Content-Length header came first")
                body = []
                start = i
                lineKind = .empty
                lineLength = 0
                state = .headers(length: next.length)
                return nil
            }
        }
        if keep { body.append(contentsOf: chunk[start..<i]) }
        bodyRead += i - start
        let left = remaining - (i - start)
        start = i
        state = .body(length: length, remaining: left, keep: keep)
        return left == 0 ? finishBody() : nil
    }

    /// The position of the first 'c' or 'C' in `bytes[from..<to]`, or `to`; eight bytes at a time.
    private static func nextLetterC(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            var i = from
            while i + 8 <= to {
                // Setting bit 5 makes 'C' a 'c'; a byte equal to 'c' becomes zero, and the
                // lowest zero byte sets its top bit below (higher ones may be false hits).
                let x = (base.loadUnaligned(fromByteOffset: i, as: UInt64.self) | (0x20 &* ones)) ^ (0x63 &* ones)
                let zeros = (x &- ones) & ~x & high
                if zeros != 0 { return i + zeros.trailingZeroBitCount / 8 }
                i += 8
            }
            while i < to, buffer[i] | 0x20 != 0x63 { i += 1 }
            return i
        }
    }

    /// Reads body byte `b`, the `at`th of the body, for a header inside the body: the length it
    /// gives and how many body bytes came before it, once its line ends.
    private func bodyByte(_ b: UInt8, at j: Int) -> (length: Int, bodyBytes: Int)? {
        if var c = candidate {
            // Taken out while it changes, so that its tail grows in place.
            candidate = nil
            let isSpace = b == 0x20 || b == 0x09, isDigit = b >= 0x30 && b <= 0x39
            var goesOn = c.tail.count < Self.maximumLengthLine
            switch c.phase {
            case .beforeDigits:
                if isDigit { c.phase = .digits } else if !isSpace { goesOn = false }
            case .digits:
                if isDigit {
                    if c.digits == Self.maximumLengthDigits { goesOn = false }
                } else if isSpace {
                    c.phase = .afterDigits
                } else if b == 0x0D {
                    c.phase = .carriageReturn
                } else if b == 0x0A {
                    return (c.value, c.patternStart)
                } else {
                    goesOn = false
                }
            case .afterDigits:
                if b == 0x0D {
                    c.phase = .carriageReturn
                } else if b == 0x0A {
                    return (c.value, c.patternStart)
                } else if !isSpace {
                    goesOn = false
                }
            case .carriageReturn:
                if b == 0x0A { return (c.value, c.patternStart) }
                goesOn = false
            }
            if goesOn {
                if isDigit && c.phase == .digits {
                    c.value = c.value * 10 + Int(b - 0x30)
                    c.digits += 1
                }
                c.tail.append(b)
                candidate = c
                return nil
            }
            // Not a header: the bytes were the body's, and `b` may start another match.
            matched = 0
        }
        if match(b) { candidate = Candidate(patternStart: j + 1 - Self.pattern.count) }
        return nil
    }

    /// Hands over the body just completed (nil when it is dropped for its size) and goes on in
    /// the header area; a `Content-Length:` the body ended inside goes on there too.
    private func finishBody() -> [UInt8]? {
        guard case .body(_, _, let keep) = state else { return nil }
        let out = body
        body = []
        lineKind = .empty
        lineLength = 0
        if let c = candidate {
            value = c.tail
            candidate = nil
            state = .lengthValue
        } else {
            state = .seeking
        }
        return keep ? out : nil
    }

    private func endOfInput() {
        guard !ended else { return }
        ended = true
        switch state {
        case .seeking:
            let left = skipped + lineLength
            if left > 0 { log("skipped \(left) bytes at the end of input that were not a message") }
            if sawHeaderLines { log("input ended inside a header block") }
        case .lengthValue, .headers:
            log("input ended inside a header block")
        case .body:
            log("input ended inside a message body")
        }
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
