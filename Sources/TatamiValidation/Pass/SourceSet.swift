import TatamiModel
import TatamiBase
import TatamiYAML

/// The files one validation run reads: the file validated, whose offsets are its own, and the
/// files it imports, each moved to its own block of offsets (file k starts at k << 40).
///
/// An imported component's body is validated inside the importing file's pass, mixed with the
/// importer's arguments; giving every file its own offsets keeps each node's origin in its
/// range, so a problem can always be told apart as the argument's or the body's, and put back
/// in its file.
final class SourceSet {
    static let shift = 40
    /// The first offset that belongs to an imported file.
    static let unit = 1 << shift

    let main: LineTable
    /// Imported files: their table, canonical path (for related locations) and the name shown
    /// in messages (relative to the workspace root).
    private(set) var files: [(table: LineTable, path: String, display: String)] = []

    init(main: LineTable) {
        self.main = main
    }

    /// Registers an imported file; returns the offset its ranges start at.
    func add(_ table: LineTable, path: String, display: String) -> Int {
        files.append((table, path, display))
        return files.count << Self.shift
    }

    @inline(__always)
    static func isImported(_ r: SourceRange) -> Bool { r.start >= unit }

    /// The file a range belongs to (nil: the file validated), its table and the range in it.
    func locate(_ r: SourceRange) -> (path: String?, display: String, table: LineTable, range: SourceRange) {
        guard Self.isImported(r) else { return (nil, "", main, r) }
        let k = r.start >> Self.shift
        guard k >= 1, k <= files.count else { return (nil, "", main, SourceRange(start: main.bytes.count, end: main.bytes.count)) }
        let base = k << Self.shift
        let f = files[k - 1]
        return (f.path, f.display, f.table, SourceRange(start: r.start - base, end: max(r.start, r.end) - base))
    }

    func text(_ r: SourceRange) -> String {
        let l = locate(r)
        return l.table.text(l.range)
    }

    /// The 1-based line a range starts on, in its own file.
    func line(of r: SourceRange) -> Int {
        let l = locate(r)
        return l.table.line(ofByte: l.range.start) + 1
    }

    /// A related location for a range of any file.
    func related(_ r: SourceRange, _ message: String) -> RelatedLocation {
        let l = locate(r)
        return RelatedLocation(file: l.path, range: l.range, message: message)
    }
}
