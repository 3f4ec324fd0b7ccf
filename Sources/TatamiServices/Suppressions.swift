import Foundation
import TatamiBase

extension DiagnosticCode {
    /// A suppression comment names something that is not a diagnostic code.
    public static let unknownCode = DiagnosticCode("unknown-code", .warning)

    /// Every code the services layer declares (suppression comments).
    public static let servicesStageCodes: [DiagnosticCode] = [.unknownCode]
}

/// `# tatami-ignore: code, code` and `# tatami-ignore-file: code` comments (docs/format.md §11).
///
/// A comment after content on a line silences its codes for diagnostics that start on that
/// line; a comment alone on its line silences them for the next line. Comments are found by
/// scanning the text (libyaml drops comments): a `#` that starts the line or follows a space.
public struct Suppressions: Sendable {
    /// Codes silenced per 0-based line.
    public private(set) var byLine: [Int: Set<String>] = [:]
    public private(set) var fileWide: Set<String> = []
    /// Every code a comment names, with its place: the pipeline warns about names that are not
    /// codes (`unknown-code`), which would otherwise silence nothing without a word.
    public private(set) var written: [(code: String, range: SourceRange)] = []

    public init(_ table: LineTable) {
        let bytes = table.bytes
        // Only lines holding a `#` can hold a comment: jump from one `#` to the next instead of
        // visiting every line (a file without comments costs one `memchr`).
        var from = 0
        while let found = Self.nextHash(bytes, from..<bytes.count) {
            let line = table.line(ofByte: found)
            let range = table.contentRange(ofLine: line)
            from = max(found + 1, range.upperBound)
            guard let hash = commentStart(bytes, range) else { continue }
            var i = hash + 1
            while i < range.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            let rest = bytes[i..<range.upperBound]
            let fileMarker = "tatami-ignore-file:".utf8, lineMarker = "tatami-ignore:".utf8
            if rest.starts(with: fileMarker) {
                let codes = Suppressions.codes(bytes, i + fileMarker.count..<range.upperBound)
                written += codes
                fileWide.formUnion(codes.map(\.code))
            } else if rest.starts(with: lineMarker) {
                let codes = Suppressions.codes(bytes, i + lineMarker.count..<range.upperBound)
                written += codes
                let alone = bytes[range.lowerBound..<hash].allSatisfy { $0 == 0x20 || $0 == 0x09 }
                byLine[alone ? line + 1 : line, default: []].formUnion(codes.map(\.code))
            }
        }
    }

    private static func nextHash(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, !range.isEmpty else { return nil }
            let start = UnsafeRawPointer(base)
            guard let hit = memchr(start + range.lowerBound, Int32(UInt8(ascii: "#")), range.count) else { return nil }
            return UnsafeRawPointer(hit) - start
        }
    }

    /// The codes of a comment's list (`a, b c`), each with its byte range.
    private static func codes(_ bytes: [UInt8], _ range: Range<Int>) -> [(code: String, range: SourceRange)] {
        var result: [(code: String, range: SourceRange)] = []
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound && (bytes[i] == 0x2C || bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            let start = i
            while i < range.upperBound && bytes[i] != 0x2C && bytes[i] != 0x20 && bytes[i] != 0x09 { i += 1 }
            if i > start {
                result.append((String(decoding: bytes[start..<i], as: UTF8.self), SourceRange(start: start, end: i)))
            }
        }
        return result
    }

    /// The first `#` on the line that starts a comment (at the line start or after white space)
    /// and is followed by `tatami-ignore`.
    private func commentStart(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound {
            // The next `#` (memchr: long comment lines cost nothing per byte here).
            guard let hash = Self.nextHash(bytes, i..<range.upperBound) else { return nil }
            i = hash
            if i == range.lowerBound || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 {
                var j = i + 1
                while j < range.upperBound && bytes[j] == 0x20 { j += 1 }
                if bytes[j..<range.upperBound].starts(with: "tatami-ignore".utf8) { return i }
            }
            i += 1
        }
        return nil
    }

    /// Whether no comment silences anything.
    public var isEmpty: Bool { byLine.isEmpty && fileWide.isEmpty }

    public func silences(_ d: Diagnostic, in table: LineTable) -> Bool {
        if fileWide.contains(d.code.name) { return true }
        guard !byLine.isEmpty else { return false }
        let line = table.line(ofByte: d.range.start)
        return byLine[line]?.contains(d.code.name) ?? false
    }
}
