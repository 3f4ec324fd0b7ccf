import TatamiBase
import TatamiServices

/// How LSP positions count characters: UTF-16 code units unless the client offers UTF-8.
///
/// This file is the only place where byte offsets become LSP positions and back. Positions
/// past the end of a line or of the document are clamped (LSP: "defaults back to the line
/// length"), never refused.
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The encoding to use given the client's `general.positionEncodings` (in its order of
    /// preference): UTF-8 when offered, since that is how Tatami stores positions.
    static func negotiate(_ offered: [String]?) -> PositionEncoding {
        guard let offered else { return .utf16 }
        return offered.contains("utf-8") ? .utf8 : .utf16
    }

    /// The line and column, in this encoding, of a byte offset (semantic tokens encode them as
    /// numbers, relative to the token before).
    func lineAndColumn(ofByte offset: Int, in table: LineTable) -> (line: Int, column: Int) {
        self == .utf8 ? table.utf8Position(ofByte: offset) : table.utf16Position(ofByte: offset)
    }

    /// The line of a byte offset (folding ranges answer lines only; lines count the same in
    /// every encoding).
    func line(ofByte offset: Int, in table: LineTable) -> Int {
        table.line(ofByte: offset)
    }

    func position(ofByte offset: Int, in table: LineTable) -> JSON {
        let p = lineAndColumn(ofByte: offset, in: table)
        return .object([("line", .number(Double(p.line))), ("character", .number(Double(p.column)))])
    }

    func range(_ r: SourceRange, in table: LineTable) -> JSON {
        .object([("start", position(ofByte: r.start, in: table)), ("end", position(ofByte: max(r.start, r.end), in: table))])
    }

    /// The byte offset of an LSP `Position`; nil when it is not one.
    func offset(of position: JSON?, in table: LineTable) -> Int? {
        guard let line = position?["line"]?.number, let character = position?["character"]?.number,
              line.isFinite, character.isFinite else { return nil }
        let l = Int(max(-1, min(line, 1e12))), c = Int(max(0, min(character, 1e12)))
        if l < 0 { return 0 }
        return self == .utf8 ? table.byteOffset(line: l, utf8Column: c) : table.byteOffset(line: l, utf16Column: c)
    }

    /// The byte range of an LSP `Range`, start and end clamped and ordered.
    func range(of range: JSON?, in table: LineTable) -> SourceRange? {
        guard let s = offset(of: range?["start"], in: table), let e = offset(of: range?["end"], in: table) else { return nil }
        return SourceRange(start: min(s, e), end: max(s, e))
    }
}
