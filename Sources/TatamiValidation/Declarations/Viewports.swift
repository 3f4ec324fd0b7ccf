import TatamiModel
import TatamiBase
import TatamiYAML

/// `viewports:` (docs/format.md §9).
extension DeclarationReader {
    /// The named entries of a top-level map, duplicates left out; nil (reported) when the value
    /// is not a mapping. Null means none.
    func namedEntries(_ pair: YAMLPair, what: String) -> YAMLPairs? {
        if case .null? = pair.value.scalar?.resolved { return .empty }
        guard let pairs = pair.value.pairs else {
            reportWrongType(pair.value, key: pair.key, expected: "a mapping of \(what) by name", for: "`\(pair.key.keyText ?? "")`")
            return nil
        }
        return uniquePairs(pairs)
    }

    /// The file's viewports merged with those a workspace file gives (`mergeViewports`).
    func validateViewports(_ pair: YAMLPair?) -> [Viewport] {
        mergeViewports(own: pair.map(ownViewports) ?? [])
    }

    /// The viewports declared under `pair`, in order (none when unusable).
    func ownViewports(_ pair: YAMLPair) -> [Viewport] {
        guard let entries = namedEntries(pair, what: "viewports") else { return [] }
        var result: [Viewport] = []
        for entry in entries {
            let name = entry.key.keyText ?? ""
            if let v = viewport(named: name, entry) { result.append(v) }
        }
        return result
    }

    /// One viewport. Unusable sizes fall back to the default 320×480, so the name stays usable.
    private func viewport(named name: String, _ entry: YAMLPair) -> Viewport? {
        guard let f = object(entry.value, owner: entry.key, keys: .viewport, name: "viewport `\(name)`") else { return nil }
        var v = Viewport(name: name, width: Viewport.fallback.width, height: Viewport.fallback.height,
                         range: SourceRange(start: entry.key.range.start, end: max(entry.key.range.end, entry.value.range.end)))
        if let w = number(f["width"], spec: f.spec("width")) { v.width = w }
        if let h = number(f["height"], spec: f.spec("height")) { v.height = h }
        if let p = f["safeArea"] { v.safeArea = edgeInsets(p, keys: .safeArea) }
        if let d = word(f["direction"], spec: f.spec("direction")) { v.direction = Viewport.Direction(rawValue: d) ?? .ltr }
        if let s = number(f["scale"], spec: f.spec("scale")) { v.scale = s }
        return v
    }

}
