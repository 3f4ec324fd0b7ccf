import TatamiServices

/// LSP's `ServerCapabilities`, assembled from what each handled method contributes
/// (`Server/MethodTable.swift`): nothing is advertised but through a method's entry.
///
/// A method contributes a value under one top-level key. Several may contribute under the same
/// key (`semanticTokens/full` and `/range` under `semanticTokensProvider`, the text sync
/// notifications under `textDocumentSync`): objects are merged key by key, recursively, each key
/// where it was first written, and a provider's `true` gives way to an object of its options
/// (`renameProvider: true` and `{prepareProvider: true}` make the object). Keys are written in
/// the order they first appear.
enum ServerCapabilities {
    static func assemble(_ fragments: [(key: String, value: JSON)]) -> JSON {
        var pairs: [(String, JSON)] = []
        for (key, value) in fragments {
            if let i = pairs.firstIndex(where: { $0.0 == key }) {
                pairs[i].1 = merge(pairs[i].1, value, at: key)
            } else {
                pairs.append((key, value))
            }
        }
        return .object(pairs)
    }

    /// `b` written over `a`. Two different values that are not both objects are a mistake in the
    /// table (`assertionFailure`; the first one stays).
    static func merge(_ a: JSON, _ b: JSON, at path: String) -> JSON {
        switch (a, b) {
        case (.object(var pairs), .object(let more)):
            for (key, value) in more {
                if let i = pairs.firstIndex(where: { $0.0 == key }) {
                    pairs[i].1 = merge(pairs[i].1, value, at: path + "." + key)
                } else {
                    pairs.append((key, value))
                }
            }
            return .object(pairs)
        case (.bool(true), .object): return b
        case (.object, .bool(true)): return a
        default:
            if a.serializedBytes(pretty: false) != b.serializedBytes(pretty: false) {
                assertionFailure("two methods advertise different values for \(path)")
            }
            return a
        }
    }
}
