import ArgumentParser
import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiRender
import TatamiServices

/// The `tatami` command.
public struct TatamiCommand: ParsableCommand {
    /// `tatami --version`: the version and the commit built from (TatamiVersion.long).
    public static let version = TatamiVersion.long

    public static let configuration = CommandConfiguration(
        commandName: "tatami",
        abstract: "Describe user-interface layouts in YAML and see them computed.",
        discussion: """
            Exit status: 0 when no errors were found, 1 when the files have errors (or warnings \
            with --strict), 2 for a usage or I/O problem.
            """,
        version: version,
        subcommands: [Lint.self, Format.self, Preview.self, Frames.self, Diff.self, Explain.self, SchemaCommand.self, Lsp.self]
    )

    public init() {}

    /// Parses the arguments and runs the command, mapping usage errors to exit status 2.
    public static func run(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch let error as InputError {
            StandardError.write("tatami: \(error.description)\n")
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                StandardOutput.write(message + "\n")
                Foundation.exit(0)
            }
            StandardError.write(message + "\n")
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

/// What `--viewport` does when it is not given, for one command's help.
protocol ViewportDefault {
    /// "every viewport the file declares", "the file's first viewport"…
    static var withoutViewport: String { get }
}

enum LintViewports: ViewportDefault {
    static let withoutViewport = "every viewport the file declares"
}

enum PreviewViewports: ViewportDefault {
    static let withoutViewport = "the file's first viewport; with --format html, every viewport"
}

enum FramesViewports: ViewportDefault {
    static let withoutViewport = "the file's first viewport"
}

/// Options shared by the commands that choose a viewport; `Default` says, in each command's help,
/// what it does without `--viewport`.
struct ViewportOptions<Default: ViewportDefault>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Only this viewport (default: \(Default.withoutViewport))."))
    var viewport: String?

    @Option(name: .long, help: "Lay out in a viewport of this width instead (with --height).")
    var width: Double?

    @Option(name: .long, help: "Lay out in a viewport of this height instead (with --width).")
    var height: Double?

    func validate() throws {
        if (width == nil) != (height == nil) { throw ValidationError("--width and --height go together") }
        if width != nil && viewport != nil { throw ValidationError("use either --viewport or --width/--height") }
        for v in [width, height].compactMap({ $0 }) where !(v >= 0 && v <= 1_000_000) {
            throw ValidationError("--width and --height take a length from 0 to 1000000")
        }
    }

    func selection(default fallback: ViewportSelection) -> ViewportSelection {
        if let w = width, let h = height { return .custom(width: w, height: h) }
        if let v = viewport { return .named(v) }
        return fallback
    }
}

/// Prints each stage's time to standard error.
func printTimings(_ t: StageTimings, file: String, includeRender: Bool) {
    StandardError.write(timingsLine(t, file: file, includeRender: includeRender))
}

func timingsLine(_ t: StageTimings, file: String, includeRender: Bool) -> String {
    func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
    var line = "timings \(file): parse \(ms(t.parse)), validate \(ms(t.validate)), layout \(ms(t.layout))"
    if includeRender { line += ", render \(ms(t.render))" }
    return line + "\n"
}

/// A named viewport that is not declared: a usage error.
func checkViewport(_ a: Analysis) throws {
    if let missing = a.missingViewport {
        let declared = a.document.viewports.map(\.name)
        let hint = Suggestions.closest(to: missing, in: declared).map { "; did you mean `\($0)`?" } ?? ""
        throw InputError(description: "\(a.path): unknown viewport `\(missing)`\(hint) (declared: \(declared.joined(separator: ", ")))")
    }
}

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a file's layout: in the terminal, or as SVG or an HTML page at true geometry.")

    @Argument(help: "The file to preview; - reads standard input.")
    var file: String

    @OptionGroup var viewportOptions: ViewportOptions<PreviewViewports>

    @Option(name: .long, help: ArgumentHelp(
        "text (the terminal render), svg (one viewport, 1 unit = 1 point) or html (every viewport side by side, one self-contained page).",
        discussion: "html draws every viewport the file declares unless --viewport or --width/--height chooses one."))
    var format: PreviewFormat = .text

    @Option(name: .long, help: ArgumentHelp(
        """
        Write to this file instead of standard output (replaced whole, never half-written). With --watch and \
        --format html or svg, the page open in a browser reloads itself when it is rewritten.
        """,
        valueName: "PATH"))
    var output: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Plain ASCII only: +-| boxes, and the text's own characters as ASCII stand-ins of the same width.",
        discussion: """
            Every output byte is ASCII and every column stays put: accented Latin letters lose \
            their accents, dashes and curly quotes become - ' ", the ellipsis of a cut text \
            becomes ~, wide characters (CJK, emoji) ??, anything else ?. See docs/render.md.
            """))
    var ascii = false

    @Flag(name: .long, help: "Draw every view's frame.")
    var outline = false

    @Option(name: .long, help: ArgumentHelp(
        """
        The workspace root: imports must stay inside it (default: the directory holding the nearest \
        tatami.config.yaml above the file, else the nearest .git, else the current directory).
        """,
        valueName: "DIR"))
    var root: String?

    @Option(name: .long, help: "Colour: auto (only on a terminal; NO_COLOR respected), always or never.")
    var color: ColorChoice = .auto

    @Option(name: .long, help: "Points per character cell, WxH (default 8x16).")
    var cell: String = "8x16"

    @Flag(name: .long, help: "Print each stage's time to standard error.")
    var timings = false

    @Flag(name: .long, help: "Draw again whenever the file (or anything it imports) changes, until interrupted; on a terminal each drawing replaces the last.")
    var watch = false

    func validate() throws {
        _ = try parseCell()
        if watch && file == "-" { throw ValidationError("--watch needs a file, not standard input") }
        if format != .text && (ascii || outline) { throw ValidationError("--ascii and --outline apply to --format text only") }
        if output == "-" { throw ValidationError("--output takes a file; without it the preview goes to standard output") }
    }

    func parseCell() throws -> (Double, Double) {
        let parts = cell.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 1000, h <= 1000 else {
            throw ValidationError("--cell takes WxH with whole points from 1 to 1000, like 8x16")
        }
        return (w, h)
    }

    func run() throws {
        try Inputs.checkRoot(root)
        if watch {
            let (files, _) = try Inputs.watchable([file])
            // On a terminal each redraw replaces the last one.
            let live = output.map { PreviewOutput.liveReload(for: $0) }
            Watch.loop(inputs: files, directories: [], clearScreen: output == nil && isatty(1) == 1) { try runOnce($0, live: live) }
        }
        try runOnce(PathRecorder(), live: nil)
    }

    /// One render, recording the files read (for `--watch`); `live` makes an HTML page or SVG reload
    /// itself when a later run rewrites it.
    func runOnce(_ recorder: PathRecorder, live: LiveReload?) throws {
        let input = try Inputs.readOne(file)
        let live = format == .text ? nil : live.map(PreviewOutput.nextStamp)
        var analysis = Pipeline.analyze(bytes: input.bytes, path: input.displayPath,
                                        viewports: viewportOptions.selection(default: format == .html ? .all : .first),
                                        workspace: WorkspaceSettings.forFile(input.displayPath, root: root),
                                        reading: { recorder.record($0) })
        try checkViewport(analysis)
        let (cw, ch) = try parseCell()
        let options = RenderOptions(cellWidth: cw, cellHeight: ch, ascii: ascii, outline: outline,
                                    color: output == nil ? color.enabled(forFileDescriptor: 1) : color == .always)  // auto: never in a file
        let clock = DispatchTime.now().uptimeNanoseconds
        var out = ""
        switch format {
        case .text:
            for layout in analysis.layouts { out += ASCIIRenderer.render(layout, options: options) }
        case .svg:
            for layout in analysis.layouts.prefix(1) { out += SVGRenderer.render(layout, live: live) }
        case .html:
            let title = input.displayPath == "-" ? "standard input" : input.displayPath
            out = HTMLRenderer.render(analysis.layouts, options: HTMLOptions(title: title, live: live))
        }
        analysis.timings.render = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
        if let output {
            try PreviewOutput.write(out, to: output, live: live)
            if watch { StandardError.write("tatami: wrote \(output)\n") }
        } else {
            StandardOutput.write(out)
        }
        if timings { printTimings(analysis.timings, file: input.displayPath, includeRender: true) }
        try exitOnErrors(analysis, file: input.displayPath)
    }
}

/// `preview` and `frames` still draw a file with errors, then say on standard error why they
/// exit 1: how many errors, and the first (the output above may be all a script shows).
func exitOnErrors(_ analysis: Analysis, file: String) throws {
    let errors = analysis.diagnostics.filter { $0.severity == .error }
    guard !errors.isEmpty else { return }
    let first = LocatedDiagnostic(file: file, diagnostic: errors[0], table: analysis.lineTable)
    StandardError.write("\(errors.count) error\(errors.count == 1 ? "" : "s") in \(file), the first at line \(first.line): "
                        + "\(errors[0].message) [\(errors[0].code.name)] (run tatami lint for all)\n")
    throw ExitCode(1)
}

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every view's computed frame.")

    @Argument(help: "The file to lay out; - reads standard input.")
    var file: String

    @OptionGroup var viewportOptions: ViewportOptions<FramesViewports>

    @Option(name: .long, help: "Output format: json or text.")
    var format: FramesFormat = .json

    @Option(name: .long, help: ArgumentHelp(
        """
        The workspace root: imports must stay inside it (default: the directory holding the nearest \
        tatami.config.yaml above the file, else the nearest .git, else the current directory).
        """,
        valueName: "DIR"))
    var root: String?

    @Flag(name: .long, help: "Print each stage's time to standard error.")
    var timings = false

    func run() throws {
        try Inputs.checkRoot(root)
        let input = try Inputs.readOne(file)
        let analysis = Pipeline.analyze(bytes: input.bytes, path: input.displayPath,
                                        viewports: viewportOptions.selection(default: .first),
                                        workspace: WorkspaceSettings.forFile(input.displayPath, root: root))
        try checkViewport(analysis)
        for layout in analysis.layouts {
            switch format {
            case .json: StandardOutput.write(FramesFormatter.json(file: input.displayPath, result: layout))
            case .text: StandardOutput.write(FramesFormatter.text(file: input.displayPath, result: layout))
            }
        }
        if timings { printTimings(analysis.timings, file: input.displayPath, includeRender: false) }
        try exitOnErrors(analysis, file: input.displayPath)
    }
}

/// `tatami preview --format`.
enum PreviewFormat: String, CaseIterable, ExpressibleByArgument {
    case text, svg, html
}

/// `tatami preview --output`: files replaced whole, and the stamp script of a live page.
enum PreviewOutput {
    /// The stamp script beside `path` (`page.html` → `page.html.live.js`) and a stamp new to this
    /// process, made before the first run; each write takes a newer one.
    static func liveReload(for path: String) -> LiveReload {
        LiveReload(stamp: "", scriptName: (URL(fileURLWithPath: path).lastPathComponent) + ".live.js")
    }

    private static var writes = 0

    /// `live` with a stamp no earlier write of this process had.
    static func nextStamp(_ live: LiveReload) -> LiveReload {
        writes += 1
        var next = live
        next.stamp = "\(ProcessInfo.processInfo.processIdentifier)-\(Int(Date().timeIntervalSince1970 * 1000))-\(writes)"
        return next
    }

    /// Writes `text` to `path` through a temporary file in the same folder and a rename, so a
    /// reader never sees half a file. With `live`, the page first, then its stamp script, so an
    /// open page that sees the new stamp reloads into the new page.
    static func write(_ text: String, to path: String, live: LiveReload?) throws {
        try replace(path, with: text)
        // A page written into a device or a pipe has no folder beside it to reload from.
        guard let live, fileType(path).map({ $0 == S_IFREG }) ?? true else { return }
        let script = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(live.scriptName).path
        try replace(script, with: live.script)
    }

    /// Writes `text` to `path`: a regular file (or a new one) through a temporary file and a
    /// rename; a device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe) written into,
    /// never replaced; a directory refused.
    static func replace(_ path: String, with text: String) throws {
        if let type = fileType(path), type != S_IFREG {
            guard type != S_IFDIR else { throw InputError(description: "\(path): cannot write (it is a directory)") }
            try writeInto(path, text)
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                throw InputError(description: "\(path): cannot write (\(String(cString: strerror(errno))))")
            }
        } catch let error as InputError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw InputError(description: "\(path): cannot write (\(error.localizedDescription))")
        }
    }
}

extension PreviewOutput {
    /// The type bits of what `path` names (its links followed), or nil when nothing is there.
    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Writes `text` into the existing file `path` (a device, FIFO or socket).
    private static func writeInto(_ path: String, _ text: String) throws {
        func failure(_ reason: String) -> InputError { InputError(description: "\(path): cannot write (\(reason))") }
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { close(fd) }
        if let problem = SourceFileWriter.writeAll(fd, Array(text.utf8)) { throw failure(String(cString: strerror(problem))) }
    }
}

extension LintFormat: ExpressibleByArgument {}
extension FramesFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}
