import TatamiValidation
import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiYAML

/// Which viewports to lay out.
public enum ViewportSelection: Sendable, Hashable {
    /// Every viewport the file declares (lint, hover).
    case all
    /// The file's first viewport (preview and frames without `--viewport`).
    case first
    case named(String)
    /// A viewport made on the command line (`--width W --height H`).
    case custom(width: Double, height: Double)
}

/// How long each stage took, in seconds.
public struct StageTimings: Sendable {
    public var parse: Double = 0
    public var validate: Double = 0
    public var layout: Double = 0
    public var render: Double = 0

    public init() {}
}

/// Everything known about one file: each stage's result and the diagnostics of all of them.
public struct Analysis: Sendable {
    public let path: String
    public let lineTable: LineTable
    /// The parse; without its tree (`root` nil) when the caller did not keep it
    /// (`keepsSyntaxTree`).
    public let yaml: YAMLParseResult
    public let document: TatamiDocument
    public let layouts: [LayoutResult]
    /// Diagnostics of every stage, with suppressions applied, in display order.
    public let diagnostics: [Diagnostic]
    /// Set when a named viewport does not exist (the CLI turns it into a usage error).
    public let missingViewport: String?
    public var timings: StageTimings
    /// Whether the file is a workspace file (`tatami.config.yaml`, docs/workspace.md) rather
    /// than a Tatami file: its keys are `Schema.workspaceTopLevel`, and it has no body.
    public var isWorkspaceFile = false

    /// The keys of the file's top-level mapping.
    public var topLevelKeys: [KeySpec] { isWorkspaceFile ? Schema.workspaceTopLevel : Schema.topLevel }

    /// This analysis's model read beside a newer text of the same file: what completion reads
    /// while the newer text's own analysis is computed. Completion takes the place and the word
    /// being typed from the text (`lineTable`) and only the declarations (components, fonts,
    /// alignments, viewports) from the model, which a few keystrokes rarely change; nothing
    /// else may be asked of the result, whose tree and layouts are of the older text.
    public func readingText(_ newer: LineTable) -> Analysis {
        Analysis(path: path, lineTable: newer, yaml: yaml, document: document, layouts: layouts,
                 diagnostics: diagnostics, missingViewport: missingViewport, timings: timings, isWorkspaceFile: isWorkspaceFile)
    }
}

/// Runs parse → validate → layout for one file. Never throws: problems are diagnostics.
public enum Pipeline {
    /// A workspace file (`tatami.config.yaml`) checked as `tatami lint` checks it: its YAML,
    /// keys and values (`Validator.validateWorkspaceConfig`) and the codes under `rules:`. The
    /// model holds the viewports and fonts it declares; nothing is laid out.
    public static func analyzeWorkspaceFile(bytes: [UInt8], path: String) -> Analysis {
        var clock = Stopwatch()
        var timings = StageTimings()
        let yaml = YAMLParser.parse(bytes: bytes)
        timings.parse = clock.lap()
        let checked = Workspace.check(yaml: yaml, path: path)
        timings.validate = clock.lap()
        let inherited = checked.config.inherited
        var fonts = FontMetrics.defaults
        for font in inherited.fonts { fonts[font.name] = font.metrics }
        let document = TatamiDocument(viewports: inherited.viewports.isEmpty ? [.fallback] : inherited.viewports, fonts: fonts)
        return Analysis(path: path, lineTable: yaml.lineTable, yaml: yaml, document: document, layouts: [],
                        diagnostics: checked.diagnostics, missingViewport: nil, timings: timings, isWorkspaceFile: true)
    }

    /// Whether `path` names a workspace file.
    public static func isWorkspaceFile(_ path: String) -> Bool {
        path == Workspace.fileName || path.hasSuffix("/" + Workspace.fileName)
    }

    /// `workspaceRoot` nil: the text stands alone and cannot import. Otherwise imports are read
    /// from disk, relative to `path` (to the current directory for `<stdin>`), and must stay
    /// inside `workspaceRoot`.
    public static func analyze(
        text: String, path: String = "<stdin>", viewports: ViewportSelection = .all, layout: Bool = true,
        workspaceRoot: String? = nil
    ) -> Analysis {
        analyze(bytes: Array(text.utf8), path: path, viewports: viewports, layout: layout, workspaceRoot: workspaceRoot)
    }

    public static func analyze(
        bytes: [UInt8], path: String = "<stdin>", viewports: ViewportSelection = .all, layout: Bool = true,
        workspaceRoot: String? = nil
    ) -> Analysis {
        let context = workspaceRoot.map { fileContext(path: path, workspaceRoot: $0) } ?? .standalone
        return analyze(bytes: bytes, path: path, viewports: viewports, layout: layout, context: context)
    }

    /// A file on disk checked with its workspace's settings: imports stay inside its root, the
    /// workspace file's viewports and fonts are inherited and its `rules` applied.
    /// `reading` is told every path the analysis resolves or reads (imports, found or not), for
    /// callers that watch them (`--watch`).
    public static func analyze(
        bytes: [UInt8], path: String, viewports: ViewportSelection = .all, layout: Bool = true,
        workspace: WorkspaceSettings, alreadyOnLargeStack: Bool = false, keepsSyntaxTree: Bool = true,
        reading: (@Sendable (String) -> Void)? = nil
    ) -> Analysis {
        var context = fileContext(path: path, workspaceRoot: workspace.root)
        context.inherited = workspace.config?.config.inherited
        if let reading {
            let disk = context
            context.resolve = { p in
                reading(ImportPath.normalize(p))
                return disk.resolve(p)
            }
            context.load = { p in
                reading(p)
                return disk.load(p)
            }
            context.loadFont = { p in
                reading(p)
                return disk.loadFont(p)
            }
        }
        return analyze(bytes: bytes, path: path, viewports: viewports, layout: layout, context: context,
                       isCancelled: nil, alreadyOnLargeStack: alreadyOnLargeStack,
                       rules: workspace.config?.levels ?? [:], keepsSyntaxTree: keepsSyntaxTree)!
    }

    /// A validation context that reads imports from disk: paths are made absolute against the
    /// current directory, symbolic links resolved with `realpath`, files read with FileManager,
    /// imported files' validations shared through `ImportCache.shared`.
    public static func fileContext(path: String, workspaceRoot: String) -> ValidationContext {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : cwd + "/" + p }
        // Standard input's imports are relative to the current directory.
        let file = path == "<stdin>" ? absolute("<stdin>") : absolute(path)
        var context = ValidationContext(
            filePath: ImportPath.normalize(file), workspaceRoot: ImportPath.normalize(absolute(workspaceRoot)),
            resolve: { canonicalPath($0) },
            load: { p in FileManager.default.contents(atPath: p).map { [UInt8]($0) } })
        context.loadFont = { FontFiles.bytes(at: $0) }
        // Imported files validated once per text, however many files import them.
        context.importCache = .shared
        return context
    }

    /// `FileSystemPath.canonical`; for standard input's pseudo-file, its directory is resolved
    /// instead.
    static func canonicalPath(_ path: String) -> String? {
        if path.hasSuffix("/<stdin>") {
            return canonicalPath(ImportPath.directory(of: path)).map { $0 + "/<stdin>" }
        }
        return FileSystemPath.canonical(path)
    }

    public static func analyze(
        bytes: [UInt8], path: String, viewports: ViewportSelection = .all, layout: Bool = true,
        context: ValidationContext
    ) -> Analysis {
        analyze(bytes: bytes, path: path, viewports: viewports, layout: layout, context: context, isCancelled: nil)!
    }

    /// The same, stopping early when `isCancelled` answers true (asked between stages and
    /// between viewports, from the analysing thread): nil then. The language server passes it
    /// so that a newer edit stops the analysis of an older text.
    ///
    /// `keepsSyntaxTree` false: a caller that reads only diagnostics, the model and frames
    /// (`tatami lint` without `--fix`) lets the YAML tree go once validation has read it, before
    /// layout, so the two are never held together; the analysis's `yaml` then has no root.
    /// `lineTable`: the text's, when the caller keeps one (the server, one per revision).
    /// `layoutMemory`: what the document's last layouts kept (the server, one per document);
    /// `parseMemory`: its last parse, for a block reparse (the server, one per document). The
    /// analysis is the same without them.
    public static func analyze(
        bytes: [UInt8], path: String, viewports: ViewportSelection = .all, layout: Bool = true,
        context: ValidationContext, isCancelled: (@Sendable () -> Bool)?, alreadyOnLargeStack: Bool = false,
        rules: [String: RuleLevel] = [:], keepsSyntaxTree: Bool = true, lineTable: LineTable? = nil,
        layoutMemory: LayoutMemory? = nil, parseMemory: ParseMemory? = nil
    ) -> Analysis? {
        analyze(parse: { parseMemory?.parse(bytes: bytes, lineTable: lineTable) ?? YAMLParser.parse(bytes: bytes, lineTable: lineTable) },
                path: path, viewports: viewports, layout: layout, context: context,
                isCancelled: isCancelled, alreadyOnLargeStack: alreadyOnLargeStack, rules: rules, keepsSyntaxTree: keepsSyntaxTree,
                layoutMemory: layoutMemory)
    }

    /// The same from a parse already made: `tatami diff` parses a file whose bytes are the same
    /// in both revisions once, to find what it imports, and validates and lays it out in each
    /// revision from that one parse (a parse result is immutable, so two analyses may share it).
    public static func analyze(
        parsed: YAMLParseResult, path: String, viewports: ViewportSelection = .all, context: ValidationContext,
        alreadyOnLargeStack: Bool = false, rules: [String: RuleLevel] = [:], keepsSyntaxTree: Bool = true,
        layoutMemory: LayoutMemory? = nil
    ) -> Analysis {
        analyze(parse: { parsed }, path: path, viewports: viewports, layout: true, context: context, isCancelled: nil,
                alreadyOnLargeStack: alreadyOnLargeStack, rules: rules, keepsSyntaxTree: keepsSyntaxTree, layoutMemory: layoutMemory)!
    }

    private static func analyze(
        parse: @escaping () -> YAMLParseResult, path: String, viewports: ViewportSelection, layout: Bool,
        context: ValidationContext, isCancelled: (@Sendable () -> Bool)?, alreadyOnLargeStack: Bool,
        rules: [String: RuleLevel], keepsSyntaxTree: Bool, layoutMemory: LayoutMemory? = nil
    ) -> Analysis? {
        let stop = isCancelled ?? { false }
        let work = { () -> Analysis? in
            var timings = StageTimings()
            var clock = Stopwatch()
            var yaml = parse()
            timings.parse = clock.lap()
            if stop() { return nil }
            let validation = Validator.validate(yaml, context: context)
            if !keepsSyntaxTree {
                yaml = YAMLParseResult(root: nil, diagnostics: yaml.diagnostics, lineTable: yaml.lineTable,
                                       isComplete: yaml.isComplete, usesAliases: yaml.usesAliases, directives: yaml.directives)
            }
            timings.validate = clock.lap()
            if stop() { return nil }

            let document = validation.document
            var chosen: [Viewport] = []
            var missing: String?
            switch viewports {
            case .all: chosen = document.viewports
            case .first: chosen = Array(document.viewports.prefix(1))
            case .named(let name):
                if let v = document.viewport(named: name) { chosen = [v] } else { missing = name }
            case .custom(let w, let h):
                chosen = [Viewport(name: "\(formatNumber(w))x\(formatNumber(h))", width: w, height: h)]
            }
            var layouts: [LayoutResult] = []
            if layout {
                guard let all = LayoutEngine.layouts(document, in: chosen, memory: layoutMemory, isCancelled: stop) else { return nil }
                layouts = all
            }
            timings.layout = clock.lap()

            let suppressions = Suppressions(yaml.directives, in: yaml.lineTable)
            // The validator's list already holds the YAML stage's.
            var all = validation.diagnostics
            // Checks of the written tree (`too-deep`, `useless-container`): once, not per viewport.
            if layout { StructuralLints.check(document, sharesViews: yaml.usesAliases, into: &all) }
            // A view whose problem validation already reported gets no layout warnings of its own.
            func reported(_ l: LayoutResult) -> [Diagnostic] {
                document.explainedViews.isEmpty ? l.diagnostics : ExplainedViews.filter(l.diagnostics, of: l, in: document)
            }
            if document.components.isEmpty && !yaml.usesAliases {
                // Every layout diagnostic names its viewport, so without components or aliases
                // (views read twice from one text) none repeats.
                if all.isEmpty && layouts.count == 1 {
                    all = reported(layouts[0])  // shared, not copied
                } else {
                    for l in layouts { all.append(contentsOf: reported(l)) }
                }
            } else {
                // Two instances of one component, or two copies of an aliased view, report the
                // same layout problem once.
                var repeats = RepeatFilter()
                for l in layouts {
                    for d in reported(l) where repeats.isNew(d) { all.append(d) }
                }
            }
            var shown = suppressions.isEmpty ? all : all.filter { !suppressions.silences($0, in: yaml.lineTable) }
            if !suppressions.written.isEmpty { shown += DiagnosticCatalog.unknownCodes(suppressions.written, effect: "this comment silences nothing") }
            // A workspace file's `rules:` (`off` drops a code, the others set its severity).
            if !rules.isEmpty { shown = Workspace.apply(rules, to: shown) }
            return Analysis(
                path: path, lineTable: yaml.lineTable, yaml: yaml, document: document, layouts: layouts,
                diagnostics: shown.sortedForDisplay(), missingViewport: missing, timings: timings)
        }
        // `alreadyOnLargeStack`: the caller's thread has `LargeStack.size` of stack (the language
        // server's analysis thread, which then makes every analysis's objects in one place
        // rather than on a new thread each time).
        return alreadyOnLargeStack ? work() : LargeStack.run(work)
    }
}

/// Runs work on a thread with a large stack: validation and layout recurse once per nesting
/// level, and the documented nesting limits are set so that this stack always suffices.
public enum LargeStack {
    public static let size = 512 << 20

    public static func run<T>(_ body: @escaping () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }
}

/// Carries a result out of the worker thread (the semaphore orders the accesses).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Wall-clock lap timer.
struct Stopwatch {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }
}

/// Tells which diagnostics were seen before. Diagnostics are compared in full only with those
/// at the same range: hashing each whole (its message and related places)
/// cost more than the rest of an edit's analysis in a file with thousands of layout warnings.
private struct RepeatFilter {
    private struct Place: Hashable {
        let start: Int, end: Int
    }

    private var seen: [Diagnostic] = []
    /// Per place, the last diagnostic seen there; `previous` chains to the one before it (-1: none).
    private var last: [Place: Int] = [:]
    private var previous: [Int] = []

    /// Whether `d` differs from every diagnostic seen before; remembers it.
    mutating func isNew(_ d: Diagnostic) -> Bool {
        let place = Place(start: d.range.start, end: d.range.end)
        let latest = last[place] ?? -1
        var i = latest
        while i >= 0 {
            if seen[i] == d { return false }
            i = previous[i]
        }
        previous.append(latest)
        last[place] = seen.count
        seen.append(d)
        return true
    }
}
