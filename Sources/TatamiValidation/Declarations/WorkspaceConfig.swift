import TatamiModel
import TatamiBase
import TatamiYAML

/// What a workspace file (`tatami.config.yaml`) gives every Tatami file below it: viewports and
/// fonts, which a file's own declarations add to and override (docs/workspace.md).
public struct InheritedDeclarations: Sendable, Hashable {
    /// In declaration order. Their ranges are nil: they are written in another file.
    public var viewports: [Viewport]
    /// In declaration order, over the default fonts.
    public var fonts: [InheritedFont]

    public init(viewports: [Viewport] = [], fonts: [InheritedFont] = []) {
        self.viewports = viewports
        self.fonts = fonts
    }

    public var isEmpty: Bool { viewports.isEmpty && fonts.isEmpty }
}

public struct InheritedFont: Sendable, Hashable {
    public var name: String
    public var metrics: FontMetrics

    public init(name: String, metrics: FontMetrics) {
        self.name = name
        self.metrics = metrics
    }
}

/// A severity a workspace file gives a diagnostic code (`rules: {code: level}`).
public enum RuleLevel: String, Sendable, Hashable, CaseIterable {
    case off, info, warning, error

    /// The severity diagnostics of the code get; nil for `off` (they are dropped).
    public var severity: Severity? {
        switch self {
        case .off: return nil
        case .info: return .information
        case .warning: return .warning
        case .error: return .error
        }
    }
}

/// One entry of `rules:`, with where its code is written (TatamiServices checks the name
/// against the diagnostic catalog, which this module does not know).
public struct RuleEntry: Sendable, Hashable {
    public var code: String
    public var codeRange: SourceRange
    public var level: RuleLevel
}

/// One `exclude:` glob and where it is written.
public struct ExcludeEntry: Sendable, Hashable {
    public var pattern: String
    public var range: SourceRange
}

/// A workspace file, read and checked.
public struct WorkspaceConfig: Sendable, Hashable {
    public var inherited = InheritedDeclarations()
    public var exclude: [ExcludeEntry] = []
    public var rules: [RuleEntry] = []
    /// `format: {lineWidth}`: the line width `tatami format` uses, nil when not set.
    public var lineWidth: Int?

    public init() {}

    /// The level of each code named under `rules:` (the last entry wins; duplicates are
    /// reported by the YAML stage).
    public var levels: [String: RuleLevel] {
        var result: [String: RuleLevel] = [:]
        for r in rules { result[r.code] = r.level }
        return result
    }
}

public struct WorkspaceConfigResult: Sendable {
    public let config: WorkspaceConfig
    /// The YAML stage's diagnostics and the validator's, sorted for display.
    public let diagnostics: [Diagnostic]
}

extension Validator {
    /// Checks a workspace file against `Schema.workspaceTopLevel`: its `viewports` and `fonts`
    /// are read by the same code as a Tatami file's, so they are checked the same way.
    /// `context`: where the workspace file lives and how to read the font files it names (its
    /// directory is the root they stay inside); without one, a font file cannot be read.
    public static func validateWorkspaceConfig(_ yaml: YAMLParseResult, context: ValidationContext? = nil) -> WorkspaceConfigResult {
        let cut = yaml.isComplete ? nil : yaml.root.flatMap { $0.pairs == nil ? nil : $0 }
        var input = FileInput(source: ValidationSource(table: yaml.lineTable, cutFrom: cut), isLibrary: true)
        if let context, let path = context.filePath {
            let dir = ImportPath.directory(of: path)
            let resolved = context.resolve(dir) ?? ImportPath.normalize(dir)
            let root = context.workspaceRoot.map { context.resolve($0) ?? ImportPath.normalize($0) } ?? resolved
            input.fontFiles = FontFileSource(directory: resolved, root: root, context: context)
        }
        let sink = DiagnosticSink()
        let pass = DeclarationReader(input, sink: sink, suggestions: SuggestionCache())
        let config = pass.validateWorkspaceFile(yaml.root)
        let table = yaml.lineTable
        var all: [Diagnostic] = yaml.diagnostics
        for var d in sink.diagnostics {
            d.range = SourceRange(start: table.clampOffset(d.range.start), end: table.clampOffset(d.range.end))
            all.append(d)
        }
        return WorkspaceConfigResult(config: config, diagnostics: all.sortedForDisplay())
    }
}

extension DeclarationReader {
    /// The file's own viewports first, then the inherited ones it does not redeclare; the
    /// fallback `default` only when there are none at all.
    func mergeViewports(own: [Viewport]) -> [Viewport] {
        let names = Set(own.map(\.name))
        let merged = own + declarations.inherited.viewports.filter { !names.contains($0.name) }
        return merged.isEmpty ? [.fallback] : merged
    }

    func validateWorkspaceFile(_ root: YAMLNode?) -> WorkspaceConfig {
        var config = WorkspaceConfig()
        guard let root else { return config }
        guard let raw = root.pairs else {
            report(.wrongType, "expected a mapping of workspace settings such as `viewports` or `exclude`, found \(root.kindDescription)",
                   at: root.range)
            return config
        }
        let names = Schema.workspaceTopLevel.map(\.name)
        var byName: [String: YAMLPair] = [:]
        let unique = uniquePairs(raw)
        for p in unique {
            let k = p.key.keyText ?? ""
            if names.contains(k) {
                byName[k] = p
            } else if Schema.topLevel.contains(where: { $0.name == k }) {
                reportUnknownKey(p.key, candidates: [], context: "in a workspace file; `\(k)` belongs in a Tatami file")
            } else {
                reportUnknownKey(p.key, candidates: names, beside: unique)
            }
        }
        if let p = byName["tatami"] { validateVersion(p) }
        if let p = byName["viewports"] {
            config.inherited.viewports = ownViewports(p).map { var v = $0; v.range = nil; return v }
        }
        if let p = byName["fonts"] {
            validateFonts(p)
            // Only the fonts the workspace file declares (a redeclared default counts).
            let declared = (p.value.pairs.map { uniqueNames($0) } ?? [])
            config.inherited.fonts = declared.compactMap { name in
                declarations.fonts[name].map { InheritedFont(name: name, metrics: $0) }
            }
        }
        if let p = byName["exclude"] { config.exclude = validateExclude(p) }
        if let p = byName["rules"] { config.rules = validateRules(p) }
        if let p = byName["format"], case .null? = p.value.scalar?.resolved {
            // `format:` with nothing: the defaults.
        } else if let p = byName["format"],
                  let f = objectPairs(p.value, owner: p.key, keys: ObjectKeys.format, name: "`format`") {
            config.lineWidth = number(f, ObjectKeys.format, ObjectKeys.format.id("lineWidth")).map { Int($0) }
        }
        return config
    }

    private func uniqueNames(_ pairs: YAMLPairs) -> [String] {
        var seen = Set<String>()
        return pairs.compactMap { $0.key.keyText }.filter { seen.insert($0).inserted }
    }

    private func validateExclude(_ pair: YAMLPair) -> [ExcludeEntry] {
        if case .null? = pair.value.scalar?.resolved { return [] }
        guard let items = pair.value.items else {
            reportWrongType(pair.value, key: pair.key, expected: "a list of glob patterns such as `Tests/Fixtures/**`", for: "`exclude`")
            return []
        }
        var result: [ExcludeEntry] = []
        for item in items {
            guard let s = item.scalar, case .string(let pattern) = s.resolved else {
                reportWrongType(item, key: nil, expected: "a glob pattern such as `build/`", for: nil)
                continue
            }
            if pattern.isEmpty {
                report(.invalidValue, "an empty pattern excludes nothing", at: item.range)
                continue
            }
            result.append(ExcludeEntry(pattern: pattern, range: item.range))
        }
        return result
    }

    private func validateRules(_ pair: YAMLPair) -> [RuleEntry] {
        if case .null? = pair.value.scalar?.resolved { return [] }
        guard let pairs = pair.value.pairs else {
            reportWrongType(pair.value, key: pair.key, expected: "a mapping of diagnostic codes to `off`, `info`, `warning` or `error`",
                            for: "`rules`")
            return []
        }
        let words = RuleLevel.allCases.map(\.rawValue)
        var result: [RuleEntry] = []
        for p in uniquePairs(pairs) {
            let code = p.key.keyText ?? ""
            guard let w = word(p.value, key: p.key, words: words, name: "the severity of `\(code)`") else { continue }
            result.append(RuleEntry(code: code, codeRange: p.key.range, level: RuleLevel(rawValue: w)!))
        }
        return result
    }
}
