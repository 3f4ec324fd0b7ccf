import TatamiServices

extension LanguageServer {
    /// `textDocument/prepareRename`: the name's range and text, or null where nothing can be
    /// renamed.
    func prepareRename(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        let a = try analysis(doc)
        guard let found = EditorServices.prepareRename(a, at: offset, workspace: workspace(for: doc)) else {
            return .null
        }
        return .object([("range", encoding.range(found.range, in: doc.lineTable)), ("placeholder", .string(found.placeholder))])
    }

    /// `textDocument/rename`: a workspace edit, or an error saying why the name cannot change.
    func rename(_ params: JSON) throws -> JSON {
        let (doc, offset) = try documentAndOffset(params)
        guard let newName = params["newName"]?.string else { throw ResponseError.invalidParams("newName is missing") }
        let a = try analysis(doc)
        switch EditorServices.rename(a, at: offset, to: newName, workspace: workspace(for: doc)) {
        case .success(let edits):
            var tables = TableCache(server: self)
            return workspaceEdit(edits, from: doc, &tables)
        case .failure(let e):
            throw ResponseError(.requestFailed, e.message)
        }
    }
}
