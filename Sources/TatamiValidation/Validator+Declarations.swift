import TatamiModel
import TatamiBase
import TatamiYAML

/// `viewports:`, `fonts:` and `alignments:` (docs/format.md §9, §5.1, §6.4).
extension ValidationPass {
    /// The named entries of a top-level map, duplicates left out; nil (reported) when the value
    /// is not a mapping. Null means none.
    private func namedEntries(_ pair: YAMLPair, what: String) -> YAMLPairs? {
        if case .null? = pair.value.scalar?.resolved { return [] }
        guard let pairs = pair.value.pairs else {
            reportWrongType(pair.value, key: pair.key, expected: "a mapping of \(what) by name", for: "`\(pair.key.keyText ?? "")`")
            return nil
        }
        return uniquePairs(pairs)
    }

    // MARK: Viewports

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

    /// `{top, bottom, leading, trailing}`, each defaulting to 0.
    func edgeInsets(_ pair: YAMLPair, keys: ObjectKeys) -> EdgeInsets {
        guard let f = object(pair.value, owner: pair.key, keys: keys, name: "`\(pair.key.keyText ?? "")`") else { return .zero }
        var insets = EdgeInsets.zero
        if let v = number(f["top"], spec: f.spec("top")) { insets.top = v }
        if let v = number(f["bottom"], spec: f.spec("bottom")) { insets.bottom = v }
        if let v = number(f["leading"], spec: f.spec("leading")) { insets.leading = v }
        if let v = number(f["trailing"], spec: f.spec("trailing")) { insets.trailing = v }
        return insets
    }

    // MARK: Fonts

    /// Merges the file's fonts over the defaults. A font with unusable metrics is still declared
    /// (with the metrics it replaces, or the default font's), so uses of it are not reported too.
    func validateFonts(_ pair: YAMLPair?) {
        guard let pair, let entries = namedEntries(pair, what: "fonts") else { return }
        for entry in entries {
            let name = entry.key.keyText ?? ""
            var metrics = fonts[name] ?? fonts[FontMetrics.defaultFontName] ?? FontMetrics(width: 8, height: 16)
            if let f = object(entry.value, owner: entry.key, keys: .font, name: "font `\(name)`") {
                if let w = number(f["width"], spec: f.spec("width")) { metrics.width = w }
                if let h = number(f["height"], spec: f.spec("height")) { metrics.height = h }
            }
            if fonts[name] == nil { fontNames.append(name) }
            fonts[name] = metrics
        }
    }

    // MARK: Alignments

    /// Names a custom alignment may not take: they already mean something wherever an
    /// alignment is written.
    static let reservedAlignmentNames: Set<String> = {
        var names = Set(GuideName.builtIn.map(\.rawValue))
        names.formUnion(Alignment2D.allNames)
        names.formUnion(AlignmentSet.vertical.builtInNames)
        names.formUnion(AlignmentSet.horizontal.builtInNames)
        return names
    }()

    func validateAlignments(_ pair: YAMLPair?) -> [String: CustomAlignment] {
        guard let pair, let entries = namedEntries(pair, what: "alignments") else { return [:] }
        var result: [String: CustomAlignment] = [:]
        for entry in entries {
            let name = entry.key.keyText ?? ""
            if Self.reservedAlignmentNames.contains(name) {
                report(.invalidValue, "`\(name)` is a built-in alignment name; choose another name for a custom alignment",
                       at: entry.key.range)
                continue
            }
            var axis: Axis? = nil
            var defaultValue = Expression.constant(0, range: entry.key.range)
            if let f = object(entry.value, owner: entry.key, keys: .alignmentDeclaration, name: "alignment `\(name)`") {
                if let a = word(f["axis"], spec: f.spec("axis")) { axis = Axis(rawValue: a) }
                if let d = f["default"] {
                    var found: [Diagnostic] = []
                    if let e = ExpressionCompiler.compile(d.value, names: Schema.guideExpressionNames, expected: .number,
                                                          what: "`default`", key: d.key, diagnostics: &found) {
                        defaultValue = e
                    }
                    found.forEach(append)
                }
            }
            alignmentAxes[name] = .some(axis)
            alignmentOrder.append(name)
            result[name] = CustomAlignment(
                name: name, axis: axis ?? .vertical, defaultValue: defaultValue,
                range: SourceRange(start: entry.key.range.start, end: max(entry.key.range.end, entry.value.range.end)))
        }
        return result
    }
}
