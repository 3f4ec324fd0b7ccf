import TatamiServices

// Editor features whose services are being built (hover, completion, navigation…): until
// they land, these answer "method not found".

extension LanguageServer {
    private func pending(_ name: String) throws -> JSON { throw ResponseError(.methodNotFound, "\(name) is not available yet") }
    func hover(_ p: JSON) throws -> JSON { try pending("hover") }
    func completion(_ p: JSON) throws -> JSON { try pending("completion") }
    func codeLenses(_ p: JSON) throws -> JSON { try pending("codeLens") }
    func inlayHints(_ p: JSON) throws -> JSON { try pending("inlayHint") }
}
