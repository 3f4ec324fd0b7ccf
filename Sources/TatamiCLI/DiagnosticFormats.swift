import Foundation
import TatamiBase
import TatamiServices

/// `tatami lint --format`.
public enum LintFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif
}

/// A range as 1-based lines and columns (columns count Unicode scalars).
struct LocatedRange {
    let line: Int, column: Int, endLine: Int, endColumn: Int

    init(_ range: SourceRange, in table: LineTable) {
        let s = table.scalarPosition(ofByte: range.start), e = table.scalarPosition(ofByte: range.end)
        line = s.line + 1
        column = s.column + 1
        endLine = e.line + 1
        endColumn = e.column + 1
    }

    func json() -> [(String, JSON)] {
        [("line", .number(Double(line))), ("column", .number(Double(column))),
         ("endLine", .number(Double(endLine))), ("endColumn", .number(Double(endColumn)))]
    }

    func sarifRegion() -> JSON {
        .object([("startLine", .number(Double(line))), ("startColumn", .number(Double(column))),
                 ("endLine", .number(Double(endLine))), ("endColumn", .number(Double(endColumn)))])
    }
}

/// A diagnostic with its file and 1-based positions (columns count Unicode scalars), and its
/// related locations and fixes placed the same way.
struct LocatedDiagnostic {
    let file: String
    let diagnostic: Diagnostic
    let line: Int, column: Int, endLine: Int, endColumn: Int
    /// Related locations: in this file, or in another (an imported file, read again to place it;
    /// one that cannot be read is left out).
    let related: [(file: String, range: LocatedRange, message: String)]
    /// Fixes, always edits of this file.
    let fixes: [(title: String, range: LocatedRange, replacement: String)]

    init(file: String, diagnostic d: Diagnostic, table: LineTable) {
        self.file = file
        self.diagnostic = d
        let r = LocatedRange(d.range, in: table)
        line = r.line
        column = r.column
        endLine = r.endLine
        endColumn = r.endColumn
        related = d.related.compactMap { rel in
            guard let other = rel.file, other != file else { return (file, LocatedRange(rel.range, in: table), rel.message) }
            guard let data = FileManager.default.contents(atPath: other) else { return nil }
            return (other, LocatedRange(rel.range, in: LineTable(bytes: [UInt8](data))), rel.message)
        }
        fixes = d.fixes.map { ($0.title, LocatedRange($0.range, in: table), $0.replacement) }
    }
}

enum DiagnosticFormatter {
    /// `path:line:column: severity: message [code]`, one per line; coloured severities on a terminal.
    static func text(_ items: [LocatedDiagnostic], color: Bool) -> String {
        // Written as bytes: a lint run can report tens of thousands of lines, and string
        // interpolation per line cost more than finding the lines' positions. The parts most
        // lines share (the file, the severity, the code) are turned into bytes once and copied
        // whole; appending a string's `utf8` view goes a byte at a time. Positions are written as
        // the JSON format writes integers.
        var out: [UInt8] = []
        out.reserveCapacity(items.count * 120)
        var file = (name: "", bytes: [UInt8]())
        var code = (name: "", bytes: [UInt8]())
        let error = severityBytes(.error, color: color), warning = severityBytes(.warning, color: color)
        let information = severityBytes(.information, color: color), hint = severityBytes(.hint, color: color)
        let note = Array((color ? ": \u{1B}[36mnote\u{1B}[0m: " : ": note: ").utf8)
        for i in items {
            let d = i.diagnostic
            if i.file != file.name { file = (i.file, Array(i.file.utf8)) }
            if d.code.name != code.name { code = (d.code.name, Array(" [\(d.code.name)]\n".utf8)) }
            out.append(contentsOf: file.bytes)
            out.append(UInt8(ascii: ":"))
            JSON.writeInteger(Int64(i.line), into: &out)
            out.append(UInt8(ascii: ":"))
            JSON.writeInteger(Int64(i.column), into: &out)
            switch d.severity {
            case .error: out.append(contentsOf: error)
            case .warning: out.append(contentsOf: warning)
            case .information: out.append(contentsOf: information)
            case .hint: out.append(contentsOf: hint)
            }
            out.append(contentsOf: d.message.utf8)
            out.append(contentsOf: code.bytes)
            // Related locations follow as notes, each a line of its own (as compilers print them).
            for rel in i.related {
                out.append(contentsOf: rel.file.utf8)
                out.append(UInt8(ascii: ":"))
                JSON.writeInteger(Int64(rel.range.line), into: &out)
                out.append(UInt8(ascii: ":"))
                JSON.writeInteger(Int64(rel.range.column), into: &out)
                out.append(contentsOf: note)
                out.append(contentsOf: rel.message.utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `: severity: ` as it is written after a position, coloured on a terminal.
    private static func severityBytes(_ severity: Severity, color: Bool) -> [UInt8] {
        guard color else { return Array(": \(severity.rawValue): ".utf8) }
        let start: String
        switch severity {
        case .error: start = "\u{1B}[31;1m"
        case .warning: start = "\u{1B}[33;1m"
        case .information, .hint: start = "\u{1B}[36;1m"
        }
        return Array(": \(start)\(severity.rawValue)\u{1B}[0m: ".utf8)
    }

    static func json(_ items: [LocatedDiagnostic]) -> String {
        JSON.object([("diagnostics", .array(items.map { i in
            let d = i.diagnostic
            return .object([
                ("file", .string(i.file)), ("line", .number(Double(i.line))), ("column", .number(Double(i.column))),
                ("endLine", .number(Double(i.endLine))), ("endColumn", .number(Double(i.endColumn))),
                ("severity", .string(d.severity.rawValue)), ("code", .string(d.code.name)),
                ("message", .string(d.message)), ("viewport", .optional(d.viewport)),
                ("related", .array(i.related.map { .object([("file", .string($0.file))] + $0.range.json() + [("message", .string($0.message))]) })),
                ("fixes", .array(i.fixes.map { .object([("title", .string($0.title))] + $0.range.json() + [("replacement", .string($0.replacement))]) })),
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
            out += "::\(kind) file=\(escapeProperty(i.file)),line=\(i.line),col=\(i.column),"
            out += "endLine=\(i.endLine),endColumn=\(i.endColumn),title=\(escapeProperty("tatami " + d.code.name))"
            out += "::\(escapeData(d.message))\n"
        }
        return out
    }

    /// SARIF 2.1.0 for code scanning. Columns are Unicode code points, as the run declares.
    static func sarif(_ items: [LocatedDiagnostic], version: String) -> String {
        let codes = Array(Set(items.map(\.diagnostic.code.name))).sorted()
        // Each rule carries the catalog's explanation (what `tatami explain CODE` prints).
        let rules: [JSON] = codes.map { code in
            var rule: [(String, JSON)] = [("id", .string(code)), ("name", .string(code))]
            if let e = DiagnosticCatalog.explanation(named: code) {
                let level = e.severity == .error ? "error" : e.severity == .warning ? "warning" : "note"
                rule += [
                    ("shortDescription", .object([("text", .string(e.summary))])),
                    ("fullDescription", .object([("text", .string(e.when.joined(separator: "\n\n")))])),
                    ("help", .object([("text", .string(e.fix.joined(separator: "\n\n") + "\n\n(`tatami explain \(code)` shows an example.)"))])),
                    ("defaultConfiguration", .object([("level", .string(level))])),
                ]
            }
            return .object(rule)
        }
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
            if !i.related.isEmpty {
                result.append(("relatedLocations", .array(i.related.enumerated().map { k, rel in
                    .object([
                        ("id", .number(Double(k))),
                        ("physicalLocation", .object([
                            ("artifactLocation", .object([("uri", .string(rel.file))])),
                            ("region", rel.range.sarifRegion()),
                        ])),
                        ("message", .object([("text", .string(rel.message))])),
                    ])
                })))
            }
            if !i.fixes.isEmpty {
                result.append(("fixes", .array(i.fixes.map { fix in
                    .object([
                        ("description", .object([("text", .string(fix.title))])),
                        ("artifactChanges", .array([.object([
                            ("artifactLocation", .object([("uri", .string(i.file))])),
                            ("replacements", .array([.object([
                                ("deletedRegion", fix.range.sarifRegion()),
                                ("insertedContent", .object([("text", .string(fix.replacement))])),
                            ])])),
                        ])])),
                    ])
                })))
            }
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
