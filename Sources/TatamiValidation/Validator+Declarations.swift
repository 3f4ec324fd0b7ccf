import TatamiModel
import TatamiBase
import TatamiYAML
import TatamiText

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
                if let file = f["file"] {
                    if let m = fileFont(f, file: file, name: name) { metrics = m }
                } else {
                    for key in ["size", "lineHeight", "index", "fallback"] {
                        if let p = f[key] {
                            report(.conflictingKeys, "`\(key)` belongs to a font given by a file; font `\(name)` has no `file`, so it is a cell font (`width` and `height`)",
                                   at: p.key.range)
                        }
                    }
                    for key in ["width", "height"] where f[key] == nil {
                        reportMissing(key, in: "font `\(name)`", node: entry.value, owner: entry.key, pairs: f.mapping.pairs)
                    }
                    if let w = number(f["width"], spec: f.spec("width")) { metrics.width = w }
                    if let h = number(f["height"], spec: f.spec("height")) { metrics.height = h }
                    metrics.file = nil
                }
            }
            if fonts[name] == nil { fontNames.append(name) }
            fonts[name] = metrics
        }
    }

    /// A font given by a file (`file`, `size`, `lineHeight`, `index`, `fallback`), its files read
    /// and loaded; nil when it cannot be used (reported).
    private func fileFont(_ f: ObjectFields, file: YAMLPair, name: String) -> FontMetrics? {
        for key in ["width", "height"] {
            if let p = f[key] {
                report(.conflictingKeys, "`\(key)` belongs to a cell font; font `\(name)` is measured from its `file`",
                       at: p.key.range)
            }
        }
        if f["size"] == nil { reportMissing("size", in: "font `\(name)`", node: file.value, owner: nil, pairs: f.mapping.pairs) }
        let size = number(f["size"], spec: f.spec("size"))
        let lineHeight = number(f["lineHeight"], spec: f.spec("lineHeight"))
        let index = number(f["index"], spec: f.spec("index")).map { Int($0) } ?? 0
        var faces: [FontFile.Face] = []
        guard let primary = fontFace(file.value, index: index) else { return nil }
        faces.append(primary)
        if let fallback = f["fallback"], !(fallback.value.scalar?.resolved == .null) {
            if let items = fallback.value.items {
                for item in items {
                    if item.scalar != nil {
                        if let face = fontFace(item, index: 0) { faces.append(face) }
                    } else if let g = object(item, owner: nil, keys: .fontFallback, name: "a fallback of font `\(name)`"),
                              let path = g["file"] {
                        let i = number(g["index"], spec: g.spec("index")).map { Int($0) } ?? 0
                        if let face = fontFace(path.value, index: i) { faces.append(face) }
                    }
                }
            } else {
                reportWrongType(fallback.value, key: fallback.key, expected: "a list of font files", for: "`fallback`")
            }
        }
        guard let size else { return nil }
        let font = FontFile(faces: faces, size: size, lineHeight: lineHeight)
        let normal = FontFace.cached(primary.bytes, index: primary.index).map { $0.at(size: size).normalLineHeight }
        return FontMetrics(width: 0, height: lineHeight ?? ((try? normal.get()) ?? size), file: font)
    }

    /// One font file named at `node`: found inside the workspace root, read, and loaded as a
    /// font; nil when it cannot be (`font-file-error` at `node`).
    private func fontFace(_ node: YAMLNode, index: Int) -> FontFile.Face? {
        guard let s = node.scalar, case .string(let entry) = s.resolved else {
            reportWrongType(node, key: nil, expected: "the path of a font file, such as `fonts/Inter-Regular.otf`", for: nil)
            return nil
        }
        func fail(_ message: String) -> FontFile.Face? {
            report(.fontFileError, message, at: node.range)
            return nil
        }
        guard let fontFiles, let directory = fontFiles.directory else {
            return fail("font files need a file path: this text was not read from a file, so `\(entry)` cannot be found from it")
        }
        if entry.isEmpty { return fail("a font names a file; this one is empty") }
        if entry.hasPrefix("/") { return fail("`\(entry)` is absolute; font paths are relative to the file that declares the font") }
        let candidate = ImportPath.join(directory, entry)
        guard ImportPath.isInside(candidate, root: fontFiles.root) else {
            return fail("`\(entry)` is outside the workspace root `\(fontFiles.root)`; font files must stay inside it")
        }
        guard let resolved = fontFiles.context.resolve(candidate) else { return fail("cannot find the font file `\(entry)`") }
        guard ImportPath.isInside(resolved, root: fontFiles.root) else {
            return fail("`\(entry)` leads outside the workspace root `\(fontFiles.root)` through a symbolic link; font files must stay inside it")
        }
        guard let bytes = fontFiles.context.loadFont(resolved) else { return fail("cannot read the font file `\(entry)`") }
        switch FontFace.cached(bytes, index: index) {
        case .success: return FontFile.Face(path: resolved, index: index, bytes: bytes)
        case .failure(let error): return fail("`\(entry)` cannot be used: \(error)")
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
