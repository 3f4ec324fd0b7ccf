import Foundation
import TatamiModel
import TatamiText

/// The shaping chain of a file font (its faces at its size), made once per process and shared
/// by every layout that uses the font: the chain keeps the shaped words.
enum FontChains {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var chains: [FontFile: FontChain] = [:]

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
