import TatamiBase
import TatamiServices

/// `tatami lint --format`.
public enum LintFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif
}

/// A diagnostic with its file and 1-based positions (columns count Unicode scalars).
struct LocatedDiagnostic {
    let file: String
    let diagnostic: Diagnostic
    let line: Int, column: Int, endLine: Int, endColumn: Int

    init(file: String, diagnostic d: Diagnostic, table: LineTable) {
        self.file = file
        self.diagnostic = d
        let s = table.scalarPosition(ofByte: d.range.start), e = table.scalarPosition(ofByte: d.range.end)
        line = s.line + 1
        column = s.column + 1
        endLine = e.line + 1
        endColumn = e.column + 1
    }
}

enum DiagnosticFormatter {
    /// `path:line:column: severity: message [code]`, one per line; coloured severities on a terminal.
    static func text(_ items: [LocatedDiagnostic], color: Bool) -> String {
        // Written as bytes: a lint run can report tens of thousands of lines, and string
        // interpolation per line cost more than finding the lines' positions.
        var out: [UInt8] = []
        out.reserveCapacity(items.count * 120)
        func put(_ s: String) { out.append(contentsOf: s.utf8) }
        func put(_ n: Int) { out.append(contentsOf: String(n).utf8) }
        for i in items {
            let d = i.diagnostic
            put(i.file); put(":"); put(i.line); put(":"); put(i.column); put(": ")
            if color {
                switch d.severity {
                case .error: put("\u{1B}[31;1m")
                case .warning: put("\u{1B}[33;1m")
                case .information, .hint: put("\u{1B}[36;1m")
                }
                put(d.severity.rawValue)
                put("\u{1B}[0m")
            } else {
                put(d.severity.rawValue)
            }
            put(": "); put(d.message); put(" ["); put(d.code.name); put("]\n")
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func json(_ items: [LocatedDiagnostic]) -> String {
        JSON.object([("diagnostics", .array(items.map { i in
            let d = i.diagnostic
            return .object([
                ("file", .string(i.file)), ("line", .number(Double(i.line))), ("column", .number(Double(i.column))),
                ("endLine", .number(Double(i.endLine))), ("endColumn", .number(Double(i.endColumn))),
                ("severity", .string(d.severity.rawValue)), ("code", .string(d.code.name)),
                ("message", .string(d.message)), ("viewport", .optional(d.viewport)),
            ])
        }))]).serialized() + "\n"
    }

    /// GitHub Actions workflow commands: annotations on the pull request's diff.
    static func github(_ items: [LocatedDiagnostic]) -> String {
        func escapeData(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        var out = ""
        for i in items {
            let d = i.diagnostic
            let kind = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
            out += "::\(kind) file=\(escapeProperty(i.file)),line=\(i.line),col=\(i.column),endLine=\(i.endLine),endColumn=\(i.endColumn),title=\(escapeProperty("tatami " + d.code.name))::\(escapeData(d.message))\n"
        }
        return out
    }

    /// SARIF 2.1.0 for code scanning. Columns are Unicode code points, as the run declares.
    static func sarif(_ items: [LocatedDiagnostic], version: String) -> String {
        let codes = Array(Set(items.map(\.diagnostic.code.name))).sorted()
        let rules: [JSON] = codes.map { .object([("id", .string($0)), ("name", .string($0))]) }
        let results: [JSON] = items.map { i in
            let d = i.diagnostic
            let level = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "note"
            var properties: [(String, JSON)] = []
            if let v = d.viewport { properties.append(("viewport", .string(v))) }
            var result: [(String, JSON)] = [
                ("ruleId", .string(d.code.name)),
                ("ruleIndex", .number(Double(codes.firstIndex(of: d.code.name) ?? 0))),
                ("level", .string(level)),
                ("message", .object([("text", .string(d.message))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(i.file))])),
                    ("region", .object([
                        ("startLine", .number(Double(i.line))), ("startColumn", .number(Double(i.column))),
                        ("endLine", .number(Double(i.endLine))), ("endColumn", .number(Double(i.endColumn))),
                    ])),
                ]))])])),
            ]
            if !properties.isEmpty { result.append(("properties", .object(properties))) }
            return .object(result)
        }
        return JSON.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("tatami")), ("version", .string(version)), ("rules", .array(rules)),
                ]))])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ]).serialized() + "\n"
    }
}
