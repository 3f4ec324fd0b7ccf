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
        """
        The workspace root: imports must stay inside it (default: the directory holding the nearest \
        tatami.config.yaml above each file, else the nearest .git, else the current directory).
        """,
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
        discussion: """
            Standard input: the fixed text goes to standard output and the problems left to standard error. \
            Each fix is checked by analysing the file again: one that would leave its problem or add another is \
            not applied. Fixes that need a choice (a typo as close to two names) are left.
            """))
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
        try BatchDriver(paths: paths, excludes: exclude, root: root, jobs: jobs).run(LintJob(self, recorder: recorder))
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
