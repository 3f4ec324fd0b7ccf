import Foundation
import TatamiServices

extension LanguageServer {
    func didOpen(_ params: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
            log("didOpen without textDocument.uri and text: ignored")
            return
        }
        let doc = OpenDocument(uri: uri, version: item["version"]?.int ?? 0, text: text)
        documents[uri] = doc
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
        let parsed: [(range: JSON?, text: String)] = changes.compactMap { c in
            guard let text = c["text"]?.string else { return nil }
            return (c["range"], text)
        }
        let skipped = doc.apply(parsed, version: params["textDocument"]?["version"]?.int ?? doc.version, encoding: encoding)
        if skipped > 0 || parsed.count < changes.count {
            log("didChange: \(skipped + changes.count - parsed.count) change(s) without a valid range or text were skipped")
        }
        dependentsChanged(of: doc)
    }

    func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let doc = documents.removeValue(forKey: uri) else { return }
        // Its problems leave the editor with it.
        notifyClient("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        dependentsChanged(of: doc)
    }

    /// Files on disk changed: imports may read different text now.
    func filesChanged() {
        for doc in documents.values { doc.invalidate() }
    }

    /// Documents that import `doc` are analysed again too (their diagnostics may change).
    private func dependentsChanged(of doc: OpenDocument) {
        guard let path = doc.path else { return }
        for other in documents.values where other !== doc {
            if other.dependencies.contains(where: { $0 == path || ImportPathMatch.same($0, path) }) { other.invalidate() }
        }
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

/// Paths as the validator records them (canonical) against paths from URIs (as the editor
/// spelled them): equal once both are resolved.
enum ImportPathMatch {
    static func same(_ a: String, _ b: String) -> Bool {
        guard let ra = realpathString(a), let rb = realpathString(b) else { return false }
        return ra == rb
    }

    private static func realpathString(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
