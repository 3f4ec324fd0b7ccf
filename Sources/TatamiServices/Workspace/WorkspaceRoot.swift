import TatamiValidation
import Foundation
import TatamiBase
import TatamiModel
import TatamiYAML

/// Where a file's workspace root is, and why (docs/workspace.md). The command line and the
/// language server both ask `Workspace.locate`, so a file is checked against the same root
/// and the same workspace file wherever it is checked from.
public struct WorkspaceLocation: Sendable, Hashable {
    public enum Marker: String, Sendable, Hashable {
        /// The nearest directory above the file holding `tatami.config.yaml`.
        case config
        /// No workspace file above: the nearest directory holding `.git`.
        case git
        /// Neither: the caller's fallback (the current directory for the command line, the
        /// workspace folder for the language server).
        case fallback
        /// Given explicitly (`--root DIR`).
        case given
    }

    /// Absolute and canonical (symbolic links resolved).
    public let root: String
    public let marker: Marker
    /// The workspace file that applies, if any: the one in `root`.
    public let configPath: String?

    public init(root: String, marker: Marker, configPath: String?) {
        self.root = root
        self.marker = marker
        self.configPath = configPath
    }
}

/// A workspace file, read and checked, with where it is.
public struct LoadedWorkspaceConfig: Sendable {
    public let path: String
    public let lineTable: LineTable
    public let config: WorkspaceConfig
    /// Its own problems (YAML, keys, values, unknown codes under `rules`), sorted for display.
    public let diagnostics: [Diagnostic]
    /// `rules:` by code name.
    public let levels: [String: RuleLevel]
}

/// The root and workspace file that apply to one file.
public struct WorkspaceSettings: Sendable {
    public let location: WorkspaceLocation
    public let config: LoadedWorkspaceConfig?

    public init(location: WorkspaceLocation, config: LoadedWorkspaceConfig?) {
        self.location = location
        self.config = config
    }

    public var root: String { location.root }

    /// The settings of a file: `root` given → that directory (and its workspace file, if it
    /// has one); otherwise `Workspace.locate`. `buffer` gives the text of a workspace file
    /// that is open in an editor (nil: read it from disk).
    public static func forFile(_ path: String, fallback: String? = nil, root given: String? = nil,
                               buffer: ((String) -> [UInt8]?)? = nil) -> WorkspaceSettings {
        let location: WorkspaceLocation
        if let given {
            let dir = FileSystemPath.canonical(given) ?? Workspace.absolute(given)
            let config = dir == "/" ? "/" + Schema.workspaceFileName : dir + "/" + Schema.workspaceFileName
            location = WorkspaceLocation(root: dir, marker: .given,
                                         configPath: FileManager.default.fileExists(atPath: config) ? config : nil)
        } else {
            location = Workspace.locate(file: path, fallback: fallback)
        }
        let config = location.configPath.map { path in
            buffer?(path).map { Workspace.config(at: path, bytes: $0) } ?? Workspace.config(at: path)
        }
        return WorkspaceSettings(location: location, config: config)
    }

    /// Diagnostics with `rules:` applied: a code set `off` dropped, others given their level.
    public func applyRules(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard let levels = config?.levels, !levels.isEmpty else { return diagnostics }
        return Workspace.apply(levels, to: diagnostics)
    }
}

public enum Workspace {
    public static var fileName: String { Schema.workspaceFileName }

    static func absolute(_ path: String) -> String {
        let p = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return ImportPath.normalize(p)
    }

    /// The workspace root of the file at `path` (`<stdin>`: a file in the current directory):
    /// walking up from its directory, the first directory holding `tatami.config.yaml`; else
    /// the first holding `.git`; else `fallback` (default: the current directory) when it
    /// holds the file, else the file's own directory.
    public static func locate(file path: String, fallback: String? = nil) -> WorkspaceLocation {
        let file = path == "<stdin>" ? absolute("<stdin>") : absolute(path)
        let rawDir = ImportPath.directory(of: file)
        let dir = FileSystemPath.canonical(rawDir) ?? rawDir
        let fm = FileManager.default
        var gitRoot: String? = nil
        var current = dir
        while true {
            let config = current == "/" ? "/" + fileName : current + "/" + fileName
            if fm.fileExists(atPath: config) {
                return WorkspaceLocation(root: current, marker: .config, configPath: config)
            }
            if gitRoot == nil, fm.fileExists(atPath: current == "/" ? "/.git" : current + "/.git") { gitRoot = current }
            if current == "/" { break }
            current = ImportPath.directory(of: current)
        }
        if let gitRoot { return WorkspaceLocation(root: gitRoot, marker: .git, configPath: nil) }
        let base = fallback.map(absolute) ?? absolute(".")
        let baseDir = FileSystemPath.canonical(base) ?? base
        let root = ImportPath.isInside(dir, root: baseDir) ? baseDir : dir
        return WorkspaceLocation(root: root, marker: .fallback, configPath: nil)
    }

    // MARK: Workspace files

    /// The workspace file at `path`, read from disk and checked; kept while it and the font
    /// files it names stay the same (`WorkspaceConfigCache`), so many files (and threads) share
    /// one reading. An unreadable file reads as empty.
    public static func config(at path: String) -> LoadedWorkspaceConfig {
        config(at: path, bytes: FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [])
    }

    /// The workspace file at `path` with the text `bytes` (an editor's unsaved buffer), checked;
    /// shares the cache of `config(at:)`.
    public static func config(at path: String, bytes: [UInt8]) -> LoadedWorkspaceConfig {
        WorkspaceConfigCache.shared.config(at: path, bytes: bytes) { inputs in
            check(yaml: YAMLParser.parse(bytes: bytes), path: path, lookingAt: { inputs.look(at: $0) })
        }
    }

    /// Parses and checks a workspace file's text.
    public static func check(bytes: [UInt8], path: String) -> LoadedWorkspaceConfig {
        check(yaml: YAMLParser.parse(bytes: bytes), path: path)
    }

    /// Checks a workspace file's parsed text.
    public static func check(yaml: YAMLParseResult, path: String) -> LoadedWorkspaceConfig {
        check(yaml: yaml, path: path, lookingAt: nil)
    }

    /// Checks a workspace file's parsed text; `lookingAt` is told each path the check resolves
    /// or reads, before it does.
    static func check(yaml: YAMLParseResult, path: String,
                      lookingAt: (@Sendable (String) -> Void)?) -> LoadedWorkspaceConfig {
        // Font files the workspace file names are relative to it, inside its directory.
        var context = Pipeline.fileContext(path: path, workspaceRoot: ImportPath.directory(of: path))
        if let lookingAt {
            let disk = context
            context.resolve = { p in
                lookingAt(p)
                return disk.resolve(p)
            }
            context.load = { p in
                lookingAt(p)
                return disk.load(p)
            }
            context.loadFont = { p in
                lookingAt(p)
                return disk.loadFont(p)
            }
        }
        let result = Validator.validateWorkspaceConfig(yaml, context: context)
        var diagnostics = result.diagnostics
        diagnostics += DiagnosticCatalog.unknownCodes(result.config.rules.map { ($0.code, $0.codeRange) },
                                                      effect: "this rule changes nothing")
        return LoadedWorkspaceConfig(path: path, lineTable: yaml.lineTable, config: result.config,
                                     diagnostics: diagnostics.sortedForDisplay(), levels: result.config.levels)
    }

    static func apply(_ levels: [String: RuleLevel], to diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { d in
            guard let level = levels[d.code.name] else { return d }
            guard let severity = level.severity else { return nil }
            var changed = d
            changed.severity = severity
            return changed
        }
    }
}
