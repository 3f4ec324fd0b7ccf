import TatamiBase

/// The text format, written as UTF-8 bytes: a report of a change to a shared component runs to
/// hundreds of thousands of lines, each of a few names and numbers, and a string appended piece
/// by piece spent more on growing and checking itself than on the pieces. One file's part is
/// written on its own (`text(_:style:into:)`), so that `tatami diff` can write each file's part
/// as soon as the file is compared and keep only its counts.
extension DiffFormatter {
    /// ANSI colours for the text format.
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }

        /// `s` painted (`ESC [ code m … ESC [ 0 m`), appended to `out`.
        func append<S: ByteSink>(_ s: String, _ code: String, to out: inout S) {
            guard color else { return out.appendText(s) }
            open(code, &out)
            out.appendText(s)
            close(&out)
        }

        func open<S: ByteSink>(_ code: String, _ out: inout S) {
            guard color else { return }
            out.append(0x1B)
            out.append(0x5B)
            out.appendText(code)
            out.append(0x6D)
        }

        func close<S: ByteSink>(_ out: inout S) {
            guard color else { return }
            out.appendBytes([0x1B, 0x5B, 0x30, 0x6D])
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
        guard f.hasLayoutChanges else { return }
        if out.isEmpty {
            // A file's part on its own (`tatami diff` writes them as they come): room for its
            // lines (about 90 bytes each) at once, not copied each time it doubles.
            var lines = 4
            for v in f.viewports { lines += 1 + (v.changes?.list.count ?? 0) }
            out.reserveCapacity(96 * lines)
        }
        style.append(title(f), "1", to: &out)
        out.append(contentsOf: "\n  ".utf8)
        summary(f, into: &out)
        out.append(0x0A)
        for d in f.appeared { out += [0x20, 0x20]; style.append("+ " + diagnosticLine(d), "32", to: &out); out.append(0x0A) }
        for d in f.disappeared { out += [0x20, 0x20]; style.append("- " + diagnosticLine(d), "31", to: &out); out.append(0x0A) }
        var texts: FileTexts?
        for v in f.viewports where v.status != .unchanged {
            let vp = v.new ?? v.old!
            out += [0x20, 0x20]
            style.open("1", &out)
            out.append(contentsOf: v.name.utf8)
            out.append(0x20)
            number(vp.width, into: &out)
            out += times
            number(vp.height, into: &out)
            style.close(&out)
            out.append(0x0A)
            if let changes = v.changes {
                // One file's viewports share their spelling: its views' texts are made once for
                // all of them.
                let made = texts.flatMap { $0.spelling === changes.spelling ? $0 : nil } ?? FileTexts(changes.spelling, file: f)
                texts = made
                let old = changes.spelling.old
                made.bytes.withUnsafeBufferPointer { bytes in
                    for c in changes.list where !c.followsParent {
                        lineThroughRoom(FoundChange(c, made.texts(of: c), in: bytes, old: old), style: style, into: &out)
                    }
                }
            } else {
                for c in v.views where !c.followsParent { lineThroughRoom(SpelledChange(c, file: f), style: style, into: &out) }
            }
            for d in v.appeared { out += [0x20, 0x20, 0x20, 0x20]; style.append("+ " + diagnosticLine(d), "32", to: &out); out.append(0x0A) }
            for d in v.disappeared { out += [0x20, 0x20, 0x20, 0x20]; style.append("- " + diagnosticLine(d), "31", to: &out); out.append(0x0A) }
        }
    }

    /// `×` in UTF-8.
    private static let times: [UInt8] = [0xC3, 0x97]

    /// `f.summary`'s bytes; written without making strings when it names no diagnostics (the
    /// summary of a file whose views moved: `phone: 7 views moved, 3 views resized; tablet: …`).
    static func summary(_ f: DiffFile, into out: inout [UInt8]) {
        guard f.status != .identical, !f.viewports.isEmpty, f.appeared.isEmpty, f.disappeared.isEmpty,
              f.viewports.allSatisfy({ $0.appeared.isEmpty && $0.disappeared.isEmpty }) else {
            return out.append(contentsOf: f.summary.utf8)
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
        switch f.status {
        case .renamed: return "\(f.path) (renamed from \(f.oldPath ?? "?"))"
        case .affected: return "\(f.path) (through \(f.causes.joined(separator: ", ")))"
        default: return "\(f.path) (\(f.status.rawValue))"
        }
    }

    /// `    moved         Card /0/2 line 14 → /0/3 line 16  Δy +48  (+5 inside)` and a line break.
    private static func lineThroughRoom<C: TextChange>(_ c: C, style: Style, into out: inout [UInt8]) {
        // Written through a pointer into room on the stack, then copied in one piece: a report
        // runs to hundreds of thousands of lines, and an array checks its storage at every byte
        // appended. A line longer than the room (long names) is written into `out` again.
        let fits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { room -> Bool in
            var w = RoomWriter(room)
            line(c, style: style, into: &w)
            if w.overflowed { return false }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<w.count]))
            return true
        }
        if !fits { line(c, style: style, into: &out) }
    }

    private static func line<C: TextChange, S: ByteSink>(_ c: C, style: Style, into out: inout S) {
        out.appendBytes([0x20, 0x20, 0x20, 0x20])
        style.open(c.change == .added ? "32" : c.change == .removed ? "31" : "33", &out)
        // The word padded to 14 columns (at least one space).
        let word = DiffViewChange.wordLiteral(c.change, moved: c.moved, resized: c.resized)
        out.appendLiteral(word)
        for _ in 0..<max(1, 14 - word.utf8CodeUnitCount) { out.append(0x20) }
        style.close(&out)
        describe(c, into: &out)
        out.append(0x0A)
    }

    /// `Card /0/2 line 14 → /0/3 line 16  Δy +48  (+5 inside)`.
    static func describe(_ c: DiffViewChange, file: DiffFile) -> String {
        var out: [UInt8] = []
        describe(SpelledChange(c, file: file), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func describe<C: TextChange, S: ByteSink>(_ c: C, into s: inout S) {
        c.writeKind(into: &s)
        s.append(0x20)
        switch c.change {
        case .added:
            c.writePlace(old: false, into: &s)
            s.appendLiteral(" at ")
            rect(c.newFrame, into: &s)
        case .removed:
            c.writePlace(old: true, into: &s)
            s.appendLiteral(" was at ")
            rect(c.oldFrame, into: &s)
        case .changed:
            if c.placesAgree {
                c.writePlace(old: false, into: &s)
            } else {
                c.writePlace(old: true, into: &s)
                s.appendLiteral(" → ")
                c.writePlace(old: false, into: &s)
            }
            s.appendBytes([0x20, 0x20])
            deltas(moved: c.moved, resized: c.resized, c.dx, c.dy, c.dw, c.dh, into: &s)
        }
        if c.following > 0 {
            s.appendLiteral("  (+")
            integer(Int64(c.following), into: &s)
            s.appendLiteral(" inside)")
        }
        c.writeCause(into: &s)
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
    private static func delta<S: ByteSink>(_ name: UInt8, _ v: Double, first: inout Bool, into s: inout S) {
        guard abs(v) > 1e-9 else { return }
        if !first { s.append(0x20) }
        first = false
        s.append(0xCE)
        s.append(0x94)
        s.append(name)
        s.append(0x20)
        s.append(v > 0 ? 0x2B : 0x2D)
        number(abs(v), into: &s)
    }

    /// `formatNumber(v)`'s text; a whole number (nearly every length) written digit by digit.
    static func number<S: ByteSink>(_ v: Double, into s: inout S) {
        // Within ±9e18 a length converts to Int64 and back unchanged exactly when it is whole
        // (no rounding call per number).
        if abs(v) < 9e18 {
            let whole = Int64(v)
            if Double(whole) == v { return integer(whole, into: &s) }
        }
        s.appendText(formatNumber(v))
    }

    /// `String(n)`'s text: up to four digits written in order (nearly every number of a
    /// report), longer numbers appended last digit first, then turned round.
    static func integer<S: ByteSink>(_ n: Int64, into s: inout S) {
        if n < 0 { s.append(0x2D) }
        var m = n.magnitude
        if m < 10_000 {
            let small = UInt16(truncatingIfNeeded: m)
            if small >= 1000 { s.append(0x30 + UInt8(truncatingIfNeeded: small / 1000)) }
            if small >= 100 { s.append(0x30 + UInt8(truncatingIfNeeded: small / 100 % 10)) }
            if small >= 10 { s.append(0x30 + UInt8(truncatingIfNeeded: small / 10 % 10)) }
            s.append(0x30 + UInt8(truncatingIfNeeded: small % 10))
            return
        }
        let start = s.count
        repeat {
            s.append(0x30 + UInt8(truncatingIfNeeded: m % 10))
            m /= 10
        } while m > 0
        OutlinePlaces.reverse(&s, from: start)
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
    /// `Card`, `text#title`.
    func writeKind<S: ByteSink>(into s: inout S)
    /// `/0/2 line 14`, in the old revision or the new one.
    func writePlace<S: ByteSink>(old: Bool, into s: inout S)
    /// `  [lib/cards.tatami.yaml]`, when the cause is worth naming.
    func writeCause<S: ByteSink>(into s: inout S)
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

    func writeKind<S: ByteSink>(into s: inout S) {
        s.appendText(c.kind)
        if let id = c.id { s.append(0x23); s.appendText(id) }
    }

    func writePlace<S: ByteSink>(old: Bool, into s: inout S) {
        let side = old ? c.old! : c.new!
        DiffFormatter.place(path: side.path, line: side.line, into: &s)
    }

    func writeCause<S: ByteSink>(into s: inout S) {
        if let cause = c.cause, cause != file.path || file.status == .renamed {
            s.appendBytes([0x20, 0x20, 0x5B])
            s.appendText(cause)
            s.append(0x5D)
        }
    }
}

/// Where the text format's bytes go: an array, or room on the stack (`RoomWriter`).
protocol ByteSink {
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    mutating func swapAt(_ i: Int, _ j: Int)
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
    mutating func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Bytes written through a pointer into a fixed room: no check of the storage per byte, only of
/// the room left. What does not fit is dropped and `overflowed` set (the caller writes the
/// whole line elsewhere).
struct RoomWriter: ByteSink {
    private let room: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private(set) var overflowed = false

    init(_ room: UnsafeMutableBufferPointer<UInt8>) {
        self.room = room
    }

    mutating func append(_ byte: UInt8) {
        guard count < room.count else { overflowed = true; return }
        room[count] = byte
        count += 1
    }

    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= room.count - count else { overflowed = true; return }
        if let source = bytes.baseAddress, let target = room.baseAddress { (target + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(i >= 0 && j >= 0 && i < count && j < count, "index out of the bytes written")
        room.swapAt(i, j)
    }
}
