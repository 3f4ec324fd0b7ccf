import TatamiBase
import TatamiServices
import XCTest

/// Editor-service tests write documents inline with the cursor marked by `‸`.
enum Cursor {
    static let marker = "‸"

    /// The text without its marker, and the marker's UTF-8 offset.
    static func split(_ marked: String, file: StaticString = #filePath, line: UInt = #line) -> (text: String, offset: Int) {
        guard let r = marked.range(of: marker) else {
            XCTFail("no ‸ in the document", file: file, line: line)
            return (marked, 0)
        }
        let offset = marked.utf8.distance(from: marked.utf8.startIndex, to: r.lowerBound.samePosition(in: marked.utf8)!)
        return (marked.replacingCharacters(in: r, with: ""), offset)
    }

    /// The analysis of the text without its marker, and the marker's offset.
    static func analyze(_ marked: String, file: StaticString = #filePath, line: UInt = #line) -> (Analysis, Int) {
        let (text, offset) = split(marked, file: file, line: line)
        return (Pipeline.analyze(text: text), offset)
    }

    /// The UTF-8 range of the first occurrence of `needle` in `text`.
    static func range(of needle: String, in text: String, after: String? = nil) -> SourceRange? {
        var searchStart = text.startIndex
        if let after, let a = text.range(of: after) { searchStart = a.upperBound }
        guard let r = text.range(of: needle, range: searchStart..<text.endIndex) else { return nil }
        let s = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound)
        return SourceRange(start: s, end: s + needle.utf8.count)
    }
}
