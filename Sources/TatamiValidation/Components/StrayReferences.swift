import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// `$name`, `${name}` or `$$` written outside a component's body, where nothing replaces it:
    /// it is shown as written.
    public static let referenceOutsideComponent = DiagnosticCode("reference-outside-component", .warning)
}

extension ViewValidator {
    /// `reference-outside-component` for a text, an image name or a string argument written
    /// outside every component body (`ExpansionContext.isOutsideBodies`) that holds what a body would read as a
    /// reference (docs/format.md §8.1): `$name` as the whole value, `${…}` or `$$` inside it.
    /// There nothing is substituted, so the characters are shown as written. One diagnostic per
    /// value, at its first reference; `$$` alone gets a fix to `$` (what it means in a body).
    func checkStrayReferences(_ node: YAMLNode, what: @autoclosure () -> String, in x: ExpansionContext) {
        let dollar = UInt8(ascii: "$")
        // Read in place first: nearly every text has no `$`, and building the scalar makes a string.
        guard x.isOutsideBodies, node.withScalarBytes({ $0.contains(dollar) }) == true,
              let s = node.scalar, case .string = s.resolved else { return }
        let b = Array(s.text.utf8)
        let found = ParameterReferences.scan(b).map { (bytes: $0.bytes, written: String(decoding: b[$0.bytes], as: UTF8.self)) }
        guard let first = found.first else { return }
        var seen = Set<String>()
        let written = found.map(\.written).filter { seen.insert($0).inserted }
        let listed = Suggestions.alternatives(written).replacingOccurrences(of: " or ", with: " and ")
        let verb = written.count == 1 ? "is" : "are"
        var message = "\(listed) \(verb) shown as written in \(what()): "
        var fixes: [FixIt] = []
        if written == ["$$"] {
            message += "`$$` stands for `$` only inside a component's body"
            // One `$$`, written as those two bytes in the file (several would be several edits,
            // which a fix is not).
            if found.count == 1, !s.offsetMap.isEmpty {
                let range = s.sourceRange(ofValueBytes: first.bytes)
                if range.end - range.start == 2 { fixes = [FixIt(title: "replace `$$` with `$`", range: range, replacement: "$")] }
            }
        } else {
            message += "`$name`, `${name}` and `$$` are read only inside a component's body (`components:`)"
        }
        report(.referenceOutsideComponent, message, at: s.sourceRange(ofValueBytes: first.bytes), fixes: fixes)
    }
}
