/// Line break opportunities by UAX #14, the Unicode Line Breaking Algorithm (revision 49, Unicode
/// 15.0: rules LB1–LB31, with LB25 in the regular-expression form of the annex's Example 7, which
/// is also the form its conformance test, LineBreakTest.txt, checks), plus the four places where
/// Chromium breaks differently, chosen by `LineBreakOptions`.
///
/// Offsets are UTF-8 byte offsets into the text; an opportunity at offset `o` is a break *before*
/// the byte `o`, so the line before it is `utf8[..<o]`. The end of a non-empty text is always the
/// last opportunity (LB3). Pure Swift, no ICU: one pass over the UTF-8 bytes; a scalar's class
/// from a two-stage table (`LineBreakTable`), the decision for most pairs of classes from a table
/// built once from the rules (`LineBreakRules.pairTable`), the rules one by one only where the
/// context matters (after spaces, in numbers, …); no allocation beyond the result.
public struct LineBreaker: Sendable {
    public var options: LineBreakOptions

    public init(options: LineBreakOptions = .chromium) {
        self.options = options
    }

    /// The break opportunities of `text`, in increasing offset order.
    public func opportunities(in text: String) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        // About one break per word of Latin, one per character of CJK (3 bytes): rarely a regrowth.
        result.reserveCapacity(text.utf8.count / 3 + 2)
        appendOpportunities(in: text, to: &result)
        return result
    }

    /// The break opportunities of the UTF-8 bytes `utf8`, in increasing offset order. The bytes
    /// should be well-formed UTF-8 (as a `String`'s always are); ill-formed bytes never trap, but
    /// the breaks around them are unspecified.
    public func opportunities(utf8: UnsafeBufferPointer<UInt8>) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        result.reserveCapacity(utf8.count / 3 + 2)
        appendOpportunities(utf8: utf8, to: &result)
        return result
    }

    /// Appends the break opportunities of `text` to `result` (which is not cleared), so that a
    /// caller can reuse one array's storage across texts.
    public func appendOpportunities(in text: String, to result: inout [LineBreakOpportunity]) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ appendOpportunities(utf8: $0, to: &result) }) {
            return done
        }
        var copy = text
        copy.withUTF8 { appendOpportunities(utf8: $0, to: &result) }
    }

    /// Appends the break opportunities of the UTF-8 bytes `utf8` to `result` (not cleared).
    public func appendOpportunities(utf8: UnsafeBufferPointer<UInt8>, to result: inout [LineBreakOpportunity]) {
        guard let base = utf8.baseAddress, utf8.count > 0 else { return }
        Scanner(bytes: base, count: utf8.count, options: options).run(into: &result)
    }

    /// The opportunities with the fast paths (pair table, letter runs) on or off, for tests that
    /// check that both ways agree.
    func opportunities(in text: String, fastPaths: Bool) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        var copy = text
        copy.withUTF8 { utf8 in
            guard let base = utf8.baseAddress, utf8.count > 0 else { return }
            var scanner = Scanner(bytes: base, count: utf8.count, options: options)
            scanner.fastPaths = fastPaths
            scanner.run(into: &result)
        }
        return result
    }
}

/// A place where a line may (or must) end.
public struct LineBreakOpportunity: Hashable, Sendable, CustomStringConvertible {
    /// `offset << 1 | mandatory`: one word per opportunity.
    private var bits: Int

    /// UTF-8 byte offset of the first byte after the break.
    public var offset: Int { bits >> 1 }

    /// A hard break: after a mandatory break character (LB4: BK, i.e. U+000B, U+000C, U+2028,
    /// U+2029; LB5: CR not followed by LF, LF, NL). Otherwise the break is only allowed.
    public var isMandatory: Bool { bits & 1 != 0 }

    @inline(__always)
    public init(offset: Int, isMandatory: Bool) {
        bits = offset << 1 | (isMandatory ? 1 : 0)
    }

    /// The offset, with `!` when mandatory.
    public var description: String { isMandatory ? "\(offset)!" : "\(offset)" }
}

/// Chromium's departures from UAX #14. All are on in `.chromium` (Tatami's default, as Blink
/// breaks lines for CSS `line-break: auto`, `word-break: normal`); all are off in `.uax14`, which
/// is the annex's default algorithm as its conformance test checks it.
public struct LineBreakOptions: Hashable, Sendable {
    /// (a) A break is allowed between U+002D HYPHEN-MINUS and a following ASCII digit `0`–`9` when
    /// the character before the hyphen-minus is an ASCII letter or digit: `ABCD-1234` and
    /// `1234-5678` (parts of long identifiers or URLs) may break after the `-`, while `-5`,
    /// ` -5` and `(-5` keep the minus sign with its number. UAX #14 never allows it: LB25 (HY × NU
    /// in the Example 7 form) joins a hyphen to a following digit. The characters compared are the
    /// scalars themselves, not their classes (a combining mark between them stops the departure).
    public var breakAfterHyphenBeforeDigit: Bool

    /// (b) Never a break directly after U+002F SOLIDUS (`/`, class SY): `a/b`, `http://x/y` and
    /// `km/h` stay whole. UAX #14 allows SY ÷ AL, SY ÷ ID and the like (LB31; only LB21b's
    /// SY × HL and LB25's number context join them). (Blink's own table says this for a following
    /// printable ASCII character and leaves a non-ASCII one to ICU, which would allow `/` ÷ 日;
    /// Tatami applies it to every following character.)
    public var noBreakAfterSolidus: Bool

    /// (c) Class CJ (small kana such as ぁ ッ ャ ㇰ, and U+30FC KATAKANA-HIRAGANA PROLONGED SOUND
    /// MARK ー, U+FF70 ｰ) is treated as ID instead of NS, so a break is allowed before them (LB21's
    /// × NS no longer holds; LB23a's PR × ID and ID × PO then apply to them). UAX #14's LB1
    /// resolves CJ to NS by default, which is CSS `line-break: strict`; CSS `normal` and `auto`
    /// (Chromium's default) treat CJ as ID.
    public var conditionalJapaneseStarterAsIdeographic: Bool

    /// (d) After a run of breakable spaces — U+0020 SPACE and U+0009 CHARACTER TABULATION, as
    /// Blink counts them (not NBSP, not U+3000) — a break is allowed before the next character of
    /// any class, except a hard line break (BK, CR, LF, NL: LB6 still applies, the break comes
    /// after it). This overrides every "×" that UAX #14 puts after spaces: LB13's × CL, × CP,
    /// × EX, × IS, × SY (`a )`, `a .`, `a !`, `あ 」`, `あ 、`), LB14's OP SP* × (`( a`), LB15's
    /// QU SP* × OP, LB16's (CL|CP) SP* × NS, LB17's B2 SP* × B2, LB11's × WJ and LB7's × ZW; and
    /// after a tab (class BA, not SP) also LB21a's HL BA × and LB9 (a combining mark after a tab
    /// starts a new unit, as after a space, instead of attaching to the tab). A run is one unit:
    /// no break between a space and a following tab (UAX #14's LB18 allows one there).
    public var breakAfterSpaces: Bool

    public init(
        breakAfterHyphenBeforeDigit: Bool, noBreakAfterSolidus: Bool,
        conditionalJapaneseStarterAsIdeographic: Bool, breakAfterSpaces: Bool
    ) {
        self.breakAfterHyphenBeforeDigit = breakAfterHyphenBeforeDigit
        self.noBreakAfterSolidus = noBreakAfterSolidus
        self.conditionalJapaneseStarterAsIdeographic = conditionalJapaneseStarterAsIdeographic
        self.breakAfterSpaces = breakAfterSpaces
    }

    /// All four departures: lines break as Chromium breaks them. Tatami's default.
    public static let chromium = LineBreakOptions(
        breakAfterHyphenBeforeDigit: true, noBreakAfterSolidus: true,
        conditionalJapaneseStarterAsIdeographic: true, breakAfterSpaces: true)

    /// None: UAX #14's default algorithm (with Example 7's number rule), as LineBreakTest.txt checks.
    public static let uax14 = LineBreakOptions(
        breakAfterHyphenBeforeDigit: false, noBreakAfterSolidus: false,
        conditionalJapaneseStarterAsIdeographic: false, breakAfterSpaces: false)
}

extension LineBreakTable {
    /// The class of scalar value `s` (at most 0x10FFFF), CJ unresolved.
    @inline(__always)
    static func rawClass(_ s: UInt32) -> UInt8 {
        let stage2 = LineBreakTable.stage2.utf8Start
        if s < 0x80 { return stage2[Int(s)] &- 0x30 }
        let stage1 = LineBreakTable.stage1.utf8Start
        let i = Int(s >> shift) &* 2
        let block = Int(stage1[i] &- 0x41) << 4 | Int(stage1[i &+ 1] &- 0x41)
        return stage2[block << Int(shift) | Int(s & 0x7F)] &- 0x30
    }

    /// The class of `scalar`, CJ unresolved.
    static func lineBreakClass(of scalar: Unicode.Scalar) -> LineBreakClass {
        LineBreakClass(rawValue: rawClass(scalar.value))!
    }
}

/// The rules as functions of classes (raw `LineBreakClass` values); sets of classes are bit masks
/// (`1 << class`), so a rule is an AND and a compare.
enum LineBreakRules {
    static let AL = LineBreakClass.al.rawValue, BA = LineBreakClass.ba.rawValue, BB = LineBreakClass.bb.rawValue
    static let B2 = LineBreakClass.b2.rawValue, BK = LineBreakClass.bk.rawValue, CB = LineBreakClass.cb.rawValue
    static let CJ = LineBreakClass.cj.rawValue, CL = LineBreakClass.cl.rawValue, CM = LineBreakClass.cm.rawValue
    static let CP = LineBreakClass.cp.rawValue, CR = LineBreakClass.cr.rawValue, EB = LineBreakClass.eb.rawValue
    static let EM = LineBreakClass.em.rawValue, EX = LineBreakClass.ex.rawValue, GL = LineBreakClass.gl.rawValue
    static let H2 = LineBreakClass.h2.rawValue, H3 = LineBreakClass.h3.rawValue, HL = LineBreakClass.hl.rawValue
    static let HY = LineBreakClass.hy.rawValue, ID = LineBreakClass.id.rawValue, IN = LineBreakClass.in.rawValue
    static let IS = LineBreakClass.is.rawValue, JL = LineBreakClass.jl.rawValue, JT = LineBreakClass.jt.rawValue
    static let JV = LineBreakClass.jv.rawValue, LF = LineBreakClass.lf.rawValue, NL = LineBreakClass.nl.rawValue
    static let NS = LineBreakClass.ns.rawValue, NU = LineBreakClass.nu.rawValue, OP = LineBreakClass.op.rawValue
    static let PO = LineBreakClass.po.rawValue, PR = LineBreakClass.pr.rawValue, QU = LineBreakClass.qu.rawValue
    static let RI = LineBreakClass.ri.rawValue, SP = LineBreakClass.sp.rawValue, SY = LineBreakClass.sy.rawValue
    static let WJ = LineBreakClass.wj.rawValue, ZW = LineBreakClass.zw.rawValue, ZWJ = LineBreakClass.zwj.rawValue
    static let OPEA = LineBreakClass.opEastAsian.rawValue, CPEA = LineBreakClass.cpEastAsian.rawValue
    static let IDEP = LineBreakClass.idPictographic.rawValue
    /// Before the first character.
    static let SOT: UInt8 = 63

    @inline(__always) static func bit(_ c: UInt8) -> UInt64 { 1 &<< UInt64(c) }
    @inline(__always) static func has(_ set: UInt64, _ c: UInt8) -> Bool { set & bit(c) != 0 }

    static let hardBreaks = bit(BK) | bit(CR) | bit(LF) | bit(NL)
    static let combining = bit(CM) | bit(ZWJ)
    /// LB9's X: what a combining mark cannot attach to.
    static let noBase = hardBreaks | bit(SP) | bit(ZW) | bit(SOT)
    static let alphabetic = bit(AL) | bit(HL)
    static let opening = bit(OP) | bit(OPEA)
    static let closing = bit(CL) | bit(CP) | bit(CPEA)
    static let lb13 = closing | bit(EX) | bit(IS) | bit(SY)
    static let lb12aNot = bit(SP) | bit(BA) | bit(HY)
    static let lb21 = bit(BA) | bit(HY) | bit(NS)
    static let ideographic = bit(ID) | bit(IDEP) | bit(EB) | bit(EM)
    static let affix = bit(PR) | bit(PO)
    static let numeric = bit(NU) | bit(SY) | bit(IS)
    static let hangul = bit(JL) | bit(JV) | bit(JT) | bit(H2) | bit(H3)
    static let numberContinues = numeric | closing | affix

    /// LB25's number states (Example 7): after `NU (NU|SY|IS)*`, or after that and one CL/CP.
    static let notInNumber: UInt8 = 0, inNumber: UInt8 = 1, closedNumber: UInt8 = 2

    /// Where a number stands (LB25) after a base of class `c`: NU starts or continues one, SY and
    /// IS continue it, a closing class closes it, anything else ends it.
    @inline(__always)
    static func numberState(_ number: UInt8, after c: UInt8) -> UInt8 {
        if c == NU { return inNumber }
        if number == inNumber && (c == SY || c == IS) { return inNumber }
        if number == inNumber && has(closing, c) { return closedNumber }
        return notInNumber
    }

    /// LB11–LB31 for a base of class `c` after the base `prev` (neither is CM or ZWJ, nor a hard
    /// break; `prev` may be SP). `beforeSpaces` is the base before the spaces when `prev` is SP;
    /// `prevPrev` the base before `prev`; `number` LB25's state at `prev`; `nextIsNumber` whether
    /// the first non-combining character after `c` is NU. True when a break is allowed.
    @inline(__always)
    static func pairDecision(
        prev: UInt8, prevPrev: UInt8, beforeSpaces: UInt8, c: UInt8, number: UInt8,
        oddRegionalIndicators: Bool, nextIsNumber: () -> Bool
    ) -> Bool {
        if c == WJ || prev == WJ { return false }                               // LB11
        if prev == GL { return false }                                          // LB12
        if c == GL && !has(lb12aNot, prev) { return false }                     // LB12a
        if has(lb13, c) { return false }                                        // LB13
        let spaced = prev == SP ? beforeSpaces : prev                           // X in "X SP*"
        if has(opening, spaced) { return false }                                // LB14
        if spaced == QU && has(opening, c) { return false }                     // LB15
        if c == NS && has(closing, spaced) { return false }                     // LB16
        if c == B2 && spaced == B2 { return false }                             // LB17
        if prev == SP { return true }                                           // LB18
        if c == QU || prev == QU { return false }                               // LB19
        if c == CB || prev == CB { return true }                                // LB20
        if has(lb21, c) || prev == BB { return false }                          // LB21
        if prevPrev == HL && (prev == HY || prev == BA) { return false }        // LB21a
        if prev == SY && c == HL { return false }                               // LB21b
        if c == IN { return false }                                             // LB22
        if has(alphabetic, prev) && c == NU { return false }                    // LB23
        if prev == NU && has(alphabetic, c) { return false }
        if prev == PR && has(ideographic, c) { return false }                   // LB23a
        if has(ideographic, prev) && c == PO { return false }
        if has(affix, prev) && has(alphabetic, c) { return false }              // LB24
        if has(alphabetic, prev) && has(affix, c) { return false }
        // LB25 (Example 7): (PR|PO) × (OP|HY)? NU; (OP|HY) × NU; NU (NU|SY|IS)* × (NU|SY|IS|CL|CP);
        // NU (NU|SY|IS)* (CL|CP)? × (PR|PO).
        if has(affix, prev) {
            if c == NU { return false }
            if (has(opening, c) || c == HY) && nextIsNumber() { return false }
        }
        if (has(opening, prev) || prev == HY) && c == NU { return false }
        if number == inNumber && (has(numeric, c) || has(closing, c)) { return false }
        if number != notInNumber && has(affix, c) { return false }
        if prev == JL && (c == JL || c == JV || c == H2 || c == H3) { return false } // LB26
        if (prev == JV || prev == H2) && (c == JV || c == JT) { return false }
        if (prev == JT || prev == H3) && c == JT { return false }
        if has(hangul, prev) && c == PO { return false }                        // LB27
        if prev == PR && has(hangul, c) { return false }
        if has(alphabetic, prev) && has(alphabetic, c) { return false }         // LB28
        if prev == IS && has(alphabetic, c) { return false }                    // LB29
        if (has(alphabetic, prev) || prev == NU) && c == OP { return false }    // LB30 (OP and CP
        if prev == CP && (has(alphabetic, c) || c == NU) { return false }       // without F/W/H)
        if prev == RI && c == RI && oddRegionalIndicators { return false }      // LB30a
        if c == EM && (prev == EB || prev == IDEP) { return false }             // LB30b
        return true                                                             // LB31
    }

    /// Whether `pairDecision` for (prev, c) can depend on more than the two classes: on the
    /// spaces' base (prev SP), on prevPrev (LB21a), on the look-ahead (LB25 after PR/PO), on the
    /// number state (LB25 after NU, SY, IS, CL, CP) or on the count of RIs (LB30a).
    static func dependsOnContext(prev: UInt8, c: UInt8) -> Bool {
        if prev == SP || prev == HY || prev == BA { return true }
        if prev == RI && c == RI { return true }
        if has(affix, prev) && (has(opening, c) || c == HY) { return true }
        if has(numeric | closing, prev) && has(numberContinues, c) { return true }
        return false
    }

    /// The decision for every pair of classes (64 × 64, `prev << 6 | c`) where it depends on the
    /// two classes alone: LB4–LB7, LB8 after ZW, and `pairDecision`. 0 no break, 1 allowed,
    /// 3 mandatory; 2 when it depends on the context (`dependsOnContext`). The scanner reads it
    /// only when neither LB8a, LB9, LB10 nor a departure can apply.
    static let pairTable: [UInt8] = {
        var table = [UInt8](repeating: 2, count: 64 * 64)
        for prev in UInt8(0)..<64 {
            for c in UInt8(0)..<64 {
                let entry: UInt8
                if prev == BK || prev == LF || prev == NL || (prev == CR && c != LF) {
                    entry = 3                                                   // LB4, LB5
                } else if has(hardBreaks, c) || c == SP || c == ZW {
                    entry = 0                                                   // LB5, LB6, LB7
                } else if prev == ZW {
                    entry = 1                                                   // LB8
                } else if dependsOnContext(prev: prev, c: c) {
                    entry = 2
                } else {
                    entry = pairDecision(prev: prev, prevPrev: SOT, beforeSpaces: SOT, c: c, number: notInNumber,
                                         oddRegionalIndicators: false, nextIsNumber: { false }) ? 1 : 0
                }
                table[Int(prev) << 6 | Int(c)] = entry
            }
        }
        return table
    }()
}

/// One pass over UTF-8 bytes.
private struct Scanner {
    typealias R = LineBreakRules
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let options: LineBreakOptions
    /// The pair table and the letter-run skip; off only in tests, which compare both ways.
    var fastPaths = true

    /// The scalar at byte `i` and its length; ill-formed bytes read as U+FFFD, one byte long.
    @inline(__always)
    func decode(at i: Int) -> (scalar: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xC2 || b0 > 0xF4 { return (0xFFFD, 1) }
        if b0 < 0xE0 {
            guard i &+ 1 < count else { return (0xFFFD, 1) }
            return ((b0 & 0x1F) << 6 | UInt32(bytes[i &+ 1] & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard i &+ 2 < count else { return (0xFFFD, 1) }
            return ((b0 & 0x0F) << 12 | UInt32(bytes[i &+ 1] & 0x3F) << 6 | UInt32(bytes[i &+ 2] & 0x3F), 3)
        }
        guard i &+ 3 < count else { return (0xFFFD, 1) }
        let s = (b0 & 0x07) << 18 | UInt32(bytes[i &+ 1] & 0x3F) << 12 | UInt32(bytes[i &+ 2] & 0x3F) << 6
            | UInt32(bytes[i &+ 3] & 0x3F)
        return (s <= 0x10FFFF ? s : 0xFFFD, 4)
    }

    /// LB25's look-ahead (`(PR|PO) × (OP|HY)? NU`): whether the first character from byte `start`
    /// on that is not a combining mark (which would attach to the OP or HY, LB9) is NU.
    func nextBaseIsNumber(from start: Int) -> Bool {
        var i = start
        while i < count {
            let (s, length) = decode(at: i)
            let c = LineBreakTable.rawClass(s)
            if c == R.NU { return true }
            if !R.has(R.combining, c) { return false }
            i &+= length
        }
        return false
    }

    /// Opportunities are gathered in a small buffer on the stack and appended to `result` a
    /// buffer at a time: cheaper than an append (uniqueness and capacity checks) per break.
    static let bufferCapacity = 128

    func run(into result: inout [LineBreakOpportunity]) {
        R.pairTable.withUnsafeBufferPointer { pairTable in
            withUnsafeTemporaryAllocation(of: LineBreakOpportunity.self, capacity: Self.bufferCapacity) { buffer in
                run(pairTable: pairTable, buffer: buffer, into: &result)
            }
        }
    }

    private func run(
        pairTable: UnsafeBufferPointer<UInt8>, buffer: UnsafeMutableBufferPointer<LineBreakOpportunity>,
        into result: inout [LineBreakOpportunity]
    ) {
        let out = buffer.baseAddress!
        var buffered = 0
        let cjClass = options.conditionalJapaneseStarterAsIdeographic ? R.ID : R.NS
        let hyphenDigit = options.breakAfterHyphenBeforeDigit, solidus = options.noBreakAfterSolidus
        let afterSpaces = options.breakAfterSpaces

        var prev = R.SOT           // the class of the previous base (LB9: X CM* is X; LB10: a lone CM is AL)
        var prevPrev = R.SOT       // the base before it (LB21a)
        var beforeSpaces = R.SOT   // when prev is SP, the base before the run of spaces (LB8, LB14–17)
        var rawPrev: UInt32 = 0, rawPrevPrev: UInt32 = 0  // the previous scalar, the one before (departures a, b, d)
        var number = R.notInNumber
        var oddRegionalIndicators = false // an odd run of RI ends at prev (LB30a)

        // Whether the previous character leaves the pair table unsure: the start, a space or tab
        // (LB8, LB14–LB18, departure d), ZWJ (LB8a), `/` or `-` (departures b and a).
        var special = true
        var i = 0
        while i < count {
            let (scalar, length) = decode(at: i)
            var c = LineBreakTable.rawClass(scalar)
            if c == R.CJ { c = cjClass }
            let isCombining = R.has(R.combining, c)

            // LB9: a combining mark or ZWJ attaches to the base before it, unless that is a space,
            // a hard break or ZW (or, with departure (d), a tab).
            let attaches = isCombining && !R.has(R.noBase, prev) && !(afterSpaces && rawPrev == 0x09)

            // 0: no break, 1: allowed, 2: look at the context, 3: mandatory.
            var decision: UInt8 = 2
            if !special && !isCombining && fastPaths { decision = pairTable[Int(prev) << 6 | Int(c)] }
            if decision == 2 {
                if prev == R.SOT {
                    decision = 0                                                // LB2
                } else if prev == R.BK || prev == R.LF || prev == R.NL || (prev == R.CR && c != R.LF) {
                    decision = 3                                                // LB4, LB5
                } else if R.has(R.hardBreaks, c) {
                    decision = 0                                                // LB5 CR × LF, LB6
                } else if afterSpaces && (rawPrev == 0x20 || rawPrev == 0x09) {
                    decision = (scalar == 0x20 || scalar == 0x09) ? 0 : 1      // departure (d)
                } else if c == R.SP || c == R.ZW {
                    decision = 0                                                // LB7
                } else if prev == R.ZW || (prev == R.SP && beforeSpaces == R.ZW) {
                    decision = 1                                                // LB8
                } else if rawPrev == 0x200D {
                    decision = 0                                                // LB8a (ZWJ is U+200D alone)
                } else if solidus && rawPrev == 0x2F {
                    decision = 0                                                // departure (b)
                } else if hyphenDigit && rawPrev == 0x2D && scalar &- 0x30 < 10
                            && Self.isASCIIAlphanumeric(rawPrevPrev) {
                    decision = 1                                                // departure (a)
                } else if attaches {
                    decision = 0                                                // LB9
                } else {
                    if isCombining { c = R.AL }                                 // LB10
                    let next = i &+ length
                    decision = R.pairDecision(
                        prev: prev, prevPrev: prevPrev, beforeSpaces: beforeSpaces, c: c, number: number,
                        oddRegionalIndicators: oddRegionalIndicators, nextIsNumber: { nextBaseIsNumber(from: next) }
                    ) ? 1 : 0
                }
            }
            if decision != 0 {
                if buffered == Self.bufferCapacity { Self.flush(out, &buffered, into: &result) }
                (out + buffered).initialize(to: LineBreakOpportunity(offset: i, isMandatory: decision == 3))
                buffered &+= 1
            }

            if !attaches {
                if isCombining { c = R.AL }
                if c == R.SP && prev != R.SP { beforeSpaces = prev }
                number = R.numberState(number, after: c)
                oddRegionalIndicators = c == R.RI && !(prev == R.RI && oddRegionalIndicators)
                prevPrev = prev
                prev = c
            }
            (rawPrevPrev, rawPrev) = (rawPrev, scalar)
            special = scalar == 0x20 || scalar == 0x09 || scalar == 0x200D || scalar == 0x2F || scalar == 0x2D
            i &+= length

            // After a letter (AL), a run of ASCII letters is AL × AL (LB28) throughout, and leaves
            // the state as any AL leaves it (not in a number, no RI, nothing special): skip it.
            if prev == R.AL && fastPaths {
                let j = endOfASCIILetters(from: i)
                if j != i {
                    rawPrevPrev = j &- i >= 2 ? UInt32(bytes[j &- 2]) : rawPrev
                    rawPrev = UInt32(bytes[j &- 1])
                    prevPrev = R.AL
                    special = false
                    i = j
                }
            }
        }
        // LB3: always a break at the end; mandatory only after a hard line break (LB4, LB5).
        result.append(contentsOf: UnsafeBufferPointer(start: out, count: buffered))
        result.append(LineBreakOpportunity(offset: count, isMandatory: R.has(R.hardBreaks, prev)))
    }

    /// The end of the run of ASCII letters from byte `start`.
    @inline(__always)
    private func endOfASCIILetters(from start: Int) -> Int {
        var j = start
        while j < count && Self.isASCIILetter(bytes[j]) { j &+= 1 }
        return j
    }

    /// Moves the `buffered` opportunities at `out` to `result`.
    private static func flush(_ out: UnsafeMutablePointer<LineBreakOpportunity>, _ buffered: inout Int,
                              into result: inout [LineBreakOpportunity]) {
        result.append(contentsOf: UnsafeBufferPointer(start: out, count: buffered))
        buffered = 0
    }

    @inline(__always)
    static func isASCIILetter(_ b: UInt8) -> Bool {
        (b | 0x20) &- 0x61 < 26
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ s: UInt32) -> Bool {
        s &- 0x30 < 10 || (s | 0x20) &- 0x61 < 26
    }
}
