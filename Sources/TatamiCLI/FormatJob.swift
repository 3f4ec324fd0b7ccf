import ArgumentParser
import Foundation
import TatamiBase
import TatamiServices
import TatamiValidation

/// `tatami format` as a `BatchJob`: each file (and workspace file) formatted with its workspace's
/// line width, printed, rewritten or checked as `mode` says; notes and syntax errors on standard
/// error in path order; the summary.
final class FormatJob: BatchJob {
    /// What formatting one item left.
    struct Outcome: BatchOutcome {
        var changed = false
        /// Standard output's text (print mode, standard input with --write).
        var output: [UInt8]?
        /// Lines for standard error: syntax errors, notes.
        var report = ""
        var failed = false
        var writeError: String?
    }

    let command: Format
    let mode: Format.Mode
    private let errColor: Bool
    private var settings = WorkspaceSettingsCache(root: nil)

    // Emitted so far.
    private var changed = 0, unchanged = 0, failures = 0

    init(_ command: Format, mode: Format.Mode) {
        self.command = command
        self.mode = mode
        errColor = command.color.enabled(forFileDescriptor: 2)
    }

    func plan(found: [LintItem], walkedConfigs: [String], settings: WorkspaceSettingsCache) throws -> [LintItem] {
        // Each file's line width is read by the worker that formats it, once per directory.
        self.settings = settings
        return found
    }

    func work(_ item: LintItem, at index: Int) -> Outcome {
        var outcome = Outcome()
        let bytes: [UInt8]
        let path: String?
        switch item {
        case .stdin(let b): bytes = b; path = nil
        case .file(_, let p), .config(_, let p):
            path = p
            // A file --write could not rewrite is refused before it is read (a FIFO would block).
            if mode == .write, let refusal = SourceFileWriter.refusal(for: p) {
                outcome.writeError = refusal.description
                return outcome
            }
            guard let read = try? Inputs.read(p) else {
                outcome.writeError = "\(item.displayPath): cannot be read"
                return outcome
            }
            bytes = read
        }
        let isConfig: Bool
        if case .config = item { isConfig = true } else { isConfig = false }
        let width = settings.settings(for: path ?? "<stdin>").config?.config.lineWidth ?? TatamiFormatter.defaultLineWidth
        switch TatamiFormatter.formatOnThisThread(bytes: bytes, lineWidth: width, workspaceFile: isConfig) {
        case .formatted(let formatted):
            outcome.changed = formatted != bytes
            switch mode {
            case .print: outcome.output = formatted
            case .check: break
            case .write:
                if let path {
                    if outcome.changed {
                        do { try SourceFileWriter.write(formatted, to: path) } catch { outcome.writeError = "\(error)" }
                    }
                } else {
                    outcome.output = formatted
                }
            }
        case .failed(let failure):
            report(failure, of: item, bytes, into: &outcome)
            // Standard output still gets the text, unchanged, so a pipe loses nothing.
            if mode == .print || (mode == .write && path == nil) { outcome.output = bytes }
        }
        return outcome
    }

    /// Why a file was not formatted, for standard error.
    private func report(_ failure: FormatFailure, of item: LintItem, _ bytes: [UInt8], into outcome: inout Outcome) {
        let display = item.displayPath
        switch failure.kind {
        case .syntaxError:
            outcome.failed = true
            let table = LineTable(bytes: bytes)
            let located = failure.diagnostics.map { LocatedDiagnostic(file: display, diagnostic: $0, table: table) }
            outcome.report = located.isEmpty
                ? "\(display): error: \(failure.message)\n"
                : DiagnosticFormatter.text(located, color: errColor)
            outcome.report += "tatami: \(display): not formatted (YAML syntax error)\n"
        case .unsupported:
            outcome.report = "tatami: note: \(display): left as it is: \(failure.message)\n"
        case .internalError:
            outcome.failed = true
            outcome.report = "tatami: \(display): \(failure.message)\n"
        }
    }

    func emit(_ item: LintItem, _ outcome: Outcome) {
        // A file that could not be read or written: listed after the summary (BatchDriver).
        if outcome.writeError != nil { return }
        if !outcome.report.isEmpty { StandardError.write(outcome.report) }
        if let text = outcome.output { FileHandle.standardOutput.write(Data(text)) }
        if outcome.failed {
            failures += 1
        } else if outcome.changed {
            changed += 1
            if mode == .check { StandardOutput.write("would reformat \(item.displayPath)\n") }
        } else {
            unchanged += 1
        }
    }

    func summarize() throws {
        guard mode != .print else { return }
        func count(_ n: Int) -> String { "\(n) file\(n == 1 ? "" : "s")" }
        var parts: [String] = []
        switch mode {
        case .check:
            parts.append(paint("\(count(changed)) would be reformatted", "33;1", when: errColor && changed > 0))
            parts.append("\(unchanged) already formatted")
        default:
            parts.append("reformatted \(count(changed))")
            parts.append("\(unchanged) left unchanged")
        }
        if failures > 0 { parts.append(paint("\(count(failures)) not formatted (errors)", "31;1", when: errColor)) }
        StandardError.write(parts.joined(separator: ", ") + "\n")
    }

    var failed: Bool { failures > 0 || (mode == .check && changed > 0) }

    private func paint(_ s: String, _ code: String, when: Bool) -> String {
        when ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
