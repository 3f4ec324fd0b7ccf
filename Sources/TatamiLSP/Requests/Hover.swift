import TatamiServices

extension LanguageServer {
    /// `textDocument/hover`: a view's frames in every viewport, a key's documentation, a
    /// component's parameters, an expression's value per viewport. Answered from the newest
    /// analysis (after a syntax error, the last good one past the error), positions mapped
    /// through the edits made since.
    func hover(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        guard let here = encoding.offset(of: params["position"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("position is missing or not a position")
        }
        let snap = try tolerantSnapshot(doc).snapshot(at: here)
        guard let info = EditorServices.hover(snap.analysis, at: snap.map.backward(here)) else { return .null }
        var pairs: [(String, JSON)] = [
            ("contents", .object([("kind", .string(client.markdownHover ? "markdown" : "plaintext")), ("value", .string(info.markdown))])),
        ]
        if let r = snap.lspRange(info.range) { pairs.append(("range", r)) }
        return .object(pairs)
    }
}
