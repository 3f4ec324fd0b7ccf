import TatamiValidation
import Foundation
import TatamiModel
import TatamiServices

extension LanguageServer {
    /// The files the server asks the client to watch: Tatami files anywhere in the workspace
    /// (imports and the documents importing them), and workspace files (whose viewports, fonts
    /// and rules every file below them takes).
    static let watchedGlobs = ["**/*.tatami.yaml", "**/*.tatami.yml", "**/" + Workspace.fileName] + fontGlobs
    /// Font files (docs/format.md §5.1): a changed font re-checks the documents that use it.
    static let fontGlobs = ["**/*.ttf", "**/*.otf", "**/*.ttc", "**/*.otc"]
    static func isFontFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }

    /// `initialized`: asks the client to watch Tatami files when it can register watchers
    /// dynamically (LSP servers may not watch the disk themselves).
    func initialized() {
        guard client.watchedFilesRegistration else { return }
        let watchers: [JSON] = Self.watchedGlobs.map { .object([("globPattern", .string($0))]) }
        requestClient("client/registerCapability", .object([("registrations", .array([
            .object([
                ("id", .string("tatami-watched-files")),
                ("method", .string("workspace/didChangeWatchedFiles")),
                ("registerOptions", .object([("watchers", .array(watchers))])),
            ]),
        ]))]))
    }

    func didOpen(_ params: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
            log("didOpen without textDocument.uri and text: ignored")
            return
        }
        if let old = documents[uri] { old.inFlight?.cancel() }
        let doc = OpenDocument(uri: uri, version: item["version"]?.int ?? 0, text: text)
        documents[uri] = doc
        scheduleSoon(doc, now: true)
        dependentsChanged(of: doc)
    }

    func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let doc = documents[uri] else {
            log("didChange for a document that is not open: ignored")
            return
        }
        guard let changes = params["contentChanges"]?.array else {
            log("didChange without contentChanges: ignored")
            return
        }
        // Versions only increase (LSP): an older or repeated one is a change already applied, or
        // one sent out of order; applying it would corrupt the text.
        let version = params["textDocument"]?["version"]?.int
        if let version, version <= doc.version {
            log("didChange for \(uri) with version \(version), not after the current \(doc.version): ignored")
            return
        }
        let parsed: [(range: JSON?, text: String)] = changes.compactMap { c in
            guard let text = c["text"]?.string else { return nil }
            return (c["range"], text)
        }
        let skipped = doc.apply(parsed, version: version ?? doc.version, encoding: encoding)
        if skipped > 0 || parsed.count < changes.count {
            log("didChange: \(skipped + changes.count - parsed.count) change(s) without a valid range or text were skipped")
        }
        scheduleSoon(doc)
        dependentsChanged(of: doc)
    }

    func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let doc = documents.removeValue(forKey: uri) else { return }
        doc.inFlight?.cancel()
        abandonWaiting(uri)
        // Its problems leave the editor with it (pull clients clear them themselves).
        if !client.pullDiagnostics {
            notifyClient("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        }
        dependentsChanged(of: doc)
    }

    /// `workspace/didChangeWatchedFiles`: documents that read a changed file (or looked for
    /// it and did not find it) are analysed again. Without a usable list, all of them are.
    func filesChanged(_ params: JSON) {
        let paths = (params["changes"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
        if paths.isEmpty {
            for doc in documents.values { markChanged(doc) }
            diagnosticsOfOthersChanged()
            return
        }
        // A workspace file changed (created, edited, deleted): roots, inherited declarations and
        // rules may change for any document, so every one is checked again.
        // A font file changed: a workspace file's fonts may name it too, so every document is
        // checked again (a workspace file's kept reading is not used once a font file it looked
        // at has changed: `Workspace.config`).
        if paths.contains(where: { $0 == Workspace.fileName || $0.hasSuffix("/" + Workspace.fileName) || Self.isFontFile($0) }) {
            for doc in documents.values { markChanged(doc) }
            diagnosticsOfOthersChanged()
            return
        }
        var any = false
        for path in paths {
            for doc in readers(of: path) {
                markChanged(doc)
                any = true
            }
        }
        if any { diagnosticsOfOthersChanged() }
    }

    /// `workspace/didChangeWorkspaceFolders`: roots may move, so every document is checked again.
    func workspaceFoldersChanged(_ params: JSON) {
        let event = params["event"]
        let removed = Set((event?["removed"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) })
        let added = (event?["added"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
        workspaceFolders.removeAll { removed.contains($0) }
        for a in added where !workspaceFolders.contains(a) { workspaceFolders.append(a) }
        log("workspace folders: \(workspaceFolders.joined(separator: ", "))")
        for doc in documents.values { markChanged(doc) }
        diagnosticsOfOthersChanged()
    }

    /// A new revision of `doc` (same text), analysed again after the debounce.
    func markChanged(_ doc: OpenDocument) {
        doc.invalidate()
        scheduleSoon(doc)
    }

    /// The documents whose latest analysis read (or looked for) the file at `path`, `except`
    /// one. Found files are recorded canonically (symbolic links resolved), missing ones
    /// normalised as written: `path` is looked up in all three spellings, each made once.
    func readers(of path: String, except: OpenDocument? = nil) -> [OpenDocument] {
        // The usual case, a document nothing imports: no file-system call on each keystroke.
        guard documents.values.contains(where: { $0 !== except && !$0.dependencies.isEmpty }) else { return [] }
        let spellings = Set([path, ImportPath.normalize(path)] + [FileSystemPath.canonical(path)].compactMap { $0 })
        return documents.values.filter { doc in
            doc !== except && doc.path != path && !doc.dependencies.isDisjoint(with: spellings)
        }
    }

    /// Documents that import `doc` (or looked for it) are analysed again too: their
    /// diagnostics may change.
    private func dependentsChanged(of doc: OpenDocument) {
        guard let path = doc.path else { return }
        if Pipeline.isWorkspaceFile(path) {
            // Its buffer is the settings of every file below it (viewports, fonts, rules): opened,
            // edited or closed (back to the disk's text), every other document is checked again.
            var any = false
            for other in documents.values where other !== doc {
                markChanged(other)
                any = true
            }
            if any { diagnosticsOfOthersChanged() }
            return
        }
        let readers = readers(of: path, except: doc)
        for other in readers { markChanged(other) }
        if !readers.isEmpty { diagnosticsOfOthersChanged() }
    }

    func didChangeConfiguration(_ params: JSON) {
        let settings = params["settings"]
        // `{tatami: {defaultViewport}}`, or the section's contents directly.
        let section = settings?["tatami"] ?? settings
        if let value = section?["defaultViewport"] {
            defaultViewport = value.string.flatMap { $0.isEmpty ? nil : $0 }
        }
        if client.inlayHintRefresh { requestClient("workspace/inlayHint/refresh") }
        if client.codeLensRefresh { requestClient("workspace/codeLens/refresh") }
    }
}
