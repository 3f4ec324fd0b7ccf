import TatamiBase
import TatamiModel
import TatamiYAML

/// A name declared somewhere in the workspace.
public struct WorkspaceSymbolInfo: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case component, viewport, font, alignment
        /// A view's `id`.
        case id
    }

    public var name: String
    public var kind: Kind
    /// The name as written (its key, or the `id:` value), in its file: `Analysis.path` for
    /// an analysed file, a canonical path for an imported one.
    public var location: FileLocation
    /// Where it is declared: `components`, `viewports`, `fonts`, `alignments`; for an id, the
    /// component whose body holds it, else `body`.
    public var containerName: String?

    public init(name: String, kind: Kind, location: FileLocation, containerName: String?) {
        self.name = name
        self.kind = kind
        self.location = location
        self.containerName = containerName
    }
}

extension EditorServices {
    /// The most symbols `workspaceSymbols` returns (the best matches).
    public static let maximumWorkspaceSymbols = 128
    /// The most files `workspaceSymbols` reads: the analysed ones, then their imports.
    public static let maximumWorkspaceSymbolFiles = 1_000

    /// The components, viewports, fonts, custom alignments and view ids declared in the
    /// analysed files (open documents) and in the files they import, directly or through other
    /// imports, whose name matches `query`: its characters appear in the name in order,
    /// ignoring case (`hdr` matches `header`). An empty query matches every name.
    ///
    /// Best matches first: the name equal to the query, then starting with it, then holding
    /// it, then the rest; then shorter names, then by name, file and position. At most
    /// `limit` symbols (capped by `maximumWorkspaceSymbols`); each file once, the analysed
    /// text winning over the file it was read from.
    ///
    /// `workspaceFiles` are the workspace files (`tatami.config.yaml`: canonical path and text)
    /// of those documents: their `viewports` and `fonts` are declarations every file of the
    /// workspace inherits, listed too (a workspace file also analysed as a document counts once).
    public static func workspaceSymbols(matching query: String, in documents: [(Analysis, any EditorWorkspace)],
                                        workspaceFiles: [(path: String, bytes: [UInt8])] = [],
                                        limit: Int = maximumWorkspaceSymbols) -> [WorkspaceSymbolInfo] {
        LargeStack.run {
            let matcher = FuzzyMatcher(query)
            var ranked: [(rank: Int, symbol: WorkspaceSymbolInfo)] = []
            var seen = Set<String>()
            var pending: [(file: ReferenceFile, files: ReferenceFileSet)] = []
            for (a, workspace) in documents {
                let files = ReferenceFileSet(a, workspace: workspace)
                if seen.insert(files.current.path).inserted { pending.append((files.current, files)) }
            }
            for (path, bytes) in workspaceFiles where seen.insert(path).inserted {
                ranked += workspaceFileSymbols(path: path, bytes: bytes).compactMap { s in matcher.rank(s.name).map { ($0, s) } }
            }
            var next = 0
            while next < pending.count {
                let (file, files) = pending[next]
                next += 1
                ranked += symbols(of: file).compactMap { s in matcher.rank(s.name).map { ($0, s) } }
                for path in files.imports(of: file) where seen.count < maximumWorkspaceSymbolFiles {
                    guard seen.insert(path).inserted, let imported = files.file(at: path) else { continue }
                    pending.append((imported, files))
                }
            }
            ranked.sort { x, y in
                if x.rank != y.rank { return x.rank < y.rank }
                let a = x.symbol, b = y.symbol
                if a.name.count != b.name.count { return a.name.count < b.name.count }
                if a.name != b.name { return a.name < b.name }
                if a.location.path != b.location.path { return a.location.path < b.location.path }
                return a.location.range < b.location.range
            }
            return ranked.prefix(max(0, min(limit, maximumWorkspaceSymbols))).map(\.symbol)
        }
    }

    /// The viewports and fonts a workspace file declares, at their names.
    static func workspaceFileSymbols(path: String, bytes: [UInt8]) -> [WorkspaceSymbolInfo] {
        let root = YAMLParser.parse(bytes: bytes).root
        var out: [WorkspaceSymbolInfo] = []
        for (key, kind) in [("viewports", WorkspaceSymbolInfo.Kind.viewport), ("fonts", .font)] {
            for pair in root?[key]?.pairs ?? .empty {
                guard let name = pair.key.keyText, !name.isEmpty else { continue }
                out.append(WorkspaceSymbolInfo(name: name, kind: kind, location: FileLocation(path: path, range: pair.key.range),
                                               containerName: key))
            }
        }
        return out
    }

    /// The declarations of one file.
    private static func symbols(of file: ReferenceFile) -> [WorkspaceSymbolInfo] {
        let components = (file.root?["components"]?.pairs ?? .empty).map {
            (name: $0.key.keyText, span: SourceRange(start: $0.key.range.start, end: max($0.key.range.end, $0.value.range.end)))
        }
        return file.occurrences.compactMap { o in
            guard o.role == .declaration, !o.name.isEmpty else { return nil }
            let kind: WorkspaceSymbolInfo.Kind
            let container: String?
            switch o.kind {
            case .component: (kind, container) = (.component, "components")
            case .viewport: (kind, container) = (.viewport, "viewports")
            case .font: (kind, container) = (.font, "fonts")
            case .alignment: (kind, container) = (.alignment, "alignments")
            case .id:
                kind = .id
                container = components.first { $0.span.start <= o.range.start && o.range.end <= $0.span.end }.map { $0.name ?? "components" } ?? "body"
            case .parameter, .importPath: return nil
            }
            return WorkspaceSymbolInfo(name: o.name, kind: kind, location: FileLocation(path: file.reportPath, range: o.range),
                                       containerName: container)
        }
    }
}

/// Case-insensitive subsequence matching with a rank: 0 the same name, 1 a prefix, 2 a
/// substring, 3 a scattered subsequence.
struct FuzzyMatcher {
    private let query: [Unicode.Scalar]

    init(_ query: String) {
        self.query = Array(query.lowercased().unicodeScalars)
    }

    func rank(_ name: String) -> Int? {
        if query.isEmpty { return 0 }
        let n = Array(name.lowercased().unicodeScalars)
        var i = 0
        for c in n where i < query.count && c == query[i] { i += 1 }
        guard i == query.count else { return nil }
        if n == query { return 0 }
        if n.starts(with: query) { return 1 }
        if n.count >= query.count, (0...(n.count - query.count)).contains(where: { n[$0..<($0 + query.count)].elementsEqual(query) }) {
            return 2
        }
        return 3
    }
}
