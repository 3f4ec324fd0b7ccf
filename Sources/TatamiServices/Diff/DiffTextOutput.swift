import TatamiBase

/// The text format, written as UTF-8 bytes: a report of a change to a shared component runs to
/// hundreds of thousands of lines, each of a few names and numbers, and a string appended piece
/// by piece spent more on growing and checking itself than on the pieces. One file's part is
/// written on its own (`textPart(_:style:)`), so that `tatami diff` can write each file's part
/// as soon as the file is compared and keep only its counts.
extension DiffFormatter {
    /// ANSI colours for the text format.
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }

        /// `s` painted (`ESC [ code m … ESC [ 0 m`), appended to `out`.
        func append<S: ByteSink>(_ s: String, _ code: StaticString, to out: inout S) {
            guard color else { return out.appendText(s) }
            open(code, &out)
            out.appendText(s)
            close(&out)
        }

        @inline(__always)
        func open<S: ByteSink>(_ code: StaticString, _ out: inout S) {
            guard color else { return }
            out.appendLiteral("\u{1B}[")
            out.appendLiteral(code)
            out.append(0x6D)
        }

        @inline(__always)
        func close<S: ByteSink>(_ out: inout S) {
            guard color else { return }
            out.appendLiteral("\u{1B}[0m")
        }
    }

    /// Per changed file: its name and status, the one-line summary, then per changed viewport
    /// each view change that does not merely follow its parent, and each diagnostic that
    /// appeared (`+`) or went (`-`). Nothing for files without a layout change.
    public static func text(_ report: DiffReport, style: Style = Style(color: false)) -> String {
        var out: [UInt8] = []
        for f in report.files { text(f, style: style, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// One file's part of `text(_:style:)`, appended to `out`.
    public static func text(_ f: DiffFile, style: Style, into out: inout [UInt8]) {
        guard let part = textPart(f, style: style) else { return }
        out.append(contentsOf: part.bytes)
    }

    /// One file's part of the text report in storage of its own, which `tatami diff` writes
    /// from where it was made: a shared component's report runs to megabytes, and each copy of
    /// it (into an array, then into the output's buffer) cost about one instruction per byte.
    public final class TextPart {
        private let buffer: TextBuffer

        fileprivate init(_ buffer: TextBuffer) {
            self.buffer = buffer
        }

        deinit { buffer.release() }

        /// The part's bytes, valid as long as the part is.
        public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer.bytes) }
    }

    /// One file's part of `text(_:style:)`, written into a buffer with room for its lines
    /// (about 90 bytes each) at once; nil for a file without a layout change.
    public static func textPart(_ f: DiffFile, style: Style) -> TextPart? {
        guard f.hasLayoutChanges else { return nil }
        var lines = 4
        for k in f.viewports.indices { lines += 1 + (f.viewports[k].changes?.list.count ?? 0) }
        var buffer = TextBuffer(capacity: (style.color ? 128 : 96) * lines)
        text(f, style: style, into: &buffer)
        return TextPart(buffer)
    }

    private static func text(_ f: DiffFile, style: Style, into out: inout TextBuffer) {
        style.open("1", &out)
        title(f, into: &out)
        style.close(&out)
        out.appendLiteral("\n  ")
        summary(f, into: &out)
        out.append(0x0A)
        for d in f.appeared { out.appendLiteral("  "); style.append("+ " + diagnosticLine(d), "32", to: &out); out.append(0x0A) }
        for d in f.disappeared { out.appendLiteral("  "); style.append("- " + diagnosticLine(d), "31", to: &out); out.append(0x0A) }
        var texts: FileTexts?
        defer { texts?.release() }
        // The last viewport's changes and where their lines lie in `out`.
        var previous: (changes: ViewChanges, from: Int, to: Int)?
        for v in f.viewports where v.status != .unchanged {
            let vp = v.new ?? v.old!
            out.appendLiteral("  ")
            style.open("1", &out)
            out.appendText(v.name)
            out.append(0x20)
            number(vp.width, into: &out)
            out.appendLiteral("×")
            number(vp.height, into: &out)
            style.close(&out)
            out.append(0x0A)
            if let changes = v.changes {
                // One file's viewports share their spelling: its views' texts are made once for
                // all of them.
                if texts.map({ $0.spelling !== changes.spelling }) ?? true {
                    texts?.release()
                    texts = FileTexts(changes.spelling, file: f)
                }
                let made = texts!
                let from = out.count
                if let p = previous, p.changes.spelling === changes.spelling, ViewChange.sameLines(p.changes.list, changes.list) {
                    // The same changes as the viewport before (a shared component's change often
                    // moves views alike at every width): its lines, copied.
                    out.appendOwn(from: p.from, to: p.to)
                } else {
                    changes.list.withUnsafeBufferPointer { list in
                        for c in list.indices where !list[c].followsParent { line(FoundChange(list.baseAddress! + c, made), style: style, into: &out) }
                    }
                }
                previous = (changes, from, out.count)
            } else {
                previous = nil
                for c in v.views where !c.followsParent { line(SpelledChange(c, file: f), style: style, into: &out) }
            }
            for d in v.appeared { out.appendLiteral("    "); style.append("+ " + diagnosticLine(d), "32", to: &out); out.append(0x0A) }
            for d in v.disappeared { out.appendLiteral("    "); style.append("- " + diagnosticLine(d), "31", to: &out); out.append(0x0A) }
        }
    }

    /// `f.summary`'s bytes; written without making strings when it names no diagnostics (the
    /// summary of a file whose views moved: `phone: 7 views moved, 3 views resized; tablet: …`).
    static func summary<S: ByteSink>(_ f: DiffFile, into out: inout S) {
        guard f.status != .identical, !f.viewports.isEmpty, f.appeared.isEmpty, f.disappeared.isEmpty,
              f.viewports.allSatisfy({ $0.appeared.isEmpty && $0.disappeared.isEmpty }) else {
            return out.appendText(f.summary)
        }
        func count(_ n: Int, _ what: StaticString, first: inout Bool) {
            guard n > 0 else { return }
            if !first { out.appendLiteral(", ") }
            first = false
            integer(Int64(n), into: &out)
            out.appendLiteral(n == 1 ? " view " : " views ")
            out.appendLiteral(what)
        }
        for (k, v) in f.viewports.enumerated() {
            if k > 0 { out.appendLiteral("; ") }
            out.appendText(v.name)
            switch v.status {
            case .added: out.appendLiteral(": new viewport")
            case .removed: out.appendLiteral(": viewport removed")
            case .unchanged: out.appendLiteral(": unchanged")
            case .changed:
                out.appendLiteral(": ")
                var first = true
                count(v.moved, "moved", first: &first)
                count(v.resized, "resized", first: &first)
                count(v.added, "added", first: &first)
                count(v.removed, "removed", first: &first)
            }
        }
    }

    /// `screens/a.tatami.yaml (modified)`, `new.tatami.yaml (renamed from old.tatami.yaml)`,
    /// `a.tatami.yaml (through lib/cards.tatami.yaml)`.
    static func title(_ f: DiffFile) -> String {
        var out: [UInt8] = []
        title(f, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func title<S: ByteSink>(_ f: DiffFile, into out: inout S) {
        out.appendText(f.path)
        switch f.status {
        case .renamed:
            out.appendLiteral(" (renamed from ")
            out.appendText(f.oldPath ?? "?")
        case .affected:
            out.appendLiteral(" (through ")
            for (k, cause) in f.causes.enumerated() {
                if k > 0 { out.appendLiteral(", ") }
                out.appendText(cause)
            }
        default:
            out.appendLiteral(" (")
            out.appendText(f.status.rawValue)
        }
        out.append(0x29)
    }

    /// `    moved         Card /0/2 line 14 → /0/3 line 16  Δy +48  (+5 inside)` and a line break.
    private static func line<C: TextChange>(_ c: C, style: Style, into out: inout TextBuffer) {
        out.appendLiteral("    ")
        style.open(c.change == .added ? "32" : c.change == .removed ? "31" : "33", &out)
        out.appendLiteral(DiffViewChange.paddedWord(c.change, moved: c.moved, resized: c.resized))
        style.close(&out)
        describe(c, into: &out)
        out.append(0x0A)
    }

    /// `Card /0/2 line 14 → /0/3 line 16  Δy +48  (+5 inside)`.
    private static func describe<C: TextChange>(_ c: C, into s: inout TextBuffer) {
        switch c.change {
        case .added:
            c.writeNamed(old: false, into: &s)
            s.appendLiteral(" at ")
            rect(c.newFrame, into: &s)
        case .removed:
            c.writeNamed(old: true, into: &s)
            s.appendLiteral(" was at ")
            rect(c.oldFrame, into: &s)
        case .changed:
            if c.placesAgree { c.writeNamed(old: false, into: &s) } else { c.writeMove(into: &s) }
            s.appendLiteral("  ")
            deltas(moved: c.moved, resized: c.resized, c.dx, c.dy, c.dw, c.dh, into: &s)
        }
        if c.following > 0 {
            s.appendLiteral("  (+")
            integer(Int64(c.following), into: &s)
            s.appendLiteral(" inside)")
        }
        c.writeCause(into: &s)
    }

    /// ` line 14`, for a line that is known (not 0).
    @inline(__always)
    static func lineNumber(_ line: Int, into s: inout TextBuffer) {
        guard line > 0 else { return }
        s.appendLiteral(" line ")
        s.appendDigits(UInt64(line))
    }

    /// `/0/2 line 14`.
    static func place<S: ByteSink>(path: String, line: Int?, into s: inout S) {
        s.appendText(path)
        if let line {
            s.appendLiteral(" line ")
            integer(Int64(line), into: &s)
        }
    }

    /// `8,16 304×128`.
    static func rect(_ r: Rect) -> String {
        var out: [UInt8] = []
        rect(r, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func rect<S: ByteSink>(_ r: Rect, into s: inout S) {
        number(r.minX, into: &s)
        s.append(0x2C)
        number(r.minY, into: &s)
        s.append(0x20)
        number(r.width, into: &s)
        s.append(0xC3)
        s.append(0x97)
        number(r.height, into: &s)
    }

    /// `Δx +8 Δy -16 Δw +20` (the deltas that count, signed).
    public static func deltas(_ c: DiffViewChange) -> String {
        var out: [UInt8] = []
        deltas(c, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func deltas(_ c: DiffViewChange, into s: inout [UInt8]) {
        deltas(moved: c.moved, resized: c.resized, c.dx, c.dy, c.dw, c.dh, into: &s)
    }

    static func deltas(moved: Bool, resized: Bool, _ dx: Double, _ dy: Double, _ dw: Double, _ dh: Double,
                       into s: inout some ByteSink) {
        var first = true
        if moved {
            delta(0x78, dx, first: &first, into: &s)
            delta(0x79, dy, first: &first, into: &s)
        }
        if resized {
            delta(0x77, dw, first: &first, into: &s)
            delta(0x68, dh, first: &first, into: &s)
        }
    }

    /// ` Δy +48` (without the space for the first), when the delta counts.
    @inline(__always)
    private static func delta<S: ByteSink>(_ name: UInt8, _ v: Double, first: inout Bool, into s: inout S) {
        guard abs(v) > 1e-9 else { return }
        s.appendDeltaName(name, negative: !(v > 0), first: first)
        first = false
        number(abs(v), into: &s)
    }

    /// `formatNumber(v)`'s text; a whole number (nearly every length) written digit by digit.
    @inline(__always)
    static func number<S: ByteSink>(_ v: Double, into s: inout S) {
        // Within ±9e18 a length converts to Int64 and back unchanged exactly when it is whole
        // (no rounding call per number).
        if abs(v) < 9e18 {
            let whole = Int64(v)
            if Double(whole) == v { return integer(whole, into: &s) }
        }
        s.appendText(formatNumber(v))
    }

    /// `String(n)`'s text.
    @inline(__always)
    static func integer<S: ByteSink>(_ n: Int64, into s: inout S) {
        if n < 0 { s.append(0x2D) }
        s.appendDigits(n.magnitude)
    }
}

/// A view's change as the text format writes it: from a `DiffViewChange` given whole
/// (`SpelledChange`), or straight from the comparison's entries and numbers (`FoundChange`), so
/// that a report of hundreds of thousands of changes writes each path from the outline into the
/// output instead of making a string of it first.
protocol TextChange: ChangeFigures {
    var following: Int { get }
    var oldFrame: Rect { get }
    var newFrame: Rect { get }
    /// The same path and line in both revisions (a changed view).
    var placesAgree: Bool { get }
    /// `Card /0/2 line 14`: the kind and the place, in the old revision or the new one.
    func writeNamed(old: Bool, into s: inout TextBuffer)
    /// `Card /0/2 line 14 → /0/3 line 16`: the kind, the old place and the new one.
    func writeMove(into s: inout TextBuffer)
    /// `  [lib/cards.tatami.yaml]`, when the cause is worth naming.
    func writeCause(into s: inout TextBuffer)
}

/// What a change is and by how much, as both forms of a change hold it: a `DiffViewChange` and
/// the comparison's `ViewChange`.
protocol ChangeFigures {
    var change: DiffViewChange.Change { get }
    var moved: Bool { get }
    var resized: Bool { get }
    var dx: Double { get }
    var dy: Double { get }
    var dw: Double { get }
    var dh: Double { get }
}

extension DiffViewChange: ChangeFigures {}
extension ViewChange: ChangeFigures {}

/// A line's change that wraps one of the two forms (`c`) and takes its figures from it.
protocol WrappedChange: TextChange {
    associatedtype Wrapped: ChangeFigures
    var c: Wrapped { get }
}

extension WrappedChange {
    var change: DiffViewChange.Change { c.change }
    var moved: Bool { c.moved }
    var resized: Bool { c.resized }
    var dx: Double { c.dx }
    var dy: Double { c.dy }
    var dw: Double { c.dw }
    var dh: Double { c.dh }
}

extension DiffViewChange {
    /// `moved`, `resized`, `moved+resized`, `added`, `removed`.
    static func word(_ change: Change, moved: Bool, resized: Bool) -> String {
        wordLiteral(change, moved: moved, resized: resized).description
    }

    /// `word` as a literal, which the text format copies without making a string.
    static func wordLiteral(_ change: Change, moved: Bool, resized: Bool) -> StaticString {
        switch change {
        case .added: return "added"
        case .removed: return "removed"
        case .changed: return moved && resized ? "moved+resized" : moved ? "moved" : "resized"
        }
    }

    /// `wordLiteral` padded to 14 columns, as the text format's lines write it.
    static func paddedWord(_ change: Change, moved: Bool, resized: Bool) -> StaticString {
        switch change {
        case .added: return "added         "
        case .removed: return "removed       "
        case .changed: return moved && resized ? "moved+resized " : moved ? "moved         " : "resized       "
        }
    }
}

/// A `DiffViewChange` in a file, for the text format.
struct SpelledChange: WrappedChange {
    let c: DiffViewChange
    let file: DiffFile

    init(_ c: DiffViewChange, file: DiffFile) {
        self.c = c
        self.file = file
    }

    var following: Int { c.following }
    var oldFrame: Rect { c.old!.frame }
    var newFrame: Rect { c.new!.frame }
    var placesAgree: Bool { c.old!.path == c.new!.path && c.old!.line == c.new!.line }

    func writeKind(into s: inout TextBuffer) {
        s.appendText(c.kind)
        if let id = c.id { s.append(0x23); s.appendText(id) }
    }

    func writePlace(old: Bool, into s: inout TextBuffer) {
        let side = old ? c.old! : c.new!
        DiffFormatter.place(path: side.path, line: side.line, into: &s)
    }

    func writeNamed(old: Bool, into s: inout TextBuffer) {
        writeKind(into: &s)
        s.append(0x20)
        writePlace(old: old, into: &s)
    }

    func writeMove(into s: inout TextBuffer) {
        writeKind(into: &s)
        s.append(0x20)
        writePlace(old: true, into: &s)
        s.appendLiteral(" → ")
        writePlace(old: false, into: &s)
    }

    func writeCause(into s: inout TextBuffer) {
        if let cause = c.cause, cause != file.path || file.status == .renamed {
            s.appendLiteral("  [")
            s.appendText(cause)
            s.append(0x5D)
        }
    }
}

/// Where the text format's bytes go: an array, or a buffer of its own (`TextBuffer`).
protocol ByteSink {
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    mutating func swapAt(_ i: Int, _ j: Int)
    /// `n`'s decimal digits.
    mutating func appendDigits(_ n: UInt64)
    /// `Δy +` (`Δy -` when `negative`), after a space unless `first`.
    mutating func appendDeltaName(_ name: UInt8, negative: Bool, first: Bool)
}

extension ByteSink {
    mutating func appendBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(bytes: $0) }
    }

    /// A string's UTF-8 bytes, copied in one piece (a `utf8` view appended goes byte by byte).
    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// A literal's UTF-8 bytes, copied in one piece.
    @inline(__always)
    mutating func appendLiteral(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { append(bytes: $0) }
        }
    }

    mutating func appendDeltaName(_ name: UInt8, negative: Bool, first: Bool) {
        if !first { append(0x20) }
        append(0xCE)
        append(0x94)
        append(name)
        append(0x20)
        append(negative ? 0x2D : 0x2B)
    }

    /// Up to four digits written in order (nearly every number of a report), longer numbers
    /// appended last digit first, then turned round.
    mutating func appendDigits(_ n: UInt64) {
        if n < 10_000 {
            let small = UInt16(truncatingIfNeeded: n)
            if small >= 1000 { append(0x30 + UInt8(truncatingIfNeeded: small / 1000)) }
            if small >= 100 { append(0x30 + UInt8(truncatingIfNeeded: small / 100 % 10)) }
            if small >= 10 { append(0x30 + UInt8(truncatingIfNeeded: small / 10 % 10)) }
            append(0x30 + UInt8(truncatingIfNeeded: small % 10))
            return
        }
        let start = count
        var m = n
        repeat {
            append(0x30 + UInt8(truncatingIfNeeded: m % 10))
            m /= 10
        } while m > 0
        OutlinePlaces.reverse(&self, from: start)
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
