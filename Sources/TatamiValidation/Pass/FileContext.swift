import TatamiModel
import TatamiBase
import TatamiYAML

/// What a file's validation starts from, before anything of the file is read: its text, where
/// it lives (for imports and font files) and what a workspace file gives it.
struct FileInput {
    let source: ValidationSource
    /// The run's imports (nil when the text has no file path: it cannot import).
    var session: ImportSession? = nil
    /// This file's canonical path and the directory its imports are relative to.
    var filePath: String? = nil
    var importDirectory: String? = nil
    /// Where font files are found (nil: the text has no file, so it names none).
    var fontFiles: FontFileSource? = nil
    /// Validating an imported file or a workspace file: only its declarations count (no body,
    /// no viewports).
    var isLibrary = false
    /// Validating an imported file for a file that imports it: its fonts are declared by name,
    /// their files not read (importers take its components only).
    var isImport = false
    /// What a workspace file declares for every file below it (`inherit`).
    var inherited: InheritedDeclarations? = nil
    /// Told the schema place of each view read where it is written (`ViewValidator.observeView`).
    var observeView: ((YAMLNode, SchemaPlace) -> Void)? = nil
    /// What the file's last validation kept of its body's items, and keeps this one's
    /// (`ValidationMemory`); nil: read everything.
    var memory: ValidationMemory? = nil
}

/// The names a file's top level declares for its views: fonts and custom alignments, over what
/// its workspace file gives it.
struct FileDeclarations: Equatable {
    /// What a workspace file declares for every file below it (`inherit`).
    var inherited = InheritedDeclarations()
    /// Font names: the defaults, then the workspace file's, then the file's, in declaration order.
    var fontNames: [String] = FontMetrics.defaultOrder
    var fonts: [String: FontMetrics] = FontMetrics.defaults
    /// Declared custom alignments and their axis (nil when the declaration's axis is unusable:
    /// such an alignment is accepted on either axis, so one mistake is reported once).
    var alignmentAxes: [String: Axis?] = [:]
    var alignmentOrder: [String] = []
}

/// Everything a file's views may depend on beyond their own YAML: its text, its declarations
/// and the components it can use. Read once from the top level (`DeclarationReader`), before any
/// view, and never changed after: a view's validation reads the file through this alone.
final class FileContext {
    let source: ValidationSource
    let isLibrary: Bool
    /// This file's canonical path (nil: a text without a file).
    let filePath: String?
    let declarations: FileDeclarations
    /// The component names this file can use (its own and imported), and its own components
    /// in declaration order.
    let scope: ComponentScope
    let localComponents: [ComponentDecl]

    init(source: ValidationSource, isLibrary: Bool, filePath: String?, declarations: FileDeclarations,
         scope: ComponentScope, localComponents: [ComponentDecl]) {
        self.source = source
        self.isLibrary = isLibrary
        self.filePath = filePath
        self.declarations = declarations
        self.scope = scope
        self.localComponents = localComponents
    }

    /// The components this file can use, as editors show them.
    func componentSignatures() -> [ComponentSignature] {
        let sources = source.sources
        return scope.names.compactMap { name in
            guard let d = scope.lookup(name) else { return nil }
            let place = sources.locate(d.key.range)
            let parameters = d.params.map { p in
                ComponentSignature.Parameter(name: p.name, type: p.type?.rawValue,
                                             defaultText: p.defaultNode.map { Self.shortText(sources.text($0.range)) })
            }
            var seen = Set<String>()
            let uses = d.uses.map(\.name).filter { seen.insert($0).inserted }
            return ComponentSignature(name: d.name, parameters: parameters, file: place.path == nil ? nil : place.display,
                                      filePath: place.path, nameRange: place.range, uses: uses)
        }
    }

    /// The first line of `text`, cut to 60 characters.
    private static func shortText(_ text: String) -> String {
        var line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if line.count > 60 { line = String(line.prefix(59)) + "…" }
        return text.contains("\n") && !line.hasSuffix("…") ? line + " …" : line
    }
}
