import TatamiBase
import TatamiServices

extension LanguageServer {
    /// `workspace/symbol`: components, viewports, fonts, alignments and view ids of the open
    /// documents and the files they import, and the viewports and fonts of their workspace
    /// files (`tatami.config.yaml`), matching the query fuzzily; at most
    /// `EditorServices.maximumWorkspaceSymbols`, the best first.
    func workspaceSymbols(_ params: JSON) throws -> JSON {
        guard let query = params["query"]?.string else { throw ResponseError.invalidParams("query is missing") }
        // In URI order, so the answer does not depend on the dictionary's.
        let open = documents.values.sorted { $0.uri < $1.uri }
        // Each document's newest analysis (a document not analysed yet is left out; it is
        // analysed a moment after it opens); positions in it are mapped onto its current text.
        var snapshots: [String: Snapshot] = [:]
        var sources: [(Analysis, any EditorWorkspace)] = []
        for d in open {
            guard let s = try? snapshot(d) else { continue }
            snapshots[d.path ?? d.uri] = s
            sources.append((s.analysis, workspace(for: d)))
        }
        // Their workspace files' viewports and fonts, which each file inherits (the open buffer
        // of a workspace file when there is one, as analyses read it).
        var configs: [(path: String, bytes: [UInt8])] = []
        var configPaths = Set<String>()
        for d in open {
            guard let p = d.path, !Pipeline.isWorkspaceFile(p), let c = workspaceSettings(for: p).config,
                  configPaths.insert(c.path).inserted else { continue }
            configs.append((c.path, Array(c.lineTable.bytes)))
        }
        let found = EditorServices.workspaceSymbols(matching: query, in: sources, workspaceFiles: configs)
        var tables = TableCache(server: self)
        return .array(found.compactMap { s in
            // An open document (a file or an unsaved buffer, reported by its analysis's path)
            // is read from its buffer; an imported file from the buffer or the disk.
            guard let owner = open.first(where: { ($0.path ?? $0.uri) == s.location.path }) ?? open.first else { return nil }
            var at = s.location
            if let snap = snapshots[at.path] {
                guard let r = snap.currentRange(at.range) else { return nil }
                at.range = r
            }
            guard let place = location(at, from: owner, &tables) else { return nil }
            var pairs: [(String, JSON)] = [
                ("name", .string(s.name)),
                ("kind", .number(Double(Self.symbolKind(s.kind)))),
                ("location", place),
            ]
            if let c = s.containerName { pairs.append(("containerName", .string(c))) }
            return .object(pairs)
        })
    }

    /// LSP's `SymbolKind`, as the outline gives the same declarations.
    static func symbolKind(_ k: WorkspaceSymbolInfo.Kind) -> Int {
        switch k {
        case .component: return 5      // Class
        case .viewport: return 14      // Constant
        case .font: return 7           // Property
        case .alignment: return 22     // EnumMember
        case .id: return 23            // Struct, as views are in the outline
        }
    }
}
