import TatamiLayout
import TatamiRender
import TatamiServices

extension LanguageServer {
    /// The commands `workspace/executeCommand` runs, in the order `initialize` lists them
    /// (`executeCommandProvider.commands` is `allCases`). Each answers with a JSON value: the
    /// previews as strings, the frames as an object.
    enum Command: String, CaseIterable {
        /// What `tatami preview --color never` prints.
        case preview = "tatami.preview"
        /// What `tatami preview --format svg` prints.
        case previewSVG = "tatami.previewSVG"
        /// What `tatami preview --format html` writes (without --watch's reloading: the editor
        /// replaces the page itself); every viewport unless one is named.
        case previewHTML = "tatami.previewHTML"
        /// What `tatami frames --format json` prints, as an object.
        case frames = "tatami.frames"
        /// What `tatami diff --git REV --format json FILE` prints for the editor's text against
        /// the file at a git revision, as an object: arguments `[uri, revision?, format?]`
        /// (`HEAD`; `json`, or `text` and `markdown` for the report as a string).
        case diff = "tatami.diff"
    }

    /// `workspace/executeCommand`: the `Command`s, all with arguments `[uri, viewport?]` and all
    /// about the editor's current text of that document.
    func executeCommand(_ params: JSON) throws -> JSON {
        guard let name = params["command"]?.string else { throw ResponseError.invalidParams("command is missing") }
        let arguments = params["arguments"]?.array ?? []
        guard let command = Command(rawValue: name) else {
            let names = Command.allCases.map(\.rawValue).joined(separator: ", ")
            throw ResponseError.invalidParams("unknown command '\(name)'; the server runs \(names)")
        }
        guard let uri = arguments.first?.string else {
            throw ResponseError.invalidParams("\(name) takes [uri, viewport?]")
        }
        guard let doc = documents[uri] else { throw ResponseError.invalidParams("the document \(uri) is not open") }
        let named = arguments.count > 1 ? arguments[1].string : nil
        if command == .diff { return try diff(doc, revision: named, format: arguments.count > 2 ? arguments[2].string : nil) }
        let a = try analysis(doc)
        switch command {
        case .previewHTML:
            let layouts = named.map { $0.isEmpty } ?? true ? a.layouts : [try chosenLayout(a, viewport: named)]
            let title = (doc.path ?? doc.uri).split(separator: "/").last.map(String.init) ?? doc.uri
            return .string(HTMLRenderer.render(layouts, options: HTMLOptions(title: title)))
        case .preview:
            return .string(ASCIIRenderer.render(try chosenLayout(a, viewport: named), options: RenderOptions()))
        case .previewSVG:
            return .string(SVGRenderer.render(try chosenLayout(a, viewport: named)))
        case .frames:
            return FramesFormatter.value(file: doc.path ?? doc.uri, result: try chosenLayout(a, viewport: named))
        case .diff:
            return .null  // answered above, without an analysis
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
