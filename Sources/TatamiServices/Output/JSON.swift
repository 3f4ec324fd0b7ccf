import TatamiBase

/// A minimal JSON value with ordered object keys, for stable, diff-friendly output (lint's
/// json and sarif formats, frames, the language server's messages).
public enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func optional(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }

    /// Compact (one line) or indented text.
    public func serialized(pretty: Bool = true) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The same text as UTF-8 bytes, written byte by byte (the language server sends these as
    /// they are: a report of a thousand diagnostics is a few hundred kilobytes).
    public func serializedBytes(pretty: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(&out, pretty: pretty, indent: 0)
        return out
    }

    /// The indented text appended to `out` as if the value stood `indent` levels deep (each
    /// line after the first indented by two more spaces per level).
    public func write(into out: inout [UInt8], indent: Int) {
        write(&out, pretty: true, indent: indent)
    }

    private func write(_ out: inout [UInt8], pretty: Bool, indent: Int) {
        func newline(_ n: Int) {
            guard pretty else { return }
            out.append(0x0A)
            for _ in 0..<n { out.append(0x20); out.append(0x20) }
        }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let v):
            if v.isFinite, v == v.rounded(), abs(v) < 1e15 {
                JSON.writeInteger(Int64(v), into: &out)
            } else {
                out.append(contentsOf: Array((v.isFinite ? formatNumber(v) : "null").utf8))
            }
        case .string(let s): JSON.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: [0x5B, 0x5D]); return }
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                newline(indent + 1)
                item.write(&out, pretty: pretty, indent: indent + 1)
                if i < items.count - 1 { out.append(0x2C) }
            }
            newline(indent)
            out.append(0x5D)
        case .object(let pairs):
            if pairs.isEmpty { out.append(contentsOf: [0x7B, 0x7D]); return }
            out.append(0x7B)
            for (i, (k, v)) in pairs.enumerated() {
                newline(indent + 1)
                JSON.escape(k, into: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                v.write(&out, pretty: pretty, indent: indent + 1)
                if i < pairs.count - 1 { out.append(0x2C) }
            }
            newline(indent)
            out.append(0x7D)
        }
    }

    /// An integer's decimal digits, as `String(value)` writes them (also `tatami lint`'s text
    /// positions).
    public static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        var v = value.magnitude
        var unit: UInt64 = 1
        while unit <= v / 10 { unit *= 10 }
        repeat {
            out.append(0x30 + UInt8(truncatingIfNeeded: v / unit))
            v %= unit
            unit /= 10
        } while unit > 0
    }

    /// `s` as a JSON string: quotes, backslashes and control characters escaped, everything
    /// else as its UTF-8 bytes.
    public static func escape(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole (nearly every string is one).
            var run = 0
            for (i, b) in bytes.enumerated() where b == 0x22 || b == 0x5C || b < 0x20 {
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
                run = i + 1
                switch b {
                case 0x22: out.append(0x5C); out.append(0x22)
                case 0x5C: out.append(0x5C); out.append(0x5C)
                case 0x0A: out.append(0x5C); out.append(0x6E)
                case 0x0D: out.append(0x5C); out.append(0x72)
                case 0x09: out.append(0x5C); out.append(0x74)
                default:
                    func hex(_ n: UInt8) -> UInt8 { n < 10 ? 0x30 + n : 0x61 + n - 10 }
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex(b >> 4), hex(b & 15)])
                }
            }
            if run < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...])) }
        }
        out.append(0x22)
    }

    public static func escape(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        escape(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}
