import Foundation
import TatamiModel
import TatamiText

/// The shaping chain of a file font (its faces at its size), made once per process and shared
/// by every layout that uses the font: the chain keeps the shaped lines, and this keeps each
/// text read for measuring (`prepared`), so a text is read once however many viewports, and
/// analyses of a file being edited, lay it out.
enum FontChains {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var chains: [FontFile: FontChain] = [:]
    /// Texts read for measuring, per chain, by text.
    nonisolated(unsafe) private static var texts: [ObjectIdentifier: [String: ShapedText]] = [:]
    nonisolated(unsafe) private static var textCount = 0
    /// Texts kept in all; past it the store starts again (a bound on a long-running server's memory).
    static let textLimit = 200_000

    /// `text` read for measuring in `chain` (`ShapedTextMeasurer.prepare`), once per process. A
    /// chain is made per font (`chain(_:)`), so its line height goes with it.
    static func shaped(_ text: String, chain: FontChain, lineHeight: Double?) -> ShapedText {
        let id = ObjectIdentifier(chain)
        lock.lock()
        if let known = texts[id]?[text] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let prepared = ShapedText(text, chain: chain, lineHeight: lineHeight)
        lock.lock()
        if textCount >= textLimit {
            texts.removeAll(keepingCapacity: true)
            textCount = 0
        }
        texts[id, default: [:]][text] = prepared
        textCount += 1
        lock.unlock()
        return prepared
    }

    /// nil when a face cannot be loaded (validation has reported it at the font's file).
    static func chain(_ file: FontFile) -> FontChain? {
        lock.lock()
        if let known = chains[file] {
            lock.unlock()
            return known
        }
        lock.unlock()
        var fonts: [SizedFont] = []
        for face in file.faces {
            guard case .success(let loaded) = FontFace.cached(face.bytes, index: face.index) else { return nil }
            fonts.append(loaded.at(size: file.size))
        }
        guard !fonts.isEmpty else { return nil }
        let chain = FontChain(fonts)
        lock.lock()
        defer { lock.unlock() }
        if let raced = chains[file] { return raced }
        chains[file] = chain
        return chain
    }
}
