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
        validate(yaml, context: context, observingViews: nil)
    }

    /// `validate`, telling `observingViews` the schema place of each view read where it is written.
    static func validate(_ yaml: YAMLParseResult, context: ValidationContext,
                         observingViews: ((YAMLNode, SchemaPlace) -> Void)?) -> ValidationResult {
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
        let input = FileInput(source: ValidationSource(table: yaml.lineTable, sources: sources, cutFrom: cut),
                              session: session, filePath: canonical, importDirectory: directory,
                              fontFiles: session.map { FontFileSource(directory: directory, root: $0.root, context: context) },
                              inherited: context.inherited, observeView: observingViews,
                              memory: yaml.isComplete && !yaml.usesAliases && observingViews == nil ? context.memory : nil)
        if input.memory == nil { context.memory?.keepNothing() }
        let outcome = FileValidation.validate(yaml.root, isComplete: yaml.isComplete, input: input)
        let parts = outcome.document
        let document = TatamiDocument(
            viewports: parts.viewports, fonts: parts.fonts, alignments: parts.alignments, body: parts.body,
            viewCount: outcome.results.nextSerial, provisionalViews: outcome.results.provisionalViews,
            explainedViews: outcome.results.explainedViews, components: outcome.context?.componentSignatures() ?? [])
        let table = yaml.lineTable
        func clamp(_ r: SourceRange) -> SourceRange {
            SourceRange(start: table.clampOffset(r.start), end: table.clampOffset(r.end))
        }
        var seen = Set<Diagnostic>()
        var all: [Diagnostic] = yaml.diagnostics
        for var d in outcome.diagnostics {
            d.range = clamp(d.range)
            for i in d.fixes.indices { d.fixes[i].range = clamp(d.fixes[i].range) }
            // A related location written in an imported file's offsets (a check inside an
            // imported body pointing at another key there) is put in that file, as
            // `SourceSet.related` puts the others.
            for i in d.related.indices where d.related[i].file == nil && SourceSet.isImported(d.related[i].range) {
                d.related[i] = sources.related(d.related[i].range, d.related[i].message)
            }
            all.append(d)
        }
        // A subtree reached through several aliases is checked once per alias: keep one copy.
        all = all.filter { seen.insert($0).inserted }
        return ValidationResult(document: document, diagnostics: all.sortedForDisplay())
    }
}

/// What validating one file (the file itself, or an imported one) produced.
struct FileOutcome {
    /// nil when the file has no usable top level (empty, or not a mapping).
    let context: FileContext?
    /// The findings in the order found, then what template checks found that does not depend
    /// on arguments.
    let diagnostics: [Diagnostic]
    /// The views' results: serials, marks (the views themselves are in `document.body`).
    let results: ViewResults
    /// What the document is made of, but for what `results` holds.
    let document: DocumentParts
    /// The import cycles the file's imports reported.
    let importCycles: [(diagnostic: Diagnostic, paths: [String])]
    /// Each entry of the file's `imports:` list and what it came to.
    let importSteps: [ImportStep]
}

/// One file's validation, in the order its parts depend on each other:
///
/// 1. the top level and the declarations (`DeclarationReader`), which become the file's
///    immutable `FileContext`;
/// 2. each component's body, checked once as a template (`ViewValidator.checkTemplate`);
/// 3. the body (not in an imported file, which gives only its components);
/// 4. the file-wide checks over what the parts found (`FileMerge`): unresolved component uses,
///    duplicate ids, unused components.
enum FileValidation {
    static func validate(_ root: YAMLNode?, isComplete: Bool, input: FileInput) -> FileOutcome {
        let sink = DiagnosticSink(), templateReports = DiagnosticSink()
        let suggestions = SuggestionCache()
        let reader = DeclarationReader(input, sink: sink, suggestions: suggestions)
        var results = ViewResults()
        var document = DocumentParts()
        guard let top = reader.readTopLevel(root, isComplete: isComplete) else {
            return FileOutcome(context: nil, diagnostics: sink.diagnostics, results: results, document: document,
                               importCycles: reader.importCycles, importSteps: reader.importSteps)
        }
        let declared = reader.readDeclarations(top, into: &document)
        let file = reader.fileContext()
        let views = ViewValidator(file: file, sink: sink, templateReports: templateReports, suggestions: suggestions)
        views.observeView = input.observeView
        let outside = ExpansionContext.file(file.scope)
        for d in declared { views.checkTemplate(d, in: outside, into: &results) }

        let merge = FileMerge(file: file, sink: sink)
        if !input.isLibrary {
            if let body = top.byName["body"] {
                if let memory = input.memory {
                    views.chunks = ChunkSession(memory: memory, file: file, body: body.value.range)
                }
                if let old = views.chunks?.old {
                    // Most views will be taken over: room for as many as the last store held.
                    results.views.reserve(toHold: old.store)
                } else {
                    // A view takes a few dozen bytes of YAML or more (an instance's expanded body
                    // can take fewer; the arrays then grow).
                    results.views.reserve(views: file.source.table.bytes.count / 24 + 16)
                }
                let built = views.view(body.value, key: body.key, context: .body,
                                       in: outside, into: &results)
                let store = ViewStore(results.views)
                results.views = ViewParts()
                views.chunks?.finish(store: store)
                document.body = built.map { store[$0.node] }
                // Without a usable body nothing can be said about which components are used.
                if document.body != nil { merge.reportUnusedComponents(results.usedComponents) }
            } else if isComplete {
                let at = top.pairs.first?.key.range ?? top.root.range
                sink.report(.missingRequired, "the file has no `body`; add the root view under `body:`", at: at)
            }
        }
        merge.noteUnresolvedUses(results.unresolvedUses)
        merge.reportDuplicateIDs(results.ids)
        return FileOutcome(context: file, diagnostics: sink.diagnostics + templateReports.diagnostics, results: results,
                           document: document, importCycles: reader.importCycles, importSteps: reader.importSteps)
    }
}

/// What the declarations and the body give the document, gathered while a file is read; the
/// validator makes the immutable `TatamiDocument` of it once the file is read.
struct DocumentParts {
    var viewports: [Viewport] = [.fallback]
    var fonts: [String: FontMetrics] = FontMetrics.defaults
    var alignments: [String: CustomAlignment] = [:]
    var body: ViewNode?
}
