import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiYAML

/// What the services may read besides the analysed document: other files' text (open editor
/// buffers win over the disk) and the list of the workspace's Tatami files.
public protocol EditorWorkspace: Sendable {
    /// The workspace root imports must stay inside (docs/format.md §8.3); nil: each file's own
    /// directory, as for `ValidationContext`.
    var root: String? { get }
    /// A file's bytes; nil when it cannot be read.
    func contents(ofPath path: String) -> [UInt8]?
    /// Absolute paths of the `*.tatami.yaml` (and `.tatami.yml`) files under the root.
    func tatamiFiles() -> [String]
    /// Absolute paths of the font files (`.ttf`, `.otf`, `.ttc`, `.otc`) under the root.
    func fontFiles() -> [String]
    /// A path's canonical form (absolute, `.`/`..` and symbolic links resolved), used to tell
    /// whether two paths name one file; nil when nothing is there. The default normalises
    /// lexically.
    func canonicalPath(_ path: String) -> String?
    /// Whether a file (not a directory) is at `path`. The default reads it.
    func fileExists(atPath path: String) -> Bool
}

extension EditorWorkspace {
    public func fontFiles() -> [String] { [] }
    public func canonicalPath(_ path: String) -> String? { ImportPath.normalize(path) }
    public func fileExists(atPath path: String) -> Bool { contents(ofPath: path) != nil }
}

/// The files on disk under `root`.
public struct DiskWorkspace: EditorWorkspace {
    public let root: String?
    /// `tatamiFiles()` stops after this many files.
    public var maximumFiles: Int

    public init(root: String?, maximumFiles: Int = 10_000) {
        self.root = root
        self.maximumFiles = maximumFiles
    }

    /// nil for files past the file-size limit (docs/limits.md): they are never parsed.
    public func contents(ofPath path: String) -> [UInt8]? {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.intValue > YAMLLimits.standard.maxBytes {
            return nil
        }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Walks the root without following symbolic links to directories and without entering
    /// hidden directories (`.git`, `.build`); sorted.
    public func tatamiFiles() -> [String] { files(where: EditorPaths.isTatamiFile) }

    public func fontFiles() -> [String] { files(where: EditorPaths.isFontFile) }

    /// The regular files under the root whose name `matches`, as `tatamiFiles()` walks.
    private func files(where matches: (String) -> Bool) -> [String] {
        guard let root, let start = canonicalPath(root) else { return [] }
        let fm = FileManager.default
        var found: [String] = []
        var pending = [start]
        while let dir = pending.popLast(), found.count < maximumFiles {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = dir == "/" ? "/" + name : dir + "/" + name
                let type = (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    pending.append(path)
                } else if type == .typeRegular, matches(name) {
                    found.append(path)
                    if found.count >= maximumFiles { break }
                }
            }
        }
        return found.sorted()
    }

    public func canonicalPath(_ path: String) -> String? {
        Pipeline.canonicalPath(EditorPaths.absolute(path))
    }

    /// Asks the file system; the file is not read.
    public func fileExists(atPath path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

/// Files held in memory (editor buffers, tests), over an optional base workspace: a path in
/// `overrides` reads its bytes from there, any other from the base.
public struct OverlayWorkspace: EditorWorkspace {
    public let base: (any EditorWorkspace)?
    public let root: String?
    /// By normalised absolute path.
    public let overrides: [String: [UInt8]]

    /// `root` nil: the base's root.
    public init(base: (any EditorWorkspace)? = nil, root: String? = nil, overrides: [String: [UInt8]]) {
        self.base = base
        self.root = root ?? base?.root
        var normalised: [String: [UInt8]] = [:]
        for (path, bytes) in overrides { normalised[EditorPaths.absolute(path)] = bytes }
        self.overrides = normalised
    }

    /// The same, with texts.
    public init(base: (any EditorWorkspace)? = nil, root: String? = nil, texts: [String: String]) {
        self.init(base: base, root: root, overrides: texts.mapValues { Array($0.utf8) })
    }

    public func contents(ofPath path: String) -> [UInt8]? {
        overrides[EditorPaths.absolute(path)] ?? base?.contents(ofPath: path)
    }

    /// The base's files and the Tatami files among the overrides that lie under the root.
    public func tatamiFiles() -> [String] {
        var files = Set(base?.tatamiFiles() ?? [])
        let rootPath = root.map(EditorPaths.absolute)
        for path in overrides.keys where EditorPaths.isTatamiFile(path) {
            if let rootPath, !ImportPath.isInside(path, root: rootPath) { continue }
            files.insert(path)
        }
        return files.sorted()
    }

    /// The base's font files and those among the overrides under the root.
    public func fontFiles() -> [String] {
        var files = Set(base?.fontFiles() ?? [])
        let rootPath = root.map(EditorPaths.absolute)
        for path in overrides.keys where EditorPaths.isFontFile(path) {
            if let rootPath, !ImportPath.isInside(path, root: rootPath) { continue }
            files.insert(path)
        }
        return files.sorted()
    }

    public func canonicalPath(_ path: String) -> String? {
        let absolute = EditorPaths.absolute(path)
        if overrides[absolute] != nil { return absolute }
        return base?.canonicalPath(absolute) ?? absolute
    }

    public func fileExists(atPath path: String) -> Bool {
        overrides[EditorPaths.absolute(path)] != nil || (base?.fileExists(atPath: path) ?? false)
    }
}

/// A range in a file.
public struct FileLocation: Hashable, Sendable {
    /// The analysed file's `Analysis.path` for places in it; a canonical absolute path for
    /// places in other files.
    public var path: String
    /// UTF-8 byte offsets in that file.
    public var range: SourceRange

    public init(path: String, range: SourceRange) {
        self.path = path
        self.range = range
    }
}

/// Replace `range` of the file at `path` with `newText`.
public struct FileEdit: Hashable, Sendable {
    /// As in `FileLocation`.
    public var path: String
    public var range: SourceRange
    public var newText: String

    public init(path: String, range: SourceRange, newText: String) {
        self.path = path
        self.range = range
        self.newText = newText
    }
}

// MARK: - Reading the workspace's files (internal)

/// Path helpers shared by the editor services.
enum EditorPaths {
    static func isTatamiFile(_ path: String) -> Bool {
        path.hasSuffix(".tatami.yaml") || path.hasSuffix(".tatami.yml")
    }

    /// A font file a font may name (docs/format.md §5.1).
    static func isFontFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }

    /// Absolute (against the current directory, as `Pipeline.fileContext` does) and normalised.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return ImportPath.normalize(path) }
        return ImportPath.normalize(FileManager.default.currentDirectoryPath + "/" + path)
    }
}

/// One Tatami file as the navigation services read it: its tree, the component names it
/// declares, its imports, and (computed on first use) every name written in it.
final class ReferenceFile {
    /// Canonical absolute path: how files are told apart.
    let path: String
    /// How locations in it are reported: the analysis's own `path` for the analysed file.
    let reportPath: String
    let root: YAMLNode?
    let table: LineTable

    init(path: String, reportPath: String, root: YAMLNode?, table: LineTable) {
        self.path = path
        self.reportPath = reportPath
        self.root = root
        self.table = table
    }

    /// The file's own components by name (the first of a duplicated name), with their pairs.
    private(set) lazy var components: [String: YAMLPair] = {
        var byName: [String: YAMLPair] = [:]
        for p in root?["components"]?.pairs ?? .empty {
            if let name = p.key.keyText, byName[name] == nil { byName[name] = p }
        }
        return byName
    }()

    /// Every name written in the file, in walk order.
    private(set) lazy var occurrences: [NameOccurrence] = NameOccurrence.collect(root, source: table.bytes)

    /// The parameter keys of an own component.
    func parameterKeys(of component: String) -> [YAMLNode] {
        (components[component]?.value["params"]?.pairs ?? .empty).map(\.key)
    }

    /// The `imports:` entries with the scalar that writes each.
    var importEntries: [(entry: String, node: YAMLNode)] {
        (root?["imports"]?.items ?? .empty).compactMap { item in
            guard let s = item.scalar, case .string(let text) = s.resolved else { return nil }
            return (text, item)
        }
    }
}

/// The component a name resolves to: declared in `file` under `name`.
struct ComponentTarget {
    let file: ReferenceFile
    let name: String

    var key: YAMLNode? { file.components[name]?.key }

    func same(as other: ComponentTarget) -> Bool { file === other.file && name == other.name }
}

/// The files one request reads, each parsed at most once: the analysed file (from its
/// analysis, never from the workspace) and any other file through the workspace.
final class ReferenceFileSet {
    let workspace: (any EditorWorkspace)?
    let current: ReferenceFile
    /// Normalised absolute; nil: each file's own directory.
    private let root: String?
    private var cache: [String: ReferenceFile?] = [:]
    private var providerCache: [String: [String: ComponentTarget]] = [:]
    private var importersCache: [String: [ReferenceFile]] = [:]

    init(_ a: Analysis, workspace: (any EditorWorkspace)?) {
        self.workspace = workspace
        let absolute = EditorPaths.absolute(a.path)
        let canonical = workspace?.canonicalPath(absolute) ?? absolute
        current = ReferenceFile(path: canonical, reportPath: a.path, root: a.yaml.root, table: a.lineTable)
        root = workspace?.root.map { workspace?.canonicalPath(EditorPaths.absolute($0)) ?? EditorPaths.absolute($0) }
        cache[canonical] = current
    }

    /// The file at a canonical path; nil when it cannot be read or is past the size limit.
    func file(at path: String) -> ReferenceFile? {
        if let known = cache[path] { return known }
        return parse(path, workspace?.contents(ofPath: path))
    }

    private func parse(_ path: String, _ bytes: [UInt8]?) -> ReferenceFile? {
        var file: ReferenceFile? = nil
        if let bytes, bytes.count <= YAMLLimits.standard.maxBytes {
            let yaml = YAMLParser.parse(bytes: bytes)
            file = ReferenceFile(path: path, reportPath: path, root: yaml.root, table: yaml.lineTable)
        }
        cache[path] = file
        return file
    }

    /// Where an import entry of `file` leads, checked as the validator checks it (relative, a
    /// Tatami file, inside the root before and after resolving); nil when it cannot be used.
    func resolveImport(_ entry: String, of file: ReferenceFile) -> String? {
        guard !entry.isEmpty, !entry.hasPrefix("/"), EditorPaths.isTatamiFile(entry) else { return nil }
        let directory = ImportPath.directory(of: file.path)
        let boundary = root ?? directory
        let candidate = ImportPath.join(directory, entry)
        guard ImportPath.isInside(candidate, root: boundary) else { return nil }
        let resolved = workspace?.canonicalPath(candidate) ?? candidate
        guard ImportPath.isInside(resolved, root: boundary) else { return nil }
        return resolved
    }

    /// The canonical paths `file` imports, in order.
    func imports(of file: ReferenceFile) -> [String] {
        file.importEntries.compactMap { resolveImport($0.entry, of: file) }
    }

    /// The components a file can use: its own, then those of its imports in order (the first
    /// import declaring a name provides it); imports are not passed on (docs/decisions.md).
    func providers(of file: ReferenceFile) -> [String: ComponentTarget] {
        if let known = providerCache[file.path] { return known }
        var result: [String: ComponentTarget] = [:]
        for name in file.components.keys { result[name] = ComponentTarget(file: file, name: name) }
        for path in imports(of: file) where path != file.path {
            guard let library = self.file(at: path) else { continue }
            for name in library.components.keys where result[name] == nil {
                result[name] = ComponentTarget(file: library, name: name)
            }
        }
        providerCache[file.path] = result
        return result
    }

    /// What a component name written in `file` resolves to.
    func resolveComponent(_ name: String, in file: ReferenceFile) -> ComponentTarget? {
        if file.components[name] != nil { return ComponentTarget(file: file, name: name) }
        return providers(of: file)[name]
    }

    /// The workspace's files (and the analysed file) that import `library`, in path order.
    func importers(of library: ReferenceFile) -> [ReferenceFile] {
        if let known = importersCache[library.path] { return known }
        var paths = Set(workspace?.tatamiFiles().map { workspace?.canonicalPath($0) ?? EditorPaths.absolute($0) } ?? [])
        paths.insert(current.path)
        var result: [ReferenceFile] = []
        for path in paths.sorted() where path != library.path {
            let f: ReferenceFile?
            if let known = cache[path] {
                f = known
            } else {
                // Most files import nothing: those are not parsed at all.
                guard let bytes = workspace?.contents(ofPath: path), Self.mentionsImports(bytes) else { continue }
                f = parse(path, bytes)
            }
            guard let f, f.root?["imports"] != nil else { continue }
            if imports(of: f).contains(library.path) { result.append(f) }
        }
        importersCache[library.path] = result
        return result
    }

    private static let importsWord = Array("imports".utf8)

    /// Whether the bytes hold the word `imports` anywhere (a cheap filter before parsing).
    static func mentionsImports(_ bytes: [UInt8]) -> Bool {
        let word = importsWord, n = word.count
        guard bytes.count >= n else { return false }
        var i = 0
        while let j = bytes[i...].firstIndex(of: word[0]), j + n <= bytes.count {
            if bytes[j..<(j + n)].elementsEqual(word) { return true }
            i = j + 1
        }
        return false
    }
}

extension EditorWorkspace {
    /// A validation context that reads imports through this workspace (open buffers first),
    /// for analysing `path` with `Pipeline.analyze(bytes:path:context:)`.
    public func validationContext(forPath path: String) -> ValidationContext {
        let file = EditorPaths.absolute(path)
        let root = self.root.map(EditorPaths.absolute)
        return ValidationContext(
            filePath: file, workspaceRoot: root.map { canonicalPath($0) ?? $0 },
            resolve: { canonicalPath($0) }, load: { contents(ofPath: $0) })
    }
}
