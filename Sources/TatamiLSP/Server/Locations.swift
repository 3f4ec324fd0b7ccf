import TatamiBase
import TatamiModel
import TatamiServices

extension LanguageServer {
    /// What the editor services may read: open buffers over the files under the document's
    /// workspace root (`root(for:)`).
    func workspace(for doc: OpenDocument) -> any EditorWorkspace {
        let root = doc.path.map { self.root(for: $0) } ?? workspaceRoot
        var overrides: [String: [UInt8]] = [:]
        for d in documents.values { if let p = d.path { overrides[p] = d.text } }
        return OverlayWorkspace(base: DiskWorkspace(root: root), root: root, overrides: overrides)
    }

    /// The URI and line table of a file the services named: the document itself (its
    /// `Analysis.path`), another open document, or a file on disk.
    func uriAndTable(ofPath path: String, from doc: OpenDocument, _ tables: inout TableCache) -> (String, LineTable)? {
        if path == (doc.path ?? doc.uri) { return (doc.uri, doc.lineTable) }
        if let open = documents.values.first(where: { $0.path == path }) { return (open.uri, open.lineTable) }
        guard let t = tables.table(path) else { return nil }
        return (DocumentURI.uri(ofPath: path), t)
    }

    func location(_ l: FileLocation, from doc: OpenDocument, _ tables: inout TableCache) -> JSON? {
        guard let (uri, table) = uriAndTable(ofPath: l.path, from: doc, &tables) else { return nil }
        return .object([("uri", .string(uri)), ("range", encoding.range(l.range, in: table))])
    }

    /// A `WorkspaceEdit`: `documentChanges` when the client takes them (each file's edits with
    /// the version of the text they were computed for: an open document's version, null for a
    /// file read from disk), `changes` by URI otherwise; each file's edits in order.
    func workspaceEdit(_ edits: [FileEdit], from doc: OpenDocument, _ tables: inout TableCache) -> JSON {
        var order: [String] = []
        var byURI: [String: [JSON]] = [:]
        var versions: [String: JSON] = [:]
        for e in edits {
            guard let (uri, table) = uriAndTable(ofPath: e.path, from: doc, &tables) else { continue }
            if byURI[uri] == nil {
                order.append(uri)
                let open = uri == doc.uri ? doc : documents.values.first { $0.uri == uri }
                versions[uri] = open.map { .number(Double($0.version)) } ?? .null
            }
            byURI[uri, default: []].append(.object([("range", encoding.range(e.range, in: table)), ("newText", .string(e.newText))]))
        }
        if client.documentChanges {
            return .object([("documentChanges", .array(order.map { uri in
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", versions[uri] ?? .null)])),
                    ("edits", .array(byURI[uri]!)),
                ])
            }))])
        }
        return .object([("changes", .object(order.map { ($0, .array(byURI[$0]!)) }))])
    }
}
