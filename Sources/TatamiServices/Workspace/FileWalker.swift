import TatamiValidation
import Foundation
import TatamiModel

/// Finds the Tatami files below directories, as `tatami lint DIR` checks them
/// (docs/workspace.md, "Which files a directory holds"):
///
/// - each file once, however many paths or links lead to it (canonical paths);
/// - a directory entered once, so a symbolic link back up the tree (a loop) is never followed;
/// - hidden entries (`.git`, `.build…`, `.venv`) and `node_modules` skipped;
/// - `.gitignore` files honoured (`IgnorePattern` says which subset): those in the walked
///   directories, and those above the first directory up to the one holding `.git`;
/// - the `exclude` globs of workspace files (the nearest above, and any met on the way down)
///   and the caller's (`--exclude`, relative to the current directory) honoured.
public final class FileWalker {
    public struct Found: Sendable, Hashable {
        /// As the user should see it: the directory as given, then the names below it.
        public let displayPath: String
        /// Canonical.
        public let path: String
    }

    public static let suffixes = [".tatami.yaml", ".tatami.yml"]
    /// Directory names never entered (besides hidden ones).
    public static let skippedDirectories: Set<String> = ["node_modules"]

    private let extraExcludes: [IgnoreRules]?
    private var seenFiles = Set<String>()
    private var seenDirectories = Set<String>()
    /// How many directories the walks entered (each real directory once).
    public var directoriesEntered: Int { seenDirectories.count }
    /// Workspace files met (canonical paths), in the order found.
    public private(set) var configs: [String] = []
    private var seenConfigs = Set<String>()

    /// `excludes`: globs written as in `.gitignore`, relative to the current directory.
    public init(excludes: [String] = []) {
        let cwd = FileSystemPath.canonical(FileManager.default.currentDirectoryPath) ?? FileManager.default.currentDirectoryPath
        // A pattern with a `/` is anchored to the current directory; one without matches a name
        // anywhere, also in directories outside the current one.
        let patterns = excludes.compactMap { IgnorePattern(Substring($0)) }
        extraExcludes = patterns.isEmpty ? nil : [IgnoreRules(base: cwd, patterns: patterns.filter(\.anchored)),
                                                  IgnoreRules(base: "/", patterns: patterns.filter { !$0.anchored })]
    }

    /// Whether `path` (a file named on the command line) is new; it is then counted as seen.
    public func claim(file path: String) -> Bool {
        seenFiles.insert(FileSystemPath.canonical(path) ?? Workspace.absolute(path)).inserted
    }

    /// The Tatami files below `directory` not found before, sorted by display path.
    public func walk(_ directory: String) -> [Found] {
        guard let start = FileSystemPath.canonical(directory) else { return [] }
        var ignores = IgnoreStack(ancestorRules(of: start))
        for rules in extraExcludes ?? [] { ignores.push(rules) }
        var found: [Found] = []
        let display = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        visit(start, display: display, ignores: ignores, into: &found)
        return found.sorted { $0.displayPath < $1.displayPath }
    }

    /// `.gitignore` files above `start` up to the directory holding `.git` (none when there is
    /// no such directory), and the `exclude` of the nearest workspace file above, outermost first.
    private func ancestorRules(of start: String) -> [IgnoreRules] {
        let fm = FileManager.default
        var rules: [IgnoreRules] = []
        var dir = start
        var gitignores: [IgnoreRules] = []
        var reachedGit = false
        while dir != "/" {
            let parent = ImportPath.directory(of: dir)
            if fm.fileExists(atPath: dir + "/.git") { reachedGit = true; break }
            if let text = try? String(contentsOfFile: parent + (parent == "/" ? "" : "/") + ".gitignore", encoding: .utf8) {
                gitignores.append(IgnoreRules(base: parent, text: text))
            }
            dir = parent
        }
        if reachedGit { rules = gitignores.reversed() }
        // The workspace file above the walk (one inside it is read when its directory is entered).
        let location = Workspace.locate(file: start + "/.")
        if let config = location.configPath, location.root != start {
            rules.append(excludeRules(config: config, base: location.root))
        }
        return rules
    }

    private func excludeRules(config path: String, base: String) -> IgnoreRules {
        if seenConfigs.insert(path).inserted { configs.append(path) }
        return IgnoreRules(base: base, globs: Workspace.config(at: path).config.exclude.map(\.pattern))
    }

    /// `dir` is the path as walked (links not resolved, so ignore patterns written above a
    /// link go on matching below it); it is entered only if its canonical path was not.
    private func visit(_ dir: String, display: String, ignores: IgnoreStack, into found: inout [Found]) {
        // A link to a directory already entered (a loop back up the tree, or two links to one
        // place) is not followed again.
        guard let real = FileSystemPath.canonical(dir), seenDirectories.insert(real).inserted else { return }
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: dir) else { return }
        var ignores = ignores
        let here = Set(names)
        if here.contains(".gitignore"), let text = try? String(contentsOfFile: dir + "/.gitignore", encoding: .utf8) {
            ignores.push(IgnoreRules(base: dir, text: text))
        }
        if here.contains(Workspace.fileName) {
            ignores.push(excludeRules(config: join(real, Workspace.fileName), base: dir))
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = join(dir, name)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }  // a broken link
            let shown = display == "." ? name : display + "/" + name
            if isDirectory.boolValue {
                if Self.skippedDirectories.contains(name) || ignores.isIgnored(path, isDirectory: true) { continue }
                visit(path, display: shown, ignores: ignores, into: &found)
            } else if Self.suffixes.contains(where: { name.hasSuffix($0) }) {
                if ignores.isIgnored(path, isDirectory: false) { continue }
                let real = FileSystemPath.canonical(path) ?? path
                if seenFiles.insert(real).inserted { found.append(Found(displayPath: shown, path: real)) }
            }
        }
    }

    private func join(_ dir: String, _ name: String) -> String {
        dir == "/" ? "/" + name : dir + "/" + name
    }
}

