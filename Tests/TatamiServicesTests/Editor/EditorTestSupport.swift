import Foundation
import TatamiBase
import TatamiModel
import TatamiServices

/// A document written with markers: `‸` marks a cursor, `«` and `»` a range. The markers are
/// removed; their byte offsets are kept in order.
struct Marked {
    let text: String
    /// Byte offsets of the `‸` markers.
    let cursors: [Int]
    /// The `«…»` ranges, in the order they open.
    let ranges: [SourceRange]

    init(_ marked: String) {
        var out: [UInt8] = []
        var cursors: [Int] = []
        var ranges: [SourceRange] = []
        var open: [Int] = []
        var openIndex: [Int] = []
        for ch in marked.unicodeScalars {
            switch ch {
            case "‸": cursors.append(out.count)
            case "«":
                open.append(out.count)
                openIndex.append(ranges.count)
                ranges.append(SourceRange.at(out.count))
            case "»":
                let start = open.removeLast(), i = openIndex.removeLast()
                ranges[i] = SourceRange(start: start, end: out.count)
            default: out.append(contentsOf: Array(String(ch).utf8))
            }
        }
        text = String(decoding: out, as: UTF8.self)
        self.cursors = cursors
        self.ranges = ranges
    }

    var cursor: Int { cursors[0] }
}

enum EditorTest {
    static let root = "/ws"

    /// Analyses `text` as the file at `path`, its imports read from `workspace`.
    static func analyze(_ text: String, path: String = "/ws/main.tatami.yaml",
                        workspace: (any EditorWorkspace)? = nil) -> Analysis {
        let ws = workspace ?? OverlayWorkspace(root: root, texts: [path: text])
        return Pipeline.analyze(bytes: Array(text.utf8), path: path, layout: false,
                                context: ws.validationContext(forPath: path))
    }

    /// An in-memory workspace under `/ws` holding these files (paths relative to `/ws`).
    static func workspace(_ files: [String: String]) -> OverlayWorkspace {
        var texts: [String: String] = [:]
        for (path, text) in files { texts[root + "/" + path] = text }
        return OverlayWorkspace(root: root, texts: texts)
    }

    /// The text of a range.
    static func text(_ a: Analysis, _ r: SourceRange) -> String { a.lineTable.text(r) }
}

extension EditorTest {
    /// `text` with the edits applied (ranges refer to the original text; they must not overlap).
    static func apply(_ edits: [FileEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension EditorTest {
    /// The UTF-8 byte offset of the first (or last) occurrence of `needle`.
    static func offset(of needle: String, in text: String, last: Bool = false) -> Int {
        let range = text.range(of: needle, options: last ? .backwards : [])!
        return text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
    }
}
