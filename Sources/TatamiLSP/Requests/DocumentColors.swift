import TatamiServices

extension LanguageServer {
    /// `textDocument/documentColor`: every colour the file writes (`color` views, `color`
    /// parameters' defaults and arguments), with its RGBA for the editor's swatch.
    func documentColors(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        // From the newest analysis, mapped: a colour whose text was edited since is left out.
        let snap = try snapshot(doc)
        return .array(EditorServices.documentColors(snap.analysis, workspace: workspace(for: doc)).compactMap { c in
            guard let range = snap.lspRange(c.range) else { return nil }
            return .object([("range", range), ("color", Self.json(c.color))])
        })
    }

    /// `textDocument/colorPresentation`: the spellings the format accepts for the picked
    /// colour (`"#RRGGBB"`, and its name when one is exactly it), each with the edit that
    /// writes it over the range.
    func colorPresentations(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        guard let range = encoding.range(of: params["range"], in: doc.lineTable) else {
            throw ResponseError.invalidParams("range is missing or not a range")
        }
        let c = params["color"]
        guard let red = c?["red"]?.number, let green = c?["green"]?.number, let blue = c?["blue"]?.number,
              let alpha = c?["alpha"]?.number else {
            throw ResponseError.invalidParams("color must have red, green, blue and alpha")
        }
        let color = RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
        // Its edits replace text: read from the analysis of the current text.
        let a = try analysis(doc)
        return .array(EditorServices.colorPresentations(a, color: color, range: range).map { p in
            .object([
                ("label", .string(p.label)),
                ("textEdit", .object([("range", encoding.range(p.range, in: doc.lineTable)), ("newText", .string(p.newText))])),
            ])
        })
    }

    private static func json(_ c: RGBAColor) -> JSON {
        .object([("red", .number(c.red)), ("green", .number(c.green)), ("blue", .number(c.blue)), ("alpha", .number(c.alpha))])
    }
}
