import Foundation

/// Paths as the file system resolves them.
public enum FileSystemPath {
    /// `realpath(3)`: absolute, `.`/`..` and symbolic links resolved; nil when nothing is there
    /// (or the path cannot be resolved). The one place the command line, the server and the
    /// services ask the file system whether two paths name one file.
    public static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
