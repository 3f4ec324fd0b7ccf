import TatamiBase
import TatamiServices

extension LanguageServer {
    func publishDiagnostics(_ doc: OpenDocument) {
        let a = analysis(doc)
        doc.needsPublishing = false
        notifyClient("textDocument/publishDiagnostics", .object([
            ("uri", .string(doc.uri)),
            ("version", .number(Double(doc.version))),
            ("diagnostics", .array(lspDiagnostics(a, doc))),
        ]))
    }

    /// `textDocument/diagnostic` (the pull model): always a full report.
    func pullDiagnostics(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let a = analysis(doc)
        return .object([("kind", .string("full")), ("items", .array(lspDiagnostics(a, doc)))])
    }

    func lspDiagnostics(_ a: Analysis, _ doc: OpenDocument) -> [JSON] {
        var tables = TableCache(server: self)
        return a.diagnostics.map { lspDiagnostic($0, doc, &tables) }
    }

    func lspDiagnostic(_ d: Diagnostic, _ doc: OpenDocument, _ tables: inout TableCache) -> JSON {
        var pairs: [(String, JSON)] = [
            ("range", encoding.range(d.range, in: doc.lineTable)),
            ("severity", .number(Double(Self.severity(d.severity)))),
            ("code", .string(d.code.name)),
            ("source", .string("tatami")),
            ("message", .string(d.message)),
        ]
        if client.relatedInformation, !d.related.isEmpty {
            let related: [JSON] = d.related.compactMap { r in
                let uri: String
                let t: LineTable
                if let file = r.file {
                    guard let ft = tables.table(file) else { return nil }
                    uri = DocumentURI.uri(ofPath: file)
                    t = ft
                } else {
                    uri = doc.uri
                    t = doc.lineTable
                }
                return .object([
                    ("location", .object([("uri", .string(uri)), ("range", encoding.range(r.range, in: t))])),
                    ("message", .string(r.message)),
                ])
            }
            pairs.append(("relatedInformation", .array(related)))
        }
        if let viewport = d.viewport {
            pairs.append(("data", .object([("viewport", .string(viewport))])))
        }
        return .object(pairs)
    }

    static func severity(_ s: Severity) -> Int {
        switch s {
        case .error: return 1
        case .warning: return 2
        case .information: return 3
        case .hint: return 4
        }
    }
}

/// Line tables of other files, read once per answer (open buffers first, then the disk).
struct TableCache {
    let server: LanguageServer
    private var tables: [String: LineTable?] = [:]

    init(server: LanguageServer) { self.server = server }

    mutating func table(_ path: String) -> LineTable? {
        if let t = tables[path] { return t }
        let t = server.contents(ofPath: path).map { LineTable(bytes: $0) }
        tables[path] = t
        return t
    }
}
