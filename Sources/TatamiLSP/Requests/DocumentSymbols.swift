import TatamiBase
import TatamiServices

extension LanguageServer {
    /// `textDocument/documentSymbol`: the outline (sections, declarations, the view tree), as
    /// nested `DocumentSymbol`s, or flat `SymbolInformation`s for clients without hierarchy.
    func documentSymbols(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let symbols = EditorServices.documentSymbols(analysis(doc))
        if client.hierarchicalSymbols {
            return .array(symbols.map { nested($0, doc.lineTable) })
        }
        var flat: [JSON] = []
        func add(_ s: DocumentSymbolInfo, container: String?) {
            var pairs: [(String, JSON)] = [
                ("name", .string(s.name)), ("kind", .number(Double(Self.symbolKind(s.kind)))),
                ("location", .object([("uri", .string(doc.uri)), ("range", encoding.range(s.range, in: doc.lineTable))])),
            ]
            if let container { pairs.append(("containerName", .string(container))) }
            flat.append(.object(pairs))
            for c in s.children { add(c, container: s.name) }
        }
        for s in symbols { add(s, container: nil) }
        return .array(flat)
    }

    private func nested(_ s: DocumentSymbolInfo, _ table: LineTable) -> JSON {
        var pairs: [(String, JSON)] = [
            ("name", .string(s.name.isEmpty ? "?" : s.name)),
            ("kind", .number(Double(Self.symbolKind(s.kind)))),
            ("range", encoding.range(s.range, in: table)),
            ("selectionRange", encoding.range(s.selectionRange, in: table)),
        ]
        if let d = s.detail { pairs.append(("detail", .string(d))) }
        if !s.children.isEmpty { pairs.append(("children", .array(s.children.map { nested($0, table) }))) }
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
