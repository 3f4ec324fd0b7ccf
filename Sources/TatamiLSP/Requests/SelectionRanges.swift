import TatamiServices

extension LanguageServer {
    /// `textDocument/selectionRange`: for each position, its chain of enclosing ranges (the
    /// innermost first, each the `parent` of the one before), up to the whole document.
    func selectionRanges(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        guard let positions = params["positions"]?.array else {
            throw ResponseError.invalidParams("positions is missing or not a list")
        }
        var offsets: [Int] = []
        for p in positions {
            guard let offset = encoding.offset(of: p, in: doc.lineTable) else {
                throw ResponseError.invalidParams("positions holds something that is not a position")
            }
            offsets.append(offset)
        }
        // From the newest analysis (the last good one past a syntax error), each range mapped
        // onto the current text with its ends moved out of edits, so every range still holds
        // the one inside it.
        let view = try tolerantSnapshot(doc)
        return .array(offsets.map { offset -> JSON in
            let snap = view.snapshot(at: offset)
            let chain = EditorServices.selectionRanges(snap.analysis, at: [snap.map.backward(offset)]).first ?? []
            // Built from the outside in: each range's `parent` is the one enclosing it.
            var nested: JSON? = nil
            for r in chain.reversed() {
                var pairs: [(String, JSON)] = [("range", snap.lspEnclosingRange(r))]
                if let parent = nested { pairs.append(("parent", parent)) }
                nested = .object(pairs)
            }
            return nested ?? .null
        })
    }
}
