import TatamiServices

extension LanguageServer {
    /// `textDocument/documentLink`: each `imports:` path that leads to an existing file inside
    /// the workspace root, linked to that file.
    func documentLinks(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        return .array(EditorServices.documentLinks(analysis(doc), workspace: workspace(for: doc)).map { link in
            .object([
                ("range", encoding.range(link.range, in: doc.lineTable)),
                ("target", .string(DocumentURI.uri(ofPath: link.path))),
            ])
        })
    }
}
