import TatamiModel
import TatamiBase
import TatamiYAML
import TatamiText

/// `fonts:` (docs/format.md §5.1): cell fonts and fonts given by files, the files read through the context.
extension DeclarationReader {
    /// Merges the file's fonts over the defaults. A font with unusable metrics is still declared
    /// (with the metrics it replaces, or the default font's), so uses of it are not reported too.
    func validateFonts(_ pair: YAMLPair?) {
        guard let pair, let entries = namedEntries(pair, what: "fonts") else { return }
        for entry in entries {
            let name = entry.key.keyText ?? ""
            var metrics = declarations.fonts[name] ?? declarations.fonts[FontMetrics.defaultFontName] ?? FontMetrics(width: 8, height: 16)
            if let f = object(entry.value, owner: entry.key, keys: .font, name: "font `\(name)`") {
                if let file = f["file"] {
                    if let m = fileFont(f, file: file, name: name) { metrics = m }
                } else {
                    for key in ["size", "lineHeight", "index", "fallback"] {
                        if let p = f[key] {
                            report(.conflictingKeys,
                                   "`\(key)` belongs to a font given by a file; font `\(name)` has no `file`, "
                                       + "so it is a cell font (`width` and `height`)",
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
            if declarations.fonts[name] == nil { declarations.fontNames.append(name) }
            declarations.fonts[name] = metrics
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
        // An imported file gives its importers components, not fonts (docs/format.md §8.3): its
        // fonts are declared for its own checks by name, and their files are read when the file
        // itself is checked, not each time it is imported.
        if input.isImport { return nil }
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
        guard let fontFiles = input.fontFiles, let directory = fontFiles.directory else {
            return fail("font files need a file path: this text was not read from a file, so `\(entry)` cannot be found from it")
        }
        if entry.isEmpty { return fail("a font names a file; this one is empty") }
        if entry.hasPrefix("/") { return fail("`\(entry)` is absolute; font paths are relative to the file that declares the font") }
        let resolved: String
        switch ImportPath.locate(entry, from: directory, root: fontFiles.root, resolve: fontFiles.context.resolve,
                                 files: "font files", cannotFind: "cannot find the font file `\(entry)`") {
        case .success(let path): resolved = path
        case .failure(let refused): return fail(refused.message)
        }
        guard let bytes = fontFiles.context.loadFont(resolved) else { return fail("cannot read the font file `\(entry)`") }
        switch FontFace.cached(bytes, index: index) {
        case .success: return FontFile.Face(path: resolved, index: index, bytes: bytes)
        case .failure(let error): return fail("`\(entry)` cannot be used: \(error)")
        }
    }

}
