import Foundation
import TatamiBase
import TatamiModel
import TatamiValidation

/// One side of `tatami diff`: the files of one revision, read where they are (the disk, or a
/// git commit through `git` itself), never copied out.
///
/// Paths are absolute and normalised. A git revision's files stand at the paths they would have
/// in the working tree (the repository's top level joined with the path in the commit), so an
/// import resolves the same way in both revisions and messages name the same files.
public protocol LayoutRevision: AnyObject, Sendable {
    /// How reports name the revision: `HEAD`, `main~2`, `working tree`, a directory.
    var label: String { get }
    /// The directory the compared files' names are relative to.
    var base: String { get }
    /// The file's bytes in this revision; nil when there is none.
    func bytes(_ path: String) -> [UInt8]?
    /// `path` with symbolic links resolved, nil when nothing (file or directory) is there.
    func resolve(_ path: String) -> String?
    /// The workspace root and workspace file that apply to a file of this revision
    /// (docs/workspace.md: the nearest `tatami.config.yaml` above it, else the top of the
    /// repository).
    func workspace(for path: String) -> RevisionWorkspace
    /// The git object the file's bytes are, when known without reading them (a commit's blob;
    /// a working-tree file that git's index says is unchanged); equal objects are equal bytes.
    func object(_ path: String) -> String?
}

/// A file's workspace in one revision.
public struct RevisionWorkspace: Sendable {
    public var root: String
    /// The workspace file's path, when there is one.
    public var configPath: String?
    public var config: LoadedWorkspaceConfig?

    public init(root: String, configPath: String?, config: LoadedWorkspaceConfig?) {
        self.root = root
        self.configPath = configPath
        self.config = config
    }
}

extension LayoutRevision {
    /// `relative` (to `base`) as an absolute path.
    public func absolute(_ relative: String) -> String {
        relative.hasPrefix("/") ? ImportPath.normalize(relative) : ImportPath.join(base, relative)
    }

    /// `path` relative to `base` when it is inside it.
    public func relative(_ path: String) -> String {
        ImportPath.display(path, root: base)
    }

    /// The validation context of a file of this revision: imports and font files are resolved and
    /// read in this revision, inside its workspace root; `reading` is told every path read.
    public func context(for path: String, workspace: RevisionWorkspace,
                        reading: (@Sendable (String) -> Void)? = nil) -> ValidationContext {
        let note = reading ?? { _ in }
        var context = ValidationContext(
            filePath: path, workspaceRoot: workspace.root,
            // The validator asks with paths it joined and normalised: `normalize` finds so from
            // their bytes and gives them back.
            resolve: { [self] p in self.resolve(ImportPath.normalize(p)) },
            load: { [self] p in
                note(p)
                return self.bytes(p)
            })
        context.loadFont = { [self] p in
            note(p)
            return self.fontBytes(p)
        }
        context.inherited = workspace.config?.config.inherited
        // Keyed by text, so each revision's library is an entry of its own.
        context.importCache = .shared
        return context
    }

    /// Whether a file has the same bytes in both revisions: by git object when both know it,
    /// else by reading.
    public func sameBytes(_ path: String, as other: LayoutRevision, at otherPath: String) -> Bool {
        if let a = object(path), let b = other.object(otherPath) { return a == b }
        return bytes(path) == other.bytes(otherPath)
    }

    func fontBytes(_ path: String) -> FontBytes? {
        if let disk = self as? DiskRevision { return disk.diskFontBytes(path) }
        return (self as? GitRevision)?.cachedFontBytes(path) ?? bytes(path).map(FontBytes.init)
    }
}

/// Files on disk: the working tree, or a directory compared with another.
public final class DiskRevision: LayoutRevision, @unchecked Sendable {
    public let label: String
    public let base: String
    /// `--root`, when given.
    let givenRoot: String?
    private let lock = NSLock()
    private var cache: [String: [UInt8]?] = [:]
    /// Canonical paths, as `bytes` keeps texts: the tree is read once per run.
    private var canonical: [String: String?] = [:]
    private var workspaces: [String: RevisionWorkspace] = [:]

    /// Files whose bytes are known to be a git object: the working tree's files that git's index
    /// holds and `git diff-files` does not name (`indexed(in:)`).
    private var objects: [String: String] = [:]

    public init(label: String, base: String, root: String? = nil) {
        self.label = label
        self.base = FileSystemPath.canonical(base) ?? Workspace.absolute(base)
        self.givenRoot = root
    }

    /// The working tree of a repository, its unchanged files known by their objects in the index
    /// (`git ls-files -s`, less what `git diff-files` says differs): a file also unchanged in the
    /// commit compared is then known to be the same without reading the commit's copy.
    public func indexed(in repository: GitRepository) {
        guard let listing = try? GitRepository.run(["ls-files", "-s", "-z"], in: repository.topLevel),
              let changed = try? GitRepository.run(["diff-files", "--name-only", "-z"], in: repository.topLevel) else { return }
        let top = repository.topLevel
        var dirty = Set<String>()
        for name in changed.split(separator: 0) { dirty.insert(ImportPath.join(top, String(decoding: name, as: UTF8.self))) }
        // `<mode> SP <object> SP <stage> TAB <path> NUL`
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = record[record.startIndex..<tab].split(separator: 0x20)
            guard fields.count == 3, fields[2].elementsEqual("0".utf8), !fields[0].elementsEqual("120000".utf8) else { continue }
            let path = ImportPath.join(top, String(decoding: record[(tab + 1)...], as: UTF8.self))
            if !dirty.contains(path) { objects[path] = String(decoding: fields[1], as: UTF8.self) }
        }
    }

    public func object(_ path: String) -> String? { objects[path] }

    public func bytes(_ path: String) -> [UInt8]? {
        lock.lock()
        if let hit = cache[path] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let read = FileBytes.read(path)
        lock.lock()
        cache[path] = read
        lock.unlock()
        return read
    }

    public func resolve(_ path: String) -> String? {
        if let hit = lock.withLock({ canonical[path] }) { return hit }
        let found = FileSystemPath.canonical(path)
        lock.withLock { canonical[path] = .some(found) }
        return found
    }

    func diskFontBytes(_ path: String) -> FontBytes? { FontFiles.bytes(at: path) }

    public func workspace(for path: String) -> RevisionWorkspace {
        let directory = ImportPath.directory(of: path)
        lock.lock()
        if let hit = workspaces[directory] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let settings = WorkspaceSettings.forFile(path, root: givenRoot)
        let found = RevisionWorkspace(root: settings.root, configPath: settings.location.configPath, config: settings.config)
        lock.lock()
        workspaces[directory] = found
        lock.unlock()
        return found
    }
}

extension Workspace {
    /// `realpath(3)`: absolute, symbolic links resolved; nil when nothing is there.
    public static func canonicalPath(_ path: String) -> String? { FileSystemPath.canonical(path) }
}

/// The disk with some files' texts replaced: an editor's open buffers, compared with a git
/// revision (`tatami.diff` in the language server).
public final class BufferRevision: LayoutRevision, @unchecked Sendable {
    private let disk: DiskRevision
    private let buffers: [String: [UInt8]]

    public init(label: String, base: String, buffers: [String: [UInt8]]) {
        disk = DiskRevision(label: label, base: base)
        self.buffers = buffers
    }

    func indexed(in repository: GitRepository) { disk.indexed(in: repository) }

    public var label: String { disk.label }
    public var base: String { disk.base }
    public func bytes(_ path: String) -> [UInt8]? { buffers[path] ?? disk.bytes(path) }
    public func resolve(_ path: String) -> String? { buffers[path] != nil ? path : disk.resolve(path) }
    public func workspace(for path: String) -> RevisionWorkspace { disk.workspace(for: path) }
    public func object(_ path: String) -> String? { buffers[path] != nil ? nil : disk.object(path) }
}

/// One file's text in an editor compared with the file at a git revision (default `HEAD`): the
/// language server's `tatami.diff`. `buffers` are the open documents' texts by path, read
/// before the disk (imports included).
public enum EditorDiff {
    public static func compare(path: String, buffers: [String: [UInt8]], revision: String = "HEAD") throws -> DiffReport {
        let file = Workspace.canonicalPath(path) ?? Workspace.absolute(path)
        let repository = try GitRepository(containing: ImportPath.directory(of: file))
        let old = try GitRevision(repository: repository, revision: revision)
        var canonical: [String: [UInt8]] = [:]
        for (p, b) in buffers { canonical[Workspace.canonicalPath(p) ?? p] = b }
        let new = BufferRevision(label: "editor", base: repository.topLevel, buffers: canonical)
        new.indexed(in: repository)
        let differ = LayoutDiffer(old: old, new: new)
        let relative = new.relative(file)
        let pair = DiffPair(oldPath: old.object(file) == nil ? nil : relative, newPath: relative)
        let result = LargeStack.run { differ.compare(pair, alreadyOnLargeStack: true) }
        return DiffReport(old: .init(label: revision, commit: old.commit), new: .init(label: "editor"), tolerance: nil,
                          files: result.status == .identical ? [] : [result], compared: 1, analyses: differ.analyses)
    }
}
