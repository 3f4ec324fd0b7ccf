import TatamiModel
import TatamiBase
import TatamiYAML

/// The imports of one validation run, shared by the passes over every file it reads.
///
/// Each import is one *step* (`importStep`): the path checked, found, and either refused, a
/// cycle, a repeat, or a file, read and validated once per run (`files`). With an
/// `ImportCache` in the context, a file whose validation another run already made is taken
/// from the cache instead, when running its steps again here gives what they gave then
/// (`confirms`): an imported file's result depends on its path, its bytes, the workspace root
/// and the fonts it inherits (the cache's key) and on what its own imports came to, which is
/// all a step can differ in.
final class ImportSession {
    let context: ValidationContext
    let sources: SourceSet
    /// The workspace root, canonical when the context could resolve it.
    let root: String
    /// Canonical paths of the files being validated, the first importer first.
    var stack: [String]
    /// Files read so far, by canonical path: each is read and checked once per run.
    var files: [String: ImportedFile] = [:]
    /// How many files this run is validating for the cache (`ImportCache.claim`): a run that is
    /// validating one never waits for another run's.
    private var claims = 0

    static let tatamiSuffixes = [".tatami.yaml", ".tatami.yml"]

    init(context: ValidationContext, sources: SourceSet, root: String, mainPath: String) {
        self.context = context
        self.sources = sources
        self.root = root
        stack = [mainPath]
    }

    /// What one entry of an `imports:` list comes to, in the file at the top of the stack
    /// (whose directory is `directory`); `seen` holds the paths the file's earlier entries named.
    func importStep(_ entry: String, from directory: String, seen: inout Set<String>) -> ImportOutcome {
        if entry.isEmpty { return .refused("an import names a file; this one is empty", .importError) }
        if entry.hasPrefix("/") { return .refused("`\(entry)` is absolute; import paths are relative to the importing file", .importError) }
        guard Self.tatamiSuffixes.contains(where: { entry.hasSuffix($0) }) else {
            return .refused("`\(entry)` is not a Tatami file; imports name `.tatami.yaml` or `.tatami.yml` files", .importError)
        }
        let resolved: String
        switch ImportPath.locate(entry, from: directory, root: root, resolve: context.resolve,
                                 files: "imports", cannotFind: "cannot find `\(entry)`") {
        case .success(let path): resolved = path
        case .failure(let refused): return .refused(refused.message, .importError)
        }
        if let i = stack.firstIndex(of: resolved) { return .cycle(Array(stack[i...]) + [resolved]) }
        // Listed twice: once is enough.
        if !seen.insert(resolved).inserted { return .repeated }
        if let known = files[resolved] { return .file(known) }
        guard stack.count <= ValidationLimits.maxImportDepth else {
            return .refused("imports are nested more than \(ValidationLimits.maxImportDepth) deep; `\(entry)` is not read", .tooComplex)
        }
        guard files.count < ValidationLimits.maxImportedFiles else {
            return .refused("more than \(ValidationLimits.maxImportedFiles) files are imported; `\(entry)` is not read", .tooComplex)
        }
        guard let bytes = context.load(resolved) else { return .refused("cannot read `\(entry)`", .importError) }
        let file = read(bytes, at: resolved)
        files[resolved] = file
        return .file(file)
    }

    /// The file at `path` with the text `bytes`: the cache's when one of its entries holds here,
    /// else validated now (and kept in the cache, when there is one).
    private func read(_ bytes: [UInt8], at path: String) -> ImportedFile {
        guard let cache = context.importCache else {
            return ImportedFile.validate(bytes, path: path, block: sources.nextRunBlock(), session: self)
        }
        let key = ImportCache.Key(path: path, root: root, fonts: context.inherited?.fonts, bytes: bytes)
        let block: Int
        switch cache.find(key, bytes: bytes, mayWait: claims == 0) {
        case .claimed(let claimed): block = claimed
        case .kept(let candidates):
            for candidate in candidates where confirms(candidate) {
                sources.register(candidate.source)
                cache.noteReuse()
                return candidate
            }
            block = cache.claim(key)
        }
        claims += 1
        let file = ImportedFile.validate(bytes, path: path, block: block, session: self)
        claims -= 1
        cache.finish(key, bytes: bytes, file: file)
        return file
    }

    /// Whether a validation of `file`'s text made in another run holds in this one: its import
    /// steps, run again here with it on the stack, come to what they came to then (the same
    /// messages, the same cycle, the same files: the same objects, themselves read through the
    /// cache). The files these steps read stay read, as a fresh validation would have read them
    /// first; when a step differs the file is validated again, and finds them.
    private func confirms(_ file: ImportedFile) -> Bool {
        stack.append(file.source.path)
        defer { stack.removeLast() }
        var seen = Set<String>()
        let directory = ImportPath.directory(of: file.source.path)
        for step in file.steps {
            guard importStep(step.entry, from: directory, seen: &seen).matches(step.outcome) else { return false }
        }
        return true
    }
}

/// What one entry of an `imports:` list came to.
enum ImportOutcome {
    /// Not read: the message and code reported at the entry.
    case refused(String, DiagnosticCode)
    /// A file being validated: the canonical paths of the files in the cycle, the first last too.
    case cycle([String])
    /// A file an earlier entry of the same list names.
    case repeated
    case file(ImportedFile)

    /// The same outcome; files are the same when they are the same object.
    func matches(_ other: ImportOutcome) -> Bool {
        switch (self, other) {
        case let (.refused(a, c), .refused(b, d)): return a == b && c == d
        case let (.cycle(a), .cycle(b)): return a == b
        case (.repeated, .repeated): return true
        case let (.file(a), .file(b)): return a === b
        default: return false
        }
    }
}

/// One entry of a file's `imports:` list and what it came to.
struct ImportStep {
    let entry: String
    let outcome: ImportOutcome
}
