import TatamiBase
import TatamiServices

extension LanguageServer {
    /// Pushes the diagnostics of the document's current analysis (which must be fresh).
    func publishDiagnostics(_ doc: OpenDocument) {
        guard let latest = doc.latest else { return }
        doc.needsPublishing = false
        notifyClient("textDocument/publishDiagnostics", .object([
            ("uri", .string(doc.uri)),
            ("version", .number(Double(doc.version))),
            ("diagnostics", .array(lspDiagnostics(latest.analysis, doc))),
        ]))
    }

    /// `textDocument/diagnostic` (the pull model): the diagnostics of the current text, as a
    /// full report with a result id, or `unchanged` when they are what the client's
    /// `previousResultId` already holds.
    func pullDiagnostics(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let a = try analysis(doc)
        let items = lspDiagnostics(a, doc)
        let id: String
        if let last = doc.lastPullReport, Self.same(last.items, items) {
            id = last.resultId
            if params["previousResultId"]?.string == id {
                return .object([("kind", .string("unchanged")), ("resultId", .string(id))])
            }
        } else {
            id = newResultID()
            doc.lastPullReport = (id, items)
        }
        return .object([("kind", .string("full")), ("resultId", .string(id)), ("items", .array(items))])
    }

    private static func same(_ a: [JSON], _ b: [JSON]) -> Bool {
        a.count == b.count && JSON.array(a).serializedBytes(pretty: false) == JSON.array(b).serializedBytes(pretty: false)
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
