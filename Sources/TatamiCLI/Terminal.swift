#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// `--color auto|always|never`.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Auto: only when the stream is a terminal and `NO_COLOR` is unset or empty.
    func enabled(forFileDescriptor fd: Int32) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let v = ProcessInfo.processInfo.environment["NO_COLOR"], !v.isEmpty { return false }
            if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
            return isatty(fd) == 1
        }
    }
}

/// Standard error, unbuffered.
enum StandardError {
    static func write(_ s: String) {
        FileHandle.standardError.write(s.data(using: .utf8) ?? Data())
    }
}

/// Standard output, written in large chunks.
enum StandardOutput {
    static func write(_ s: String) {
        FileHandle.standardOutput.write(s.data(using: .utf8) ?? Data())
    }

    static func write(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
    }
}
