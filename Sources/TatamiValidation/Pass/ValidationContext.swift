import TatamiModel
import TatamiBase

/// What the validator may know about the file beyond its text: where it lives, and how to read
/// the files it imports (docs/format.md §8.3).
///
/// The validator does no I/O of its own: it works out which paths an `imports:` list names,
/// checks that they stay inside the workspace root, and asks `resolve` and `load` — given by the
/// caller — about them. A path outside the root is never passed to `load`.
public struct ValidationContext: Sendable {
    /// The file's path; imports are relative to its directory. Absolute paths are best (the
    /// containment check compares paths). nil: the text was not read from a file, so it cannot
    /// import anything.
    public var filePath: String?
    /// The directory every import must stay inside; nil: the file's own directory.
    public var workspaceRoot: String?
    /// A path's canonical form: absolute, with `.`, `..` and symbolic links resolved; nil when
    /// nothing exists there. It never reads a file's contents.
    public var resolve: @Sendable (String) -> String?
    /// A file's bytes, nil when it cannot be read. Called only with canonical paths inside the
    /// workspace root.
    public var load: @Sendable (String) -> [UInt8]?
    /// Viewports and fonts a workspace file (`tatami.config.yaml`) declares for every file
    /// below it; the file's own add to and override them. Imported files take its fonts.
    public var inherited: InheritedDeclarations? = nil
    /// A font file's bytes, nil when it cannot be read. Called only with canonical paths inside
    /// the workspace root. By default `load`'s bytes; callers that analyse often (the server)
    /// keep what they read, so a font file is read and hashed once per change.
    public var loadFont: @Sendable (String) -> FontBytes?
    /// Imported files' validations kept from earlier runs (`ImportCache`); nil: every imported
    /// file is validated afresh. Either way the result is the same: the cache only answers with a
    /// validation a fresh one could not differ from.
    public var importCache: ImportCache? = nil
    /// What this file's last validation kept of its body's items (`ValidationMemory`; the
    /// language server keeps one per open document); nil: every item is read. Either way the
    /// result is the same.
    public var memory: ValidationMemory? = nil

    /// `resolve` nil: paths are only normalised lexically (no symbolic links), for callers whose
    /// files are not on a disk.
    public init(filePath: String?, workspaceRoot: String? = nil,
                resolve: (@Sendable (String) -> String?)? = nil,
                load: @escaping @Sendable (String) -> [UInt8]?,
                inherited: InheritedDeclarations? = nil) {
        self.inherited = inherited
        self.filePath = filePath
        self.workspaceRoot = workspaceRoot
        self.resolve = resolve ?? { ImportPath.normalize($0) }
        self.load = load
        self.loadFont = { path in load(path).map(FontBytes.init) }
    }

    /// A text on its own: no imports are available.
    public static let standalone = ValidationContext(filePath: nil, load: { _ in nil })
}

/// Lexical path arithmetic for imports (no file system access).
public enum ImportPath {
    /// `path` with empty and `.` components removed and `..` applied lexically. A relative path
    /// stays relative (leading `..` kept); an absolute one never climbs above `/`.
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !absolute {
                    parts.append(part)
                }
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `normalize` would give `path` back: not empty, and no component (after the
    /// leading `/` of an absolute path) empty, `.` or `..`. Most paths asked about are, and
    /// are then not split and joined again. Read as bytes in place (`tatami diff` asks about
    /// thousands of paths).
    private static func isNormal(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { isNormal($0[...]) } ?? isNormal(Array(path.utf8)[...])
    }

    private static func isNormal<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8, Bytes.SubSequence == Bytes {
        var utf8 = bytes
        if utf8.first == UInt8(ascii: "/") { utf8 = utf8.dropFirst() }
        var length = 0, dots = 0
        for b in utf8 {
            if b == UInt8(ascii: "/") {
                if length == 0 || length == dots && dots <= 2 { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if b == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && !(length == dots && dots <= 2)
    }

    /// The directory part of a path (`.` for a bare name). A path of ASCII bytes (every byte then
    /// a character of its own) has its last `/` found among the bytes (`tatami diff` asks for
    /// thousands); any other among its characters.
    public static func directory(of path: String) -> String {
        let asciiSlash: Int?? = path.utf8.withContiguousStorageIfAvailable { bytes in
            var slash = -1
            for (i, b) in bytes.enumerated() {
                if b >= 0x80 { return nil }
                if b == UInt8(ascii: "/") { slash = i }
            }
            return slash
        }
        if let asciiSlash, let slash = asciiSlash {
            return slash < 0 ? "." : slash == 0 ? "/" : String(Substring(path.utf8.prefix(slash)))
        }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `relative` joined to `directory`, normalised.
    public static func join(_ directory: String, _ relative: String) -> String {
        normalize(directory == "." ? relative : directory + "/" + relative)
    }

    /// Whether normalised `path` is `root` or below it (both absolute, or both relative to the
    /// same directory).
    public static func isInside(_ path: String, root: String) -> Bool {
        if path.hasPrefix("/") != root.hasPrefix("/") { return false }
        if root == "." { return path != ".." && !path.hasPrefix("../") }
        if root == "/" { return true }
        return path == root || path.hasPrefix(root + "/")
    }

    /// `path` relative to `root` when it is inside it, else `path`. Paths are compared as
    /// strings (canonically equivalent spellings alike), but a path of ASCII bytes below a root of
    /// ASCII bytes, which is how nearly every path comes, is found by its bytes: there each byte
    /// is a character of its own, so the bytes answer as the characters would.
    public static func display(_ path: String, root: String) -> String {
        if let start = asciiStart(below: root, of: path) { return String(Substring(path.utf8.dropFirst(start))) }
        guard isInside(path, root: root), path != root else { return path }
        if root == "." { return path }
        return String(path.dropFirst(root == "/" ? 1 : root.count + 1))
    }

    /// Where `path`'s part below `root` starts, when both are ASCII, `root` is absolute and
    /// normal and not `/`, and `path` is `root`, `/` and more; nil otherwise (then `display` asks
    /// as strings).
    private static func asciiStart(below root: String, of path: String) -> Int? {
        let found: Int?? = path.utf8.withContiguousStorageIfAvailable { p in
            root.utf8.withContiguousStorageIfAvailable { r -> Int? in
                guard r.count > 1, r[0] == UInt8(ascii: "/"), p.count > r.count + 1, p[r.count] == UInt8(ascii: "/"),
                      !r.contains(where: { $0 >= 0x80 }), isNormal(r[...]), p.starts(with: r),
                      !p[(r.count + 1)...].contains(where: { $0 >= 0x80 }) else { return nil }
                return r.count + 1
            } ?? nil
        }
        return found ?? nil
    }

    /// The canonical path a relative `entry` names from `directory`, or why it cannot be used:
    /// outside `root` as written (then it is never resolved, let alone read), not found, or
    /// outside `root` once symbolic links are resolved. `files` names what must stay inside the
    /// root in messages ("imports", "font files"); `cannotFind` is the message for a path that
    /// leads nowhere. Imports and font files are found by this one rule.
    static func locate(_ entry: String, from directory: String, root: String, resolve: (String) -> String?,
                       files: String, cannotFind: String) -> Result<String, RefusedPath> {
        let candidate = join(directory, entry)
        guard isInside(candidate, root: root) else {
            return .failure(RefusedPath(message: "`\(entry)` is outside the workspace root `\(root)`; \(files) must stay inside it"))
        }
        guard let resolved = resolve(candidate) else { return .failure(RefusedPath(message: cannotFind)) }
        guard isInside(resolved, root: root) else {
            return .failure(RefusedPath(
                message: "`\(entry)` leads outside the workspace root `\(root)` through a symbolic link; \(files) must stay inside it"))
        }
        return .success(resolved)
    }
}

/// Why a path written in a file cannot be used (`ImportPath.locate`).
struct RefusedPath: Error {
    let message: String
}

/// Where a file's font files are looked for: relative to the directory of the file that declares
/// the font, inside the workspace root, read through the context (docs/format.md §5.1).
struct FontFileSource {
    /// The declaring file's directory (canonical).
    var directory: String?
    var root: String
    var context: ValidationContext
}
