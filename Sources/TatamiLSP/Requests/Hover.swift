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
        let contents: JSON = client.markdownHover
            ? .object([("kind", .string("markdown")), ("value", .string(info.markdown))])
            : .object([("kind", .string("plaintext")), ("value", .string(info.plainText))])
        var pairs: [(String, JSON)] = [("contents", contents)]
        if let r = snap.lspRange(info.range) { pairs.append(("range", r)) }
        return .object(pairs)
    }
}
