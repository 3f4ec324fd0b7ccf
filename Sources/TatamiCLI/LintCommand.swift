import TatamiValidation
import ArgumentParser
import Foundation
import TatamiBase
import TatamiModel
import TatamiServices

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check files and report every problem.",
        discussion: """
            PATH may be a file, a directory (searched for *.tatami.yaml and *.tatami.yml, each file \
            once: hidden directories, node_modules, what .gitignore files and a tatami.config.yaml's \
            exclude list ignore are skipped, and symbolic links are never followed in a loop) or - for \
            standard input. Each file is checked against its workspace: the nearest tatami.config.yaml \
            above it, else the nearest .git, else the current directory (docs/workspace.md). Files are \
            checked in parallel and reported sorted by path. When nothing is found, a warning is \
            printed and the exit status is 0 (as ruff does).
            """)

    @Argument(help: "Files or directories to check; - reads standard input.")
    var paths: [String] = ["."]

    @Option(name: .long, help: "Output format: text, json, github or sarif.")
    var format: LintFormat = .text

    @OptionGroup var viewportOptions: ViewportOptions<LintViewports>

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp(
        "The workspace root: imports must stay inside it (default: the directory holding the nearest tatami.config.yaml above each file, else the nearest .git, else the current directory).",
        valueName: "DIR"))
    var root: String?

    @Option(name: .long, help: ArgumentHelp(
        "Skip files and directories matching GLOB (as in .gitignore, relative to the current directory) when searching directories; repeatable.",
        valueName: "GLOB"))
    var exclude: [String] = []

    @Option(name: .long, help: "Colour: auto (only on a terminal; NO_COLOR respected), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Print each stage's time to standard error.")
    var timings = false

    @Option(name: .long, help: ArgumentHelp("Files checked at once (default: one per core).", valueName: "N"))
    var jobs: Int?

    @Flag(name: .long, help: ArgumentHelp(
        "Apply every safe fix (the quick fixes an editor applies without asking), rewrite the files, and report what is left.",
        discussion: "Standard input: the fixed text goes to standard output and the problems left to standard error. Each fix is checked by analysing the file again: one that would leave its problem or add another is not applied. Fixes that need a choice (a typo as close to two names) are left."))
    var fix = false

    @Flag(name: .long, help: ArgumentHelp(
        "With --fix, also apply unsafe fixes: those that invent content, such as a missing argument added as `label: \"\"`."))
    var unsafeFixes = false

    @Flag(name: .long, help: "Check again whenever a file (or anything it imports) changes, until interrupted.")
    var watch = false

    func validate() throws {
        if unsafeFixes && !fix { throw ValidationError("--unsafe-fixes applies only with --fix") }
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs takes a number from 1 to 1024") }
    }

    /// What checking one item left: its output, already formatted where the format allows,
    /// and its counts. The analysis itself is gone by then.
    struct Outcome {
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

    func run() throws {
        try Inputs.checkRoot(root)
        if watch {
            let (files, directories) = try Inputs.watchable(paths)
            Watch.loop(inputs: files, directories: directories, clearScreen: false) { try runOnce($0) }
        }
        try runOnce(PathRecorder())
    }

    /// One check of every path, telling `recorder` the files read (for `--watch`).
    func runOnce(_ recorder: PathRecorder) throws {
        let (found, walkedConfigs) = try Inputs.collect(paths, excludes: exclude)
        let files = found.filter { if case .config = $0 { return false } else { return true } }
        if found.isEmpty {
            StandardError.write("tatami: warning: no Tatami files (*.tatami.yaml, *.tatami.yml) found in \(paths.joined(separator: ", "))\n")
            return
        }

        // Each file's workspace, found once per directory.
        var byDirectory: [String: WorkspaceSettings] = [:]
        func settings(_ path: String) -> WorkspaceSettings {
            let dir = ImportPath.directory(of: path)
            if let known = byDirectory[dir] { return known }
            let s = WorkspaceSettings.forFile(path, root: root)
            byDirectory[dir] = s
            return s
        }
        var settingsOf: [WorkspaceSettings] = []
        var configPaths = Set<String>()
        var configs: [LintItem] = []
        func addConfig(_ path: String, display: String? = nil) {
            let canonical = realpath(path, nil).map { p -> String in defer { free(p) }; return String(cString: p) } ?? path
            if configPaths.insert(canonical).inserted { configs.append(.config(display: display ?? Inputs.shown(canonical), path: canonical)) }
        }
        for item in found {
            if case .config(let display, let path) = item { addConfig(path, display: display) }
        }
        for item in files {
            let s: WorkspaceSettings
            switch item {
            case .stdin: s = WorkspaceSettings.forFile("<stdin>", root: root)
            case .file(_, let path): s = settings(path)
            case .config: continue
            }
            if let c = s.location.configPath { addConfig(c) }
            settingsOf.append(s)
        }
        for c in walkedConfigs { addConfig(c) }
        configs.sort { $0.displayPath < $1.displayPath }

        // Workspace files first (what they say applies to the files after them), then the files.
        let items = configs + files
        let selection = viewportOptions.selection(default: .all)
        let streaming = format == .text || format == .github
        let wantsTimings = timings
        let shared = settingsOf
        let configCount = configs.count
        let fixing = fix
        let unsafe = unsafeFixes
        // With --fix on standard input, standard output holds the fixed text: the problems left
        // are reported on standard error.
        let fixingStandardInput = fix && files.contains { if case .stdin = $0 { return true } else { return false } }
        let report: (String) -> Void = fixingStandardInput ? StandardError.write : StandardOutput.write
        let useColor = color.enabled(forFileDescriptor: fixingStandardInput ? 2 : 1)

        func check(_ index: Int) -> Outcome {
            var outcome = Outcome()
            let item = items[index]
            let located: [LocatedDiagnostic]
            switch item {
            case .config(let display, let path):
                let loaded = Workspace.config(at: path)
                located = loaded.diagnostics.map { LocatedDiagnostic(file: display, diagnostic: $0, table: loaded.lineTable) }
            case .stdin, .file:
                let bytes: [UInt8]
                switch item {
                case .stdin(let b): bytes = b
                case .file(_, let path):
                    // A file --fix could not rewrite is refused before it is read (a FIFO would block).
                    if fixing, let refusal = SourceFileWriter.refusal(for: path) {
                        outcome.writeError = refusal.description
                        return outcome
                    }
                    bytes = (try? Inputs.read(path)) ?? []
                case .config: bytes = []
                }
                if case .file(_, let path) = item { recorder.record(path) }
                let workspace = shared[index - configCount]
                let analyze = { (bytes: [UInt8]) in
                    // Only --fix reads the YAML tree after validation (its code actions).
                    Pipeline.analyze(bytes: bytes, path: item.displayPath, viewports: selection,
                                     workspace: workspace, onLargeStack: true, keepsSyntaxTree: fixing,
                                     reading: { recorder.record($0) })
                }
                var analysis = analyze(bytes)
                if fixing && analysis.missingViewport == nil {
                    let result = Fixer.fix(bytes, unsafe: unsafe, workspace: DiskWorkspace(root: workspace.root), analyze: analyze)
                    analysis = result.analysis
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
                }
                if analysis.missingViewport != nil {
                    outcome.missingViewport = analysis
                    return outcome
                }
                if wantsTimings {
                    outcome.timings = timingsLine(analysis.timings, file: item.displayPath, includeRender: false)
                }
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
            switch format {
            case .text: outcome.text = DiagnosticFormatter.text(located, color: useColor)
            case .github: outcome.text = DiagnosticFormatter.github(located)
            case .json, .sarif: outcome.located = located
            }
            return outcome
        }

        var all: [LocatedDiagnostic] = []
        var errors = 0, warnings = 0, infos = 0, checked = 0
        var firstCode: String?
        var skipped: [Analysis] = []
        var problemsFixed = 0, unsafeFixable = 0
        var fixedText: [UInt8]?
        var writeErrors: [String] = []
        ParallelRunner.run(count: items.count, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, check) { index, outcome in
            if let missing = outcome.missingViewport {
                skipped.append(missing)
                let declared = missing.document.viewports.map(\.name).joined(separator: ", ")
                StandardError.write("tatami: note: \(items[index].displayPath): skipped: no viewport `\(missing.missingViewport!)` (declared: \(declared))\n")
                return
            }
            if case .config = items[index] {} else { checked += 1 }
            problemsFixed += outcome.problemsFixed
            unsafeFixable += outcome.unsafeFixable
            for note in outcome.withheld { StandardError.write(note) }
            if let text = outcome.fixedText { fixedText = text }
            if let e = outcome.writeError { writeErrors.append(e) }
            if firstCode == nil, let code = outcome.firstCode { firstCode = code }
            errors += outcome.errors
            warnings += outcome.warnings
            infos += outcome.infos
            if streaming { report(outcome.text) } else { all += outcome.located }
            if let t = outcome.timings { StandardError.write(t) }
        }
        // Every file lacked the viewport: as before, a usage error naming what exists.
        if !files.isEmpty && skipped.count == files.count {
            if files.count == 1 { try checkViewport(skipped[0]) }
            if case .named(let name) = selection {
                throw InputError(description: "no file checked declares the viewport `\(name)`")
            }
        }
        if let fixedText { StandardOutput.write(String(decoding: fixedText, as: UTF8.self)) }
        if fix {
            // ruff's words: what the fixes removed, what is left, and what only unsafe fixes would remove.
            let hidden = unsafeFixable > 0 ? " (\(unsafeFixable) fixable with --unsafe-fixes)" : ""
            StandardError.write("\(problemsFixed) fixed, \(errors + warnings + infos) left\(hidden)\n")
        }
        switch format {
        case .text:
            let summary = Self.summary(errors: errors, warnings: warnings, infos: infos, files: checked,
                                       workspaceFiles: files.isEmpty ? configCount : 0, color: color.enabled(forFileDescriptor: 2))
            // Where a code was printed, say where its explanation is.
            let hint = firstCode.map { "; `tatami explain \($0)` explains a code" } ?? ""
            StandardError.write(summary + hint + "\n")
        case .json: report(DiagnosticFormatter.json(all))
        case .sarif: report(DiagnosticFormatter.sarif(all, version: TatamiVersion.current))
        case .github: break
        }
        if !writeErrors.isEmpty {
            for e in writeErrors { StandardError.write("tatami: \(e)\n") }
            throw ExitCode(2)
        }
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }

    /// "3 errors, 1 warning in 12 files" (infos named only when there are some; files counts the
    /// Tatami files checked, not workspace files). When only workspace files were checked
    /// (`tatami lint tatami.config.yaml`), `workspaceFiles` counts them instead: "in 1 workspace file".
    static func summary(errors: Int, warnings: Int, infos: Int, files: Int, workspaceFiles: Int = 0, color: Bool) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        func paint(_ s: String, _ code: String, when: Bool) -> String { color && when ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var parts = [paint(count(errors, "error"), "31;1", when: errors > 0),
                     paint(count(warnings, "warning"), "33;1", when: warnings > 0)]
        if infos > 0 { parts.append(paint(count(infos, "info"), "36;1", when: true)) }
        if files == 0 && workspaceFiles > 0 { return parts.joined(separator: ", ") + " in " + count(workspaceFiles, "workspace file") }
        return parts.joined(separator: ", ") + " in " + count(files, "file")
    }
}

/// Checks items on every core, each worker thread with `LargeStack.size` of stack, and hands
/// each outcome to `emit` in index order (on whichever thread completes the run of ready
/// outcomes, one at a time). At most `window` items are taken ahead of the next to emit, so
/// outcomes waiting for a slow predecessor stay few; each is dropped once emitted.
enum ParallelRunner {
    /// The shared counters, guarded by `condition`.
    private final class State<Outcome>: @unchecked Sendable {
        let condition = NSCondition()
        var next = 0, emitted = 0
        var ready: [Int: Outcome] = [:]
    }

    /// Carries the caller's closures to the worker threads (the condition orders every use of
    /// `emit`; `work` is called concurrently and must be safe so).
    private struct Closures<Outcome>: @unchecked Sendable {
        let work: (Int) -> Outcome
        let emit: (Int, Outcome) -> Void
    }

    static func run<Outcome>(count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                             _ work: @escaping (Int) -> Outcome, emit: @escaping (Int, Outcome) -> Void) {
        let threads = max(1, min(workers, count))
        let window = max(threads * 4, 8)
        let state = State<Outcome>()
        let closures = Closures(work: work, emit: emit)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            let thread = Thread {
                let c = state.condition
                while true {
                    c.lock()
                    while state.next < count && state.next >= state.emitted + window { c.wait() }
                    guard state.next < count else { c.unlock(); break }
                    let index = state.next
                    state.next += 1
                    c.unlock()
                    let outcome = closures.work(index)
                    c.lock()
                    state.ready[index] = outcome
                    while let o = state.ready.removeValue(forKey: state.emitted) {
                        closures.emit(state.emitted, o)
                        state.emitted += 1
                    }
                    c.broadcast()
                    c.unlock()
                }
                done.leave()
            }
            thread.stackSize = LargeStack.size
            thread.start()
        }
        done.wait()
    }
}
