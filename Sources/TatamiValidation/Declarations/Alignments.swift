import TatamiModel
import TatamiBase
import TatamiYAML

/// `alignments:` (docs/format.md §6.4): custom alignment guides.
extension DeclarationReader {
    /// Names a custom alignment may not take: they already mean something wherever an
    /// alignment is written.
    static let reservedAlignmentNames: Set<String> = {
        var names = Set(GuideName.builtIn.map(\.rawValue))
        names.formUnion(Alignment2D.allNames)
        names.formUnion(AlignmentSet.vertical.builtInNames)
        names.formUnion(AlignmentSet.horizontal.builtInNames)
        return names
    }()

    func validateAlignments(_ pair: YAMLPair?) -> [String: CustomAlignment] {
        guard let pair, let entries = namedEntries(pair, what: "alignments") else { return [:] }
        var result: [String: CustomAlignment] = [:]
        for entry in entries {
            let name = entry.key.keyText ?? ""
            if Self.reservedAlignmentNames.contains(name) {
                report(.invalidValue, "`\(name)` is a built-in alignment name; choose another name for a custom alignment",
                       at: entry.key.range)
                continue
            }
            var axis: Axis? = nil
            var defaultValue = Expression.constant(0, range: entry.key.range)
            if let f = object(entry.value, owner: entry.key, keys: .alignmentDeclaration, name: "alignment `\(name)`") {
                if let a = word(f["axis"], spec: f.spec("axis")) { axis = Axis(rawValue: a) }
                if let d = f["default"] {
                    var found: [Diagnostic] = []
                    if let e = ExpressionCompiler.compile(d.value, names: Schema.guideExpressionNames, expected: .number,
                                                          what: "`default`", key: d.key, diagnostics: &found) {
                        defaultValue = e
                    }
                    found.forEach(append)
                }
            }
            declarations.alignmentAxes[name] = .some(axis)
            declarations.alignmentOrder.append(name)
            result[name] = CustomAlignment(
                name: name, axis: axis ?? .vertical, defaultValue: defaultValue,
                range: SourceRange(start: entry.key.range.start, end: max(entry.key.range.end, entry.value.range.end)))
        }
        return result
    }
}
