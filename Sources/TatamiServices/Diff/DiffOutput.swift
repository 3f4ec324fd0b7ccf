import TatamiBase

/// The whole comparison: both revisions and every file compared that is not identical.
public struct DiffReport: Sendable {
    public struct Side: Sendable {
        /// `HEAD`, `working tree`, a directory or a file.
        public var label: String
        /// The commit, for a git revision.
        public var commit: String?

        public init(label: String, commit: String? = nil) {
            self.label = label
            self.commit = commit
        }
    }

    public var old: Side
    public var new: Side
    /// `--tolerance`; nil: each viewport's 1 / scale.
    public var tolerance: Double?
    /// Every file compared but the identical ones, in path order.
    public var files: [DiffFile]
    /// How many files were compared, identical ones included.
    public var compared: Int
    /// Analyses run (a file in one revision), for `--verbose`.
    public var analyses: Int

    public init(old: Side, new: Side, tolerance: Double?, files: [DiffFile], compared: Int, analyses: Int) {
        self.old = old
        self.new = new
        self.tolerance = tolerance
        self.files = files
        self.compared = compared
        self.analyses = analyses
    }

    public var changedFiles: [DiffFile] { files.filter(\.hasLayoutChanges) }
    public var hasLayoutChanges: Bool { files.contains(where: \.hasLayoutChanges) }
}

/// `tatami diff --format`.
public enum DiffFormat: String, CaseIterable, Sendable {
    case text, json, markdown, github, html
}

/// What `--fail-on` can name: kinds of view change, and diagnostic codes (`truncation` and
/// `overflow` being short for `text-truncated` and `overflow`).
public enum DiffGate {
    public static let changeWords = ["added", "removed", "moved", "resized", "diagnostics", "any"]
    public static let aliases = ["truncation": "text-truncated"]

    /// Whether the report has a change `gates` name: a view added, removed, moved or resized, a
    /// diagnostic of a named code that appeared (`diagnostics`: any that appeared), or anything.
    public static func trips(_ report: DiffReport, gates: [String]) -> Bool {
        for gate in gates.map({ aliases[$0] ?? $0 }) {
            for file in report.files {
                if gate == "any", file.hasLayoutChanges { return true }
                let appeared = file.appeared + file.viewports.flatMap(\.appeared)
                if gate == "diagnostics", !appeared.isEmpty { return true }
                if appeared.contains(where: { $0.code == gate }) { return true }
                for v in file.viewports {
                    switch gate {
                    case "added": if v.added > 0 { return true }
                    case "removed": if v.removed > 0 { return true }
                    case "moved": if v.moved > 0 { return true }
                    case "resized": if v.resized > 0 { return true }
                    default: break
                    }
                }
            }
        }
        return false
    }
}

/// The report as `tatami diff` prints it, in each `--format` but `html` (`DiffPage`).
public enum DiffFormatter {
    // MARK: JSON

    /// The stable JSON of docs/format.md §12.7 (`version` 1).
    public static func value(_ report: DiffReport) -> JSON { value(report, files: report.files.map(file)) }

    static func value(_ report: DiffReport, files: [JSON]) -> JSON {
        func side(_ s: DiffReport.Side) -> JSON { .object([("label", .string(s.label)), ("commit", .optional(s.commit))]) }
        return .object([
            ("version", .number(1)),
            ("old", side(report.old)),
            ("new", side(report.new)),
            ("tolerance", report.tolerance.map(JSON.number) ?? .null),
            ("changed", .bool(report.hasLayoutChanges)),
            ("compared", .number(Double(report.compared))),
            ("files", .array(files)),
        ])
    }

    public static func json(_ report: DiffReport) -> String { String(decoding: jsonBytes(report), as: UTF8.self) }

    /// The same text as `value(report).serialized()` and a line break, made file by file: a
    /// report of thousands of files never stands as one JSON value.
    public static func jsonBytes(_ report: DiffReport) -> [UInt8] {
        var out: [UInt8] = []
        writeJSON(report) { out.append(contentsOf: $0) }
        return out
    }

    /// The JSON text in pieces, handed to `write` in order: the top of the object, then each
    /// file (written as soon as it is serialised, so a large report is never held whole).
    public static func writeJSON(_ report: DiffReport, to write: ([UInt8]) -> Void) {
        var top = value(report, files: []).serializedBytes()
        // `"files": []` closes the object: open the array and write each file two levels in.
        let closing = Array("[]\n}".utf8)
        guard !report.files.isEmpty, top.count >= closing.count, Array(top.suffix(closing.count)) == closing else {
            write(value(report).serializedBytes() + [0x0A])
            return
        }
        top.removeLast(closing.count)
        top.append(0x5B)
        write(top)
        for (i, f) in report.files.enumerated() {
            var chunk: [UInt8] = [0x0A, 0x20, 0x20, 0x20, 0x20]
            // Written two levels in: each line after the first indented by four more spaces.
            file(f).write(into: &chunk, indent: 2)
            if i < report.files.count - 1 { chunk.append(0x2C) }
            write(chunk)
        }
        write(Array("\n  ]\n}\n".utf8))
    }

    static func file(_ f: DiffFile) -> JSON {
        .object([
            ("old", .optional(f.oldPath)),
            ("new", .optional(f.newPath)),
            ("status", .string(f.status.rawValue)),
            ("changed", .bool(f.hasLayoutChanges)),
            ("causes", .array(f.causes.map(JSON.string))),
            ("summary", .string(f.summary)),
            ("diagnostics", diagnostics(f.appeared, f.disappeared)),
            ("viewports", .array(f.viewports.map(viewport))),
        ])
    }

    static func viewport(_ v: DiffViewport) -> JSON {
        let vp = v.new ?? v.old
        return .object([
            ("name", .string(v.name)),
            ("status", .string(v.status.rawValue)),
            ("width", .number(vp?.width ?? 0)), ("height", .number(vp?.height ?? 0)),
            ("tolerance", .number(v.tolerance)),
            ("summary", .object([("moved", .number(Double(v.moved))), ("resized", .number(Double(v.resized))),
                                 ("added", .number(Double(v.added))), ("removed", .number(Double(v.removed)))])),
            ("views", .array(v.views.map(view))),
            ("diagnostics", diagnostics(v.appeared, v.disappeared)),
        ])
    }

    static func view(_ c: DiffViewChange) -> JSON {
        func place(_ s: DiffViewSide?) -> JSON {
            guard let s else { return .null }
            return .object([("path", .string(s.path)), ("line", s.line.map { .number(Double($0)) } ?? .null),
                            ("x", .number(s.frame.minX)), ("y", .number(s.frame.minY)),
                            ("width", .number(s.frame.width)), ("height", .number(s.frame.height))])
        }
        return .object([
            ("change", .string(c.change.rawValue)),
            ("moved", .bool(c.moved)), ("resized", .bool(c.resized)),
            ("kind", .string(c.kind)), ("id", .optional(c.id)),
            ("component", .optional(c.component)), ("cause", .optional(c.cause)),
            ("old", place(c.old)), ("new", place(c.new)),
            ("delta", .object([("x", .number(c.dx)), ("y", .number(c.dy)), ("width", .number(c.dw)), ("height", .number(c.dh))])),
            ("followsParent", .bool(c.followsParent)), ("following", .number(Double(c.following))),
        ])
    }

    static func diagnostics(_ appeared: [DiffDiagnostic], _ disappeared: [DiffDiagnostic]) -> JSON {
        func one(_ d: DiffDiagnostic) -> JSON {
            .object([("code", .string(d.code)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                     ("viewport", .optional(d.viewport)), ("line", .number(Double(d.line))), ("column", .number(Double(d.column)))])
        }
        return .object([("appeared", .array(appeared.map(one))), ("disappeared", .array(disappeared.map(one)))])
    }

    // MARK: Text

    static func diagnosticLine(_ d: DiffDiagnostic) -> String {
        "\(d.severity.rawValue) line \(d.line):\(d.column): \(d.message) [\(d.code)]"
    }

    // MARK: Markdown

    /// For a pull request's comment: a heading, then per changed file its summary and one table
    /// of its changes, largest first.
    public static func markdown(_ report: DiffReport) -> String {
        let changed = report.changedFiles
        var out = "## Layout changes: \(report.old.label) → \(report.new.label)\n\n"
        guard !changed.isEmpty else { return out + "No layout changes in \(report.compared) file\(report.compared == 1 ? "" : "s").\n" }
        out += "\(changed.count) of \(report.compared) file\(report.compared == 1 ? "" : "s") changed layout.\n"
        for f in changed {
            out += "\n### `\(f.path)`"
            switch f.status {
            case .renamed: out += " (renamed from `\(f.oldPath ?? "")`)"
            case .affected: out += " (through " + f.causes.map { "`\($0)`" }.joined(separator: ", ") + ")"
            case .added, .removed: out += " (\(f.status.rawValue))"
            default: break
            }
            out += "\n\n" + cell(f.summary) + "\n\n"
            struct Row { var magnitude: Double; var cells: [String] }
            var rows: [Row] = []
            for v in f.viewports {
                for c in v.views where !c.followsParent {
                    let view = "`\(c.kind + (c.id.map { "#" + $0 } ?? ""))` `\(c.new?.path ?? c.old!.path)`"
                    let line: String
                    switch (c.old?.line, c.new?.line) {
                    case let (a?, b?) where a != b: line = "\(a) → \(b)"
                    case let (_, b?): line = "\(b)"
                    case let (a?, nil): line = "\(a) (old)"
                    default: line = ""
                    }
                    var what = c.change == .changed ? deltas(c) : c.change == .added ? "at " + rect(c.new!.frame) : "was at " + rect(c.old!.frame)
                    if c.following > 0 { what += " (+\(c.following) inside)" }
                    if let cause = c.cause, cause != f.path { what += " from `\(cause)`" }
                    rows.append(Row(magnitude: c.magnitude, cells: [v.name, view, line, c.word, cell(what)]))
                }
                for d in v.appeared {
                    rows.append(Row(magnitude: .infinity, cells: [v.name, "`\(d.code)`", "\(d.line)", "new \(d.severity.rawValue)", cell(d.message)]))
                }
                for d in v.disappeared {
                    rows.append(Row(magnitude: -1, cells: [v.name, "`\(d.code)`", "\(d.line) (old)", "gone", cell(d.message)]))
                }
            }
            for d in f.appeared {
                rows.append(Row(magnitude: .infinity, cells: ["", "`\(d.code)`", "\(d.line)", "new \(d.severity.rawValue)", cell(d.message)]))
            }
            for d in f.disappeared { rows.append(Row(magnitude: -1, cells: ["", "`\(d.code)`", "\(d.line) (old)", "gone", cell(d.message)])) }
            guard !rows.isEmpty else { continue }
            out += "| viewport | view | line | change | detail |\n|---|---|---|---|---|\n"
            // The largest changes first; equal ones in the order they were found.
            let ordered = rows.enumerated().sorted { a, b in
                a.element.magnitude != b.element.magnitude ? a.element.magnitude > b.element.magnitude : a.offset < b.offset
            }
            for (_, r) in ordered {
                out += "| " + r.cells.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    /// Text for a table cell: pipes escaped, one line.
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: GitHub

    /// Workflow commands: a notice at each view change's line (those that do not merely follow
    /// their parent), a warning for each diagnostic that appeared.
    public static func github(_ report: DiffReport) -> String {
        var out = ""
        // GitHub's escapes: `%`, CR and LF everywhere, `:` and `,` in properties too.
        func escaped(_ s: String, property: Bool) -> String {
            var out = ""
            for c in s.unicodeScalars {
                switch c {
                case "%": out += "%25"
                case "\r": out += "%0D"
                case "\n": out += "%0A"
                case ":" where property: out += "%3A"
                case "," where property: out += "%2C"
                default: out.unicodeScalars.append(c)
                }
            }
            return out
        }
        func property(_ s: String) -> String { escaped(s, property: true) }
        func message(_ s: String) -> String { escaped(s, property: false) }
        for f in report.changedFiles {
            for v in f.viewports {
                for c in v.views where !c.followsParent {
                    // A removed view has no line in the new file: the annotation goes on the file.
                    let line = c.new?.line.map { ",line=\($0)" } ?? ""
                    var text = "\(v.name): \(c.kind + (c.id.map { "#" + $0 } ?? "")) \(c.new?.path ?? c.old!.path) \(c.word)"
                    if c.change == .changed { text += " " + deltas(c) }
                    if c.following > 0 { text += " (+\(c.following) inside)" }
                    if let cause = c.cause, cause != f.path { text += " (from \(cause))" }
                    out += "::notice file=\(property(f.path))\(line),title=\(property("Layout change (\(v.name))"))::\(message(text))\n"
                }
                for d in v.appeared {
                    out += "::warning file=\(property(f.path)),line=\(d.line),col=\(d.column),"
                        + "title=\(property("New \(d.code) (\(v.name))"))::\(message(d.message))\n"
                }
            }
            for d in f.appeared {
                out += "::warning file=\(property(f.path)),line=\(d.line),col=\(d.column),title=\(property("New \(d.code)"))::\(message(d.message))\n"
            }
        }
        return out
    }
}
