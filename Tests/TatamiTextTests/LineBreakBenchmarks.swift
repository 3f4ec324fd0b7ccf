import Foundation
import XCTest
@testable import TatamiText

/// Not a timed test: with `TATAMI_BENCH_LINEBREAK=1` it prints how long the breaker takes on two
/// typical strings (no assertion on the time); otherwise it is skipped. Meaningful only in a
/// release build:
///
///     TATAMI_BENCH_LINEBREAK=1 swift test -c release -Xswiftc -enable-testing \
///         --filter TatamiTextTests.LineBreakBenchmarks
final class LineBreakBenchmarks: XCTestCase {
    /// 86 characters of Latin with punctuation, brackets and a number.
    static let latin = "The quick brown fox jumps over the lazy dog; it then naps under a tree (for 2.5 hours)"
    /// 69 characters of Japanese (Natsume Sōseki), with small kana and ー.
    static let cjk = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"

    func testPrintTimings() throws {
        guard ProcessInfo.processInfo.environment["TATAMI_BENCH_LINEBREAK"] == "1" else {
            throw XCTSkip("set TATAMI_BENCH_LINEBREAK=1 to print the line breaker's timings")
        }
        XCTAssertEqual(Self.latin.count, 86)
        for (name, text) in [("Latin, 86 characters", Self.latin), ("Japanese, 69 characters", Self.cjk)] {
            for (optionsName, options) in [("chromium", LineBreakOptions.chromium), ("uax14", .uax14)] {
                let breaker = LineBreaker(options: options)
                var sink = 0
                var rounds: [Double] = []
                var reused: [LineBreakOpportunity] = []
                var roundsReused: [Double] = []
                let iterations = 100_000
                for _ in 0..<11 {
                    var start = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<iterations { sink &+= breaker.opportunities(in: text).count }
                    rounds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
                    start = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<iterations {
                        reused.removeAll(keepingCapacity: true)
                        breaker.appendOpportunities(in: text, to: &reused)
                        sink &+= reused.count
                    }
                    roundsReused.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
                }
                rounds.sort()
                roundsReused.sort()
                let breaks = breaker.opportunities(in: text).count
                print(String(format: "line breaker, %@, %@ (%d opportunities): median %.0f ns/string (min %.0f); "
                             + "into a reused array %.0f ns (min %.0f)",
                             name, optionsName, breaks, rounds[5], rounds[0], roundsReused[5], roundsReused[0]))
                XCTAssertGreaterThan(sink, 0)
            }
        }
    }
}
