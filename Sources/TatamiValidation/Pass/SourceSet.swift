import TatamiModel
import TatamiBase
import TatamiYAML

/// The files one validation run reads: the file validated, whose offsets are its own, and the
/// files it imports, each moved to its own block of offsets (block k starts at k << 40).
///
/// An imported component's body is validated inside the importing file's pass, mixed with the
/// importer's arguments; giving every file its own offsets keeps each node's origin in its
/// range, so a problem can always be told apart as the argument's or the body's, and put back
/// in its file.
///
/// A run without an `ImportCache` numbers its imported files itself, from 1 in the order read.
/// With one, an imported file's block is the cache's: an entry keeps the block it was validated
/// in (its tree and components point into it), and every run that uses the entry registers it at
/// that block. Nothing reads a block's number but to find its file here, so the numbering does
/// not change what a run reports.
final class SourceSet {
    static let shift = 40
    /// The first offset that belongs to an imported file.
    static let unit = 1 << shift
    /// Blocks from this one up are given by an `ImportCache`, blocks below it by runs without one.
    static let firstSharedBlock = 1 << 22
    /// One past the last block: block << shift stays below 2^63, with 2^40 bytes for each file.
    static let blockLimit = 1 << 23

    let main: LineTable
    /// Imported files by block.
    private var files: [Int: ImportedSource] = [:]
    private var nextBlock = 1

    init(main: LineTable) {
        self.main = main
    }

    /// The next block of this run (a run without a cache numbers its own imports).
    func nextRunBlock() -> Int {
        defer { nextBlock += 1 }
        return nextBlock
    }

    /// Registers an imported file at its block.
    func register(_ file: ImportedSource) {
        files[file.block] = file
    }

    @inline(__always)
    static func isImported(_ r: SourceRange) -> Bool { r.start >= unit }

    /// The file a range belongs to (nil: the file validated), its table and the range in it.
    func locate(_ r: SourceRange) -> (path: String?, display: String, table: LineTable, range: SourceRange) {
        guard Self.isImported(r) else { return (nil, "", main, r) }
        guard let f = files[r.start >> Self.shift] else {
            return (nil, "", main, SourceRange(start: main.bytes.count, end: main.bytes.count))
        }
        let base = f.base
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

/// An imported file's text and names, at the block its offsets were moved to.
struct ImportedSource {
    let block: Int
    let table: LineTable
    /// Canonical, for related locations.
    let path: String
    /// Relative to the workspace root, for messages.
    let display: String

    var base: Int { block << SourceSet.shift }
}
