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
    public let yaml: YAMLParseResult
    public let document: TatamiDocument
    public let layouts: [LayoutResult]
    /// Diagnostics of every stage, with suppressions applied, in display order.
    public let diagnostics: [Diagnostic]
    /// Set when a named viewport does not exist (the CLI turns it into a usage error).
    public let missingViewport: String?
    public var timings: StageTimings
}

/// Runs parse → validate → layout for one file. Never throws: problems are diagnostics.
public enum Pipeline {
    public static func analyze(
        text: String, path: String = "<stdin>", viewports: ViewportSelection = .all, layout: Bool = true
    ) -> Analysis {
        analyze(bytes: Array(text.utf8), path: path, viewports: viewports, layout: layout)
    }

    public static func analyze(
        bytes: [UInt8], path: String = "<stdin>", viewports: ViewportSelection = .all, layout: Bool = true
    ) -> Analysis {
        LargeStack.run {
            var timings = StageTimings()
            var clock = Stopwatch()
            let yaml = YAMLParser.parse(bytes: bytes)
            timings.parse = clock.lap()
            let validation = Validator.validate(yaml)
            timings.validate = clock.lap()

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
                layouts = chosen.map { LayoutEngine.layout(document, in: $0) }
            }
            timings.layout = clock.lap()

            let suppressions = Suppressions(yaml.lineTable)
            var all = yaml.diagnostics + validation.diagnostics
            for l in layouts { all += l.diagnostics }
            let shown = all.filter { !suppressions.silences($0, in: yaml.lineTable) }
            return Analysis(
                path: path, lineTable: yaml.lineTable, yaml: yaml, document: document, layouts: layouts,
                diagnostics: shown.sortedForDisplay(), missingViewport: missing, timings: timings)
        }
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
