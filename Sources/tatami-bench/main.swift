// Tatami's benchmark. Every figure is a whole process, timed from spawn to reap, with its CPU time
// (user + system) and peak resident memory from `wait4`: libyaml alone pulling a file's events (the
// C floor, Benchmarks/yaml-pull.c, or without it this benchmark's own `--pull`), Tatami's stages one
// after the other in one process (`--stages`: each stage's wall and CPU time and the resident memory
// after it), and the built `tatami lint`. Medians of several runs. Run it in a release build, from
// the repository's root:
//   swift build -c release && scripts/build-yaml-pull.sh && .build/release/tatami-bench [--quick | --file F]
import TatamiValidation
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiRender
import TatamiServices
import TatamiYAML

let quick = CommandLine.arguments.contains("--quick")

// MARK: Generated files

/// Stacks nested `depth` levels, 10 children each, alternating vstack/hstack, with 10×10 colour
/// leaves: 1 + 10 + … + 10^depth views (depth 3: 1,111; 4: 11,111; 5: 111,111).
func nestedStacks(depth: Int) -> String {
    var out = "tatami: 1\nviewports:\n  screen: {width: 100000, height: 100000}\nbody:\n"
    func emit(_ level: Int, indent: String, first: String) {
        if level == depth {
            out += first + "color: red\n" + indent + "frame: {width: 10, height: 10}\n"
            return
        }
        out += first + (level % 2 == 0 ? "vstack:\n" : "hstack:\n")
        for _ in 0..<10 { emit(level + 1, indent: indent + "    ", first: indent + "  - ") }
        out += indent + "spacing: 0\n"
    }
    emit(0, indent: "  ", first: "  ")
    return out
}

/// `chains` chains of `length` nested stacks, each ending in a colour, side by side in an hstack.
/// Block style, two spaces deeper per level: the file grows with the square of the depth, but
/// libyaml reads it linearly (flow style, `{vstack: [{hstack: [...]}]}`, is smaller yet costs
/// libyaml time quadratic in the nesting: BENCHMARKS.md, "Deep chains against a flat list").
func deepChains(chains: Int, length: Int) -> String {
    var out = "tatami: 1\nviewports:\n  screen: {width: 100000, height: 100000}\nbody:\n  hstack:\n"
    for _ in 0..<chains {
        var indent = "  "
        var line = indent + "- "
        for level in 0..<length {
            line += level % 2 == 0 ? "vstack:\n" : "hstack:\n"
            indent += "  "
            line += indent + "- "
        }
        out += line + "color: blue\n"
    }
    return out
}

/// As many views as the chains hold, in one flat list.
func flatList(count: Int) -> String {
    var out = "tatami: 1\nviewports:\n  screen: {width: 100000, height: 100000}\nbody:\n  vstack:\n"
    for _ in 0..<(count - 1) { out += "    - color: blue\n" }
    out += "  spacing: 0\n"
    return out
}

// MARK: Processes

/// What one whole process cost.
struct ProcessCost {
    var wall = 0.0, cpu = 0.0, peakMB = 0.0
    var output = ""
}

func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Runs `argv` and returns its wall time (spawn to reap), CPU time and peak resident memory.
/// Spawned with `posix_spawn` and reaped with `wait4`: Foundation's `Process` notices an exit only
/// at its next poll, and does not give the child's resource usage.
func runProcess(_ argv: [String], capture: Bool = true) -> ProcessCost {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return ProcessCost(wall: .nan, cpu: .nan, peakMB: .nan) }
    if capture {
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for a in cArgs { free(a) } }
    let start = now()
    var pid = pid_t()
    guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ) == 0 else {
        close(fds[0]); close(fds[1])
        return ProcessCost(wall: .nan, cpu: .nan, peakMB: .nan)
    }
    close(fds[1])
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fds[0], &buffer, buffer.count)
        if n > 0 { output += buffer[0..<n] } else if n == 0 || errno != EINTR { break }
    }
    close(fds[0])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    let wall = now() - start
    return ProcessCost(wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                       peakMB: Double(usage.ru_maxrss) / 1024, output: String(decoding: output, as: UTF8.self))
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func medianCost(_ costs: [ProcessCost]) -> ProcessCost {
    ProcessCost(wall: median(costs.map(\.wall)), cpu: median(costs.map(\.cpu)), peakMB: median(costs.map(\.peakMB)))
}

// MARK: Child modes

func argument(after flag: String) -> String? {
    guard let i = CommandLine.arguments.firstIndex(of: flag), i + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[i + 1]
}

// `--pull PATH`: libyaml's bare event pull of one file and nothing else, from Swift: what the
// benchmark compares with when the C floor is not built (its process start adds the Swift
// runtime's, about 11 ms), and what `scripts/cpu-ratio.py --swift-pull` measures.
if let path = argument(after: "--pull") {
    guard let data = FileManager.default.contents(atPath: path) else { exit(2) }
    print(YAMLParser.pullEvents(bytes: [UInt8](data)))
    exit(0)
}

/// This process's CPU time (user + system, every thread).
func processCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Resident memory now, in MB (Linux: /proc/self/statm).
func residentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return .nan }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

// `--write-nested DEPTH`: writes the nested-DEPTH file the full run uses and prints its path
// (scripts/bench-yoga.py lays the same tree out in Yoga).
if let depth = argument(after: "--write-nested").flatMap(Int.init), (1...6).contains(depth) {
    print(writeFile("nested-\(depth)", nestedStacks(depth: depth)))
    exit(0)
}

// `--stages PATH`: parse, validate, lay out (the first viewport) and render (a 320×480 grid) one
// file in this fresh process, each stage's result kept alive as the pipeline keeps it, and print
// one line per stage: name, wall ms, CPU ms, resident MB after it; then the view count.
if let path = argument(after: "--stages") {
    guard let data = FileManager.default.contents(atPath: path) else { exit(2) }
    let bytes = [UInt8](data)
    func stage<T>(_ name: String, _ body: () -> T) -> T {
        let (w, c) = (now(), processCPU())
        let result = body()
        print(String(format: "%@ %.3f %.3f %.2f", name as NSString, (now() - w) * 1000, (processCPU() - c) * 1000, residentMB()))
        return result
    }
    print(String(format: "start 0 0 %.2f", residentMB()))
    let yaml = stage("parse") { YAMLParser.parse(bytes: bytes) }
    let validation = stage("validate") { LargeStack.run { Validator.validate(yaml) } }
    let doc = validation.document
    let layout = stage("layout") { LargeStack.run { LayoutEngine.layout(doc, in: doc.viewports[0]) } }
    _ = stage("render") {
        ASCIIRenderer.render(LayoutResult(viewport: Viewport(name: "screen", width: 320, height: 480), root: layout.root, diagnostics: []),
                             options: RenderOptions())
    }
    print("views \(doc.viewCount)")
    withExtendedLifetime((yaml, validation, layout)) {}
    exit(0)
}

// MARK: Measuring a file

/// The built `tatami` next to this benchmark, if any.
let tatamiBinary: String? = {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tatami").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()
let benchBinary = URL(fileURLWithPath: CommandLine.arguments[0]).path

/// The floor every file is measured against: libyaml's bare pull as a C program (`--floor PATH`,
/// else `.build/yaml-pull` under the current directory, as scripts/build-yaml-pull.sh builds it),
/// so that no Swift runtime start-up is in it; without it, this benchmark's own `--pull`.
let floorPull: (argv: [String], name: String) = {
    let path = argument(after: "--floor") ?? ".build/yaml-pull"
    if FileManager.default.isExecutableFile(atPath: path) { return ([path], "libyaml pull (C)") }
    return ([benchBinary, "--pull"], "libyaml pull (Swift)")
}()

struct StageCost { var wall = 0.0, cpu = 0.0, residentMB = 0.0 }

struct FileFigures {
    var views = 0, bytes = 0
    var pull = ProcessCost(), lint = ProcessCost(), stagesProcess = ProcessCost()
    var stages: [(String, StageCost)] = []
}

func writeFile(_ name: String, _ text: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-bench")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("\(name).tatami.yaml").path
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

/// `runs` rounds of: libyaml's pull, the stages process, `tatami lint`; medians of each figure.
func measure(path: String, runs: Int) -> FileFigures {
    var f = FileFigures()
    f.bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    var pulls: [ProcessCost] = [], lints: [ProcessCost] = [], stageRuns: [ProcessCost] = []
    var perStage: [String: [StageCost]] = [:]
    var order: [String] = []
    for _ in 0..<runs {
        pulls.append(runProcess(floorPull.argv + [path]))
        let s = runProcess([benchBinary, "--stages", path])
        stageRuns.append(s)
        for line in s.output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.first == "views", parts.count == 2 { f.views = Int(parts[1]) ?? 0; continue }
            guard parts.count == 4, let w = Double(parts[1]), let c = Double(parts[2]), let r = Double(parts[3]) else { continue }
            let name = String(parts[0])
            if perStage[name] == nil { order.append(name) }
            perStage[name, default: []].append(StageCost(wall: w / 1000, cpu: c / 1000, residentMB: r))
        }
        if let tatami = tatamiBinary { lints.append(runProcess([tatami, "lint", path], capture: false)) }
    }
    f.pull = medianCost(pulls)
    f.stagesProcess = medianCost(stageRuns)
    f.lint = lints.isEmpty ? ProcessCost(wall: .nan, cpu: .nan, peakMB: .nan) : medianCost(lints)
    f.stages = order.map { name in
        let xs = perStage[name]!
        return (name, StageCost(wall: median(xs.map(\.wall)), cpu: median(xs.map(\.cpu)), residentMB: median(xs.map(\.residentMB))))
    }
    return f
}

func ms(_ s: Double) -> String { s.isNaN ? "     n/a" : String(format: "%8.1f", s * 1000) }
func mb(_ m: Double) -> String { m.isNaN ? "   n/a" : String(format: "%6.1f", m) }

func report(_ name: String, _ f: FileFigures) {
    print(String(format: "%@: %d views, %d bytes", name as NSString, f.views, f.bytes))
    print("                          wall ms    CPU ms  peak MB")
    print("  \(floorPull.name.padding(toLength: 22, withPad: " ", startingAt: 0))  \(ms(f.pull.wall))  \(ms(f.pull.cpu))   \(mb(f.pull.peakMB))")
    print("  tatami lint (process)   \(ms(f.lint.wall))  \(ms(f.lint.cpu))   \(mb(f.lint.peakMB))"
          + String(format: "   CPU %.2f× the pull; peak %.2f KB per view", f.lint.cpu / f.pull.cpu, f.lint.peakMB * 1024 / Double(max(1, f.views))))
    print("  stages (one process)    \(ms(f.stagesProcess.wall))  \(ms(f.stagesProcess.cpu))   \(mb(f.stagesProcess.peakMB))")
    var before = f.stages.first(where: { $0.0 == "start" })?.1.residentMB ?? 0
    for (stage, c) in f.stages where stage != "start" {
        let grown = c.residentMB - before
        before = c.residentMB
        print("    \(stage.padding(toLength: 20, withPad: " ", startingAt: 0)) \(ms(c.wall))  \(ms(c.cpu))   \(mb(c.residentMB))"
              + String(format: "   +%.1f MB, %.0f bytes per view", grown, grown * 1_048_576 / Double(max(1, f.views))))
    }
}

// `--edits FILE [--rounds N] [--no-memory | --no-validation-memory | --no-parse-memory] [--marker TEXT] [--typed TEXT]`:
// what the language server does after each keystroke,
// in one process, without the pipes: the file analysed once, then N times more, each time with one
// character typed into a title (the `title: "…"` lines in turn, as scripts/lsp-latency.py types),
// with one `LayoutMemory`, one `ValidationMemory` and one `ParseMemory` across the analyses
// (`--no-memory`: each parsed whole, validated and laid out from nothing; `--no-validation-memory`:
// each validated from nothing; `--no-parse-memory`: each parsed whole). Prints
// the CPU time (user + system, the whole process) of the first analysis and the median of the
// others, and what layout took over and copied. Under callgrind, the instruction count of the
// whole run is the repeatable figure.
if let path = argument(after: "--edits") {
    guard var bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else { print("cannot read \(path)"); exit(2) }
    let rounds = argument(after: "--rounds").flatMap { Int($0) } ?? 20
    let memory: LayoutMemory? = CommandLine.arguments.contains("--no-memory") ? nil : LayoutMemory()
    let items: ValidationMemory? = memory == nil || CommandLine.arguments.contains("--no-validation-memory") ? nil : ValidationMemory()
    let parses: ParseMemory? = memory == nil || CommandLine.arguments.contains("--no-parse-memory") ? nil : ParseMemory()
    let folder = (path as NSString).deletingLastPathComponent
    func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    func analyse() -> (Double, Analysis) {
        let start = cpuSeconds()
        var context = Pipeline.fileContext(path: path, workspaceRoot: folder.isEmpty ? "." : folder)
        context.memory = items
        let a = Pipeline.analyze(bytes: bytes, path: path, context: context, isCancelled: nil, layoutMemory: memory,
                                 parseMemory: parses)!
        return (cpuSeconds() - start, a)
    }
    // Where each title's closing quote is: the last `"` of a line holding `title: "` (bytes
    // compared, so that finding them costs little beside the analyses).
    // `--marker TEXT` types into the lines holding TEXT instead (`detail: "` reaches the cards'
    // wrapping detail line), `--typed TEXT` types TEXT instead of one `x` (a long one wraps the
    // line: the card grows, and every card after it moves).
    let marker = Array((argument(after: "--marker") ?? "title: \"").utf8)
    let typed = Array((argument(after: "--typed") ?? "x").utf8)
    func titleQuotes() -> [Int] {
        var quotes: [Int] = []
        var lineStart = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            let line = bytes[lineStart..<i]
            if let q = line.lastIndex(of: UInt8(ascii: "\"")),
               line.indices.contains(where: { bytes[$0...].starts(with: marker) && $0 + marker.count <= i }) {
                quotes.append(q)
            }
            lineStart = i + 1
        }
        return quotes
    }
    let (first, opened) = analyse()
    let count = titleQuotes().count
    guard count > 0 else { print("no `\(String(decoding: marker, as: UTF8.self))…\"` line in \(path) to type into"); exit(2) }
    var times: [Double] = []
    var stages: [StageTimings] = []
    var computed = 0, copied = 0, frames = 0, reused = 0, read = 0, reparsed = 0, regionBytes = 0, nodes = 0
    for k in 0..<rounds {
        let quotes = titleQuotes()
        bytes.insert(contentsOf: typed, at: quotes[(k * 37) % count])
        let (t, a) = analyse()
        times.append(t)
        computed += a.layouts.reduce(0) { $0 + $1.measurementsComputed }
        copied += a.layouts.reduce(0) { $0 + $1.framesCopied }
        nodes += a.layouts.reduce(0) { $0 + $1.nodesCopied }
        frames += a.layouts.reduce(0) { $0 + ($1.root?.tree.count ?? 0) }
        if let counts = items?.lastCounts { reused += counts.reused; read += counts.read }
        if let region = parses?.lastRegionBytes { reparsed += 1; regionBytes += region }
        stages.append(a.timings)
    }
    times.sort()
    guard !times.isEmpty else {
        print(String(format: "%@: %d diagnostics; first analysis %.1f ms CPU", path, opened.diagnostics.count, first * 1000))
        exit(0)
    }
    print(String(format: "%@: %d diagnostics; first analysis %.1f ms CPU; %d edits: median %.1f ms CPU (%.1f–%.1f)%@",
                 path, opened.diagnostics.count, first * 1000, rounds, times[times.count / 2] * 1000, times.first! * 1000,
                 times.last! * 1000, memory == nil ? ", no layout memory" : ""))
    print("per edit: \(reparsed) of \(rounds) parsed by a block of \(regionBytes / max(1, reparsed)) bytes; "
          + "\(reused / max(1, rounds)) items taken over and \(read / max(1, rounds)) read in validation; "
          + "\(nodes / max(1, rounds)) nodes copied, "
          + "\(computed / max(1, rounds)) measurements computed, \(copied / max(1, rounds)) of \(frames / max(1, rounds)) frames copied; "
          + String(format: "layouts keep %.1f MB", Double(memory?.keptBytes ?? 0) / 1_048_576))
    // The stages' wall-clock medians (the rest of an analysis: suppressions, structural lints, sorting).
    func median(_ k: KeyPath<StageTimings, Double>) -> Double { stages.map { $0[keyPath: k] }.sorted()[stages.count / 2] * 1000 }
    print(String(format: "stages (wall, medians): parse %.1f ms, validate %.1f ms, layout %.1f ms",
                 median(\.parse), median(\.validate), median(\.layout)))
    if CommandLine.arguments.contains("--kept-stores"), let memory { print(memory.keptBreakdown) }
    exit(0)
}

if let path = argument(after: "--file") {
    guard FileManager.default.fileExists(atPath: path) else { print("cannot read \(path)"); exit(2) }
    let runs = argument(after: "--runs").flatMap { Int($0) } ?? 3
    report(path, measure(path: path, runs: runs))
    exit(0)
}

print("Tatami benchmark (\(quick ? "quick" : "full"); medians; every figure a whole process: wall, CPU = user + system, peak resident)")
if tatamiBinary == nil { print("(no tatami binary beside the benchmark: build it with `swift build -c release`)") }
if floorPull.argv.count > 1 { print("(no C floor at .build/yaml-pull: build it with scripts/build-yaml-pull.sh; the Swift pull stands in)") }
let sizes = quick ? [(3, 5)] : [(3, 9), (4, 7), (5, 5)]
for (depth, runs) in sizes {
    let name = "nested-\(depth)"
    report(name, measure(path: writeFile(name, nestedStacks(depth: depth)), runs: runs))
    print("")
}

let chains = quick ? 5 : 25, length = quick ? 100 : 400
let deepFigures = measure(path: writeFile("deep-chains", deepChains(chains: chains, length: length)), runs: quick ? 3 : 9)
let flatFigures = measure(path: writeFile("flat-list", flatList(count: deepFigures.views)), runs: quick ? 3 : 9)
print("\(chains) chains of \(length) nested stacks against a flat list of as many views (CPU µs per view):")
func perView(_ v: Double, _ f: FileFigures) -> Double { v / Double(max(1, f.views)) * 1e6 }
func stageCPU(_ f: FileFigures, _ names: [String]) -> Double { f.stages.filter { names.contains($0.0) }.map(\.1.cpu).reduce(0, +) }
for (name, f) in [("deep chains", deepFigures), ("flat list", flatFigures)] {
    print(String(format: "  %-12@ views %6d  libyaml pull %6.3f  tatami lint %6.3f  parse %6.3f  validate %6.3f  layout %6.3f  (peak %.1f MB)",
                 name as NSString, f.views, perView(f.pull.cpu, f), perView(f.lint.cpu, f), perView(stageCPU(f, ["parse"]), f),
                 perView(stageCPU(f, ["validate"]), f), perView(stageCPU(f, ["layout"]), f), f.lint.peakMB))
}
print(String(format: "  deep/flat CPU per view: tatami lint %.2f×, parse + validate + layout %.2f×  (target ≤ 2×)",
             perView(deepFigures.lint.cpu, deepFigures) / perView(flatFigures.lint.cpu, flatFigures),
             perView(stageCPU(deepFigures, ["parse", "validate", "layout"]), deepFigures)
                / perView(stageCPU(flatFigures, ["parse", "validate", "layout"]), flatFigures)))
