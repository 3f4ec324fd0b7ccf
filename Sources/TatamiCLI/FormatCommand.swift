import ArgumentParser
import Foundation
import TatamiBase
import TatamiServices
import TatamiValidation

/// `tatami format` (docs/format.md §12.6).
struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite files in the canonical shape (indentation, key order, quoting, flow style).",
        discussion: """
            With one file (or - for standard input) and neither --write nor --check, the formatted \
            text goes to standard output. --write rewrites files in place (into the file itself: \
            links, hard links, owner and mode are kept; a read-only file, a FIFO or a device is \
            refused, exit status 2); --check rewrites nothing, \
            names each file that would change and exits 1 if there is one. Directories are searched \
            as `tatami lint` searches them. Comments stay where they stand. A file with a YAML syntax \
            error is left untouched and reported (exit status 1), and the other files are still \
            formatted; a file using anchors, aliases or tags is left as it is, with a note. The line \
            width (default 100) is the workspace file's `format: {lineWidth: N}` (docs/workspace.md); \
            there is nothing else to set. The canonical shape is described in docs/format.md §15.
            Exit status: 0 when every file is formatted (or, with --check, already was), 1 when a \
            file has a syntax error (or, with --check, would change), 2 for a usage or I/O problem.
            """)

    @Argument(help: "Files or directories to format; - reads standard input.")
    var paths: [String] = []

    @Flag(name: .long, help: "Rewrite the files in place (standard input: the formatted text goes to standard output).")
    var write = false

    @Flag(name: .long, help: "Rewrite nothing: name each file that would change, and exit 1 if there is one.")
    var check = false

    @Option(name: .long, help: ArgumentHelp(
        "The workspace root, whose tatami.config.yaml gives the line width (default: the directory holding the nearest tatami.config.yaml above each file, else the nearest .git, else the current directory).",
        valueName: "DIR"))
    var root: String?

    @Option(name: .long, help: ArgumentHelp(
        "Skip files and directories matching GLOB (as in .gitignore) when searching directories; repeatable.",
        valueName: "GLOB"))
    var exclude: [String] = []

    @Option(name: .long, help: "Colour: auto (only on a terminal; NO_COLOR respected), always or never.")
    var color: ColorChoice = .auto

    @Option(name: .long, help: ArgumentHelp("Files formatted at once (default: one per core).", valueName: "N"))
    var jobs: Int?

    func validate() throws {
        if write && check { throw ValidationError("use either --write or --check") }
        if paths.isEmpty { throw ValidationError("give a file, a directory or - (standard input)") }
        // Checked here, not in `run`, so that the usage printed with the error is this command's.
        if !write && !check {
            var isDirectory: ObjCBool = false
            if paths.count != 1
                || (paths[0] != "-" && FileManager.default.fileExists(atPath: paths[0], isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw ValidationError("without --write or --check, give one file (or -): its formatted text goes to standard output")
            }
        }
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs takes a number from 1 to 1024") }
    }

    enum Mode { case print, write, check }

    /// What formatting one item left.
    struct Outcome {
        var changed = false
        /// Standard output's text (print mode, standard input with --write).
        var output: [UInt8]?
        /// Lines for standard error: syntax errors, notes.
        var report = ""
        var failed = false
        var writeError: String?
    }

    func run() throws {
        try Inputs.checkRoot(root)
        let mode: Mode = write ? .write : check ? .check : .print
        let (found, _) = try Inputs.collect(paths, excludes: exclude)
        if found.isEmpty {
            StandardError.write("tatami: warning: no Tatami files (*.tatami.yaml, *.tatami.yml) found in \(paths.joined(separator: ", "))\n")
            return
        }
        let errColor = color.enabled(forFileDescriptor: 2)
        let givenRoot = root
        var widths: [String: Int] = [:]
        let lock = NSLock()
        func lineWidth(for path: String) -> Int {
            let dir = ImportPath.directory(of: path)
            lock.lock()
            defer { lock.unlock() }
            if let known = widths[dir] { return known }
            let w = WorkspaceSettings.forFile(path, root: givenRoot).config?.config.lineWidth ?? TatamiFormatter.defaultLineWidth
            widths[dir] = w
            return w
        }

        func work(_ index: Int) -> Outcome {
            var outcome = Outcome()
            let item = found[index]
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
            let width = lineWidth(for: path ?? "<stdin>")
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
                // Standard output still gets the text, unchanged, so a pipe loses nothing.
                if mode == .print || (mode == .write && path == nil) { outcome.output = bytes }
            }
            return outcome
        }

        var changed = 0, unchanged = 0, failed = 0
        var writeErrors: [String] = []
        ParallelRunner.run(count: found.count, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount, work) { index, outcome in
            if let e = outcome.writeError {
                writeErrors.append(e)
                return
            }
            if !outcome.report.isEmpty { StandardError.write(outcome.report) }
            if let text = outcome.output { FileHandle.standardOutput.write(Data(text)) }
            if outcome.failed {
                failed += 1
            } else if outcome.changed {
                changed += 1
                if mode == .check { StandardOutput.write("would reformat \(found[index].displayPath)\n") }
            } else {
                unchanged += 1
            }
        }
        if mode != .print {
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
            if failed > 0 { parts.append(paint("\(count(failed)) not formatted (errors)", "31;1", when: errColor)) }
            StandardError.write(parts.joined(separator: ", ") + "\n")
        }
        if !writeErrors.isEmpty {
            for e in writeErrors { StandardError.write("tatami: \(e)\n") }
            throw ExitCode(2)
        }
        if failed > 0 || (mode == .check && changed > 0) { throw ExitCode(1) }
    }

    private func paint(_ s: String, _ code: String, when: Bool) -> String {
        when ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
