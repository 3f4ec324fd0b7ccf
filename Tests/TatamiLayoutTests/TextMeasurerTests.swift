import TatamiTestSupport
import XCTest
import TatamiBase
import TatamiModel
@testable import TatamiLayout

/// docs/format.md §5.1. Every expectation is worked out by hand from the spec; the arithmetic is in
/// the comments. Unless a test says otherwise the font is 8×16 (advance 8, line height 16).
final class TextMeasurerTests: XCTestCase {
    let body = FontMetrics(width: 8, height: 16)

    func layout(
        _ text: String, font: FontMetrics? = nil, lineLimit: Int? = nil, truncation: Truncation = .tail,
        width: Double?, height: Double? = nil
    ) -> TextLayoutResult {
        TextMeasurer.layout(text, font: font ?? body, lineLimit: lineLimit, truncation: truncation,
                            proposal: ProposedSize(width: width, height: height))
    }

    func texts(_ r: TextLayoutResult) -> [String] { r.lines.map(\.text) }
    func cells(_ r: TextLayoutResult) -> [Int] { r.lines.map(\.cells) }

    // MARK: - Cell widths

    func testASCIIIsOneCell() {
        for c in "aZ0 ~!\t" { XCTAssertEqual(CellWidth.of(c), 1, "\(c)") }
        XCTAssertEqual(CellWidth.of("\r\n"), 1)
    }

    func testWideAndFullwidth() {
        XCTAssertEqual(CellWidth.of("中"), 2)  // U+4E2D, EAW W
        XCTAssertEqual(CellWidth.of("Ａ"), 2)  // U+FF21, EAW F
        XCTAssertEqual(CellWidth.of("\u{1100}"), 2)  // Hangul choseong, W
        XCTAssertEqual(CellWidth.of("ｱ"), 1)  // U+FF71 halfwidth katakana, EAW H
    }

    func testEmoji() {
        XCTAssertEqual(CellWidth.of("😀"), 2)  // U+1F600, Emoji_Presentation=Yes
        XCTAssertEqual(CellWidth.of("❤"), 1)  // U+2764, text presentation by default
        XCTAssertEqual(CellWidth.of("❤\u{FE0F}"), 1)  // the first scalar decides, not VS16
        let flag: Character = "🇯🇵"  // two regional indicators, one cluster
        XCTAssertEqual(flag.unicodeScalars.count, 2)
        XCTAssertEqual(CellWidth.of(flag), 2)
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        XCTAssertEqual(family.count, 1)
        XCTAssertEqual(CellWidth.of(family.first!), 2)
    }

    func testCombiningSequenceIsOneCluster() {
        let s = "e\u{301}"
        XCTAssertEqual(s.count, 1)
        XCTAssertEqual(CellWidth.of(s.first!), 1)
    }

    func testZeroWidthClusters() {
        XCTAssertEqual(CellWidth.of("\u{301}"), 0)  // lone combining acute (Mn)
        XCTAssertEqual(CellWidth.of("\u{20DD}"), 0)  // enclosing circle (Me)
        XCTAssertEqual(CellWidth.of("\u{200B}"), 0)  // zero-width space
        XCTAssertEqual(CellWidth.of("\u{200C}"), 0)  // ZWNJ
        XCTAssertEqual(CellWidth.of("\u{200D}"), 0)  // ZWJ
        XCTAssertEqual(CellWidth.of("\u{2060}"), 0)  // word joiner
        XCTAssertEqual(CellWidth.of("\u{FE0F}"), 0)  // variation selector 16
        XCTAssertEqual(CellWidth.of("\u{FEFF}"), 0)  // BOM / ZWNBSP (Cf)
        XCTAssertEqual(CellWidth.of("\u{AD}"), 0)  // soft hyphen (Cf): a decision
    }

    func testDecisionsAtTheEdges() {
        XCTAssertEqual(CellWidth.of("\u{0600}"), 1)  // Prepended_Concatenation_Mark: visible, not zero
        XCTAssertEqual(CellWidth.of("\u{3164}"), 2)  // Hangul filler: W and ignorable; wide wins
        XCTAssertEqual(CellWidth.of("…"), 1)  // U+2026 is Ambiguous, counted 1
    }

    func testTablesAreSortedDisjointRanges() {
        for table in [UnicodeWidthTable.wide, UnicodeWidthTable.zeroWidth] {
            XCTAssertEqual(table.count % 2, 0)
            var previousHigh: Int64 = -2
            for i in stride(from: 0, to: table.count, by: 2) {
                XCTAssertLessThanOrEqual(table[i], table[i + 1])
                XCTAssertGreaterThan(Int64(table[i]), previousHigh + 1)  // merged: a gap between ranges
                previousHigh = Int64(table[i + 1])
            }
            XCTAssertLessThanOrEqual(previousHigh, 0x10FFFF)
        }
        XCTAssertFalse(UnicodeWidthTable.unicodeVersion.isEmpty)
    }

    // MARK: - Ideal size

    func testIdealSizeMultiLine() {
        // Font 16×32. Lines "Hello" (5) and "World!!" (7): width 7 × 16 = 112, height 2 × 32 = 64.
        let r = layout("Hello\nWorld!!", font: FontMetrics(width: 16, height: 32), width: nil)
        XCTAssertEqual(texts(r), ["Hello", "World!!"])
        XCTAssertEqual(cells(r), [5, 7])
        XCTAssertEqual(r.size, Size(width: 112, height: 64))
        XCTAssertFalse(r.truncated)
        // Baselines: 0.75 × 32 = 24; (2 − 1) × 32 + 24 = 56.
        XCTAssertEqual(r.firstBaseline, 24)
        XCTAssertEqual(r.lastBaseline, 56)
    }

    func testIdealSizeCountsWideAndZeroWidth() {
        // "中e\u{301}😀" = 2 + 1 + 2 = 5 cells → 40 × 16.
        let r = layout("中e\u{301}😀", width: nil)
        XCTAssertEqual(cells(r), [5])
        XCTAssertEqual(r.size, Size(width: 40, height: 16))
    }

    func testInfiniteWidthDoesNotWrap() {
        // 13 cells → 104 × 16, with an infinite width as with none.
        for w in [nil, Double.infinity] {
            let r = layout("Avocado Toast", width: w, height: .infinity)
            XCTAssertEqual(texts(r), ["Avocado Toast"])
            XCTAssertEqual(r.size, Size(width: 104, height: 16))
        }
    }

    func testCarriageReturnLineFeedEndsALine() {
        let r = layout("ab\r\ncd", width: nil)
        XCTAssertEqual(texts(r), ["ab", "cd"])
    }

    // MARK: - Wrapping

    func testAvocadoToast() {
        // Width 56 / advance 8 = 7 cells. "Avocado" fills 7; the space hangs; "T" would be cell 9,
        // so the line breaks after the space run: "Avocado" / "Toast". Size 7 × 8 = 56 by 2 × 16 = 32.
        let r = layout("Avocado Toast", width: 56)
        XCTAssertEqual(texts(r), ["Avocado", "Toast"])
        XCTAssertEqual(cells(r), [7, 5])
        XCTAssertEqual(r.size, Size(width: 56, height: 32))
        XCTAssertFalse(r.truncated)
    }

    func testIdealWidthReproducesIdealLines() {
        for text in ["Avocado Toast", "ab   ", "中文 mixed テキスト", "one two\nthree"] {
            let ideal = layout(text, width: nil)
            let again = layout(text, width: ideal.size.width)
            XCTAssertEqual(again.lines, ideal.lines, text)
            XCTAssertEqual(again.size, ideal.size, text)
        }
    }

    func testSpacesDroppedAtWrap() {
        // Capacity 32 / 8 = 4. "ab" + three hanging spaces; "c" overflows → break after the spaces,
        // which are dropped: "ab" (2) / "cd" (2). Width 2 × 8 = 16.
        let r = layout("ab   cd", width: 32)
        XCTAssertEqual(texts(r), ["ab", "cd"])
        XCTAssertEqual(cells(r), [2, 2])
        XCTAssertEqual(r.size, Size(width: 16, height: 32))
    }

    func testTrailingSpacesOfANaturalLineKeptAsFarAsTheyFit() {
        // Capacity 3: "ab   " is 5 cells; trailing spaces dropped down to 3 cells: "ab ".
        XCTAssertEqual(texts(layout("ab   ", width: 24)), ["ab "])
        // Only spaces at capacity 1: "   " → " ".
        let r = layout("   ", width: 8)
        XCTAssertEqual(texts(r), [" "])
        XCTAssertEqual(r.size, Size(width: 8, height: 16))
    }

    func testIndentationWiderThanTheLineIsDropped() {
        // Capacity 3: four spaces hang, "a" overflows at the break after them; the line would be
        // only spaces, so it is dropped with them.
        XCTAssertEqual(texts(layout("    ab", width: 24)), ["ab"])
        // Capacity 4: "  ab" fits and keeps its indentation.
        XCTAssertEqual(texts(layout("  ab", width: 32)), ["  ab"])
    }

    func testLongWordBrokenBetweenClusters() {
        // Capacity 4. "hi" + space (3), "a" (4), "b" overflows → break after the space: "hi".
        // "abcdefghij" has no opportunity: "abcd" / "efgh" / "ij".
        let r = layout("hi abcdefghij", width: 32)
        XCTAssertEqual(texts(r), ["hi", "abcd", "efgh", "ij"])
        XCTAssertEqual(r.size, Size(width: 32, height: 64))
        // Clusters, not scalars: three "é" (e + U+0301) at capacity 2 → "éé" / "é".
        let e = "e\u{301}"
        let r2 = layout(e + e + e, width: 16)
        XCTAssertEqual(texts(r2), [e + e, e])
        XCTAssertEqual(cells(r2), [2, 1])
    }

    func testCJKBreaksBeforeAndAfterWideClusters() {
        // Capacity 4: 中 (2) 文 (4); 字 would be 6 → break before it: "中文" / "字".
        let r = layout("中文字", width: 32)
        XCTAssertEqual(texts(r), ["中文", "字"])
        XCTAssertEqual(cells(r), [4, 2])
        // Capacity 5: 日本 (4), 語 → 6 > 5 → "日本"; 語テ (4), キ → 6 → "語テ"; "キス"; "ト".
        XCTAssertEqual(texts(layout("日本語テキスト", width: 40)), ["日本", "語テ", "キス", "ト"])
        // Capacity 3: a b (2), 中 → 4 > 3: break before 中 → "ab". 中 (2) c (3), d → 4 > 3: the
        // last opportunity is after 中 (the word "cd" is not broken) → "中" / "cd".
        XCTAssertEqual(texts(layout("ab中cd", width: 24)), ["ab", "中", "cd"])
    }

    func testWideClusterOnAOneCellLineGoesAlone() {
        // Capacity 1: 中 (2 cells) alone on its line; then "a". Width 2 × 8 = 16, height 2 × 16.
        let r = layout("中a", width: 8)
        XCTAssertEqual(texts(r), ["中", "a"])
        XCTAssertEqual(cells(r), [2, 1])
        XCTAssertEqual(r.size, Size(width: 16, height: 32))
        // Nothing left after it: no extra empty line.
        let r2 = layout("中", width: 0, height: 0)
        XCTAssertEqual(texts(r2), ["中"])
        XCTAssertFalse(r2.truncated)
        XCTAssertEqual(r2.size, Size(width: 16, height: 16))
    }

    // MARK: - Truncation

    // "The quick brown fox" at width 72: capacity 9. Wrapped: "The quick" (9) / "brown fox", so
    // lineLimit 1 cuts it. The last kept line is rebuilt from the whole text within 9 − 1 = 8 cells.
    func testTruncationTail() {
        // First 8 cells "The quic", then "…": 9 cells.
        let r = layout("The quick brown fox", lineLimit: 1, width: 72)
        XCTAssertEqual(texts(r), ["The quic…"])
        XCTAssertEqual(cells(r), [9])
        XCTAssertTrue(r.truncated)
        XCTAssertEqual(r.size, Size(width: 72, height: 16))
    }

    func testTruncationTailDropsTrailingSpaces() {
        // Capacity 5, budget 4: "The " → "The" + "…" = 4 cells.
        let r = layout("The quick brown fox", lineLimit: 1, width: 40)
        XCTAssertEqual(texts(r), ["The…"])
        XCTAssertEqual(cells(r), [4])
    }

    func testTruncationHead() {
        // "…" then the last 8 cells "rown fox": 9 cells.
        let r = layout("The quick brown fox", lineLimit: 1, truncation: .head, width: 72)
        XCTAssertEqual(texts(r), ["…rown fox"])
        XCTAssertEqual(cells(r), [9])
        // Capacity 5, budget 4: last 4 cells " fox" → leading space dropped → "…fox" (4 cells).
        let r2 = layout("The quick brown fox", lineLimit: 1, truncation: .head, width: 40)
        XCTAssertEqual(texts(r2), ["…fox"])
        XCTAssertEqual(cells(r2), [4])
    }

    func testTruncationMiddle() {
        // Budget 8: front ceil(8/2) = 4 cells "The " → "The"; back floor(8/2) = 4 cells " fox" →
        // "fox". "The…fox" = 3 + 1 + 3 = 7 cells.
        let r = layout("The quick brown fox", lineLimit: 1, truncation: .middle, width: 72)
        XCTAssertEqual(texts(r), ["The…fox"])
        XCTAssertEqual(cells(r), [7])
        // Capacity 10, budget 9: front 5 "The q", back 4 " fox" → "fox": "The q…fox" (9 cells).
        let r2 = layout("The quick brown fox", lineLimit: 1, truncation: .middle, width: 80)
        XCTAssertEqual(texts(r2), ["The q…fox"])
        XCTAssertEqual(cells(r2), [9])
    }

    func testTruncationReadsLineBreaksAsSpaces() {
        // Capacity 10, three lines, lineLimit 1. Remaining text "ab cd ef" (8 cells) fits 9.
        XCTAssertEqual(texts(layout("ab\ncd\nef", lineLimit: 1, width: 80)), ["ab cd ef…"])
        XCTAssertEqual(texts(layout("ab\ncd\nef", lineLimit: 1, truncation: .head, width: 80)), ["…ab cd ef"])
        // Middle: front 5 cells "ab cd"; back 4 cells, not overlapping the front: "\nef" → "ef".
        let m = layout("ab\ncd\nef", lineLimit: 1, truncation: .middle, width: 80)
        XCTAssertEqual(texts(m), ["ab cd…ef"])
        XCTAssertEqual(cells(m), [8])
    }

    func testTruncationOnALaterLine() {
        // Capacity 9: "The quick" / "brown fox" / "jumps"; lineLimit 2 keeps line 1 and rebuilds
        // line 2 from "brown fox jumps": 8 cells "brown fo" + "…". Size 9 × 8 = 72 by 2 × 16 = 32.
        let r = layout("The quick brown fox jumps", lineLimit: 2, width: 72)
        XCTAssertEqual(texts(r), ["The quick", "brown fo…"])
        XCTAssertEqual(r.size, Size(width: 72, height: 32))
        // Baselines: 0.75 × 16 = 12; (2 − 1) × 16 + 12 = 28.
        XCTAssertEqual(r.firstBaseline, 12)
        XCTAssertEqual(r.lastBaseline, 28)
    }

    func testTruncatedWideClustersAreCutBetweenClusters() {
        // Capacity 4, lineLimit 1: "中文" / "字" → cut. Budget 3: 中 (2), 文 would be 4 → "中…" (3).
        let r = layout("中文字", lineLimit: 1, width: 32)
        XCTAssertEqual(texts(r), ["中…"])
        XCTAssertEqual(cells(r), [3])
        XCTAssertEqual(r.size, Size(width: 24, height: 16))
    }

    func testLineLimitWithUnspecifiedWidthAppendsToNaturalLine() {
        // Three natural lines, lineLimit 2: "one" and "two " + "…" (5 cells; the line is kept as is).
        // Width 5 × 8 = 40, height 2 × 16 = 32. Every truncation mode appends.
        for mode in Truncation.allCases {
            let r = layout("one\ntwo \nthree", lineLimit: 2, truncation: mode, width: nil)
            XCTAssertEqual(texts(r), ["one", "two …"], "\(mode)")
            XCTAssertEqual(cells(r), [3, 5])
            XCTAssertEqual(r.size, Size(width: 40, height: 32))
            XCTAssertTrue(r.truncated)
        }
    }

    func testLineLimitNotReachedIsNotTruncated() {
        let r = layout("one\ntwo", lineLimit: 2, width: nil)
        XCTAssertEqual(texts(r), ["one", "two"])
        XCTAssertFalse(r.truncated)
    }

    func testHeightCap() {
        // Height 40: floor(40 / 16) = 2 lines. Unspecified width: "a", "b" + "…".
        let r = layout("a\nb\nc\nd", width: nil, height: 40)
        XCTAssertEqual(texts(r), ["a", "b…"])
        XCTAssertEqual(r.size, Size(width: 16, height: 32))
        // The smaller of lineLimit 3 and the height's 2.
        XCTAssertEqual(texts(layout("a\nb\nc\nd", lineLimit: 3, width: nil, height: 40)), ["a", "b…"])
        // Height 48 (3 lines) with lineLimit 2 → 2.
        XCTAssertEqual(texts(layout("a\nb\nc\nd", lineLimit: 2, width: nil, height: 48)), ["a", "b…"])
        // Capacity 2 (width 16), height 32 → 2 lines. Wrapped "a" / "b" / "c" / "d"; line 2 is
        // rebuilt from "b c d" within 1 cell: "b" + "…".
        XCTAssertEqual(texts(layout("a b c d", width: 16, height: 32)), ["a", "b…"])
    }

    func testEllipsisAloneAtZeroSize() {
        // Capacity max(1, 0) = 1, lines max(1, 0) = 1, budget 0 → "…" alone; 1 cell = 8 × 16.
        for mode in Truncation.allCases {
            let r = layout("Hello", truncation: mode, width: 0, height: 0)
            XCTAssertEqual(texts(r), ["…"], "\(mode)")
            XCTAssertTrue(r.truncated)
            XCTAssertEqual(r.size, Size(width: 8, height: 16))
        }
    }

    // MARK: - Degenerate input

    func testEmptyText() {
        for w in [nil, 0, 100, Double.infinity] as [Double?] {
            let r = layout("", width: w, height: w)
            XCTAssertEqual(r.lines, [])
            XCTAssertEqual(r.size, .zero)
            XCTAssertFalse(r.truncated)
        }
    }

    func testOnlyNewlines() {
        // Three empty natural lines; a non-empty text is at least one cell wide: 8 × 48.
        let r = layout("\n\n", width: nil)
        XCTAssertEqual(texts(r), ["", "", ""])
        XCTAssertEqual(r.size, Size(width: 8, height: 48))
        // lineLimit 1 at capacity 10: remaining "  " → trailing spaces dropped → "…".
        XCTAssertEqual(texts(layout("\n\n", lineLimit: 1, width: 80)), ["…"])
    }

    func testLineLimitBelowOneCountsAsOne() {
        for limit in [0, -3] {
            XCTAssertEqual(texts(layout("a\nb", lineLimit: limit, width: nil)), ["a…"])
        }
        XCTAssertEqual(texts(layout("a\nb", lineLimit: Int.max, width: nil)), ["a", "b"])
    }

    func testBadProposalsCountAsZero() {
        for bad in [-5, -Double.infinity] {
            let r = layout("Hello", width: bad, height: bad)
            XCTAssertEqual(texts(r), ["…"])
            XCTAssertEqual(r.size, Size(width: 8, height: 16))
        }
        // A proposal cannot hold NaN: `ProposedSize` reads it as unspecified (its storage uses NaN
        // for "unspecified"), so "Hello" is measured at its ideal size.
        let nan = layout("Hello", width: .nan, height: .nan)
        XCTAssertEqual(texts(nan), ["Hello"])
        XCTAssertEqual(nan.size, Size(width: 40, height: 16))
        // Huge finite lengths behave like unbounded ones.
        XCTAssertEqual(texts(layout("Avocado Toast", width: 1e300, height: 1e300)), ["Avocado Toast"])
    }

    func testRoundingNoiseJustBelowAWholeCell() {
        // 56 − 1e-12 still holds 7 cells.
        XCTAssertEqual(texts(layout("Avocado Toast", width: 56 - 1e-12)), ["Avocado", "Toast"])
    }

    func testBaselines() {
        // Three lines of height 16: first 0.75 × 16 = 12, last 2 × 16 + 12 = 44.
        let r = layout("a\nb\nc", width: nil)
        XCTAssertEqual(r.firstBaseline, 12)
        XCTAssertEqual(r.lastBaseline, 44)
    }

    /// Random texts and proposals (seeded, so reproducible): never a crash, and the invariants hold.
    func testRandomInputsKeepInvariants() {
        var rng = SeededRandom(seed: 0x7A7A_31)
        let alphabet: [String] = ["a", "b", "c", " ", " ", "\n", "中", "😀", "e\u{301}", "\u{200B}", "\u{301}", "Ａ"]
        for _ in 0..<2_000 {
            let length = Int(rng.next() % 24)
            var text = ""
            for _ in 0..<length { text += alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let capacity = Int(rng.next() % 8)  // 0 means unbounded
            let limit: Int? = rng.next() % 3 == 0 ? Int(rng.next() % 4) : nil
            let mode = Truncation.allCases[Int(rng.next() % 3)]
            let r = layout(text, lineLimit: limit, truncation: mode, width: capacity == 0 ? nil : Double(capacity) * 8)
            if text.isEmpty {
                XCTAssertEqual(r.size, .zero)
                continue
            }
            XCTAssertEqual(r.size.height, Double(r.lines.count) * 16)
            XCTAssertEqual(r.size.width, Double(max(1, r.lines.map(\.cells).max() ?? 0)) * 8)
            if let limit { XCTAssertLessThanOrEqual(r.lines.count, max(1, limit)) }
            for line in r.lines {
                XCTAssertEqual(line.cells, line.text.reduce(0) { $0 + CellWidth.of($1) }, "\(text.debugDescription)")
                if capacity > 0 && line.cells > capacity {
                    // Only a lone 2-cell cluster may overflow a 1-cell line.
                    XCTAssertEqual(capacity, 1, "\(text.debugDescription)")
                    XCTAssertEqual(line.text.count, 1, "\(text.debugDescription)")
                }
            }
            if !r.truncated {
                // Only spaces and line breaks are ever dropped.
                let kept = r.lines.flatMap { $0.text.filter { $0 != " " } }
                let original = text.filter { $0 != " " && $0 != "\n" }
                XCTAssertEqual(String(kept), String(original), "\(text.debugDescription)")
            } else {
                // Scalars, not Characters: a lone combining mark after `…` joins its cluster.
                XCTAssertEqual(r.lines.last?.text.unicodeScalars.filter { $0 == "…" }.count, 1,
                               "\(text.debugDescription) → \(r.lines.last?.text.debugDescription ?? "")")
            }
        }
    }

    // MARK: - Performance

    func testHundredThousandCharactersInATinyProposal() {
        // 10,000 × "abcdefghi " = 100,000 characters. Width 1 and height 1: capacity
        // max(1, floor(1/8)) = 1, lines max(1, floor(1/16)) = 1 → "…" alone, 8 × 16.
        let text = String(repeating: "abcdefghi ", count: 10_000)
        XCTAssertEqual(text.count, 100_000)
        for mode in Truncation.allCases {
            let clock = ContinuousClock()
            var r: TextLayoutResult?
            let elapsed = clock.measure {
                r = TextMeasurer.layout(text, font: body, lineLimit: nil, truncation: mode,
                                        proposal: ProposedSize(width: 1, height: 1))
            }
            XCTAssertEqual(r.map(texts), ["…"])
            XCTAssertEqual(r?.size, Size(width: 8, height: 16))
            XCTAssertEqual(r?.truncated, true)
            // A guard against quadratic work (issue: "within a second or two"), not a speed claim: speed is in the benchmark.
            XCTAssertLessThan(elapsed, .seconds(Fixtures.hangGuard(2)), "\(mode): \(elapsed)")
        }
    }

    func testHundredThousandCharactersWrapped() {
        // Capacity 9 (width 72), no height cap: each "abcdefghi" fills a line and its space is
        // dropped at the wrap: 10,000 lines of 9 cells, 72 × 160,000.
        let text = String(repeating: "abcdefghi ", count: 10_000)
        let clock = ContinuousClock()
        var r: TextLayoutResult?
        let elapsed = clock.measure { r = layout(text, width: 72) }
        XCTAssertEqual(r?.lines.count, 10_000)
        XCTAssertEqual(r?.lines.last?.text, "abcdefghi")
        XCTAssertEqual(r?.size, Size(width: 72, height: 160_000))
        XCTAssertLessThan(elapsed, .seconds(Fixtures.hangGuard(2)), "\(elapsed)")  // a hang guard, not a speed claim
    }

    /// ASCII texts take a fast path through cluster building; it must give what the general,
    /// grapheme-by-grapheme path gives (`"\r\n"` is one newline cluster, a lone `"\r"` is not).
    func testASCIIFastPathMatchesGraphemeClusters() {
        for text in ["a\r\nb c\n\r x", "\r", "\r\r\n\n", "  lead and trail  ", "tab\there", "x\u{7F}\u{1}y", "\r\n"] {
            let fast = TextMeasurer.makeClusters(text)
            let slow = Array(text)
            let bytes = Array(text.utf8)
            XCTAssertEqual(fast.map { Character(String(decoding: bytes[Int($0.start)..<Int($0.start + $0.length)], as: UTF8.self)) },
                           slow, text.debugDescription)
            XCTAssertEqual(fast.map(\.kind), slow.map { $0 == " " ? .space : ($0 == "\n" || $0 == "\r\n") ? .newline : .other }, text.debugDescription)
            XCTAssertEqual(fast.map(\.cells), slow.map { _ in 1 })
            XCTAssertEqual(TextMeasurer.string(text, fast, 0..<fast.count), text)
            XCTAssertEqual(TextMeasurer.string(text, fast, 0..<fast.count, newlinesAsSpaces: true),
                           String(slow.map { $0 == "\n" || $0 == "\r\n" ? " " : $0 }))
        }
    }

    /// Clusters name their bytes in the text: any run of them spells that part of the text,
    /// whatever the clusters' lengths (combining marks, emoji, CJK, `"\r\n"`).
    func testClustersSpellTheirPartOfTheText() {
        for text in ["e\u{301}te\u{301} café", "😀 中文\r\nx", "🇫🇷🇩🇪 👩‍👩‍👧 ok", "a\u{301}\u{302}\u{303}b"] {
            let clusters = TextMeasurer.makeClusters(text)
            let characters = Array(text)
            XCTAssertEqual(clusters.count, characters.count, text)
            for i in 0..<clusters.count {
                for j in i...clusters.count {
                    XCTAssertEqual(TextMeasurer.string(text, clusters, i..<j), String(characters[i..<j]), "\(text) \(i)..<\(j)")
                }
            }
            XCTAssertEqual(TextMeasurer.string(text, clusters, 0..<clusters.count, newlinesAsSpaces: true),
                           String(characters.map { $0 == "\r\n" ? " " : $0 }))
        }
    }
}
