import TatamiBase
import TatamiModel
import TatamiYAML

extension AssistNames {
    /// `name` and the file's own components whose bodies use it, directly or through others:
    /// inside `name`'s declaration, each of them would make it contain itself.
    static func componentsUsing(_ name: String, _ analysis: Analysis) -> Set<String> {
        // Who uses whom, among the file's own components (an imported component resolves names
        // in its own file, which cannot reach back into this one).
        var users: [String: [String]] = [:]
        for sig in analysis.document.components where sig.filePath == nil {
            for used in sig.uses { users[used, default: []].append(sig.name) }
        }
        var found: Set<String> = [name]
        var queue = [name]
        while let next = queue.popLast() {
            for user in users[next] ?? [] where found.insert(user).inserted { queue.append(user) }
        }
        return found
    }

    /// The parameters of the file's own component `name`: the validator's, or, when validation
    /// did not reach the declaration (a syntax error cut the file, as an unclosed `"${` does),
    /// those its text declares.
    static func parameters(of name: String, _ analysis: Analysis) -> [ComponentSignature.Parameter] {
        if let sig = analysis.document.components.first(where: { $0.name == name && $0.filePath == nil }) {
            return sig.parameters
        }
        return parametersFromText(of: name, analysis.lineTable)
    }

    /// Reads the lines of `name`'s declaration under the top-level `components:` and parses
    /// them alone, so an error elsewhere (in its own body too, after `params`) does not hide
    /// its parameters.
    static func parametersFromText(of name: String, _ table: LineTable) -> [ComponentSignature.Parameter] {
        var i = 0
        var inside = false
        var column: Int? = nil
        var start: Int? = nil
        var end = table.bytes.count
        while i < table.lineCount {
            let l = AssistLine(table, line: i)
            i += 1
            if l.isBlank { continue }
            if start != nil {
                // The declaration runs until a line as far left as its name.
                if l.indent <= column! {
                    end = l.start
                    break
                }
                continue
            }
            if l.content == 0 && l.dashes.isEmpty {
                if inside { return [] }
                inside = l.key == "components" && l.value == nil
                continue
            }
            guard inside, let k = l.key, l.dashes.isEmpty else { continue }
            if column == nil { column = l.content }
            if l.content == column, k == name { start = l.start }
        }
        guard let s = start, s < end else { return [] }
        let parsed = YAMLParser.parse(bytes: Array(table.bytes[s..<end]))
        guard let declaration = parsed.root?.pairs?.first(where: { $0.key.keyText == name })?.value,
              let params = declaration["params"]?.pairs else { return [] }
        let types: Set<String> = ["string", "number", "bool", "color", "view"]
        return params.compactMap { p in
            guard let n = p.key.keyText, !n.isEmpty else { return nil }
            let type = p.value["type"]?.scalar?.text
            let defaultText = p.value["default"].map { node -> String in
                let r = node.range
                let text = String(decoding: parsed.lineTable.bytes[r.start..<r.end], as: UTF8.self)
                return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
            }
            return ComponentSignature.Parameter(name: n, type: type.flatMap { types.contains($0) ? $0 : nil }, defaultText: defaultText)
        }
    }

    /// The components the file can use: the validator's list, and names declared under this
    /// file's `components:` that it did not get to (the text after a syntax error).
    static func components(_ analysis: Analysis) -> [ComponentSignature] {
        var found = analysis.document.components
        var known = Set(found.map(\.name))
        let table = analysis.lineTable
        var i = 0
        var column: Int? = nil
        var inside = false
        while i < table.lineCount {
            let l = AssistLine(table, line: i)
            i += 1
            if l.isBlank { continue }
            if l.content == 0 && l.dashes.isEmpty {
                if inside { break }
                inside = l.key == "components" && l.value == nil
                continue
            }
            guard inside, let k = l.key, l.dashes.isEmpty else { continue }
            if column == nil { column = l.content }
            if l.content == column, Schema.isComponentKey(k), known.insert(k).inserted {
                found.append(ComponentSignature(name: k, parameters: [], nameRange: l.keyRange))
            }
        }
        return found
    }
}
