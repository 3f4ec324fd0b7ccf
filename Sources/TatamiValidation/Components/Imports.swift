import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// An import that cannot be used: outside the workspace root, missing, unreadable, in a
    /// cycle, or a file with errors (summarised at the import).
    public static let importError = DiagnosticCode("import-error", .error)
    /// A font file that cannot be used: outside the workspace root, missing, unreadable, not a
    /// font, or without the face asked for (docs/format.md §5.1).
    public static let fontFileError = DiagnosticCode("font-file-error", .error)
}

/// The first error of an imported file, as the import summarises it.
struct ImportProblem {
    /// 1-based, in the imported file.
    let line: Int
    let message: String
    let code: DiagnosticCode
    /// Errors after the first.
    let others: Int
    /// When the first error is an import cycle: the canonical paths of the files in it.
    let cycle: [String]?

    /// "line 3: … [code] (and 2 more)"; the code is left out when it is `import-error`, which the
    /// import's own diagnostic already names.
    var summary: String {
        var text = "line \(line): \(message)"
        if code != .importError { text += " [\(code.name)]" }
        if others > 0 { text += " (and \(others) more)" }
        return text
    }
}

/// An imported file: the components it declares, and its first error; with what its own
/// imports came to, by which an `ImportCache` tells whether the file's validation holds in
/// another run. Nothing changes it once it is made (its components' templates are checked
/// while it is validated), so runs on several threads may share it.
final class ImportedFile {
    let components: [ComponentDecl]
    /// nil when the file has no errors.
    let problem: ImportProblem?
    /// Kept alive for the components: the names their bodies use, and the tree they point into.
    let scope: ComponentScope
    let root: YAMLNode?
    /// Its text, path and block of offsets.
    let source: ImportedSource
    /// Its `imports:` entries and what each came to, in order.
    let steps: [ImportStep]

    init(components: [ComponentDecl], problem: ImportProblem?, scope: ComponentScope, root: YAMLNode?,
         source: ImportedSource, steps: [ImportStep]) {
        self.components = components
        self.problem = problem
        self.scope = scope
        self.root = root
        self.source = source
        self.steps = steps
    }
}

extension DeclarationReader {
    /// `imports:` (docs/format.md §8.3): makes the components declared in those files usable here.
    /// Only their own components: not those they import, nor their bodies or viewports.
    func validateImports(_ pair: YAMLPair) {
        if case .null? = pair.value.scalar?.resolved { return }
        guard let items = pair.value.items else {
            reportWrongType(pair.value, key: pair.key, expected: "a list of relative paths", for: "`imports`")
            return
        }
        var seen = Set<String>()
        var providers: [String: String] = [:]
        for item in items {
            guard let s = item.scalar, case .string(let entry) = s.resolved else {
                reportWrongType(item, key: nil, expected: "a relative path such as `common/buttons.tatami.yaml`", for: nil)
                continue
            }
            guard let file = importFile(entry, at: item, seen: &seen) else { continue }
            for d in file.components {
                if let other = scope.lookup(d.name), other !== d {
                    let first = providers[d.name] ?? ""
                    report(.importError, "`\(d.name)` is declared in both `\(first)` and `\(entry)`; the one from `\(first)` is used",
                           at: item.range)
                    continue
                }
                providers[d.name] = entry
                scope.add(d)
            }
        }
    }

    /// Finds, checks and reads one import; nil when it cannot be used (reported).
    private func importFile(_ entry: String, at node: YAMLNode, seen: inout Set<String>) -> ImportedFile? {
        func fail(_ message: String, code: DiagnosticCode = .importError) -> ImportedFile? {
            report(code, message, at: node.range)
            scope.failedImports.append((node.range, entry))
            return nil
        }
        guard let session = input.session, let directory = input.importDirectory else {
            return fail("imports need a file path: this text was not read from a file, so `\(entry)` cannot be found from it")
        }
        let outcome = session.importStep(entry, from: directory, seen: &seen)
        importSteps.append(ImportStep(entry: entry, outcome: outcome))
        let file: ImportedFile
        switch outcome {
        case .refused(let message, let code): return fail(message, code: code)
        case .repeated: return nil
        case .file(let read): file = read
        case .cycle(let paths):
            let chain = paths.map { "`\(ImportPath.display($0, root: session.root))`" }
            let d = Diagnostic(.importError, "import cycle: \(chain.joined(separator: " → ")); a file cannot import itself, directly or through others",
                               at: node.range)
            append(d)
            importCycles.append((d, paths))
            scope.failedImports.append((node.range, entry))
            return nil
        }
        if let problem = file.problem {
            if let cycle = problem.cycle, let filePath = input.filePath, cycle.contains(filePath) {
                // A cycle through this file: said once, here, as the cycle it is (not as an
                // error of the other file's that repeats this import's code).
                let more = problem.others > 0 ? " (and \(problem.others) more error\(problem.others == 1 ? "" : "s") in `\(entry)`)" : ""
                let d = Diagnostic(.importError, problem.message + more, at: node.range)
                append(d)
                importCycles.append((d, cycle))
            } else {
                report(.importError, "`\(entry)` has errors: \(problem.summary)", at: node.range)
            }
        }
        return file
    }
}

extension ImportedFile {
    /// Parses and checks an imported file in a pass of its own, its offsets moved to `block`
    /// (see `SourceSet`).
    static func validate(_ bytes: [UInt8], path: String, block: Int, session: ImportSession) -> ImportedFile {
        session.context.importCache?.noteValidation()
        let yaml = YAMLParser.parse(bytes: bytes)
        let source = ImportedSource(block: block, table: yaml.lineTable, path: path, display: ImportPath.display(path, root: session.root))
        session.sources.register(source)
        let root = yaml.root.map { $0.relocated(by: source.base) }
        let cut = yaml.isComplete ? nil : root.flatMap { $0.pairs == nil ? nil : $0 }
        let input = FileInput(source: ValidationSource(table: yaml.lineTable, sources: session.sources, cutFrom: cut),
                              session: session, filePath: path, importDirectory: ImportPath.directory(of: path),
                              isLibrary: true, isImport: true,
                              inherited: session.context.inherited.map { InheritedDeclarations(fonts: $0.fonts) })
        session.stack.append(path)
        let outcome = FileValidation.validate(root, isComplete: yaml.isComplete, input: input)
        session.stack.removeLast()

        // The first error, in the imported file's own lines; a YAML error first, as it may
        // explain the others.
        var errors: [(range: SourceRange, diagnostic: Diagnostic)] = []
        for d in yaml.diagnostics where d.severity == .error { errors.append((d.range, d)) }
        let yamlErrors = errors.count
        for d in outcome.diagnostics where d.severity == .error {
            errors.append((session.sources.locate(d.range).range, d))
        }
        var problem: ImportProblem? = nil
        let firstOf = { (list: ArraySlice<(range: SourceRange, diagnostic: Diagnostic)>) in
            list.min(by: { $0.range.start < $1.range.start })
        }
        if let first = firstOf(errors.prefix(yamlErrors)) ?? firstOf(errors[...]) {
            let line = yaml.lineTable.line(ofByte: first.range.start) + 1
            let cycle = outcome.importCycles.first { $0.diagnostic == first.diagnostic }?.paths
            problem = ImportProblem(line: line, message: first.diagnostic.message, code: first.diagnostic.code,
                                    others: errors.count - 1, cycle: cycle)
        }
        return ImportedFile(components: outcome.context?.localComponents ?? [], problem: problem,
                            scope: outcome.context?.scope ?? ComponentScope(), root: root, source: source, steps: outcome.importSteps)
    }
}
