import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// An alignment or guide name that is not valid where it is written.
    public static let unknownAlignment = DiagnosticCode("unknown-alignment", .error)
}

/// Alignment names where a kind, a frame, a decoration or a placement takes one: built-in, or
/// declared under `alignments:` for the axis.
extension ViewValidator {
    /// An alignment name valid for `set`, or nil (reported). `owner` names the view or modifier
    /// that takes it, for messages ("`zstack`", "a frame").
    func alignmentName(_ pair: YAMLPair, set: AlignmentSet, owner: @autoclosure () -> String) -> String? {
        guard let s = pair.value.scalar, case .string(let name) = s.resolved else {
            reportWrongType(pair.value, key: pair.key, expected: "an alignment name", for: "`\(pair.key.keyText ?? "")`")
            return nil
        }
        if set.builtInNames.contains(name) { return name }
        if let declared = file.declarations.alignmentAxes[name] {
            guard let wanted = set.customAxis else {
                report(.invalidValue, "custom alignment `\(name)` can only align an `hstack` or a `vstack`; \(owner()) takes one of the nine alignments",
                       at: pair.value.range)
                return nil
            }
            if let axis = declared, axis != wanted {
                let stack = wanted == .vertical ? "an `hstack`" : "a `vstack`"
                report(.invalidValue, "`\(name)` is a \(axis.rawValue) alignment; \(stack) lines its children up with a \(wanted.rawValue) one",
                       at: pair.value.range)
                return nil
            }
            return name
        }
        var candidates = set.builtInNames
        if let axis = set.customAxis {
            candidates += file.declarations.alignmentOrder.filter { file.declarations.alignmentAxes[$0].map { $0 == nil || $0 == axis } ?? false }
        }
        let (hint, fixes) = suggestionHint(name, in: candidates, pair.value,
                                           otherwise: "; \(owner()) takes " + candidates.map { "`\($0)`" }.joined(separator: ", "))
        report(.unknownAlignment, "unknown alignment `\(snippet(pair.value))`" + hint,
               at: range(of: pair.value, key: pair.key), fixes: fixes)
        return nil
    }
}
