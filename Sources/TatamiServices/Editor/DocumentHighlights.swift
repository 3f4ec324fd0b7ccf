import TatamiBase
import TatamiModel
import TatamiYAML

/// One place in the file naming what the cursor's name names.
public struct DocumentHighlightInfo: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The declaration: a key under `components:`, `params:`, `viewports:`, `fonts:`,
        /// `alignments:`; an `id:` value.
        case write
        /// A use: an instance's kind key, `$name` or `${name}`, an argument key, a `font:` or
        /// `alignment:` value, an `alignmentGuides` key, an import entry.
        case read
    }

    public var range: SourceRange
    public var kind: Kind

    public init(range: SourceRange, kind: Kind) {
        self.range = range
        self.kind = kind
    }
}

extension EditorServices {
    /// The places in this file that name what the name at `offset` names, as references
    /// finds them but in this file only (no other file is searched): a component's
    /// declaration and instances, a parameter's declaration, `$name` references and argument
    /// keys, every `id:` of that name, a custom alignment's or font's declaration and uses, a
    /// viewport's declaration. A name that resolves to no declaration (a default font, a
    /// built-in alignment, a component whose import cannot be read, `$unknown`) highlights the
    /// places writing the same name in the same role (for parameters, of the same
    /// component), all as uses. Sorted by offset; empty where the cursor is on no name.
    public static func documentHighlights(_ a: Analysis, at offset: Int,
                                          workspace: (any EditorWorkspace)? = nil) -> [DocumentHighlightInfo] {
        LargeStack.run {
            let files = ReferenceFileSet(a, workspace: workspace)
            let current = files.current
            let at = a.lineTable.clampOffset(offset)
            let places: [NameOccurrence]
            if let (_, target) = NameResolution.target(at: at, files) {
                places = NameResolution.occurrences(of: target, in: current, files)
            } else if let o = NameOccurrence.at(at, in: current.occurrences) {
                places = current.occurrences.filter {
                    $0.kind == o.kind && $0.name == o.name && ($0.kind != .parameter || $0.component == o.component)
                }
            } else {
                places = []
            }
            var seen = Set<SourceRange>()
            return places.filter { $0.isExact }
                .map { DocumentHighlightInfo(range: $0.range, kind: $0.role == .declaration ? .write : .read) }
                .sorted { $0.range < $1.range }
                .filter { seen.insert($0.range).inserted }
        }
    }
}

extension NameResolution {
    /// What `references(of:includeDeclaration: true)` finds in `file`, without reading the
    /// workspace's other files.
    static func occurrences(of target: NameTarget, in file: ReferenceFile, _ files: ReferenceFileSet) -> [NameOccurrence] {
        switch target {
        case .component(let c):
            // Every use of the name in this file resolves the same way (a file's own component
            // wins, then the first import providing it).
            return file.occurrences.filter {
                $0.kind == .component && $0.name == c.name && ($0.role == .use || (c.file === file && $0.node === c.key))
            }
        case .parameter(let c, let name):
            return file.occurrences.filter { o in
                guard o.kind == .parameter, o.name == name, o.component == c.name else { return false }
                switch o.role {
                case .argument: return true
                case .declaration, .use: return c.file === file
                }
            }.filter { o in
                // A declaration of the parameter: only the key under the resolved component.
                o.role != .declaration || c.file.parameterKeys(of: c.name).first(where: { $0.keyText == name }) === o.node
            }
        case .local(let kind, let name):
            return file.occurrences.filter { $0.kind == kind && $0.name == name }
        case .file(let path):
            return file.occurrences.filter { $0.kind == .importPath && files.resolveImport($0.name, of: file) == path }
        }
    }
}
