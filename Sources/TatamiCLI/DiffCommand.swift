import ArgumentParser
import Foundation
import TatamiBase
import TatamiServices
import TatamiValidation

extension DiffFormat: ExpressibleByArgument {}

/// `tatami diff`: which views moved, in which viewport, between two revisions (docs/format.md
/// §12.7).
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare the layouts of two revisions: views added, removed, moved and resized, per viewport.",
        discussion: """
            tatami diff OLD NEW compares two files, or two directories (files matched by their \
            relative paths). tatami diff --git REV [PATH...] compares the working tree with a git \
            revision, and --git REV1..REV2 two revisions; old files are read with git itself, \
            imports resolved within each revision.

            Exit status: 0 when no layout changed, 1 when one did (with --fail-on: when a change \
            it names happened), 2 for a usage, I/O or git problem.
            """)

    @Argument(help: ArgumentHelp("OLD NEW (two files or two directories); with --git, the paths to compare (default: the current directory).",
                                 valueName: "path"))
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("Compare the working tree with this git revision, or REV1..REV2 with each other.",
                                            valueName: "REV"))
    var git: String?

    @Option(name: .long, help: """
        text (default; coloured on a terminal), json, markdown (a pull request comment), \
        github (workflow annotations) or html (before and after, side by side).
        """)
    var format: DiffFormat = .text

    @Option(name: .long, help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "PATH"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Changes smaller than this many points are rounding noise (default: each viewport's 1/scale).",
                                            valueName: "POINTS"))
    var tolerance: Double?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        """
        Exit 1 only for these changes (comma-separated): added, removed, moved, resized, truncation, \
        overflow, diagnostics (any that appeared), any, or a diagnostic code.
        """,
        valueName: "LIST"))
    var failOn: String?

    @Option(name: .long, help: "Only this viewport.")
    var viewport: String?

    @Option(name: .long, help: ArgumentHelp(
        "The workspace root of compared files on disk (default: found for each file, as for lint).", valueName: "DIR"))
    var root: String?

    @Option(name: .long, help: ArgumentHelp("Files laid out at once (default: one per core).", valueName: "N"))
    var jobs: Int?

    @Option(name: .long, help: "Colour: auto (only on a terminal; NO_COLOR respected), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Say on standard error how many files were compared and laid out (analyses run).")
    var verbose = false

    func validate() throws {
        if git == nil && paths.count != 2 { throw ValidationError("give OLD and NEW (two files or two directories), or --git REV") }
        if let tolerance, !(tolerance >= 0 && tolerance <= 1_000_000) { throw ValidationError("--tolerance takes a length from 0 to 1000000") }
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs takes a number from 1 to 1024") }
        if output == "-" { throw ValidationError("--output takes a file; without it the report goes to standard output") }
        for gate in gates where !DiffGate.changeWords.contains(gate) && DiffGate.aliases[gate] == nil
            && DiagnosticCatalog.explanation(named: gate) == nil {
            throw ValidationError("--fail-on: unknown change `\(gate)` "
                                  + "(added, removed, moved, resized, truncation, overflow, diagnostics, any, or a diagnostic code)")
        }
    }

    var gates: [String] {
        (failOn ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func run() throws {
        try Inputs.checkRoot(root)
        let setup: DiffSetup
        do {
            setup = try git.map { try DiffSetup.git($0, paths: paths, root: root) } ?? DiffSetup.disk(old: paths[0], new: paths[1], root: root)
        } catch let error as GitError {
            throw InputError(description: error.description)
        }
        let differ = LayoutDiffer(old: setup.old, new: setup.new)
        differ.tolerance = tolerance
        if let viewport { differ.viewports = .named(viewport) }
        differ.keepsLayouts = format == .html
        differ.keepsFollowers = format == .json
        let pairs = setup.pairs ?? differ.pairs(old: setup.oldFiles, new: setup.newFiles)
        let style = DiffFormatter.Style(color: output == nil ? color.enabled(forFileDescriptor: 1) : color == .always)
        // Text is written file by file as the files come out in order, each file's part made on
        // the thread that compared it; the file is then kept without its list of changes (its
        // counts and diagnostics are what the exit status reads). Parts are gathered and written
        // a quarter of a megabyte at a time.
        let streamsText = format == .text
        var text: [UInt8] = []
        var files = [DiffFile?](repeating: nil, count: pairs.count)
        ParallelRunner.run(count: pairs.count, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                           { index -> (DiffFile, DiffFormatter.TextPart?) in
                               var file = differ.compare(pairs[index], alreadyOnLargeStack: true)
                               guard streamsText else { return (file, nil) }
                               let part = DiffFormatter.textPart(file, style: style)
                               for v in file.viewports.indices { file.viewports[v].views = [] }
                               return (file, part)
                           },
                           emit: { index, outcome in
                               files[index] = outcome.0
                               guard let part = outcome.1 else { return }
                               text.append(contentsOf: part.bytes)
                               if output == nil && text.count >= 1 << 18 {
                                   Self.writeStandardOutput(text)
                                   text.removeAll(keepingCapacity: true)
                               }
                           })
        let compared = files.compactMap { $0 }
        let report = DiffReport(old: setup.oldSide, new: setup.newSide, tolerance: tolerance,
                                files: compared.filter { $0.status != .identical }, compared: compared.count,
                                analyses: differ.analyses)
        switch format {
        case .text:
            if let output { try PreviewOutput.replace(output, with: String(decoding: text, as: UTF8.self)) } else { Self.writeStandardOutput(text) }
        case .json:
            if let output {
                try PreviewOutput.replace(output, with: DiffFormatter.json(report))
            } else {
                DiffFormatter.writeJSON(report) { FileHandle.standardOutput.write(Data($0)) }
            }
        case .markdown, .github, .html:
            let page = format == .markdown ? DiffFormatter.markdown(report) : format == .github ? DiffFormatter.github(report) : DiffPage.render(report)
            if let output { try PreviewOutput.replace(output, with: page) } else { StandardOutput.write(page) }
        }
        if verbose {
            let identical = compared.filter { $0.status == .identical }.count
            var line = "tatami: \(compared.count) file\(compared.count == 1 ? "" : "s") compared, "
                + "\(identical) identical with everything they read (not laid out), "
            line += "\(differ.analyses) analys\(differ.analyses == 1 ? "is" : "es") (a file laid out in one revision)"
            for side in [setup.old, setup.new] {
                if let g = side as? GitRevision { line += ", \(g.blobsRead) blob\(g.blobsRead == 1 ? "" : "s") read from \(g.label)" }
            }
            StandardError.write(line + "\n")
        }
        if format == .text && report.hasLayoutChanges == false && output == nil && isatty(1) == 1 {
            StandardError.write("no layout changes\n")
        }
        let fails = gates.isEmpty ? report.hasLayoutChanges : DiffGate.trips(report, gates: gates)
        if fails { throw ExitCode(1) }
    }
}

extension Diff {
    /// The text report's bytes to standard output with `write(2)` from where they are (a `Data`
    /// copy of each 256 KB was made before: 18 MB copied, and fresh pages touched, for a shared
    /// component's report). What a failing write leaves is handed to `StandardOutput`, which
    /// fails as it always did.
    static func writeStandardOutput(_ bytes: [UInt8]) {
        let (written, error) = SourceFileWriter.write(1, bytes)
        if error != nil { StandardOutput.write(bytes: Array(bytes[written...])) }
    }
}

/// The two revisions and the files to compare.
struct DiffSetup {
    var old: LayoutRevision
    var new: LayoutRevision
    var oldSide: DiffReport.Side
    var newSide: DiffReport.Side
    var oldFiles: [String] = []
    var newFiles: [String] = []
    /// Given pairs (two files), instead of pairing the lists.
    var pairs: [DiffPair]?

    /// Two files or two directories on disk.
    static func disk(old: String, new: String, root: String?) throws -> DiffSetup {
        let fm = FileManager.default
        var oldIsDirectory: ObjCBool = false, newIsDirectory: ObjCBool = false
        guard fm.fileExists(atPath: old, isDirectory: &oldIsDirectory) else { throw InputError(description: "\(old): no such file or directory") }
        guard fm.fileExists(atPath: new, isDirectory: &newIsDirectory) else { throw InputError(description: "\(new): no such file or directory") }
        guard oldIsDirectory.boolValue == newIsDirectory.boolValue else {
            throw InputError(description: "compare two files or two directories, not a file with a directory")
        }
        if oldIsDirectory.boolValue {
            let a = DiskRevision(label: old, base: old, root: root), b = DiskRevision(label: new, base: new, root: root)
            let oldFiles = FileWalker().walk(old).map { a.relative($0.path) }
            let newFiles = FileWalker().walk(new).map { b.relative($0.path) }
            return DiffSetup(old: a, new: b, oldSide: .init(label: old), newSide: .init(label: new), oldFiles: oldFiles, newFiles: newFiles)
        }
        let oldURL = URL(fileURLWithPath: old), newURL = URL(fileURLWithPath: new)
        let a = DiskRevision(label: old, base: oldURL.deletingLastPathComponent().path, root: root)
        let b = DiskRevision(label: new, base: newURL.deletingLastPathComponent().path, root: root)
        let oldName = a.relative(Workspace.canonicalPath(old) ?? old), newName = b.relative(Workspace.canonicalPath(new) ?? new)
        return DiffSetup(old: a, new: b, oldSide: .init(label: old), newSide: .init(label: new),
                         pairs: [DiffPair(oldPath: oldName, newPath: newName)])
    }

    /// `--git REV` (the working tree against REV) or `--git REV1..REV2`.
    static func git(_ spec: String, paths: [String], root: String?) throws -> DiffSetup {
        let cwd = FileManager.default.currentDirectoryPath
        let repository = try GitRepository(containing: cwd)
        let revisions = spec.components(separatedBy: "..")
        guard revisions.count <= 2, !revisions[0].isEmpty, revisions.count == 1 || !revisions[1].isEmpty else {
            throw InputError(description: "--git takes REV or REV1..REV2")
        }
        let old = try GitRevision(repository: repository, revision: revisions[0])
        let top = repository.topLevel
        let prefixes = (paths.isEmpty ? ["."] : paths).map { p -> String in
            let absolute = ImportPath.normalize(p.hasPrefix("/") ? p : cwd + "/" + p)
            // A path that is gone from the working tree still names what it was.
            return Workspace.canonicalPath(absolute) ?? absolute
        }
        for p in prefixes where !ImportPath.isInside(p, root: top) {
            throw InputError(description: "\(p): outside the repository (\(top))")
        }
        let oldFiles = old.tatamiFiles(under: prefixes).map(old.relative)
        if revisions.count == 2 {
            let new = try GitRevision(repository: repository, revision: revisions[1])
            return DiffSetup(old: old, new: new, oldSide: .init(label: revisions[0], commit: old.commit),
                             newSide: .init(label: revisions[1], commit: new.commit),
                             oldFiles: oldFiles, newFiles: new.tatamiFiles(under: prefixes).map(new.relative))
        }
        let new = DiskRevision(label: "working tree", base: top, root: root)
        new.indexed(in: repository)
        let walker = FileWalker()
        var newFiles: [String] = []
        for p in prefixes {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: p, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                newFiles += walker.walk(p).map { new.relative($0.path) }
            } else if walker.claim(file: p) {
                newFiles.append(new.relative(p))
            }
        }
        return DiffSetup(old: old, new: new, oldSide: .init(label: revisions[0], commit: old.commit),
                         newSide: .init(label: "working tree"), oldFiles: oldFiles, newFiles: Array(Set(newFiles)).sorted())
    }
}
