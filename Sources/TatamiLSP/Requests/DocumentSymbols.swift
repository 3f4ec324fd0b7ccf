import TatamiBase
import TatamiServices

extension LanguageServer {
    /// `textDocument/documentSymbol`: the outline (sections, declarations, the view tree), as
    /// nested `DocumentSymbol`s, or flat `SymbolInformation`s for clients without hierarchy.
    /// From the newest analysis; after a syntax error, from the last good one, mapped onto the
    /// current text.
    func documentSymbols(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let view = try tolerantSnapshot(doc)
        let snap = view.good ?? view.latest
        let symbols = EditorServices.documentSymbols(snap.analysis)
        var count = 0
        func checkEvery() throws {
            count += 1
            if count & 1023 == 0 { try checkCancelled() }
        }
        if client.hierarchicalSymbols {
            return .array(try symbols.map { try nested($0, snap, checkEvery) })
        }
        var flat: [JSON] = []
        func add(_ s: DocumentSymbolInfo, container: String?) throws {
            try checkEvery()
            var pairs: [(String, JSON)] = [
                ("name", .string(s.name)), ("kind", .number(Double(Self.symbolKind(s.kind)))),
                ("location", .object([("uri", .string(doc.uri)), ("range", snap.lspEnclosingRange(s.range))])),
            ]
            if let container { pairs.append(("containerName", .string(container))) }
            flat.append(.object(pairs))
            for c in s.children { try add(c, container: s.name) }
        }
        for s in symbols { try add(s, container: nil) }
        return .array(flat)
    }

    private func nested(_ s: DocumentSymbolInfo, _ snap: Snapshot, _ check: () throws -> Void) throws -> JSON {
        try check()
        let range = snap.map.isIdentity ? s.range : snap.map.forward(enclosing: s.range)
        // The selection must lie inside the range (LSP); where an edit cut it, the range's start.
        var selection = snap.currentRange(s.selectionRange) ?? SourceRange(start: range.start, end: range.start)
        if selection.start < range.start || selection.end > range.end { selection = SourceRange(start: range.start, end: range.start) }
        var pairs: [(String, JSON)] = [
            ("name", .string(s.name.isEmpty ? "?" : s.name)),
            ("kind", .number(Double(Self.symbolKind(s.kind)))),
            ("range", encoding.range(range, in: snap.doc.lineTable)),
            ("selectionRange", encoding.range(selection, in: snap.doc.lineTable)),
        ]
        if let d = s.detail { pairs.append(("detail", .string(d))) }
        if !s.children.isEmpty { pairs.append(("children", .array(try s.children.map { try nested($0, snap, check) }))) }
        return .object(pairs)
    }

    /// LSP's `SymbolKind` for each outline entry.
    static func symbolKind(_ k: DocumentSymbolInfo.Kind) -> Int {
        switch k {
        case .section: return 3        // Namespace
        case .view: return 23          // Struct
        case .instance: return 19      // Object
        case .component: return 5      // Class
        case .parameter: return 26     // TypeParameter
        case .viewport: return 14      // Constant
        case .font: return 7           // Property
        case .alignment: return 22     // EnumMember
        case .importPath: return 2     // Module
        }
    }
}
