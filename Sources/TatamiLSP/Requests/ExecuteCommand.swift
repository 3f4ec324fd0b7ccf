import TatamiLayout
import TatamiRender
import TatamiServices

extension LanguageServer {
    /// `workspace/executeCommand`: `tatami.preview`, `tatami.previewSVG`, `tatami.previewHTML` and
    /// `tatami.frames`, all with arguments `[uri, viewport?]` and all about the editor's current
    /// text of that document. `tatami.previewHTML` draws every viewport unless one is named.
    func executeCommand(_ params: JSON) throws -> JSON {
        guard let command = params["command"]?.string else { throw ResponseError.invalidParams("command is missing") }
        let arguments = params["arguments"]?.array ?? []
        guard Self.commands.contains(command) else {
            throw ResponseError.invalidParams("unknown command '\(command)'; the server runs \(Self.commands.joined(separator: ", "))")
        }
        guard let uri = arguments.first?.string else {
            throw ResponseError.invalidParams("\(command) takes [uri, viewport?]")
        }
        guard let doc = documents[uri] else { throw ResponseError.invalidParams("the document \(uri) is not open") }
        let named = arguments.count > 1 ? arguments[1].string : nil
        let a = try analysis(doc)
        if command == "tatami.previewHTML" {
            // What `tatami preview --format html` writes (without --watch's reloading: the editor
            // replaces the page itself).
            let layouts = named.map { $0.isEmpty } ?? true ? a.layouts : [try chosenLayout(a, viewport: named)]
            let title = (doc.path ?? doc.uri).split(separator: "/").last.map(String.init) ?? doc.uri
            return .string(HTMLRenderer.render(layouts, options: HTMLOptions(title: title)))
        }
        let layout = try chosenLayout(a, viewport: named)
        switch command {
        case "tatami.preview":
            // What `tatami preview --color never` prints.
            return .string(ASCIIRenderer.render(layout, options: RenderOptions()))
        case "tatami.previewSVG":
            // What `tatami preview --format svg` prints.
            return .string(SVGRenderer.render(layout))
        default:
            let text = FramesFormatter.json(file: doc.path ?? doc.uri, result: layout)
            do { return try JSON.parse(text) } catch { throw ResponseError(.internalError, "frames output is not JSON") }
        }
    }

    /// The layout of the named viewport, else of the configured default one, else the first.
    func chosenLayout(_ a: Analysis, viewport named: String?) throws -> LayoutResult {
        if let named, !named.isEmpty {
            guard let l = a.layouts.first(where: { $0.viewport.name == named }) else {
                let names = a.layouts.map(\.viewport.name).joined(separator: ", ")
                throw ResponseError(.invalidParams, "no viewport named '\(named)'; the file declares \(names)")
            }
            return l
        }
        if let d = defaultViewport, let l = a.layouts.first(where: { $0.viewport.name == d }) { return l }
        guard let first = a.layouts.first else { throw ResponseError(.requestFailed, "the file has no layout") }
        return first
    }
}
