import Foundation
import TatamiBase
import TatamiYAML

/// What a document's last parse keeps for its next (the language server keeps one per open
/// document): the parse itself, from which the next text is parsed by a block reparse
/// (`YAMLParser.reparse`: only the block entry that holds the edit is parsed again), or whole
/// where that cannot be done exactly. Either way the parse is the same as a whole one
/// (`BlockReparseTests`, `IncrementalDifferentialTests`, the fuzz-invariants target).
public final class ParseMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: YAMLParseResult?
    private var lastRegion: Int?

    public init() {}

    /// How many bytes the last parse with this memory read again: a region's, or nil when it
    /// parsed the whole text (for the server's `--verbose` log and tests).
    public var lastRegionBytes: Int? { lock.withLock { lastRegion } }

    /// The parse of `bytes` (whose line table is `lineTable`, when the caller has it), kept for
    /// the next. What was kept is taken while parsing: a parse running beside this one, which
    /// only a cancelled analysis can be, parses whole.
    public func parse(bytes: [UInt8], lineTable: LineTable?) -> YAMLParseResult {
        let last = lock.withLock { () -> YAMLParseResult? in
            defer { kept = nil }
            return kept
        }
        let made = last.flatMap { YAMLParser.reparse($0, bytes: bytes, lineTable: lineTable) }
        let result = made?.result ?? YAMLParser.parse(bytes: bytes, lineTable: lineTable)
        lock.withLock {
            kept = result
            lastRegion = made.map { $0.region.end - $0.region.start }
        }
        return result
    }
}
