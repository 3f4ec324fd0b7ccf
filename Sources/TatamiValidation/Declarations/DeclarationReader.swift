import TatamiModel
import TatamiBase
import TatamiYAML

/// Reads the part of a file every view may depend on: its top level and declarations
/// (`tatami`, `viewports`, `fonts`, `alignments`, `imports`, `components` and the scan of each
/// component's body). What it gathers becomes the file's `FileContext`, which nothing changes
/// after; the views (component templates, then the body) are read with it by `ViewValidator`.
final class DeclarationReader: ValueChecking {
    let source: ValidationSource
    let sink: DiagnosticSink
    let suggestions: SuggestionCache
    let input: FileInput
    /// Fonts and alignments, over what the workspace file gives.
    var declarations = FileDeclarations()
    /// The component names this file can use (its own and imported), and its own components.
    let scope = ComponentScope()
    private(set) var localComponents: [ComponentDecl] = []
    /// The import cycles this file's imports reported, with the canonical paths of the files in
    /// each (an importer reports a cycle through itself as the cycle, not as the other file's
    /// error).
    var importCycles: [(diagnostic: Diagnostic, paths: [String])] = []
    /// Each entry of the file's `imports:` list and what it came to, in order (`ImportedFile.steps`).
    var importSteps: [ImportStep] = []

    init(_ input: FileInput, sink: DiagnosticSink, suggestions: SuggestionCache) {
        self.source = input.source
        self.sink = sink
        self.suggestions = suggestions
        self.input = input
        inherit(input.inherited)
    }

    /// The file's context, once its declarations are read.
    func fileContext() -> FileContext {
        FileContext(source: source, isLibrary: input.isLibrary, filePath: input.filePath, declarations: declarations,
                    scope: scope, localComponents: localComponents)
    }

    /// A file's top-level keys that the schema knows, by name, and the mapping's pairs.
    struct TopLevel {
        let root: YAMLNode
        let pairs: YAMLPairs
        let byName: [String: YAMLPair]
    }

    /// The top level of a file: nil (reported) when the file is empty or not a mapping.
    func readTopLevel(_ root: YAMLNode?, isComplete: Bool) -> TopLevel? {
        guard let root else {
            if isComplete && !input.isLibrary {
                report(.missingRequired, "the file is empty; it needs at least a `body`", at: .at(source.table.bytes.count))
            }
            return nil
        }
        guard let raw = root.pairs else {
            report(.wrongType, "expected a mapping of top-level keys such as `body`, found \(root.kindDescription)",
                   at: root.range)
            return nil
        }
        let pairs = uniquePairs(raw)
        var byName: [String: YAMLPair] = [:]
        let topNames = Schema.topLevel.map(\.name)
        for p in pairs {
            let k = p.key.keyText ?? ""
            if topNames.contains(k) {
                byName[k] = p
            } else if Schema.kind(named: k) != nil {
                reportUnknownKey(p.key, candidates: topNames, context: "at the top level; views go under `body`", beside: pairs)
            } else {
                reportUnknownKey(p.key, candidates: topNames, beside: pairs)
            }
        }
        return TopLevel(root: root, pairs: pairs, byName: byName)
    }

    /// Reads the declarations in the order views depend on them: the version, viewports (not in
    /// a library: an imported file gives only its components), fonts, alignments, imports and
    /// components. Returns the components this file declares, whose templates are checked next.
    func readDeclarations(_ top: TopLevel, into document: inout DocumentParts) -> [ComponentDecl] {
        let byName = top.byName
        if let p = byName["tatami"] { validateVersion(p) }
        if !input.isLibrary { document.viewports = validateViewports(byName["viewports"]) }
        validateFonts(byName["fonts"])
        document.fonts = declarations.fonts
        document.alignments = validateAlignments(byName["alignments"])
        if let p = byName["imports"] { validateImports(p) }
        guard let p = byName["components"] else { return [] }
        let declared = declareComponents(p)
        localComponents += declared
        return declared
    }

    /// `tatami: 1`.
    func validateVersion(_ pair: YAMLPair) {
        let v: Double
        switch pair.value.scalar?.resolved {
        case .int(let i)?: v = Double(i)
        case .float(let d)?: v = d
        default:
            reportWrongType(pair.value, key: pair.key, expected: "the format version `1`", for: "`tatami`")
            return
        }
        if v != 1 {
            report(.invalidValue, "unsupported format version `\(snippet(pair.value))`; this version of Tatami reads version 1",
                   at: range(of: pair.value, key: pair.key))
        }
    }

    /// Takes on a workspace file's declarations before the file's own are read.
    func inherit(_ inherited: InheritedDeclarations?) {
        guard let inherited else { return }
        declarations.inherited = inherited
        for f in inherited.fonts {
            if declarations.fonts[f.name] == nil { declarations.fontNames.append(f.name) }
            declarations.fonts[f.name] = f.metrics
        }
    }
}
