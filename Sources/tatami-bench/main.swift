// Tatami's benchmark: prints per-stage medians for generated files, the time libyaml alone takes
// to pull the same file's events, and the whole `tatami lint` run of the built binary.
// Run it in a release build:  swift run -c release tatami-bench [--quick]
import CLibYAML
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
/// libyaml time quadratic in the nesting, 100 ms for this benchmark's chains).
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

// MARK: Timing

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? 0 : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// libyaml alone: pull every event of the text and delete it.
func bareEventPull(_ bytes: [UInt8]) -> Int {
    var parser = yaml_parser_t()
    yaml_parser_initialize(&parser)
    defer { yaml_parser_delete(&parser) }
    var count = 0
    bytes.withUnsafeBufferPointer { buffer in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) != 0 {
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            count += 1
            if done { break }
        }
    }
    return count
}

struct StageFigures {
    var pull = 0.0, parse = 0.0, validate = 0.0, layout = 0.0, render = 0.0, lint = 0.0, binary = 0.0
    var views = 0
}

/// The built `tatami` next to this benchmark, if any.
let tatamiBinary: URL? = {
    let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tatami")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
}()

/// The wall time of `tatami lint PATH`, from spawning the process to reaping it. Spawned with
/// `posix_spawn` and reaped with `waitpid`: Foundation's `Process` notices the exit only on its
/// next poll, which added up to 50 ms to every run.
func runBinaryLint(_ path: String) -> Double {
    guard let binary = tatamiBinary else { return .nan }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(binary.path), strdup("lint"), strdup(path), nil]
    defer { for a in argv { free(a) } }
    return time {
        var pid = pid_t()
        guard posix_spawn(&pid, binary.path, &actions, nil, argv, environ) == 0 else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
}

func measure(_ name: String, _ text: String, runs: Int, render: Bool = true) -> StageFigures {
    let bytes = Array(text.utf8)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-bench")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("\(name).tatami.yaml").path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))

    var pulls: [Double] = [], parses: [Double] = [], validates: [Double] = [], layouts: [Double] = []
    var renders: [Double] = [], lints: [Double] = [], binaries: [Double] = []
    var views = 0
    for _ in 0..<runs {
        pulls.append(time { _ = bareEventPull(bytes) })
        var yaml: YAMLParseResult!
        parses.append(time { yaml = YAMLParser.parse(bytes: bytes) })
        var validation: ValidationResult!
        validates.append(time { validation = LargeStack.run { Validator.validate(yaml) } })
        views = validation.document.viewCount
        var result: LayoutResult!
        let doc = validation.document
        layouts.append(time { result = LargeStack.run { LayoutEngine.layout(doc, in: doc.viewports[0]) } })
        if render {
            let r = result!
            renders.append(time { _ = ASCIIRenderer.render(LayoutResult(viewport: Viewport(name: "screen", width: 320, height: 480), root: r.root, diagnostics: []), options: RenderOptions()) })
        }
        var analysis: Analysis!
        lints.append(time { analysis = Pipeline.analyze(bytes: bytes, path: path) })
        _ = analysis.diagnostics.count
        binaries.append(runBinaryLint(path))
    }
    return StageFigures(pull: median(pulls), parse: median(parses), validate: median(validates), layout: median(layouts),
                        render: median(renders), lint: median(lints), binary: median(binaries), views: views)
}

func ms(_ s: Double) -> String { s.isNaN ? "   n/a" : String(format: "%8.2f", s * 1000) }

// `--pull PATH`: libyaml's bare event pull of one file and nothing else, so that a whole process
// of it can be compared with a whole `tatami lint` process (CPU time and peak memory).
if let i = CommandLine.arguments.firstIndex(of: "--pull"), i + 1 < CommandLine.arguments.count {
    guard let data = FileManager.default.contents(atPath: CommandLine.arguments[i + 1]) else { exit(2) }
    print(bareEventPull([UInt8](data)))
    exit(0)
}

// `--file PATH [--runs N]`: the stage medians of one file, for quick comparisons.
if let i = CommandLine.arguments.firstIndex(of: "--file"), i + 1 < CommandLine.arguments.count {
    let path = CommandLine.arguments[i + 1]
    let runs = CommandLine.arguments.firstIndex(of: "--runs").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? 3
    guard let data = FileManager.default.contents(atPath: path) else { print("cannot read \(path)"); exit(2) }
    // Resident memory after each stage of one more run (Linux: /proc/self/statm, in pages).
    // Measured first, in a cold process, so no memory freed by earlier runs is reused.
    func heap() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return .nan }
        return pages * 4096 / 1_048_576
    }
    let bytes = [UInt8](data)
    let base = heap()
    let yaml = YAMLParser.parse(bytes: bytes)
    let afterParse = heap()
    let validation = LargeStack.run { Validator.validate(yaml) }
    let afterValidate = heap()
    let doc = validation.document
    let layout = LargeStack.run { LayoutEngine.layout(doc, in: doc.viewports[0]) }
    let afterLayout = heap()
    print(String(format: "resident growth: YAML tree %.1f MB, model %.1f MB, layout %.1f MB; total %.1f MB (%.1f MB per 100,000 views)",
                 afterParse - base, afterValidate - afterParse, afterLayout - afterValidate, afterLayout - base,
                 (afterLayout - base) / Double(max(1, validation.document.viewCount)) * 100_000))
    withExtendedLifetime((yaml, validation, layout)) {}
    let f = measure("file", String(decoding: data, as: UTF8.self), runs: runs)
    print("views \(f.views): libyaml \(ms(f.pull)) parse \(ms(f.parse)) validate \(ms(f.validate)) layout \(ms(f.layout)) render \(ms(f.render)) pipeline \(ms(f.lint)) tatami lint \(ms(f.binary)) ms")
    exit(0)
}

print("Tatami benchmark (\(quick ? "quick" : "full"); medians in ms; build: \(tatamiBinary == nil ? "no tatami binary found" : "with binary"))")
print("file              views     bytes   libyaml     parse  validate    layout    render  pipeline  tatami lint  lint/pull")
let sizes = quick ? [(3, 5)] : [(3, 9), (4, 7), (5, 5)]
for (depth, runs) in sizes {
    let text = nestedStacks(depth: depth)
    let f = measure("nested-\(depth)", text, runs: runs)
    let ratio = f.binary.isNaN ? f.lint / f.pull : f.binary / f.pull
    print(String(format: "%-14@ %8d %9d", "nested-\(depth)" as NSString, f.views, text.utf8.count)
          + "  \(ms(f.pull))  \(ms(f.parse))  \(ms(f.validate))  \(ms(f.layout))  \(ms(f.render))  \(ms(f.lint))     \(ms(f.binary))  " + String(format: "%8.2f×", ratio))
}

let chains = quick ? 5 : 25, length = quick ? 100 : 400
let deep = deepChains(chains: chains, length: length)
let deepFigures = measure("deep-chains", deep, runs: quick ? 3 : 15, render: false)
let flat = flatList(count: deepFigures.views)
let flatFigures = measure("flat-list", flat, runs: quick ? 3 : 15, render: false)
print("")
print("\(chains) chains of \(length) nested stacks against a flat list of as many views (per view, µs):")
func perView(_ v: Double, _ f: StageFigures) -> Double { v / Double(max(1, f.views)) * 1e6 }
for (name, f) in [("deep chains", deepFigures), ("flat list", flatFigures)] {
    print(String(format: "  %-12@ views %6d  libyaml %6.3f  parse %6.3f  validate %6.3f  layout %6.3f  pipeline %6.3f  own work %6.3f",
                 name as NSString, f.views, perView(f.pull, f), perView(f.parse, f), perView(f.validate, f),
                 perView(f.layout, f), perView(f.lint, f), perView(f.lint - f.pull, f)))
}
let pipelineRatio = perView(deepFigures.lint, deepFigures) / perView(flatFigures.lint, flatFigures)
let ownRatio = perView(deepFigures.lint - deepFigures.pull, deepFigures) / perView(flatFigures.lint - flatFigures.pull, flatFigures)
let stagesRatio = perView(deepFigures.validate + deepFigures.layout, deepFigures) / perView(flatFigures.validate + flatFigures.layout, flatFigures)
print(String(format: "  deep/flat per view: pipeline %.2f×, own work (pipeline less libyaml's pull) %.2f×, validate+layout %.2f×  (target ≤ 2×)",
             pipelineRatio, ownRatio, stagesRatio))
