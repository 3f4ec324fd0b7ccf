import Foundation
import TatamiServices

extension LanguageServer {
    /// `textDocument/codeLens`: "Preview <viewport>" above `body:` for each viewport, running
    /// `tatami.preview` with `[uri, viewport]`; then, for a file in a git repository, "Compare
    /// layout with HEAD", running `tatami.diff` with `[uri, "HEAD", "text"]`.
    func codeLenses(_ params: JSON) throws -> JSON {
        let doc = try document(params)
        let snap = try snapshot(doc)
        let lenses = EditorServices.codeLenses(snap.analysis)
        var compare: [JSON] = []
        if let path = doc.path, Self.isInGitRepository(path) {
            // Above `body:` with the previews; at the document's start when the newest analysis
            // is of an older text whose `body:` line the edits since have replaced (the lens
            // compares the current text whatever the analysis).
            let start = JSON.object([("line", .number(0)), ("character", .number(0))])
            let range = lenses.first.flatMap { snap.lspRange($0.range) } ?? .object([("start", start), ("end", start)])
            compare = [.object([
                ("range", range),
                ("command", .object([
                    ("title", .string("Compare layout with HEAD")),
                    ("command", .string(Command.diff.rawValue)),
                    ("arguments", .array([.string(doc.uri), .string("HEAD"), .string("text")])),
                ])),
            ])]
        }
        return .array(lenses.compactMap { lens in
            guard let range = snap.lspRange(lens.range) else { return nil }
            return .object([
                ("range", range),
                ("command", .object([
                    ("title", .string(lens.title)),
                    ("command", .string("tatami.preview")),
                    ("arguments", .array([.string(doc.uri), .string(lens.viewport)])),
                ])),
            ])
        } + compare)
    }

    /// Whether a `.git` (a directory, or a worktree's file) is in a folder above `path`.
    static func isInGitRepository(_ path: String) -> Bool {
        var dir = path
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if FileManager.default.fileExists(atPath: (dir.isEmpty ? "" : dir) + "/.git") { return true }
            if dir.isEmpty { break }
        }
        return false
    }
}
