import Foundation

/// Shared helpers for data-driven tests: locating fixture files next to the tests, and golden
/// files that are re-recorded (never hand-edited) with `TATAMI_RECORD=1`.
public enum Fixtures {
    /// The repository root, found from a test file's `#filePath`.
    public static func repositoryRoot(_ filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }

    /// `Tests/Fixtures/<relative>` in the repository.
    public static func url(_ relative: String, filePath: String = #filePath) -> URL {
        repositoryRoot(filePath).appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative)
    }

    /// Files directly under a fixtures folder whose names end in `suffix`, sorted.
    public static func files(in folder: String, suffix: String, filePath: String = #filePath) -> [URL] {
        let dir = url(folder, filePath: filePath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// Every layout case (`Tests/Fixtures/layout`) and every example (`Examples/`), sorted within
    /// each: the documents the layout shortcuts are checked on.
    public static func layoutCasesAndExamples(filePath: String = #filePath) -> [URL] {
        let examples = repositoryRoot(filePath).appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return files(in: "layout", suffix: ".tatami.yaml", filePath: filePath)
            + names.filter { $0.hasSuffix(".tatami.yaml") }.sorted().map { examples.appendingPathComponent($0) }
    }

    /// A hang guard's bound: `seconds`, times `TATAMI_TIME_FACTOR` when set (sanitizer runs are
    /// several times slower; `.ci/run` sets it for them). Bounds are hang guards, never speed
    /// claims: speed is measured by the benchmarks.
    public static func hangGuard(_ seconds: Double) -> Double {
        let factor = ProcessInfo.processInfo.environment["TATAMI_TIME_FACTOR"].flatMap(Double.init) ?? 1
        return seconds * max(1, factor)
    }

    /// A small stack for tests that prove recursion is bounded: `bytes`, times
    /// `TATAMI_STACK_FACTOR` when set (sanitizers make every frame several times larger).
    public static func stackSize(_ bytes: Int) -> Int {
        let factor = ProcessInfo.processInfo.environment["TATAMI_STACK_FACTOR"].flatMap(Int.init) ?? 1
        return bytes * max(1, factor)
    }

    public static var isRecording: Bool { ProcessInfo.processInfo.environment["TATAMI_RECORD"] == "1" }

    /// Compares `actual` with the golden file; when recording, writes it instead.
    /// Returns nil when they match, or a message describing the first difference.
    public static func checkGolden(_ actual: String, at url: URL) -> String? {
        if isRecording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "missing golden file \(url.path) (run with TATAMI_RECORD=1 once, then review it)"
        }
        if expected == actual { return nil }
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? e[i] : "<end>", al = i < a.count ? a[i] : "<end>"
            if el != al { return "\(url.lastPathComponent): line \(i + 1) differs\n expected: \(el)\n   actual: \(al)" }
        }
        return "\(url.lastPathComponent) differs"
    }
}
