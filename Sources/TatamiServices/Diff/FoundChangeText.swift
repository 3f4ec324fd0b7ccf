import TatamiBase
import TatamiModel

/// What one file's lines read about its views, gathered once per file in one pass down each
/// outline: every view's line (the line table searched once per offset, not per line
/// written), its parent and step, kind and id; the outline's names and each cause of the
/// file's changes (`  [lib/cards.tatami.yaml]`) as bytes. A line writes its view's kind, path
/// and line straight from these, without strings or the outline's arrays (texts made ahead for
/// every view cost more than the lines that copied them: most views are named on one line
/// only); an old view's kind and path, needed only for a removed view or one that moved in the
/// text, are written from the outline.
///
/// Plain pointers, freed with `release()`: each line reads the tables without counting
/// references to them or to an object holding them.
struct FileTexts {
    /// The file's spelling, which `DiffFile` holds as long as its lines are written.
    unowned(unsafe) let spelling: ChangeSpelling
    /// The names of the new outline (component names, ids), then the causes.
    private let text: TextBuffer
    /// Per name of the new outline, where it ends in `text` (the one before it, where it starts).
    private let names: UnsafeMutablePointer<Int32>
    /// Per entry: its 1-based line (0 when there is none), and its place in its outline.
    private let oldLines: UnsafeMutablePointer<Int32>, newLines: UnsafeMutablePointer<Int32>
    private let oldPlaces: UnsafeMutablePointer<Place>, newPlaces: UnsafeMutablePointer<Place>
    /// Each cause's text in `text`, two offsets per cause (an empty range: the line leaves the
    /// cause out: the file itself, unless renamed; decided once per cause, not per line).
    private let causes: UnsafeMutablePointer<Int32>
    /// Per new entry: the old entry its path was last compared with, times two, plus one when the
    /// paths are the same; -1 before any. A file's viewports ask about the same pairs.
    private let samePaths: UnsafeMutablePointer<Int32>

    /// An entry's fields that its line and `samePath` read, copied out of the outline.
    struct Place {
        var parent: Int32
        var step: Int32
        var component: Int32
        var id: Int32
        var tag: ViewKindTag
    }

    init(_ spelling: ChangeSpelling, file: DiffFile) {
        self.spelling = spelling
        let new = spelling.new
        (oldLines, oldPlaces) = Self.places(spelling.old, spelling.oldLines)
        (newLines, newPlaces) = Self.places(new, spelling.newLines)
        var text = TextBuffer(capacity: 256)
        names = .allocate(capacity: new.nameBytes.count + 1)
        names[0] = 0
        for (k, name) in new.nameBytes.enumerated() {
            text.appendBytes(name)
            names[k + 1] = Int32(text.count)
        }
        causes = .allocate(capacity: 2 * spelling.causes.count)
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
        samePaths = .allocate(capacity: new.entries.count)
        samePaths.initialize(repeating: -1, count: new.entries.count)
    }

    func release() {
        text.release()
        for table in [names, oldLines, newLines, causes, samePaths] { table.deallocate() }
        oldPlaces.deallocate()
        newPlaces.deallocate()
    }

    /// Each entry's `OutlinePlaces.line` (0: none), looked up once per offset in a row: the views
    /// of a component instance all start where the instance does; and its place.
    private static func places(_ outline: OutlinePlaces, _ table: LineTable?) -> (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Place>) {
        let lines = UnsafeMutablePointer<Int32>.allocate(capacity: outline.entries.count)
        let places = UnsafeMutablePointer<Place>.allocate(capacity: outline.entries.count)
        outline.entries.withUnsafeBufferPointer { entries in
            var lastStart = -1, lastLine: Int32 = 0
            for e in entries.indices {
                let entry = entries[e]
                if entry.start != lastStart {
                    lastStart = entry.start
                    lastLine = Int32(outline.line(e, table) ?? 0)
                }
                lines[e] = lastLine
                places[e] = Place(parent: entry.parent, step: entry.step, component: entry.component, id: entry.id, tag: entry.tag)
            }
        }
        return (lines, places)
    }

    /// An old entry's kind key and `#id`, from the outline.
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
    func writeNamed(_ e: Int, into out: inout TextBuffer) {
        writeKind(e, into: &out)
        out.append(0x20)
        writePlace(e, into: &out)
    }

    /// New entry `e`'s kind key (its component's name, for an instance) and `#id`.
    @inline(__always)
    func writeKind(_ e: Int, into out: inout TextBuffer) {
        let place = newPlaces[e]
        if place.component >= 0 {
            out.append(text, from: Int(names[Int(place.component)]), to: Int(names[Int(place.component) + 1]))
        } else {
            out.appendLiteral(OutlinePlaces.tagName(place.tag))
        }
        if place.id >= 0 {
            out.append(0x23)
            out.append(text, from: Int(names[Int(place.id)]), to: Int(names[Int(place.id) + 1]))
        }
    }

    /// New entry `e`'s `/0/2 line 14`.
    @inline(__always)
    func writePlace(_ e: Int, into out: inout TextBuffer) {
        if newPlaces[e].parent < 0 { out.append(0x2F) } else { writeSteps(e, into: &out) }
        DiffFormatter.lineNumber(Int(newLines[e]), into: &out)
    }

    /// New entry `e`'s path below the body, `/0/2`: its length counted up the parents, then its
    /// steps written from the last one back.
    private func writeSteps(_ e: Int, into out: inout TextBuffer) {
        var length = 0, k = e
        while newPlaces[k].parent >= 0 {
            let step = newPlaces[k].step
            guard step >= 0 else { return writeStepsFromTop(e, into: &out) }
            length += 1 + TextBuffer.digitCount(UInt64(step))
            k = Int(newPlaces[k].parent)
        }
        let start = out.room(length)
        var at = start + length
        k = e
        while newPlaces[k].parent >= 0 {
            var step = UInt32(newPlaces[k].step)
            repeat {
                at -= 1
                at.pointee = 0x30 + UInt8(truncatingIfNeeded: step % 10)
                step /= 10
            } while step > 0
            at -= 1
            at.pointee = 0x2F
            k = Int(newPlaces[k].parent)
        }
        out.advance(length)
    }

    /// `writeSteps` for a path through a decoration (`/0/background`): its parent's steps first.
    private func writeStepsFromTop(_ e: Int, into out: inout TextBuffer) {
        let place = newPlaces[e]
        guard place.parent >= 0 else { return }
        writeStepsFromTop(Int(place.parent), into: &out)
        OutlinePlaces.writeStep(place.step, into: &out)
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
        var a = oldPlaces[o], b = newPlaces[e]
        while a.parent >= 0 && b.parent >= 0 {
            guard a.step == b.step else { return false }
            a = oldPlaces[Int(a.parent)]
            b = newPlaces[Int(b.parent)]
        }
        return a.parent < 0 && b.parent < 0
    }
}

/// A change as the comparison found it, for the text format: its new kind and place and its
/// cause written from the file's texts, an old kind and place from the old outline, its
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
            texts.writeNamed(Int(c.entry), into: &s)
        }
    }

    func writeMove(into s: inout TextBuffer) {
        texts.writeKind(Int(c.entry), into: &s)
        s.append(0x20)
        texts.writeOldPlace(Int(c.other), into: &s)
        s.appendLiteral(" → ")
        texts.writePlace(Int(c.entry), into: &s)
    }

    @inline(__always)
    func writeCause(into s: inout TextBuffer) {
        texts.writeCause(c.cause, into: &s)
    }
}

extension ViewChange {
    /// Whether two viewports' lists of changes write the same lines: the same views, changed
    /// alike (by the same deltas, or added or removed at the same place), with the same causes
    /// and followers.
    static func sameLines(_ a: [ViewChange], _ b: [ViewChange]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in a.indices where !a[i].writesSameLine(as: b[i]) { return false }
                return true
            }
        }
    }

    @inline(__always)
    private func writesSameLine(as o: ViewChange) -> Bool {
        guard entry == o.entry, other == o.other, change == o.change, followsParent == o.followsParent, moved == o.moved,
              resized == o.resized, following == o.following, cause == o.cause else { return false }
        switch change {
        case .changed: return dx == o.dx && dy == o.dy && dw == o.dw && dh == o.dh
        case .added: return newFrame == o.newFrame
        case .removed: return oldFrame == o.oldFrame
        }
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

    /// How many decimal digits `n` has.
    @inline(__always)
    static func digitCount(_ n: UInt64) -> Int {
        var digits = 1, limit: UInt64 = 10
        while n >= limit && digits < 20 {
            digits += 1
            limit = limit &* 10
        }
        return digits
    }

    private mutating func appendLongDigits(_ n: UInt64) {
        let digits = Self.digitCount(n)
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
