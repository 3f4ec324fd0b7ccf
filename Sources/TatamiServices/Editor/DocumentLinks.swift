import TatamiBase
import TatamiModel
import TatamiYAML

/// A range of the file that opens another file.
public struct DocumentLinkInfo: Hashable, Sendable {
    /// The path as written: an `imports:` entry without its quotes.
    public var range: SourceRange
    /// The file it opens: canonical and absolute.
    public var path: String

    public init(range: SourceRange, path: String) {
        self.range = range
        self.path = path
    }
}

extension EditorServices {
    /// A link on each `imports:` entry that leads to a file: resolved as the validator
    /// resolves it (relative to this file, a `.tatami.yaml` or `.tatami.yml` path, inside the
    /// workspace root before and after symbolic links are followed) and existing in the
    /// workspace (an open buffer or a file on disk). Entries that fail any of these get no link;
    /// their diagnostics say why. In source order.
    public static func documentLinks(_ a: Analysis, workspace: any EditorWorkspace) -> [DocumentLinkInfo] {
        let files = ReferenceFileSet(a, workspace: workspace)
        return files.current.importEntries.compactMap { entry, node in
            guard let s = node.scalar, let path = files.resolveImport(entry, of: files.current),
                  workspace.fileExists(atPath: path) else { return nil }
            return DocumentLinkInfo(range: s.valueRange, path: path)
        }
    }
}
