import Foundation
import TatamiServices

extension OpenDocument {
    /// The `--verbose` log's line for a finished analysis of the document: how long it took, and
    /// what it took from the last one (the parse, validated items, measurements, frames).
    func analysisLogLine(_ a: Analysis, revision: Int, seconds: Double) -> String {
        let computed = a.layouts.reduce(0) { $0 + $1.measurementsComputed }
        let takenOver = a.layouts.filter(\.measurementsTakenOver).count
        let frames = a.layouts.reduce(0) { $0 + ($1.root?.tree.count ?? 0) }
        let copied = a.layouts.reduce(0) { $0 + $1.framesCopied }
        let nodes = a.layouts.reduce(0) { $0 + $1.nodesCopied }
        let items = validationMemory.lastCounts
        let parsed = parseMemory.lastRegionBytes.map { "a block of \($0) bytes" } ?? "the whole text"
        return String(format: "analysed %@ (revision %d%@) in %.0f ms; parse: %@; validation: %d items taken over, %d read; "
                          + "layout: %d nodes copied, %d measurements computed, %d of %d viewports "
                          + "from kept layouts, %d of %d frames copied, %.1f MB kept", uri, revision,
                      isFresh ? "" : ", already superseded", seconds * 1000, parsed, items.reused, items.read, nodes, computed, takenOver,
                      a.layouts.count, copied, frames, Double(layoutMemory.keptBytes) / 1_048_576)
    }
}
