import TatamiBase

/// What one file's lines write about its views, worked out once per file in one pass down each
/// outline: per new view the run `Card /0/2 line 14` (its kind, its path made from its parent's,
/// its line), every old view's line, and each cause of the file's changes
/// (`  [lib/cards.tatami.yaml]`), the texts kept in one buffer. A file's viewports list the same
/// views (every one of them, when a shared component changed), and a path or a line asked view
/// by view walked up the parents or searched the line table for each line written; a line now
/// copies its view's run in one piece. An old view's kind and path are written only where a
/// line needs them (a removed view, a view that moved in the text), straight from the outline.
///
/// Plain pointers, freed with `release()`: each line reads the tables without counting
/// references to them or to an object holding them.
struct FileTexts {
    /// The file's spelling, which `DiffFile` holds as long as its lines are written.
    unowned(unsafe) let spelling: ChangeSpelling
    private let text: TextBuffer
    /// Per new entry, four offsets into `text`: where its run starts, where its kind ends (a
    /// space follows, then its path), where its path ends, where its run ends (after its line).
    private let runs: UnsafeMutablePointer<Int32>
    /// Per entry: its 1-based line, 0 when there is none.
    private let oldLines: UnsafeMutablePointer<Int32>, newLines: UnsafeMutablePointer<Int32>
    /// Per entry: its parent and its step (`OutlinePlaces.samePath`'s walk, on plain numbers).
    private let oldSteps: UnsafeMutablePointer<Step>, newSteps: UnsafeMutablePointer<Step>
    /// Each cause's text in `text`, two offsets per cause (an empty range: the line leaves the
    /// cause out: the file itself, unless renamed; decided once per cause, not per line).
    private let causes: UnsafeMutablePointer<Int32>
    /// Per new entry: the old entry its path was last compared with, times two, plus one when the
    /// paths are the same; -1 before any. A file's viewports ask about the same pairs.
    private let samePaths: UnsafeMutablePointer<Int32>

    struct Step {
        var parent: Int32
        var step: Int32
    }

    init(_ spelling: ChangeSpelling, file: DiffFile) {
        self.spelling = spelling
        let new = spelling.new
        (oldLines, oldSteps) = Self.lines(spelling.old, spelling.oldLines)
        let (newLines, newSteps) = Self.lines(new, spelling.newLines)
        (self.newLines, self.newSteps) = (newLines, newSteps)
        let count = new.entries.count
        var text = TextBuffer(capacity: 40 * count + 64)
        let runs = Self.runs(new, newLines, into: &text)
        let causes = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * spelling.causes.count)
        for (k, cause) in spelling.causes.enumerated() {
            causes[2 * k] = Int32(text.count)
            if let cause, cause != file.path || file.status == .renamed {
                text.appendLiteral("  [")
                text.appendText(cause)
                text.append(0x5D)
            }
            causes[2 * k + 1] = Int32(text.count)
        }
        self.text = text
        self.runs = runs
        self.causes = causes
        samePaths = .allocate(capacity: count)
        samePaths.initialize(repeating: -1, count: count)
    }

    /// Per new entry its run (`runs`), written into `text`.
    private static func runs(_ new: OutlinePlaces, _ lines: UnsafeMutablePointer<Int32>, into text: inout TextBuffer) -> UnsafeMutablePointer<Int32> {
        // Each name once (component names, ids), then copied from there into each run.
        var names = [Int](repeating: 0, count: new.nameBytes.count + 1)
        for (k, name) in new.nameBytes.enumerated() {
            text.appendBytes(name)
            names[k + 1] = text.count
        }
        let entries = new.entries
        let runs = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * entries.count)
        for e in entries.indices {
            let start = text.count
            let component = Int(entries[e].component), id = Int(entries[e].id), p = Int(entries[e].parent)
            if component >= 0 {
                text.appendOwn(from: names[component], to: names[component + 1])
            } else {
                text.appendLiteral(OutlinePlaces.tagName(entries[e].tag))
            }
            if id >= 0 {
                text.append(0x23)
                text.appendOwn(from: names[id], to: names[id + 1])
            }
            let kindEnd = text.count
            // ` /` for the body; else a space, the parent's path (none for the body's children) and the step.
            if p < 0 {
                text.appendLiteral(" /")
            } else {
                text.append(0x20)
                if entries[p].parent >= 0 { text.appendOwn(from: Int(runs[4 * p + 1]) + 1, to: Int(runs[4 * p + 2])) }
                OutlinePlaces.writeStep(entries[e].step, into: &text)
            }
            let pathEnd = text.count
            DiffFormatter.lineNumber(Int(lines[e]), into: &text)
            runs[4 * e] = Int32(start)
            runs[4 * e + 1] = Int32(kindEnd)
            runs[4 * e + 2] = Int32(pathEnd)
            runs[4 * e + 3] = Int32(text.count)
        }
        return runs
    }

    func release() {
        text.release()
        for table in [runs, oldLines, newLines, causes, samePaths] { table.deallocate() }
        oldSteps.deallocate()
        newSteps.deallocate()
    }

    /// Each entry's `OutlinePlaces.line` (0: none), looked up once per offset in a row: the views
    /// of a component instance all start where the instance does; and its parent and step.
    private static func lines(_ places: OutlinePlaces, _ table: LineTable?) -> (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Step>) {
        let lines = UnsafeMutablePointer<Int32>.allocate(capacity: places.entries.count)
        let steps = UnsafeMutablePointer<Step>.allocate(capacity: places.entries.count)
        places.entries.withUnsafeBufferPointer { entries in
            var lastStart = -1, lastLine: Int32 = 0
            for e in entries.indices {
                let start = entries[e].start
                if start != lastStart {
                    lastStart = start
                    lastLine = Int32(places.line(e, table) ?? 0)
                }
                lines[e] = lastLine
                steps[e] = Step(parent: entries[e].parent, step: entries[e].step)
            }
        }
        return (lines, steps)
    }

    /// The entry's kind key (its component's name, for an instance) and `#id`.
    static func writeKind<S: ByteSink>(_ places: OutlinePlaces, _ e: Int, into s: inout S) {
        let entry = places.entries[e]
        if entry.component >= 0 {
            s.appendBytes(places.nameBytes[Int(entry.component)])
        } else {
            s.appendLiteral(OutlinePlaces.tagName(entry.tag))
        }
        if entry.id >= 0 {
            s.append(0x23)
            s.appendBytes(places.nameBytes[Int(entry.id)])
        }
    }

    /// New entry `e`'s `Card /0/2 line 14`.
    @inline(__always)
    func writeRun(_ e: Int, into out: inout TextBuffer) {
        out.append(text, from: Int(runs[4 * e]), to: Int(runs[4 * e + 3]))
    }

    /// New entry `e`'s `Card `.
    func writeKindAndSpace(_ e: Int, into out: inout TextBuffer) {
        out.append(text, from: Int(runs[4 * e]), to: Int(runs[4 * e + 1]) + 1)
    }

    /// New entry `e`'s `/0/2 line 14`.
    func writePlace(_ e: Int, into out: inout TextBuffer) {
        out.append(text, from: Int(runs[4 * e + 1]) + 1, to: Int(runs[4 * e + 3]))
    }

    /// Old entry `o`'s `/0/2 line 14`.
    func writeOldPlace(_ o: Int, into out: inout TextBuffer) {
        spelling.old.writePath(o, into: &out)
        DiffFormatter.lineNumber(Int(oldLines[o]), into: &out)
    }

    @inline(__always)
    func writeCause(_ cause: Int32, into out: inout TextBuffer) {
        let k = 2 * Int(cause)
        out.append(text, from: Int(causes[k]), to: Int(causes[k + 1]))
    }

    /// Whether old entry `o` and new entry `e` have the same path and line.
    @inline(__always)
    func placesAgree(old o: Int, new e: Int) -> Bool {
        guard oldLines[o] == newLines[e] else { return false }
        let known = samePaths[e]
        if known >= 0 && Int(known >> 1) == o { return known & 1 == 1 }
        let same = samePath(old: o, new: e)
        samePaths[e] = Int32(o << 1) | (same ? 1 : 0)
        return same
    }

    /// `OutlinePlaces.samePath`: the same steps up to the body.
    private func samePath(old o: Int, new e: Int) -> Bool {
        var a = oldSteps[o], b = newSteps[e]
        while a.parent >= 0 && b.parent >= 0 {
            guard a.step == b.step else { return false }
            a = oldSteps[Int(a.parent)]
            b = newSteps[Int(b.parent)]
        }
        return a.parent < 0 && b.parent < 0
    }
}

/// A change as the comparison found it, for the text format: its new kind and place and its
/// cause copied from the file's texts, an old kind and place written from the old outline, its
/// figures from the change.
struct FoundChange: WrappedChange {
    /// The change, read in place in its list (not copied per line).
    let change: UnsafePointer<ViewChange>
    let texts: FileTexts

    init(_ change: UnsafePointer<ViewChange>, _ texts: FileTexts) {
        self.change = change
        self.texts = texts
    }

    var c: ViewChange {
        @inline(__always) _read { yield change.pointee }
    }

    var following: Int { Int(c.following) }
    var oldFrame: Rect { c.oldFrame }
    var newFrame: Rect { c.newFrame }
    var placesAgree: Bool {
        @inline(__always) get { texts.placesAgree(old: Int(c.other), new: Int(c.entry)) }
    }

    @inline(__always)
    func writeNamed(old: Bool, into s: inout TextBuffer) {
        if old {
            // A removed view has only its old entry.
            FileTexts.writeKind(texts.spelling.old, Int(c.entry), into: &s)
            s.append(0x20)
            texts.writeOldPlace(Int(c.entry), into: &s)
        } else {
            texts.writeRun(Int(c.entry), into: &s)
        }
    }

    func writeMove(into s: inout TextBuffer) {
        texts.writeKindAndSpace(Int(c.entry), into: &s)
        texts.writeOldPlace(Int(c.other), into: &s)
        s.appendLiteral(" → ")
        texts.writePlace(Int(c.entry), into: &s)
    }

    @inline(__always)
    func writeCause(into s: inout TextBuffer) {
        texts.writeCause(c.cause, into: &s)
    }
}

/// The text format's bytes, written through a pointer into storage of its own that doubles
/// when full: one check of the room per piece, no check of an array's storage per byte and no
/// copy through room on the stack. Freed with `release()`: a value, so that writing a line
/// counts no references.
struct TextBuffer: ByteSink {
    private var start: UnsafeMutablePointer<UInt8>
    /// Where the next byte goes, and the end of the storage.
    private var cursor: UnsafeMutablePointer<UInt8>
    private var end: UnsafeMutablePointer<UInt8>

    init(capacity: Int) {
        start = .allocate(capacity: max(capacity, 64))
        cursor = start
        end = start + max(capacity, 64)
    }

    func release() { start.deallocate() }

    var count: Int { cursor - start }

    /// The bytes written, while the buffer is neither written to nor released.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if cursor == end { grow(1) }
        cursor.pointee = byte
        cursor += 1
    }

    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        append(source, bytes.count)
    }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, _ n: Int) {
        if end - cursor < n { grow(n) }
        cursor.update(from: source, count: n)
        cursor += n
    }

    /// `other`'s bytes `from ..< to`.
    @inline(__always)
    mutating func append(_ other: TextBuffer, from: Int, to: Int) {
        append(other.start + from, to - from)
    }

    /// This buffer's own bytes `from ..< to` appended (room is made first: the storage may move).
    @inline(__always)
    mutating func appendOwn(from: Int, to: Int) {
        let n = to - from
        if end - cursor < n { grow(n) }
        cursor.update(from: start + from, count: n)
        cursor += n
    }

    /// Room for `n` more bytes, where the caller writes them, then says how many (`advance`).
    @inline(__always)
    mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if end - cursor < n { grow(n) }
        return cursor
    }

    @inline(__always)
    mutating func advance(_ n: Int) { cursor += n }

    /// `n`'s decimal digits: one or two written at once (nearly every number of a report),
    /// longer ones counted first, then written from the last one back.
    @inline(__always)
    mutating func appendDigits(_ n: UInt64) {
        let at = room(20)
        if n < 10 {
            at[0] = 0x30 + UInt8(truncatingIfNeeded: n)
            cursor += 1
        } else if n < 100 {
            let tens = n / 10
            at[0] = 0x30 + UInt8(truncatingIfNeeded: tens)
            at[1] = 0x30 + UInt8(truncatingIfNeeded: n - 10 * tens)
            cursor += 2
        } else {
            appendLongDigits(n)
        }
    }

    private mutating func appendLongDigits(_ n: UInt64) {
        var digits = 3, limit: UInt64 = 1000
        while n >= limit && digits < 20 {
            digits += 1
            limit = limit &* 10
        }
        var m = n, at = cursor + digits
        repeat {
            at -= 1
            at.pointee = 0x30 + UInt8(truncatingIfNeeded: m % 10)
            m /= 10
        } while m > 0
        cursor += digits
    }

    /// `Δy +`, written in place.
    @inline(__always)
    mutating func appendDeltaName(_ name: UInt8, negative: Bool, first: Bool) {
        let at = room(6) + (first ? 0 : 1)
        if !first { at[-1] = 0x20 }
        at[0] = 0xCE
        at[1] = 0x94
        at[2] = name
        at[3] = 0x20
        at[4] = negative ? 0x2D : 0x2B
        cursor = at + 5
    }

    mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(i >= 0 && j >= 0 && i < count && j < count, "index out of the bytes written")
        swap(&start[i], &start[j])
    }

    @inline(never)
    private mutating func grow(_ n: Int) {
        let count = self.count, larger = max(2 * (end - start), count + n)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: start, count: count)
        start.deallocate()
        start = moved
        cursor = moved + count
        end = moved + larger
    }
}
