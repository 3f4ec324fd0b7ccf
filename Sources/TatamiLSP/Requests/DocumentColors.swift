import TatamiServices

extension LanguageServer {
    /// `textDocument/documentColor`: every colour the file writes (`color` views, `color`
    /// parameters' defaults and arguments), with its RGBA for the editor's swatch.
    func documentColors(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        return .array(EditorServices.documentColors(analysis(doc), workspace: workspace(for: doc)).map { c in
            .object([("range", encoding.range(c.range, in: doc.lineTable)), ("color", Self.json(c.color))])
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
        return .array(EditorServices.colorPresentations(analysis(doc), color: color, range: range).map { p in
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
