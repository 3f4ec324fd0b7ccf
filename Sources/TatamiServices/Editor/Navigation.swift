import TatamiBase
import TatamiModel
import TatamiYAML

// Go to definition and find references.
//
// What refers to what (docs/format.md §6.3, §6.4, §8; docs/decisions.md, Editor services):
// - a component's instances (kind keys) refer to its declaration under `components:`, in the
//   file itself or in an imported file (the file's own component wins, then the first import
//   declaring the name); a library's component is used by the workspace files importing it;
// - `$name` and `${name}` in a component's body, and an instance's argument keys, refer to the
//   parameter declared under the component's `params:`;
// - `alignment:` values and `alignmentGuides` keys naming a custom alignment refer to its
//   declaration under `alignments:`; `font:` values to a font under `fonts:`;
// - ids are only declared: nothing in the format refers to one. An id's definition is the first
//   `id:` with that name in the file; its references are every `id:` with that name (more than
//   one only when the file has a `duplicate-id` error);
// - viewport names are referred to by nothing in a file (only by `--viewport`);
// - an `imports:` entry's definition is the start of the imported file.

/// What a name at the cursor stands for.
enum NameTarget {
    /// A component declared in `file`.
    case component(ComponentTarget)
    /// A parameter of a component declared in a file.
    case parameter(ComponentTarget, name: String)
    /// An id, custom alignment, font or viewport of the analysed file.
    case local(NameOccurrence.Kind, name: String)
    /// An imported file.
    case file(String)
}

/// A name found somewhere in the workspace.
struct PlacedOccurrence {
    let file: ReferenceFile
    let occurrence: NameOccurrence

    var location: FileLocation { FileLocation(path: file.reportPath, range: occurrence.range) }
}

extension EditorServices {
    /// Where the name at `offset` is declared: a component's name under `components:` (in this
    /// file or the imported one that provides it), a parameter under `params:`, a custom
    /// alignment or font, the first `id:` of that name, or the start of an imported file. Empty
    /// when the cursor is on nothing that has a declaration.
    public static func definition(_ a: Analysis, at offset: Int, workspace: any EditorWorkspace) -> [FileLocation] {
        LargeStack.run {
            let files = ReferenceFileSet(a, workspace: workspace)
            guard let (_, target) = NameResolution.target(at: a.lineTable.clampOffset(offset), files) else { return [] }
            return NameResolution.declarations(of: target, files).map(\.location)
        }
    }

    /// Every place that names what the name at `offset` names, across the workspace for
    /// components and parameters (the declaring file and the files importing it), in this file
    /// for the rest; the declaration too when `includeDeclaration`. Sorted by file (this one
    /// first) and position.
    public static func references(_ a: Analysis, at offset: Int, includeDeclaration: Bool,
                                  workspace: any EditorWorkspace) -> [FileLocation] {
        LargeStack.run {
            let files = ReferenceFileSet(a, workspace: workspace)
            guard let (_, target) = NameResolution.target(at: a.lineTable.clampOffset(offset), files) else { return [] }
            return NameResolution.references(of: target, includeDeclaration: includeDeclaration, files).map(\.location)
        }
    }
}

/// Resolving names to what they stand for, and finding everything that names the same thing.
enum NameResolution {
    /// The occurrence at the cursor in the analysed file and what it stands for; nil when it
    /// stands for nothing declared (an unknown component, a default font, `$unknown`).
    static func target(at offset: Int, _ files: ReferenceFileSet) -> (NameOccurrence, NameTarget)? {
        let current = files.current
        guard let o = NameOccurrence.at(offset, in: current.occurrences) else { return nil }
        switch o.kind {
        case .component:
            guard let c = files.resolveComponent(o.name, in: current) else { return nil }
            return (o, .component(c))
        case .parameter:
            guard let component = o.component else { return nil }
            let owner: ComponentTarget?
            if o.role == .argument {
                owner = files.resolveComponent(component, in: current)
            } else {
                owner = current.components[component] != nil ? ComponentTarget(file: current, name: component) : nil
            }
            guard let owner, owner.file.parameterKeys(of: component).contains(where: { $0.keyText == o.name }) else { return nil }
            return (o, .parameter(owner, name: o.name))
        case .alignment, .font:
            let declared = current.occurrences.contains { $0.kind == o.kind && $0.role == .declaration && $0.name == o.name }
            guard declared else { return nil }
            return (o, .local(o.kind, name: o.name))
        case .id, .viewport:
            return (o, .local(o.kind, name: o.name))
        case .importPath:
            guard let path = files.resolveImport(o.name, of: current), files.file(at: path) != nil else { return nil }
            return (o, .file(path))
        }
    }

    /// The declarations of a target (one, except for a duplicated font or alignment name).
    static func declarations(of target: NameTarget, _ files: ReferenceFileSet) -> [PlacedOccurrence] {
        switch target {
        case .component(let c):
            guard let key = c.key else { return [] }
            return c.file.occurrences.filter { $0.kind == .component && $0.role == .declaration && $0.node === key }
                .map { PlacedOccurrence(file: c.file, occurrence: $0) }
        case .parameter(let c, let name):
            guard let key = c.file.parameterKeys(of: c.name).first(where: { $0.keyText == name }) else { return [] }
            return c.file.occurrences.filter { $0.kind == .parameter && $0.role == .declaration && $0.node === key }
                .map { PlacedOccurrence(file: c.file, occurrence: $0) }
        case .local(let kind, let name):
            let current = files.current
            let all = current.occurrences.filter { $0.kind == kind && $0.role == .declaration && $0.name == name }
            // Ids: the first in the file is the one the others duplicate.
            let first = all.min { $0.range.start < $1.range.start }
            return (kind == .id ? first.map { [$0] } ?? [] : all).map { PlacedOccurrence(file: current, occurrence: $0) }
        case .file(let path):
            guard let f = files.file(at: path) else { return [] }
            return [PlacedOccurrence(file: f, occurrence: NameOccurrence(kind: .importPath, role: .declaration, name: "",
                                                                         range: .at(0), node: nil, component: nil,
                                                                         isExact: true))]
        }
    }

    /// Everything naming the target, sorted: the analysed file first, then by path and offset.
    static func references(of target: NameTarget, includeDeclaration: Bool, _ files: ReferenceFileSet) -> [PlacedOccurrence] {
        var result: [PlacedOccurrence] = []
        switch target {
        case .component(let c):
            if includeDeclaration { result += declarations(of: target, files) }
            for f in [c.file] + files.importers(of: c.file) {
                let uses = f.occurrences.filter { $0.kind == .component && $0.role == .use && $0.name == c.name }
                guard !uses.isEmpty, files.resolveComponent(c.name, in: f)?.same(as: c) == true else { continue }
                result += uses.map { PlacedOccurrence(file: f, occurrence: $0) }
            }
        case .parameter(let c, let name):
            if includeDeclaration { result += declarations(of: target, files) }
            result += c.file.occurrences
                .filter { $0.kind == .parameter && $0.role == .use && $0.component == c.name && $0.name == name }
                .map { PlacedOccurrence(file: c.file, occurrence: $0) }
            for f in [c.file] + files.importers(of: c.file) {
                let arguments = f.occurrences.filter {
                    $0.kind == .parameter && $0.role == .argument && $0.component == c.name && $0.name == name
                }
                guard !arguments.isEmpty, files.resolveComponent(c.name, in: f)?.same(as: c) == true else { continue }
                result += arguments.map { PlacedOccurrence(file: f, occurrence: $0) }
            }
        case .local(let kind, let name):
            let current = files.current
            result = current.occurrences
                .filter { $0.kind == kind && $0.name == name && (includeDeclaration || $0.role != .declaration) }
                .map { PlacedOccurrence(file: current, occurrence: $0) }
        case .file:
            return []
        }
        return sorted(result, current: files.current)
    }

    /// Sorted (the analysed file first, then by path, then by offset), each place once.
    static func sorted(_ list: [PlacedOccurrence], current: ReferenceFile) -> [PlacedOccurrence] {
        var seen = Set<FileLocation>()
        return list.sorted { a, b in
            let ac = a.file === current, bc = b.file === current
            if ac != bc { return ac }
            if a.file.path != b.file.path { return a.file.path < b.file.path }
            return a.occurrence.range < b.occurrence.range
        }.filter { seen.insert($0.location).inserted }
    }
}
