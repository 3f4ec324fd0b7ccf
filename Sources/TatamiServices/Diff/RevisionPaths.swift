import Foundation
import TatamiBase
import TatamiValidation
import TatamiYAML

/// What `LayoutDiffer` works out about one revision's paths, each answer kept: a file's directory
/// and workspace, a path relative to the revision's base, where a path written in `imports:` or
/// `fonts:` leads, and everything an imported file reads.
///
/// A diff of a shared component asks these for thousands of files that sit in a few dozen
/// directories and all name the same library, and each answer through `ImportPath` splits and
/// joins strings (about 4,000 to 40,000 instructions an answer); kept, an answer costs a lookup.
/// The answers are those of the revision's own functions, which depend only on what is asked
/// (a revision's files do not change during a diff).
final class RevisionPaths: @unchecked Sendable {
    let revision: LayoutRevision
    private let lock = NSLock()
    private var relatives: [String: String] = [:]
    private var workspaces: [String: RevisionWorkspace] = [:]
    /// Per directory, each written path resolved from it (`locate`).
    private var located: [String: [String: String]] = [:]
    /// What each imported file reads: its imports, transitively, and font files (nil: a file
    /// that is not a mapping, which cannot be told without validating).
    private var closures: [String: [String]?] = [:]

    init(_ revision: LayoutRevision) {
        self.revision = revision
    }

    /// `revision.relative(path)`.
    func relative(_ path: String) -> String {
        if let hit = lock.withLock({ relatives[path] }) { return hit }
        let made = revision.relative(path)
        lock.withLock { relatives[path] = made }
        return made
    }

    /// `revision.workspace(for:)` of a file in `directory`: a revision's workspace depends on the
    /// file's directory alone.
    func workspace(for path: String, in directory: String) -> RevisionWorkspace {
        if let hit = lock.withLock({ workspaces[directory] }) { return hit }
        let found = revision.workspace(for: path)
        lock.withLock { workspaces[directory] = found }
        return found
    }

    /// Where `written` (a path in `imports:` or `fonts:` of a file in `directory`) leads in the
    /// revision: joined to the directory (or normalised, when absolute), then resolved; the
    /// joined path when nothing is there.
    func locate(_ written: String, from directory: String) -> String {
        if let hit = lock.withLock({ located[directory]?[written] }) { return hit }
        let joined = written.hasPrefix("/") ? ImportPath.normalize(written) : ImportPath.join(directory, written)
        let found = revision.resolve(joined) ?? joined
        lock.withLock { located[directory, default: [:]][written] = found }
        return found
    }

    /// What `dependencies` found for files of one directory and workspace file that write the
    /// same paths, found as if no file were the one asking (`shared`).
    private var shared: [SharedDependencies: [String]?] = [:]

    private struct SharedDependencies: Hashable {
        let directory: String
        let config: String?
        let imports: [String], fonts: [String]
    }

    /// Every file `references` (those of the file at `path`) lead to in the revision: its
    /// workspace file (`config`), its imports and theirs, and the font files any of them names,
    /// absolute, in the order found; nil when that cannot be told without validating.
    ///
    /// Thousands of screens in a few directories write the same imports: the list is worked out
    /// once for them without leaving the asking file out, and used for each file it does not
    /// name. The file itself matters only when one of its imports leads back to it (it is then
    /// not read again), and then the list names it, or cannot be told; such a file's list is
    /// worked out for it alone.
    func dependencies(of references: WrittenReferences, at path: String, directory: String, config: String?) -> [String]? {
        let key = SharedDependencies(directory: directory, config: config, imports: references.imports, fonts: references.fonts)
        var list: [String]??
        list = lock.withLock { shared[key] }
        if list == nil {
            let made = dependencies(of: references, leaving: nil, directory: directory, config: config)
            lock.withLock { shared[key] = .some(made) }
            list = .some(made)
        }
        if let found = list!, !found.contains(path) { return found }
        return dependencies(of: references, leaving: path, directory: directory, config: config)
    }

    /// `dependencies`, leaving out the file at `path` when an import leads to it (worked out
    /// each time; tests compare the shared lists with it).
    func dependencies(of references: WrittenReferences, leaving path: String?, directory: String,
                              config: String?) -> [String]? {
        var out: [String] = []
        if let config { out.append(config) }
        var seen = Set<String>()
        if let path { seen.insert(path) }
        let queue = references.imports.map { locate($0, from: directory) }
        out += references.fonts.map { locate($0, from: directory) }
        var next = 0
        while next < queue.count {
            let file = queue[next]
            next += 1
            guard seen.insert(file).inserted else { continue }
            out.append(file)
            guard let closure = importClosure(file) else { return nil }
            for p in closure where !out.contains(p) { out.append(p) }
        }
        return out
    }

    /// What an imported file reads (its imports, transitively, and font files), worked out once:
    /// a library imported by every screen is parsed once per revision.
    private func importClosure(_ path: String) -> [String]? {
        if let hit = lock.withLock({ closures[path] }) { return hit }
        let made = readClosure(path)
        lock.withLock { closures[path] = .some(made) }
        return made
    }

    private func readClosure(_ path: String) -> [String]? {
        var out: [String] = []
        var seen: Set<String> = [path]
        var queue = [path]
        var next = 0
        while next < queue.count {
            let file = queue[next]
            next += 1
            guard let bytes = revision.bytes(file) else { continue }
            guard let refs = WrittenReferences(YAMLParser.parse(bytes: bytes)) else { return nil }
            let directory = ImportPath.directory(of: file)
            out += refs.fonts.map { locate($0, from: directory) }
            for i in refs.imports.map({ locate($0, from: directory) }) where seen.insert(i).inserted {
                out.append(i)
                queue.append(i)
            }
        }
        return out
    }
}

/// The paths a file's `imports:` and `fonts:` name, as written (resolved per revision by
/// `RevisionPaths.locate`): a file whose text is the same in both revisions is read for them once.
struct WrittenReferences {
    var imports: [String] = []
    var fonts: [String] = []

    /// nil when the file is not a mapping (a file with a syntax error is still read as far as it
    /// goes).
    init?(_ yaml: YAMLParseResult) {
        guard let root = yaml.root else {
            if !yaml.isComplete { return nil }
            return
        }
        guard root.pairs != nil else { return }
        func written(_ node: YAMLNode?) -> String? {
            guard let text = node?.scalar?.text, !text.isEmpty else { return nil }
            return text
        }
        if let list = root["imports"]?.items {
            for item in list { if let p = written(item) { imports.append(p) } }
        }
        if let declared = root["fonts"]?.pairs {
            for pair in declared {
                guard let font = pair.value.pairs != nil ? pair.value : nil else { continue }
                if let p = written(font["file"]) { fonts.append(p) }
                if let fallbacks = font["fallback"]?.items {
                    for item in fallbacks {
                        if let p = written(item.pairs != nil ? item["file"] : item) { fonts.append(p) }
                    }
                }
            }
        }
    }
}
