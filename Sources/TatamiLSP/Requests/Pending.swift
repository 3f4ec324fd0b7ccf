import TatamiServices

// Editor features whose services are being built (hover, completion, navigation…): until
// they land, these answer "method not found".
extension EditorServices {
    static let semanticTokenTypes: [String] = []
    static let semanticTokenModifiers: [String] = []
}
public enum EditorServices {}

extension LanguageServer {
    private func pending(_ name: String) throws -> JSON { throw ResponseError(.methodNotFound, "\(name) is not available yet") }
    func hover(_ p: JSON) throws -> JSON { try pending("hover") }
    func completion(_ p: JSON) throws -> JSON { try pending("completion") }
    func documentSymbols(_ p: JSON) throws -> JSON { try pending("documentSymbol") }
    func definition(_ p: JSON) throws -> JSON { try pending("definition") }
    func references(_ p: JSON) throws -> JSON { try pending("references") }
    func prepareRename(_ p: JSON) throws -> JSON { try pending("prepareRename") }
    func rename(_ p: JSON) throws -> JSON { try pending("rename") }
    func codeActions(_ p: JSON) throws -> JSON { try pending("codeAction") }
    func codeLenses(_ p: JSON) throws -> JSON { try pending("codeLens") }
    func inlayHints(_ p: JSON) throws -> JSON { try pending("inlayHint") }
    func semanticTokens(_ p: JSON) throws -> JSON { try pending("semanticTokens") }
    func foldingRanges(_ p: JSON) throws -> JSON { try pending("foldingRange") }
}
