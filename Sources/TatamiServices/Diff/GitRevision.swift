#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TatamiBase
import TatamiModel
import TatamiValidation

/// Something `git` said no to (an unknown revision, not a repository): `tatami diff` exits 2.
public struct GitError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A git repository, asked through the `git` command (`rev-parse`, `ls-tree`, `cat-file`).
public struct GitRepository: Sendable {
    /// The working tree's top level (canonical).
    public let topLevel: String

    /// The repository holding `directory`.
    public init(containing directory: String) throws {
        let out = try GitRepository.run(["rev-parse", "--show-toplevel"], in: directory)
        let line = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { throw GitError("\(directory): not inside a git repository") }
        topLevel = FileSystemPath.canonical(line) ?? line
    }

    /// The full commit id a revision names.
    public func commit(_ revision: String) throws -> String {
        guard !revision.hasPrefix("-") else { throw GitError("`\(revision)` is not a revision") }
        let out = try GitRepository.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"],
                                        in: topLevel, failure: "unknown revision `\(revision)`")
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs git in `directory`; its standard output, or `GitError` with its message.
    @discardableResult
    static func run(_ arguments: [String], in directory: String, failure: String? = nil) throws -> [UInt8] {
        let child: ChildProcess
        do {
            child = try ChildProcess.git(["-C", directory] + arguments, environment: ["GIT_PAGER": "cat", "LC_ALL": "C"])
        } catch {
            throw GitError("cannot run git (\(error))")
        }
        let result = child.finish()
        guard result.status == 0 else {
            let message = String(decoding: result.error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(failure ?? (message.isEmpty ? "git \(arguments.joined(separator: " ")) failed" : message))
        }
        return result.output
    }
}


/// The files of one commit, listed once (`git ls-tree -r`) and read on demand through one
/// `git cat-file --batch` process, each blob once however many files import it.
public final class GitRevision: LayoutRevision, @unchecked Sendable {
    struct Entry {
        var mode: String
        var object: String
    }

    public let label: String
    public let repository: GitRepository
    public let commit: String
    public var base: String { repository.topLevel }
    /// Files by absolute path.
    let entries: [String: Entry]
    /// Every directory holding a file of the commit.
    let directories: Set<String>
    private let lock = NSLock()
    private var blobs: [String: [UInt8]] = [:]
    private var fonts: [String: FontBytes] = [:]
    private var workspaces: [String: RevisionWorkspace] = [:]
    /// Each workspace file checked, by path: every directory below it finds the same one.
    private var configs: [String: LoadedWorkspaceConfig] = [:]
    private var reader: BlobReader?
    /// Blobs read from git (each object once).
    public private(set) var blobsRead = 0

    public init(repository: GitRepository, revision: String) throws {
        self.repository = repository
        self.label = revision
        self.commit = try repository.commit(revision)
        let listing = try GitRepository.run(["ls-tree", "-r", "-z", "--full-tree", commit], in: repository.topLevel)
        var entries: [String: Entry] = [:]
        var directories: Set<String> = [repository.topLevel]
        // `<mode> SP <type> SP <object> TAB <path> NUL`
        var start = 0
        let top = repository.topLevel
        while start < listing.count {
            guard let end = listing[start...].firstIndex(of: 0) else { break }
            let record = listing[start..<end]
            start = end + 1
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = record[record.startIndex..<tab].split(separator: 0x20)
            guard fields.count == 3, fields[1].elementsEqual("blob".utf8) else { continue }
            let path = ImportPath.join(top, String(decoding: record[(tab + 1)...], as: UTF8.self))
            entries[path] = Entry(mode: String(decoding: fields[0], as: UTF8.self), object: String(decoding: fields[2], as: UTF8.self))
            // Directories up to the top level.
            var dir = ImportPath.directory(of: path)
            while dir.count > top.count, directories.insert(dir).inserted { dir = ImportPath.directory(of: dir) }
        }
        self.entries = entries
        self.directories = directories
    }

    deinit { reader?.close() }

    /// The Tatami files of the commit below `directories` (absolute; all of them when empty),
    /// sorted.
    public func tatamiFiles(under prefixes: [String]) -> [String] {
        entries.keys.filter { path in
            FileWalker.suffixes.contains { path.hasSuffix($0) }
                && (prefixes.isEmpty || prefixes.contains { ImportPath.isInside(path, root: $0) })
        }.sorted()
    }

    /// The git object a file is, for telling unchanged files apart without reading them.
    public func object(_ path: String) -> String? {
        guard let e = entries[path] else { return nil }
        return e.mode == "120000" ? resolve(path).flatMap { entries[$0]?.object } : e.object
    }

    public func bytes(_ path: String) -> [UInt8]? {
        guard let target = resolve(path), let entry = entries[target] else { return nil }
        return blob(entry.object)
    }

    func blob(_ object: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if let hit = blobs[object] { return hit }
        if reader == nil { reader = try? BlobReader(directory: repository.topLevel) }
        guard let bytes = reader?.read(object) else { return nil }
        blobsRead += 1
        blobs[object] = bytes
        return bytes
    }

    func cachedFontBytes(_ path: String) -> FontBytes? {
        lock.lock()
        if let hit = fonts[path] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        guard let bytes = bytes(path), bytes.count <= FontFiles.maximumBytes else { return nil }
        let font = FontBytes(bytes)
        lock.lock()
        fonts[path] = font
        lock.unlock()
        return font
    }

    /// Symbolic links (mode 120000, whose blob is the target) are followed, as the working
    /// tree's would be; directories resolve to themselves.
    public func resolve(_ path: String) -> String? {
        if let e = entries[path], e.mode != "120000" { return path }
        var current = ImportPath.normalize(path)
        for _ in 0..<40 {
            if directories.contains(current) { return current }
            guard let entry = entries[current] else { return nil }
            guard entry.mode == "120000" else { return current }
            guard let target = blobUnlocked(entry.object) else { return nil }
            let text = String(decoding: target, as: UTF8.self)
            current = text.hasPrefix("/") ? ImportPath.normalize(text) : ImportPath.join(ImportPath.directory(of: current), text)
        }
        return nil
    }

    private func blobUnlocked(_ object: String) -> [UInt8]? { blob(object) }

    public func workspace(for path: String) -> RevisionWorkspace {
        let directory = ImportPath.directory(of: path)
        lock.lock()
        if let hit = workspaces[directory] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        var found = RevisionWorkspace(root: repository.topLevel, configPath: nil, config: nil)
        var current = directory
        while ImportPath.isInside(current, root: repository.topLevel) {
            let candidate = ImportPath.join(current, Workspace.fileName)
            if entries[candidate] != nil, let bytes = bytes(candidate) {
                found = RevisionWorkspace(root: current, configPath: candidate, config: checkedConfig(candidate, bytes))
                break
            }
            if current == repository.topLevel { break }
            current = ImportPath.directory(of: current)
        }
        lock.lock()
        workspaces[directory] = found
        lock.unlock()
        return found
    }
}

extension GitRevision {
    /// `Workspace.check` of the workspace file at `path`, made once per file (the check depends
    /// on its bytes and path alone).
    fileprivate func checkedConfig(_ path: String, _ bytes: [UInt8]) -> LoadedWorkspaceConfig {
        if let hit = lock.withLock({ configs[path] }) { return hit }
        let checked = Workspace.check(bytes: bytes, path: path)
        lock.withLock { configs[path] = checked }
        return checked
    }
}

/// `git cat-file --batch`: object names in, `<object> blob <size>\n<bytes>\n` out.
final class BlobReader: @unchecked Sendable {
    private let child: ChildProcess
    private let output: Int32
    private var buffer: [UInt8] = []
    private var position = 0

    init(directory: String) throws {
        child = try ChildProcess.git(["-C", directory, "cat-file", "--batch"], pipeInput: true, captureError: false)
        guard let fd = child.stdoutFD else { throw GitError("cannot read from git cat-file") }
        output = fd
    }

    func read(_ object: String) -> [UInt8]? {
        guard child.write(Array((object + "\n").utf8)) else { return nil }
        guard let header = line() else { return nil }
        let fields = header.split(separator: " ")
        guard fields.count == 3, fields[1] == "blob", let size = Int(fields[2]) else { return nil }
        guard let body = take(size), take(1) != nil else { return nil }
        return body
    }

    private func fill() -> Bool {
        if position > 0 && position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, 65536) }
        guard n > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    private func line() -> String? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[position..<newline], as: UTF8.self)
                position = newline + 1
                return text
            }
            guard fill() else { return nil }
        }
    }

    private func take(_ count: Int) -> [UInt8]? {
        while buffer.count - position < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[position..<(position + count)])
        position += count
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        }
        return bytes
    }

    func close() {
        _ = child.reap()
    }
}
