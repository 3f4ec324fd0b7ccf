import TatamiModel
import TatamiBase
import TatamiYAML

/// What validating one file produced: the model, as complete as the file allows, and every
/// problem found.
public struct ValidationResult: Sendable {
    public let document: TatamiDocument
    /// The YAML stage's diagnostics followed by the validator's, sorted for display.
    public let diagnostics: [Diagnostic]

    public init(document: TatamiDocument, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }
}

/// Checks a YAML tree against the Tatami schema and builds the typed model.
///
/// Validation never throws and never traps: every problem is a diagnostic, and the check carries
/// on with a default so the rest of the file is still checked. Recursion is bounded by
/// `ValidationLimits.maxViewDepth` views; callers run it on a thread with a large stack.
public enum Validator {
    /// Validates a file on its own: it cannot import anything.
    public static func validate(_ yaml: YAMLParseResult) -> ValidationResult {
        validate(yaml, context: .standalone)
    }

    /// Validates a file; `context` says where it lives and how to read what it imports.
    public static func validate(_ yaml: YAMLParseResult, context: ValidationContext) -> ValidationResult {
        // After a syntax error, the nodes open where parsing stopped are cut (only a mapping
        // root is read further).
        let cut = yaml.isComplete ? nil : yaml.root.flatMap { $0.pairs == nil ? nil : $0 }
        let sources = SourceSet(main: yaml.lineTable)
        var session: ImportSession? = nil
        var canonical: String? = nil, directory: String? = nil
        if let path = context.filePath {
            let dir = ImportPath.directory(of: path)
            let resolvedDir = context.resolve(dir) ?? ImportPath.normalize(dir)
            let name = String(path.split(separator: "/").last ?? "")
            directory = resolvedDir
            canonical = context.resolve(path) ?? ImportPath.join(resolvedDir, name)
            let root = context.workspaceRoot.map { context.resolve($0) ?? ImportPath.normalize($0) } ?? resolvedDir
            session = ImportSession(context: context, sources: sources, root: root, mainPath: canonical!)
        }
        let pass = ValidationPass(table: yaml.lineTable, cutFrom: cut, sources: sources, session: session,
                                  filePath: canonical, importDirectory: directory)
        if let session { pass.fontFiles = FontFileSource(directory: directory, root: session.root, context: context) }
        pass.inherit(context.inherited)
        let document = TatamiDocument()
        pass.validateFile(yaml.root, isComplete: yaml.isComplete, into: document)
        document.viewCount = pass.nextSerial
        document.provisionalViews = pass.provisionalViews
        document.explainedViews = pass.explainedViews
        document.components = pass.componentSignatures()
        let table = yaml.lineTable
        func clamp(_ r: SourceRange) -> SourceRange {
            SourceRange(start: table.clampOffset(r.start), end: table.clampOffset(r.end))
        }
        var seen = Set<Diagnostic>()
        var all: [Diagnostic] = yaml.diagnostics
        for var d in pass.diagnostics + pass.templateReports {
            d.range = clamp(d.range)
            for i in d.fixes.indices { d.fixes[i].range = clamp(d.fixes[i].range) }
            all.append(d)
        }
        // A subtree reached through several aliases is checked once per alias: keep one copy.
        all = all.filter { seen.insert($0).inserted }
        return ValidationResult(document: document, diagnostics: all.sortedForDisplay())
    }
}

extension ValidationPass {
    /// The top level of a file. A library (an imported file) reads only what its components
    /// need: `fonts`, `alignments`, `imports` and `components`; its `body` and `viewports` are
    /// not read.
    func validateFile(_ root: YAMLNode?, isComplete: Bool, into document: TatamiDocument) {
        guard let root else {
            if isComplete && !isLibrary {
                report(.missingRequired, "the file is empty; it needs at least a `body`", at: .at(table.bytes.count))
            }
            return
        }
        guard let raw = root.pairs else {
            report(.wrongType, "expected a mapping of top-level keys such as `body`, found \(root.kindDescription)",
                   at: root.range)
            return
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

        if let p = byName["tatami"] { validateVersion(p) }
        if !isLibrary { document.viewports = validateViewports(byName["viewports"]) }
        validateFonts(byName["fonts"])
        document.fonts = fonts
        document.alignments = validateAlignments(byName["alignments"])
        if let p = byName["imports"] { validateImports(p) }
        if let p = byName["components"] { validateComponents(p) }
        if isLibrary {
            noteUnresolvedUses()
            reportDuplicateIDs()
            return
        }

        if let body = byName["body"] {
            let context = ViewContext(depth: 1, role: .body)
            // A view takes a few dozen bytes of YAML or more (an instance's expanded body can
            // take fewer; the arrays then grow).
            views.reserve(views: table.bytes.count / 24 + 16)
            let built = view(body.value, key: body.key, context: context)
            let store = ViewStore(views)
            views = ViewParts()
            document.body = built.map { store[$0.node] }
            // Without a usable body nothing can be said about which components are used.
            if document.body != nil { reportUnusedComponents() }
        } else if isComplete {
            let at = pairs.first?.key.range ?? root.range
            report(.missingRequired, "the file has no `body`; add the root view under `body:`", at: at)
        }
        noteUnresolvedUses()
        reportDuplicateIDs()
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
}
