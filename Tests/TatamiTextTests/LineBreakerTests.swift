import XCTest
@testable import TatamiText
import TatamiTestSupport

/// Chromium's departures (each with its options on and off) and mixed-script cases. Expected breaks
/// were worked out by hand from the rules named beside them.
final class LineBreakerTests: XCTestCase {
    /// `text` with `|` at each allowed break and `!` at each mandatory one, the end of the text
    /// (always an opportunity, LB3) left out; also checks that the end is the last opportunity.
    func marked(_ text: String, _ options: LineBreakOptions, file: StaticString = #filePath, line: UInt = #line) -> String {
        let breaks = LineBreaker(options: options).opportunities(in: text)
        XCTAssertEqual(breaks.last?.offset, text.utf8.count, "the end of the text", file: file, line: line)
        XCTAssertEqual(breaks.map(\.offset), breaks.map(\.offset).sorted(), file: file, line: line)
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var next = 0
        for (i, byte) in bytes.enumerated() {
            if next < breaks.count && breaks[next].offset == i {
                out.append(breaks[next].isMandatory ? UInt8(ascii: "!") : UInt8(ascii: "|"))
                next += 1
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Asserts the marked text with the departures on (`.chromium`) and off (`.uax14`).
    func check(_ text: String, chromium: String, uax14: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(marked(text, .chromium, file: file, line: line), chromium, "departures on", file: file, line: line)
        XCTAssertEqual(marked(text, .uax14, file: file, line: line), uax14, "departures off", file: file, line: line)
    }

    func testDefaultsAreChromium() {
        XCTAssertEqual(LineBreaker().options, .chromium)
        XCTAssertTrue(LineBreakOptions.chromium.breakAfterHyphenBeforeDigit)
        XCTAssertTrue(LineBreakOptions.chromium.noBreakAfterSolidus)
        XCTAssertTrue(LineBreakOptions.chromium.conditionalJapaneseStarterAsIdeographic)
        XCTAssertTrue(LineBreakOptions.chromium.breakAfterSpaces)
        XCTAssertEqual(LineBreaker().opportunities(in: ""), [])
    }

    /// Each departure alone changes only its own case.
    func testDeparturesAreIndependent() {
        var onlyA = LineBreakOptions.uax14
        onlyA.breakAfterHyphenBeforeDigit = true
        XCTAssertEqual(marked("ABCD-1234 a/b ニュ ( a", onlyA), "ABCD-|1234 |a/|b |ニュ |( a")
        var onlyB = LineBreakOptions.uax14
        onlyB.noBreakAfterSolidus = true
        XCTAssertEqual(marked("ABCD-1234 a/b ニュ ( a", onlyB), "ABCD-1234 |a/b |ニュ |( a")
        var onlyC = LineBreakOptions.uax14
        onlyC.conditionalJapaneseStarterAsIdeographic = true
        XCTAssertEqual(marked("ABCD-1234 a/b ニュ ( a", onlyC), "ABCD-1234 |a/|b |ニ|ュ |( a")
        var onlyD = LineBreakOptions.uax14
        onlyD.breakAfterSpaces = true
        XCTAssertEqual(marked("ABCD-1234 a/b ニュ ( a", onlyD), "ABCD-1234 |a/|b |ニュ |( |a")
    }

    /// (a) HY ÷ NU after an ASCII letter or digit; UAX #14's LB25 says HY × NU.
    func testHyphenBeforeDigit() {
        check("ABCD-1234", chromium: "ABCD-|1234", uax14: "ABCD-1234")
        check("1234-5678", chromium: "1234-|5678", uax14: "1234-5678")
        check("v1.2-3", chromium: "v1.2-|3", uax14: "v1.2-3")
        // A minus sign: nothing alphanumeric before the hyphen, so no break either way.
        check("x -5", chromium: "x |-5", uax14: "x |-5")
        check("(-5)", chromium: "(-5)", uax14: "(-5)")
        check("-5", chromium: "-5", uax14: "-5")
        // Not before a digit: both break after the hyphen (LB31).
        check("a-b", chromium: "a-|b", uax14: "a-|b")
    }

    /// (b) Nothing directly after `/`; UAX #14 has SY ÷ AL and SY ÷ ID (LB31).
    func testNoBreakAfterSolidus() {
        check("a/b", chromium: "a/b", uax14: "a/|b")
        check("and/or", chromium: "and/or", uax14: "and/|or")
        check("http://example.com/path", chromium: "http://example.com/path", uax14: "http://|example.com/|path")
        check("/日本", chromium: "/日|本", uax14: "/|日|本")
        // A fraction is one number either way (LB25), and a space after `/` still breaks (LB18).
        check("1/2", chromium: "1/2", uax14: "1/2")
        check("a/ b", chromium: "a/ |b", uax14: "a/ |b")
    }

    /// (c) CJ (small kana, ー) as ID: breaks before them; UAX #14's LB1 makes them NS (× NS, LB21).
    func testSmallKanaAndProlongedSoundMark() {
        check("ニュース", chromium: "ニ|ュ|ー|ス", uax14: "ニュー|ス")
        check("ちょっと待って", chromium: "ち|ょ|っ|と|待|っ|て", uax14: "ちょっ|と|待っ|て")
        check("ｼｮｰﾄ", chromium: "ｼ|ｮ|ｰ|ﾄ", uax14: "ｼｮｰ|ﾄ")
        // NS proper (ゝ U+309D) stays NS either way.
        check("あゝ", chromium: "あゝ", uax14: "あゝ")
    }

    /// (d) After spaces, a break before whatever comes next; UAX #14 forbids some (LB11–LB17).
    func testBreakAfterSpaces() {
        check("word )", chromium: "word |)", uax14: "word )")       // LB13 × CP
        check("end .", chromium: "end |.", uax14: "end .")          // LB13 × IS
        check("wow !", chromium: "wow |!", uax14: "wow !")          // LB13 × EX
        check("a /b", chromium: "a |/b", uax14: "a /|b")            // LB13 × SY
        check("あ 」", chromium: "あ |」", uax14: "あ 」")            // LB13 × CL
        check("あ 、い", chromium: "あ |、|い", uax14: "あ 、|い")     // LB13 × CL
        check("( a", chromium: "( |a", uax14: "( a")                // LB14 OP SP* ×
        check("\" (", chromium: "\" |(", uax14: "\" (")             // LB15 QU SP* × OP
        check("x \u{2060}y", chromium: "x |\u{2060}y", uax14: "x \u{2060}y") // LB11 × WJ
        // A run of spaces and tabs is one unit; UAX #14 breaks between a space and a tab (LB18).
        check("a  b", chromium: "a  |b", uax14: "a  |b")
        check("a \tb", chromium: "a \t|b", uax14: "a |\t|b")
        // Unchanged: LB18 already breaks there; hard breaks are never preceded by a break (LB6).
        check("a b", chromium: "a |b", uax14: "a |b")
        check("a \u{00A0}b", chromium: "a |\u{00A0}b", uax14: "a |\u{00A0}b")
        check("a \nb", chromium: "a \n!b", uax14: "a \n!b")
    }

    func testMandatoryBreaks() {
        check("a\r\nb\u{2028}c", chromium: "a\r\n!b\u{2028}!c", uax14: "a\r\n!b\u{2028}!c")
        check("a\rb\u{0085}c\u{000B}d", chromium: "a\r!b\u{0085}!c\u{000B}!d", uax14: "a\r!b\u{0085}!c\u{000B}!d")
        // The end of the text is mandatory only when the text ends with a hard break.
        XCTAssertEqual(LineBreaker().opportunities(in: "a\n"), [LineBreakOpportunity(offset: 2, isMandatory: true)])
        XCTAssertEqual(LineBreaker().opportunities(in: "a"), [LineBreakOpportunity(offset: 1, isMandatory: false)])
    }

    func testMixedScripts() {
        for options in [LineBreakOptions.chromium, .uax14] {
            XCTAssertEqual(marked("Hello, 世界!", options), "Hello, |世|界!")
            XCTAssertEqual(marked("日本語のテキスト。次の行", options), "日|本|語|の|テ|キ|ス|ト。|次|の|行")
            XCTAssertEqual(marked("한국어 텍스트", options), "한|국|어 |텍|스|트")
            // Thai (SA) has no dictionary here: a word stays whole (LB1 makes it AL and CM).
            XCTAssertEqual(marked("ภาษาไทย ok", options), "ภาษาไทย |ok")
            XCTAssertEqual(marked("مرحبا بالعالم", options), "مرحبا |بالعالم")
            // Hebrew keeps a hyphen with the letters on both sides (LB21a); Latin does not.
            XCTAssertEqual(marked("שלום-עולם", options), "שלום-עולם")
            XCTAssertEqual(marked("foo-bar", options), "foo-|bar")
            // Emoji: a modifier stays with its base (LB30b), a ZWJ sequence is whole (LB8a, LB9),
            // flags pair up (LB30a).
            XCTAssertEqual(marked("👍🏽👍", options), "👍🏽|👍")
            XCTAssertEqual(marked("👨‍👩‍👧 x", options), "👨‍👩‍👧 |x")
            XCTAssertEqual(marked("🇯🇵🇺🇸🇫", options), "🇯🇵|🇺🇸|🇫")
            // Numbers with their affixes and brackets (LB25).
            XCTAssertEqual(marked("$(12.50) (12)% 12.5%", options), "$(12.50) |(12)% |12.5%")
            // A combining mark stays with its base (LB9), even after a space it starts a unit (LB10).
            XCTAssertEqual(marked("e\u{301} \u{301}x", options), "e\u{301} |\u{301}x")
            XCTAssertEqual(marked("Tatami（畳）は日本の床材です。", options), "Tatami|（畳）|は|日|本|の|床|材|で|す。")
        }
    }

    /// The UTF-8 entry point gives the same answer as the String one.
    func testUTF8EntryPoint() {
        let text = "ABCD-1234 日本語、テキスト。 👍🏽 http://x/y"
        let bytes = Array(text.utf8)
        let fromBytes = bytes.withUnsafeBufferPointer { LineBreaker().opportunities(utf8: $0) }
        XCTAssertEqual(fromBytes, LineBreaker().opportunities(in: text))
        // Ill-formed input does not trap.
        let bad: [UInt8] = [0x61, 0xFF, 0xE3, 0x81, 0x20, 0xF4, 0xBF, 0xBF, 0xBF, 0xC3]
        let result = bad.withUnsafeBufferPointer { LineBreaker().opportunities(utf8: $0) }
        XCTAssertEqual(result.last?.offset, bad.count)
    }
}

/// The fast paths (the pair table, the skip over runs of ASCII letters) against the rules applied
/// one by one.
final class LineBreakFastPathTests: XCTestCase {
    typealias R = LineBreakRules

    /// Where `dependsOnContext` says a pair depends on the two classes alone, `pairDecision` gives
    /// the same answer in every context the scanner can be in (it is in a number only after NU, SY
    /// or IS, after a closed one only after CL or CP, in an odd run of RI only after RI).
    func testPairTableEntriesIgnoreTheContext() {
        let classes = LineBreakClass.allCases.map(\.rawValue).filter { $0 != R.CM && $0 != R.ZWJ && $0 != R.CJ }
        let hard: Set<UInt8> = [R.BK, R.CR, R.LF, R.NL]
        var checked = 0
        for prev in classes where !hard.contains(prev) && prev != R.ZW {
            for c in classes where !hard.contains(c) && c != R.SP && c != R.ZW {
                guard !R.dependsOnContext(prev: prev, c: c) else { continue }
                let entry = R.pairTable[Int(prev) << 6 | Int(c)]
                XCTAssertLessThan(entry, 2)
                for prevPrev in classes + [R.SOT] {
                    let numbers = R.has(R.numeric, prev) ? [R.notInNumber, R.inNumber]
                        : R.has(R.closing, prev) ? [R.notInNumber, R.closedNumber] : [R.notInNumber]
                    for number in numbers {
                        for odd in prev == R.RI ? [false, true] : [false] {
                            for next in [false, true] {
                                let allowed = R.pairDecision(
                                    prev: prev, prevPrev: prevPrev, beforeSpaces: R.SOT, c: c, number: number,
                                    oddRegionalIndicators: odd, nextIsNumber: { next })
                                if allowed != (entry == 1) {
                                    XCTFail("(\(prev), \(c)) after \(prevPrev), number \(number), RI \(odd), next \(next)")
                                    return
                                }
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    /// Random strings over a pool with a character of every class (and the departures' own
    /// characters): the same breaks with the fast paths as without, with every option set.
    func testFastPathsAgreeWithTheRules() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "q", "#", "\u{05D0}", "0", "7", " ", " ", "\t", "\n", "\r", "\u{000B}", "\u{0085}", "\u{2028}",
            "-", "/", ".", ",", ":", "!", "?", "(", ")", "[", "]", "{", "}", "\"", "'", "$", "%", "+", "\u{00A0}",
            "\u{200B}", "\u{200D}", "\u{2060}", "\u{0301}", "\u{0E31}", "\u{0E01}", "\u{00AD}", "\u{2014}", "\u{00B4}",
            "\u{FFFC}", "\u{2024}", "\u{3041}", "\u{30FC}", "\u{3042}", "\u{4E00}", "\u{3001}", "\u{300C}", "\u{300D}",
            "\u{FF08}", "\u{FF09}", "\u{309D}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
            "\u{1F1EF}", "\u{1F1F5}", "\u{261D}", "\u{1F3FB}", "\u{1F600}", "\u{1FFFD}", "\u{20AC}", "\u{2030}",
            "\u{0F0B}", "\u{1806}", "\u{00A7}", "\u{0378}",
        ]
        var random = SeededRandom(seed: 14)
        let optionSets: [LineBreakOptions] = [.chromium, .uax14] + (0..<16).map { bits in
            LineBreakOptions(
                breakAfterHyphenBeforeDigit: bits & 1 != 0, noBreakAfterSolidus: bits & 2 != 0,
                conditionalJapaneseStarterAsIdeographic: bits & 4 != 0, breakAfterSpaces: bits & 8 != 0)
        }
        for n in 0..<20_000 {
            var text = ""
            let length = 1 + Int(random.next() % 24)
            for _ in 0..<length {
                // Letters often, so that runs of them (the skip) are common.
                let k = random.next() % 3 == 0 ? Int(random.next() % 3) : Int(random.next() % UInt64(pool.count))
                text.unicodeScalars.append(pool[k])
            }
            let options = optionSets[n % optionSets.count]
            let breaker = LineBreaker(options: options)
            let fast = breaker.opportunities(in: text, fastPaths: true)
            let slow = breaker.opportunities(in: text, fastPaths: false)
            if fast != slow {
                XCTFail("\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(options): fast \(fast), rules \(slow)")
                return
            }
            XCTAssertEqual(fast, breaker.opportunities(in: text))
        }
    }
}
