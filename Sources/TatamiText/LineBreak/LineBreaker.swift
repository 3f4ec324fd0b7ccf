/// Line break opportunities by UAX #14, the Unicode Line Breaking Algorithm (revision 49, Unicode
/// 15.0: rules LB1–LB31, with LB25 in the regular-expression form of the annex's Example 7, which
/// is also the form its conformance test, LineBreakTest.txt, checks), plus the four places where
/// Chromium breaks differently, chosen by `LineBreakOptions`.
///
/// Offsets are UTF-8 byte offsets into the text; an opportunity at offset `o` is a break *before*
/// the byte `o`, so the line before it is `utf8[..<o]`. The end of a non-empty text is always the
/// last opportunity (LB3). Pure Swift, no ICU: one pass over the UTF-8 bytes, one table load per
/// scalar (two-stage table, `LineBreakTable`), no allocation beyond the result.
public struct LineBreaker: Sendable {
    public var options: LineBreakOptions

    public init(options: LineBreakOptions = .chromium) {
        self.options = options
    }

    /// The break opportunities of `text`, in increasing offset order.
    public func opportunities(in text: String) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        appendOpportunities(in: text, to: &result)
        return result
    }

    /// The break opportunities of the UTF-8 bytes `utf8`, in increasing offset order. The bytes
    /// should be well-formed UTF-8 (as a `String`'s always are); ill-formed bytes never trap, but
    /// the breaks around them are unspecified.
    public func opportunities(utf8: UnsafeBufferPointer<UInt8>) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
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
}

/// A place where a line may (or must) end.
public struct LineBreakOpportunity: Hashable, Sendable {
    /// UTF-8 byte offset of the first byte after the break.
    public var offset: Int
    /// A hard break: after a mandatory break character (LB4: BK, i.e. U+000B, U+000C, U+2028,
    /// U+2029; LB5: CR not followed by LF, LF, NL). Otherwise the break is only allowed.
    public var isMandatory: Bool

    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
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
    /// SY × HL and LB25's number context keep them). Mandatory breaks cannot follow `/` anyway.
    /// (Blink's own table says this for a following printable ASCII character; a non-ASCII one is
    /// left to ICU there. Tatami applies it to every following character.)
    public var noBreakAfterSolidus: Bool

    /// (c) Class CJ (small kana such as ぁ ッ ャ ㇰ, and U+30FC KATAKANA-HIRAGANA PROLONGED SOUND
    /// MARK ー, U+FF70 ｰ) is treated as ID instead of NS, so a break is allowed before them (and
    /// they join numbers as an ID does, LB23a). UAX #14's LB1 resolves CJ to NS by default, which
    /// is CSS `line-break: strict`; CSS `normal` and `auto` (Chromium's default) treat CJ as ID.
    public var conditionalJapaneseStarterAsIdeographic: Bool

    /// (d) After a run of breakable spaces — U+0020 SPACE and U+0009 CHARACTER TABULATION, as
    /// Blink counts them (not NBSP, not U+3000) — a break is allowed before the next character of
    /// any class, except a hard line break (BK, CR, LF, NL: LB6 still applies, the break comes
    /// after it). This overrides every "×" that UAX #14 puts after spaces: LB13's × CL, × CP,
    /// × EX, × IS, × SY (`a )`, `a .`, `a !`, `あ 」`, `あ 、`), LB14's OP SP* × (`( a`), LB15's
    /// QU SP* × OP, LB16's (CL|CP) SP* × NS, LB17's B2 SP* × B2, LB11's × WJ, LB12a's … × GL and
    /// LB7's × ZW. A run is one unit: no break between a space and a following tab (UAX #14's LB18
    /// allows one there), and a combining mark after a tab starts a new unit (as after a space)
    /// instead of attaching to the tab by LB9.
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

/// One pass over UTF-8 bytes. Classes are raw `LineBreakClass` values; sets of classes are bit
/// masks (`1 << class`), so a rule is an AND and a compare.
private struct Scanner {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let options: LineBreakOptions

    // Class numbers, as constants the optimizer folds.
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

    /// LB25's number states (Example 7): after `NU (NU|SY|IS)*`, or after that and one CL/CP.
    static let notInNumber: UInt8 = 0, inNumber: UInt8 = 1, closedNumber: UInt8 = 2

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

    /// LB25's look-ahead (`(PR|PO) × (OP|HY)? NU`): whether the first character from byte `i` on
    /// that is not a combining mark (which would attach to the OP or HY, LB9) is NU.
    func nextBaseIsNumber(from start: Int) -> Bool {
        var i = start
        while i < count {
            let (s, length) = decode(at: i)
            let c = LineBreakTable.rawClass(s)
            if c == Self.NU { return true }
            if !Self.has(Self.combining, c) { return false }
            i &+= length
        }
        return false
    }

    func run(into result: inout [LineBreakOpportunity]) {
        let cjClass = options.conditionalJapaneseStarterAsIdeographic ? Self.ID : Self.NS
        let hyphenDigit = options.breakAfterHyphenBeforeDigit
        let solidus = options.noBreakAfterSolidus
        let afterSpaces = options.breakAfterSpaces

        var prev = Self.SOT        // the class of the previous base (LB9: X CM* is X; LB10: a lone CM is AL)
        var prevPrev = Self.SOT    // the base before it (LB21a)
        var beforeSpaces = Self.SOT // when prev is SP, the base before the run of spaces (LB8, LB14–17)
        var rawPrev: UInt32 = 0    // the previous scalar itself, and the one before (departures a, b, d)
        var rawPrevPrev: UInt32 = 0
        var rawPrevIsZWJ = false   // LB8a looks at the character, not the base
        var number = Self.notInNumber
        var oddRegionalIndicators = false // an odd run of RI ends at prev (LB30a)

        var i = 0
        while i < count {
            let (scalar, length) = decode(at: i)
            var c = LineBreakTable.rawClass(scalar)
            if c == Self.CJ { c = cjClass }
            let isCombining = Self.has(Self.combining, c)
            let prevIsSpaceOrTab = rawPrev == 0x20 || rawPrev == 0x09

            // LB9: a combining mark or ZWJ attaches to the base before it, unless that is a space,
            // a hard break or ZW (or, with departure (d), a tab).
            let attaches = isCombining && !Self.has(Self.noBase, prev) && !(afterSpaces && rawPrev == 0x09)

            // 0: no break, 1: allowed, 2: mandatory.
            var decision: UInt8
            if prev == Self.SOT {
                decision = 0                                                    // LB2
            } else if prev == Self.BK || prev == Self.LF || prev == Self.NL || (prev == Self.CR && c != Self.LF) {
                decision = 2                                                    // LB4, LB5
            } else if Self.has(Self.hardBreaks, c) {
                decision = 0                                                    // LB5 CR × LF, LB6
            } else if afterSpaces && prevIsSpaceOrTab {
                decision = (scalar == 0x20 || scalar == 0x09) ? 0 : 1          // departure (d)
            } else if c == Self.SP || c == Self.ZW {
                decision = 0                                                    // LB7
            } else if prev == Self.ZW || (prev == Self.SP && beforeSpaces == Self.ZW) {
                decision = 1                                                    // LB8
            } else if rawPrevIsZWJ {
                decision = 0                                                    // LB8a
            } else if solidus && rawPrev == 0x2F {
                decision = 0                                                    // departure (b)
            } else if hyphenDigit && rawPrev == 0x2D && scalar &- 0x30 < 10 && Self.isASCIIAlphanumeric(rawPrevPrev) {
                decision = 1                                                    // departure (a)
            } else if attaches {
                decision = 0                                                    // LB9
            } else {
                if isCombining { c = Self.AL }                                  // LB10
                decision = pairDecision(prev: prev, prevPrev: prevPrev, beforeSpaces: beforeSpaces, c: c,
                                        number: number, oddRegionalIndicators: oddRegionalIndicators,
                                        next: i &+ length) ? 1 : 0
            }
            if decision != 0 {
                result.append(LineBreakOpportunity(offset: i, isMandatory: decision == 2))
            }

            if !attaches {
                if isCombining { c = Self.AL }
                if c == Self.SP && prev != Self.SP { beforeSpaces = prev }
                if c == Self.NU {
                    number = Self.inNumber
                } else if number == Self.inNumber && (c == Self.SY || c == Self.IS) {
                    // still in the number
                } else if number == Self.inNumber && Self.has(Self.closing, c) {
                    number = Self.closedNumber
                } else {
                    number = Self.notInNumber
                }
                oddRegionalIndicators = c == Self.RI && !(prev == Self.RI && oddRegionalIndicators)
                prevPrev = prev
                prev = c
            }
            rawPrevPrev = rawPrev
            rawPrev = scalar
            rawPrevIsZWJ = scalar == 0x200D
            i &+= length
        }
        // LB3: always a break at the end; mandatory only after a hard line break (LB4, LB5).
        result.append(LineBreakOpportunity(offset: count, isMandatory: Self.has(Self.hardBreaks, prev)))
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ s: UInt32) -> Bool {
        s &- 0x30 < 10 || (s | 0x20) &- 0x61 < 26
    }

    /// LB11–LB31 for a base of class `c` after the base `prev` (neither is CM or ZWJ, nor a hard
    /// break; `prev` may be SP). True when a break is allowed.
    @inline(__always)
    func pairDecision(
        prev: UInt8, prevPrev: UInt8, beforeSpaces: UInt8, c: UInt8, number: UInt8,
        oddRegionalIndicators: Bool, next: Int
    ) -> Bool {
        typealias S = Scanner
        if c == S.WJ || prev == S.WJ { return false }                           // LB11
        if prev == S.GL { return false }                                        // LB12
        if c == S.GL && !S.has(S.lb12aNot, prev) { return false }              // LB12a
        if S.has(S.lb13, c) { return false }                                    // LB13
        let spaced = prev == S.SP ? beforeSpaces : prev                         // X in "X SP*"
        if S.has(S.opening, spaced) { return false }                            // LB14
        if spaced == S.QU && S.has(S.opening, c) { return false }               // LB15
        if c == S.NS && S.has(S.closing, spaced) { return false }               // LB16
        if c == S.B2 && spaced == S.B2 { return false }                         // LB17
        if prev == S.SP { return true }                                         // LB18
        if c == S.QU || prev == S.QU { return false }                           // LB19
        if c == S.CB || prev == S.CB { return true }                            // LB20
        if S.has(S.lb21, c) || prev == S.BB { return false }                    // LB21
        if prevPrev == S.HL && (prev == S.HY || prev == S.BA) { return false }  // LB21a
        if prev == S.SY && c == S.HL { return false }                           // LB21b
        if c == S.IN { return false }                                           // LB22
        if S.has(S.alphabetic, prev) && c == S.NU { return false }              // LB23
        if prev == S.NU && S.has(S.alphabetic, c) { return false }
        if prev == S.PR && S.has(S.ideographic, c) { return false }             // LB23a
        if S.has(S.ideographic, prev) && c == S.PO { return false }
        if S.has(S.affix, prev) && S.has(S.alphabetic, c) { return false }      // LB24
        if S.has(S.alphabetic, prev) && S.has(S.affix, c) { return false }
        // LB25 (Example 7): (PR|PO) × (OP|HY)? NU; (OP|HY) × NU; NU (NU|SY|IS)* × (NU|SY|IS|CL|CP);
        // NU (NU|SY|IS)* (CL|CP)? × (PR|PO).
        if S.has(S.affix, prev) {
            if c == S.NU { return false }
            if (S.has(S.opening, c) || c == S.HY) && nextBaseIsNumber(from: next) { return false }
        }
        if (S.has(S.opening, prev) || prev == S.HY) && c == S.NU { return false }
        if number == S.inNumber && (S.has(S.numeric, c) || S.has(S.closing, c)) { return false }
        if number != S.notInNumber && S.has(S.affix, c) { return false }
        if prev == S.JL && (c == S.JL || c == S.JV || c == S.H2 || c == S.H3) { return false } // LB26
        if (prev == S.JV || prev == S.H2) && (c == S.JV || c == S.JT) { return false }
        if (prev == S.JT || prev == S.H3) && c == S.JT { return false }
        if S.has(S.hangul, prev) && c == S.PO { return false }                  // LB27
        if prev == S.PR && S.has(S.hangul, c) { return false }
        if S.has(S.alphabetic, prev) && S.has(S.alphabetic, c) { return false } // LB28
        if prev == S.IS && S.has(S.alphabetic, c) { return false }              // LB29
        if (S.has(S.alphabetic, prev) || prev == S.NU) && c == S.OP { return false } // LB30 (OP, CP
        if prev == S.CP && (S.has(S.alphabetic, c) || c == S.NU) { return false }    // without F/W/H)
        if prev == S.RI && c == S.RI && oddRegionalIndicators { return false }  // LB30a
        if c == S.EM && (prev == S.EB || prev == S.IDEP) { return false }       // LB30b
        return true                                                             // LB31
    }
}
