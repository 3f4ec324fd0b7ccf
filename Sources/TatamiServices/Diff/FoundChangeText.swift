import TatamiBase

/// Each cause of a file's changes as its text writes it (`  [lib/cards.tatami.yaml]`), or nil when
/// the line leaves it out (the file itself, unless renamed): decided once per cause, not per line.
struct CauseTexts {
    let texts: [[UInt8]?]

    init(_ causes: [String?], file: DiffFile) {
        texts = causes.map { cause in
            guard let cause, cause != file.path || file.status == .renamed else { return nil }
            return [0x20, 0x20, 0x5B] + Array(cause.utf8) + [0x5D]
        }
    }
}

/// What one file's lines write about its views, each written once per view and revision: a
/// view's kind (`Card`, `text#title`) and its place (`/0/2 line 14`), kept in one run of bytes.
/// A file's viewports list the same views (every one of them, when a shared component changed),
/// so the second viewport's lines copy what the first one's wrote.
final class FileTexts {
    let spelling: ChangeSpelling
    let causes: CauseTexts
    private var bytes: [UInt8] = []
    /// Per revision (old, new) and entry: where its kind and its place lie in `bytes`, as
    /// start and end; -1: not written yet.
    private var kinds: [[Int32]], places: [[Int32]]

    init(_ spelling: ChangeSpelling, file: DiffFile) {
        self.spelling = spelling
        causes = CauseTexts(spelling.causes, file: file)
        let unwritten = [[Int32](repeating: -1, count: 2 * spelling.old.entries.count),
                         [Int32](repeating: -1, count: 2 * spelling.new.entries.count)]
        kinds = unwritten
        places = unwritten
        bytes.reserveCapacity(32 * (spelling.old.entries.count + spelling.new.entries.count))
    }

    private func outline(_ side: Int) -> OutlinePlaces { side == 0 ? spelling.old : spelling.new }

    /// The entry's kind key (its component's name, for an instance) and `#id`.
    private func writeKind(_ side: Int, _ e: Int) {
        let places = outline(side)
        let entry = places.entries[e]
        if entry.component >= 0 {
            bytes.appendBytes(places.nameBytes[Int(entry.component)])
        } else {
            bytes.appendLiteral(OutlinePlaces.tagName(entry.tag))
        }
        if entry.id >= 0 {
            bytes.append(0x23)
            bytes.appendBytes(places.nameBytes[Int(entry.id)])
        }
    }

    /// The entry's path and, when known, ` line N`.
    private func writePlace(_ side: Int, _ e: Int) {
        let places = outline(side)
        places.writePath(e, into: &bytes)
        if let line = places.line(e, side == 0 ? spelling.oldLines : spelling.newLines) {
            bytes.appendLiteral(" line ")
            DiffFormatter.integer(Int64(line), into: &bytes)
        }
    }

    /// Where entry `e` of revision `side`'s text lies in `bytes`, written first if need be.
    private func span(_ table: inout [[Int32]], _ side: Int, _ e: Int, _ write: (Int, Int) -> Void) -> Range<Int> {
        if table[side][2 * e] < 0 {
            let start = bytes.count
            write(side, e)
            table[side][2 * e] = Int32(start)
            table[side][2 * e + 1] = Int32(bytes.count)
        }
        return Int(table[side][2 * e])..<Int(table[side][2 * e + 1])
    }

    func kind(old: Bool, _ e: Int) -> Range<Int> { span(&kinds, old ? 0 : 1, e, writeKind) }
    func place(old: Bool, _ e: Int) -> Range<Int> { span(&places, old ? 0 : 1, e, writePlace) }

    /// `bytes[range]` appended to `s`.
    func copy<S: ByteSink>(_ range: Range<Int>, into s: inout S) {
        bytes.withUnsafeBufferPointer { s.append(bytes: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether two places' texts are the same: the same path and the same line, or none on both.
    func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && bytes[a].elementsEqual(bytes[b])
    }
}

/// A change as the comparison found it, for the text format: its kind and places copied from
/// the file's texts (`FileTexts`), each written once per view.
struct FoundChange: WrappedChange {
    let c: ViewChange
    let texts: FileTexts

    init(_ c: ViewChange, _ texts: FileTexts) {
        self.c = c
        self.texts = texts
    }

    var following: Int { Int(c.following) }
    var oldFrame: Rect { c.oldFrame }
    var newFrame: Rect { c.newFrame }
    /// The same path and line in both revisions: the same place text.
    var placesAgree: Bool { texts.same(texts.place(old: true, Int(c.other)), texts.place(old: false, Int(c.entry))) }

    func writeKind<S: ByteSink>(into s: inout S) {
        // The new revision's name, but for a removed view.
        texts.copy(texts.kind(old: c.change == .removed, Int(c.entry)), into: &s)
    }

    func writePlace<S: ByteSink>(old: Bool, into s: inout S) {
        // A changed view's old place is its other entry's; an added or removed view has one.
        let e = old && c.change == .changed ? c.other : c.entry
        texts.copy(texts.place(old: old, Int(e)), into: &s)
    }

    func writeCause<S: ByteSink>(into s: inout S) {
        if let text = texts.causes.texts[Int(c.cause)] { s.appendBytes(text) }
    }
}
