import ArgumentParser
import Foundation
import TatamiBase
import TatamiModel
import TatamiServices
import TatamiValidation

/// `tatami lint` and `lint --fix` as a `BatchJob`: workspace files first (what they say applies to
/// the files after them), then the files, each analysed once and, with `--fix`, fixed from that
/// analysis (`Fixer.fix(_:analysis:…)`); diagnostics streamed in path order, or gathered for JSON
/// and SARIF; the summary.
final class LintJob: BatchJob {
    /// What checking one item left: its output, already formatted where the format allows,
    /// and its counts. The analysis itself is gone by then.
    struct Outcome: BatchOutcome {
        var text = ""
        var located: [LocatedDiagnostic] = []
        var errors = 0, warnings = 0, infos = 0
        /// A file without `--viewport`'s viewport: skipped, with this note.
        var skipped: String?
        var missingViewport: Analysis?
        var timings: String?
        var firstCode: String?
        /// `--fix`: the problems the fixes removed, those only
        /// `--unsafe-fixes` would remove, the fixes withheld, and standard input's fixed text.
        var problemsFixed = 0
        var unsafeFixable = 0
        var withheld: [String] = []
        var fixedText: [UInt8]?
        /// A fixed file that could not be written back.
        var writeError: String?
    }

    let command: Lint
    /// Told every file a check read (for `--watch`).
    let recorder: PathRecorder
    /// A test hook: called with the text before each analysis, on the thread that makes it.
    var onAnalysis: (([UInt8]) -> Void)?

    private let selection: ViewportSelection
    private var streaming: Bool { command.format == .text || command.format == .github }

    // Planned (before any work): the files, each file's workspace, the number of workspace files
    // ahead of them, where the report goes.
    private var files: [LintItem] = []
    private var settingsOf: [WorkspaceSettings] = []
    private var configCount = 0
    private var fixingStandardInput = false
    private var useColor = false

    // Emitted so far.
    private var all: [LocatedDiagnostic] = []
    private var errors = 0, warnings = 0, infos = 0, checked = 0
    private var firstCode: String?
    private var skipped: [Analysis] = []
    private var problemsFixed = 0, unsafeFixable = 0
    private var fixedText: [UInt8]?

    init(_ command: Lint, recorder: PathRecorder) {
        self.command = command
        self.recorder = recorder
        selection = command.viewportOptions.selection(default: .all)
    }

    /// With --fix on standard input, standard output holds the fixed text: the problems left
    /// are reported on standard error.
    private func report(_ text: String) {
        fixingStandardInput ? StandardError.write(text) : StandardOutput.write(text)
    }

    func plan(found: [LintItem], walkedConfigs: [String], settings: WorkspaceSettingsCache) throws -> [LintItem] {
        files = found.filter { if case .config = $0 { return false } else { return true } }
        var configPaths = Set<String>()
        var configs: [LintItem] = []
        func addConfig(_ path: String, display: String? = nil) {
            let canonical = FileSystemPath.canonical(path) ?? path
            if configPaths.insert(canonical).inserted { configs.append(.config(display: display ?? Inputs.shown(canonical), path: canonical)) }
        }
        for item in found {
            if case .config(let display, let path) = item { addConfig(path, display: display) }
        }
        settingsOf = []
        for item in files {
            let s: WorkspaceSettings
            switch item {
            case .stdin: s = settings.settings(for: "<stdin>")
            case .file(_, let path): s = settings.settings(for: path)
            case .config: continue
            }
            if let c = s.location.configPath { addConfig(c) }
            settingsOf.append(s)
        }
        for c in walkedConfigs { addConfig(c) }
        configs.sort { $0.displayPath < $1.displayPath }
        configCount = configs.count
        fixingStandardInput = command.fix && files.contains { if case .stdin = $0 { return true } else { return false } }
        useColor = command.color.enabled(forFileDescriptor: fixingStandardInput ? 2 : 1)
        return configs + files
    }

    func work(_ item: LintItem, at index: Int) -> Outcome {
        var outcome = Outcome()
        let located: [LocatedDiagnostic]
        switch item {
        case .config(let display, let path):
            let loaded = Workspace.config(at: path)
            located = loaded.diagnostics.map { LocatedDiagnostic(file: display, diagnostic: $0, table: loaded.lineTable) }
        case .stdin, .file:
            guard let analysis = analysis(of: item, workspace: settingsOf[index - configCount], &outcome) else { return outcome }
            located = analysis.diagnostics.map { LocatedDiagnostic(file: item.displayPath, diagnostic: $0, table: analysis.lineTable) }
        }
        outcome.firstCode = located.first?.diagnostic.code.name
        for l in located {
            switch l.diagnostic.severity {
            case .error: outcome.errors += 1
            case .warning: outcome.warnings += 1
            case .information, .hint: outcome.infos += 1
            }
        }
        switch command.format {
        case .text: outcome.text = DiagnosticFormatter.text(located, color: useColor)
        case .github: outcome.text = DiagnosticFormatter.github(located)
        case .json, .sarif: outcome.located = located
        }
        return outcome
    }

    /// A Tatami file's (or standard input's) analysis, made once; with `--fix`, the analysis of
    /// the fixed text, the fixes tried from that first analysis. Nil when the file is refused
    /// (`--fix` could not rewrite it) or lacks `--viewport`'s viewport: `outcome` says which.
    private func analysis(of item: LintItem, workspace: WorkspaceSettings, _ outcome: inout Outcome) -> Analysis? {
        let bytes: [UInt8]
        switch item {
        case .file(_, let path):
            // A file --fix could not rewrite is refused before it is read (a FIFO would block).
            if command.fix, let refusal = SourceFileWriter.refusal(for: path) {
                outcome.writeError = refusal.description
                return nil
            }
            bytes = (try? Inputs.read(path)) ?? []
            recorder.record(path)
        case .stdin(let b): bytes = b
        case .config: return nil
        }
        let fixing = command.fix, recorder = recorder, selection = selection, hook = onAnalysis
        let analyze = { (bytes: [UInt8]) -> Analysis in
            hook?(bytes)
            // Only --fix reads the YAML tree after validation (its code actions).
            return Pipeline.analyze(bytes: bytes, path: item.displayPath, viewports: selection,
                                    workspace: workspace, alreadyOnLargeStack: true, keepsSyntaxTree: fixing,
                                    reading: { recorder.record($0) })
        }
        var analysis = analyze(bytes)
        if fixing && analysis.missingViewport == nil {
            analysis = fix(item, bytes, from: analysis, workspace: workspace, analyze: analyze, &outcome)
        }
        if analysis.missingViewport != nil {
            outcome.missingViewport = analysis
            return nil
        }
        if command.timings {
            outcome.timings = timingsLine(analysis.timings, file: item.displayPath, includeRender: false)
        }
        return analysis
    }

    /// `--fix`: the fixes applied from `first` (the analysis lint made), the file rewritten when
    /// one applied (standard input's text kept for standard output); the analysis of what is left.
    private func fix(_ item: LintItem, _ bytes: [UInt8], from first: Analysis, workspace: WorkspaceSettings,
                     analyze: ([UInt8]) -> Analysis, _ outcome: inout Outcome) -> Analysis {
        let result = Fixer.fix(bytes, analysis: first, unsafe: command.unsafeFixes,
                               workspace: DiskWorkspace(root: workspace.root), analyze: analyze)
        outcome.problemsFixed = result.fixedCount
        outcome.unsafeFixable = result.unsafeFixable
        outcome.withheld = result.withheld.map { w in
            let why = w.addedCodes.isEmpty ? "it would not fix its problem"
                : "it would add " + w.addedCodes.map { "`\($0)`" }.joined(separator: ", ")
            return "tatami: note: \(item.displayPath): not applied: \(w.title) (\(why))\n"
        }
        switch item {
        case .stdin: outcome.fixedText = result.bytes
        case .file(_, let path) where !result.applied.isEmpty:
            do { try SourceFileWriter.write(result.bytes, to: path) } catch { outcome.writeError = "\(error)" }
        default: break
        }
        return result.analysis
    }

    func emit(_ item: LintItem, _ outcome: Outcome) {
        if let missing = outcome.missingViewport {
            skipped.append(missing)
            let declared = missing.document.viewports.map(\.name).joined(separator: ", ")
            StandardError.write("tatami: note: \(item.displayPath): skipped: no viewport `\(missing.missingViewport!)` (declared: \(declared))\n")
            return
        }
        if case .config = item {} else { checked += 1 }
        problemsFixed += outcome.problemsFixed
        unsafeFixable += outcome.unsafeFixable
        for note in outcome.withheld { StandardError.write(note) }
        if let text = outcome.fixedText { fixedText = text }
        if firstCode == nil, let code = outcome.firstCode { firstCode = code }
        errors += outcome.errors
        warnings += outcome.warnings
        infos += outcome.infos
        if streaming { report(outcome.text) } else { all += outcome.located }
        if let t = outcome.timings { StandardError.write(t) }
    }

    func summarize() throws {
        // Every file lacked the viewport: as before, a usage error naming what exists.
        if !files.isEmpty && skipped.count == files.count {
            if files.count == 1 { try checkViewport(skipped[0]) }
            if case .named(let name) = selection {
                throw InputError(description: "no file checked declares the viewport `\(name)`")
            }
        }
        if let fixedText { StandardOutput.write(String(decoding: fixedText, as: UTF8.self)) }
        if command.fix {
            // ruff's words: what the fixes removed, what is left, and what only unsafe fixes would remove.
            let hidden = unsafeFixable > 0 ? " (\(unsafeFixable) fixable with --unsafe-fixes)" : ""
            StandardError.write("\(problemsFixed) fixed, \(errors + warnings + infos) left\(hidden)\n")
        }
        switch command.format {
        case .text:
            let summary = Lint.summary(errors: errors, warnings: warnings, infos: infos, files: checked,
                                       workspaceFiles: files.isEmpty ? configCount : 0,
                                       color: command.color.enabled(forFileDescriptor: 2))
            // Where a code was printed, say where its explanation is.
            let hint = firstCode.map { "; `tatami explain \($0)` explains a code" } ?? ""
            StandardError.write(summary + hint + "\n")
        case .json: report(DiagnosticFormatter.json(all))
        case .sarif: report(DiagnosticFormatter.sarif(all, version: TatamiVersion.current))
        case .github: break
        }
    }

    var failed: Bool { errors > 0 || (command.strict && warnings > 0) }
}
