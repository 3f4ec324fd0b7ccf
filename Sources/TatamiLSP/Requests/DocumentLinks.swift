import TatamiServices

extension LanguageServer {
    /// `textDocument/documentLink`: each `imports:` path that leads to an existing file inside
    /// the workspace root, linked to that file.
    func documentLinks(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let snap = try snapshot(doc)
        return .array(EditorServices.documentLinks(snap.analysis, workspace: workspace(for: doc)).compactMap { link in
            guard let range = snap.lspRange(link.range) else { return nil }
            return .object([("range", range), ("target", .string(DocumentURI.uri(ofPath: link.path)))])
        })
    }
}
