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
        """
        The workspace root, whose tatami.config.yaml gives the line width (default: the directory holding \
        the nearest tatami.config.yaml above each file, else the nearest .git, else the current directory).
        """,
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

    func run() throws {
        try Inputs.checkRoot(root)
        let mode: Mode = write ? .write : check ? .check : .print
        try BatchDriver(paths: paths, excludes: exclude, root: root, jobs: jobs).run(FormatJob(self, mode: mode))
    }
}
