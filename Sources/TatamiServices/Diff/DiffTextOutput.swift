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
        func append(_ s: String, _ code: String, to out: inout [UInt8]) {
            guard color else { return out.append(contentsOf: s.utf8) }
            open(code, &out)
            out.append(contentsOf: s.utf8)
            close(&out)
        }

        func open(_ code: String, _ out: inout [UInt8]) {
            guard color else { return }
            out.append(0x1B)
            out.append(0x5B)
            out.append(contentsOf: code.utf8)
            out.append(0x6D)
        }

        func close(_ out: inout [UInt8]) {
            guard color else { return }
            out.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D])
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
        style.append(title(f), "1", to: &out)
        out.append(contentsOf: "\n  ".utf8)
        out.append(contentsOf: f.summary.utf8)
        out.append(0x0A)
        for d in f.appeared { out += [0x20, 0x20]; style.append("+ " + diagnosticLine(d), "32", to: &out); out.append(0x0A) }
        for d in f.disappeared { out += [0x20, 0x20]; style.append("- " + diagnosticLine(d), "31", to: &out); out.append(0x0A) }
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
            for c in v.views where !c.followsParent {
                out += [0x20, 0x20, 0x20, 0x20]
                style.open(c.change == .added ? "32" : c.change == .removed ? "31" : "33", &out)
                // The word padded to 14 columns (at least one space).
                let word = c.word.utf8
                out.append(contentsOf: word)
                for _ in 0..<max(1, 14 - word.count) { out.append(0x20) }
                style.close(&out)
                describe(c, file: f, into: &out)
                out.append(0x0A)
            }
            for d in v.appeared { out += [0x20, 0x20, 0x20, 0x20]; style.append("+ " + diagnosticLine(d), "32", to: &out); out.append(0x0A) }
            for d in v.disappeared { out += [0x20, 0x20, 0x20, 0x20]; style.append("- " + diagnosticLine(d), "31", to: &out); out.append(0x0A) }
        }
    }

    /// `×`, `→`, `Δ` in UTF-8.
    private static let times: [UInt8] = [0xC3, 0x97], arrow: [UInt8] = [0x20, 0xE2, 0x86, 0x92, 0x20], delta: [UInt8] = [0xCE, 0x94]

    /// `screens/a.tatami.yaml (modified)`, `new.tatami.yaml (renamed from old.tatami.yaml)`,
    /// `a.tatami.yaml (through lib/cards.tatami.yaml)`.
    static func title(_ f: DiffFile) -> String {
        switch f.status {
        case .renamed: return "\(f.path) (renamed from \(f.oldPath ?? "?"))"
        case .affected: return "\(f.path) (through \(f.causes.joined(separator: ", ")))"
        default: return "\(f.path) (\(f.status.rawValue))"
        }
    }

    /// `Card /0/2 line 14 → /0/3 line 16  Δy +48  (+5 inside)`.
    static func describe(_ c: DiffViewChange, file: DiffFile) -> String {
        var out: [UInt8] = []
        describe(c, file: file, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func describe(_ c: DiffViewChange, file: DiffFile, into s: inout [UInt8]) {
        s.append(contentsOf: c.kind.utf8)
        if let id = c.id { s.append(0x23); s.append(contentsOf: id.utf8) }
        s.append(0x20)
        switch c.change {
        case .added:
            place(c.new!, into: &s)
            s.append(contentsOf: " at ".utf8)
            rect(c.new!.frame, into: &s)
        case .removed:
            place(c.old!, into: &s)
            s.append(contentsOf: " was at ".utf8)
            rect(c.old!.frame, into: &s)
        case .changed:
            let o = c.old!, n = c.new!
            if o.path == n.path && o.line == n.line {
                place(n, into: &s)
            } else {
                place(o, into: &s)
                s += arrow
                place(n, into: &s)
            }
            s += [0x20, 0x20]
            deltas(c, into: &s)
        }
        if c.following > 0 {
            s.append(contentsOf: "  (+".utf8)
            integer(Int64(c.following), into: &s)
            s.append(contentsOf: " inside)".utf8)
        }
        if let cause = c.cause, cause != file.path || file.status == .renamed {
            s += [0x20, 0x20, 0x5B]
            s.append(contentsOf: cause.utf8)
            s.append(0x5D)
        }
    }

    static func place(_ side: DiffViewSide, into s: inout [UInt8]) {
        s.append(contentsOf: side.path.utf8)
        if let line = side.line {
            s.append(contentsOf: " line ".utf8)
            integer(Int64(line), into: &s)
        }
    }

    /// `8,16 304×128`.
    static func rect(_ r: Rect) -> String {
        var out: [UInt8] = []
        rect(r, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func rect(_ r: Rect, into s: inout [UInt8]) {
        number(r.minX, into: &s)
        s.append(0x2C)
        number(r.minY, into: &s)
        s.append(0x20)
        number(r.width, into: &s)
        s += times
        number(r.height, into: &s)
    }

    /// `Δx +8 Δy -16 Δw +20` (the deltas that count, signed).
    public static func deltas(_ c: DiffViewChange) -> String {
        var out: [UInt8] = []
        deltas(c, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func deltas(_ c: DiffViewChange, into s: inout [UInt8]) {
        var first = true
        func add(_ name: UInt8, _ v: Double, _ counts: Bool) {
            guard counts, abs(v) > 1e-9 else { return }
            if !first { s.append(0x20) }
            first = false
            s += delta
            s.append(name)
            s.append(0x20)
            s.append(v > 0 ? 0x2B : 0x2D)
            number(abs(v), into: &s)
        }
        add(0x78, c.dx, c.moved)
        add(0x79, c.dy, c.moved)
        add(0x77, c.dw, c.resized)
        add(0x68, c.dh, c.resized)
    }

    /// `formatNumber(v)`'s text; a whole number (nearly every length) written digit by digit.
    static func number(_ v: Double, into s: inout [UInt8]) {
        if v == v.rounded() && abs(v) < 9e18 { return integer(Int64(v), into: &s) }
        s.append(contentsOf: formatNumber(v).utf8)
    }

    /// `String(n)`'s text.
    static func integer(_ n: Int64, into s: inout [UInt8]) {
        if n < 0 { s.append(0x2D) }
        var m = n.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = 0x30 + UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
            s.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
