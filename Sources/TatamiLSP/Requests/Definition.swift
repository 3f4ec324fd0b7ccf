import TatamiServices

extension LanguageServer {
    /// `textDocument/definition`: a component's declaration (across imports), a parameter's,
    /// an id's, a custom alignment's, a font's, a viewport's.
    func definition(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        let a = try analysis(doc)
        let found = EditorServices.definition(a, at: offset, workspace: workspace(for: doc))
        var tables = TableCache(server: self)
        return .array(found.compactMap { location($0, from: doc, &tables) })
    }

    /// `textDocument/references`: every use of the name at the cursor, in this file and the
    /// workspace files that import its declaration.
    func references(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        let a = try analysis(doc)
        let found = EditorServices.references(a, at: offset, includeDeclaration: includeDeclaration,
                                              workspace: workspace(for: doc))
        var tables = TableCache(server: self)
        return .array(found.compactMap { location($0, from: doc, &tables) })
    }
}
