import TatamiBase
import TatamiModel
import TatamiYAML

/// A command an editor shows above a line: here, previewing the file in one viewport.
public struct CodeLensInfo: Sendable, Hashable {
    /// What the lens is attached to: the top-level `body` key.
    public var range: SourceRange
    /// `Preview phone`.
    public var title: String
    /// The viewport to preview.
    public var viewport: String

    public init(range: SourceRange, title: String, viewport: String) {
        self.range = range
        self.title = title
        self.viewport = viewport
    }
}

extension EditorServices {
    /// One "Preview <viewport>" lens per viewport the file declares, in file order (the
    /// default viewport when it declares none), on the top-level `body` key. None when the
    /// file has no `body` key.
    public static func codeLenses(_ analysis: Analysis) -> [CodeLensInfo] {
        guard let body = bodyKey(analysis) else { return [] }
        let viewports = analysis.document.viewports.isEmpty ? [Viewport.fallback] : analysis.document.viewports
        return viewports.map { CodeLensInfo(range: body, title: "Preview \($0.name)", viewport: $0.name) }
    }

    /// The top-level `body` key: from the YAML tree, else (the text is not valid YAML up to
    /// there) a line starting with `body:`.
    private static func bodyKey(_ analysis: Analysis) -> SourceRange? {
        if let pairs = analysis.yaml.root?.pairs, let p = pairs.first(where: { $0.key.keyText == "body" }) {
            return p.key.range
        }
        let table = analysis.lineTable
        for i in 0..<table.lineCount {
            let l = AssistLine(table, line: i)
            if l.indent == 0, l.dashes.isEmpty, l.key == "body" { return l.keyRange }
        }
        return nil
    }
}
