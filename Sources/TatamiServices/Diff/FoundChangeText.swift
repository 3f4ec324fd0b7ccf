import TatamiBase

/// What one file's lines write about its views, each written once per view: a view's kind
/// (`Card`, `text#title`) and its place in the new revision (`/0/2 line 14`), and each cause of
/// its changes (`  [lib/cards.tatami.yaml]`), kept in one run of bytes; and each old view's line.
/// A file's viewports list the same views (every one of them, when a shared component changed),
/// so the second viewport's lines copy what the first one's wrote. An old view's place is
/// written only where it differs from its new one (a removed view, a view that moved in the
/// text), straight from the outline.
struct FileTexts {
    let spelling: ChangeSpelling
    private(set) var bytes: [UInt8] = []
    /// Per revision and entry: where its kind lies in `bytes`, as start and end, and per new
    /// entry its place; -1: not written yet.
    private var oldKinds: [Int32], newKinds: [Int32], newPlaces: [Int32]
    /// Per entry: its 1-based line, 0 when there is none; -1: not looked up yet.
    private var oldLines: [Int32], newLines: [Int32]
    /// Each cause's text in `bytes` (an empty range: the line leaves the cause out: the file
    /// itself, unless renamed; decided once per cause, not per line).
    private var causes: [Range<Int>] = []

    init(_ spelling: ChangeSpelling, file: DiffFile) {
        self.spelling = spelling
        oldKinds = [Int32](repeating: -1, count: 2 * spelling.old.entries.count)
        newKinds = [Int32](repeating: -1, count: 2 * spelling.new.entries.count)
        newPlaces = newKinds
        oldLines = [Int32](repeating: -1, count: spelling.old.entries.count)
        newLines = [Int32](repeating: -1, count: spelling.new.entries.count)
        bytes.reserveCapacity(32 * (spelling.old.entries.count + spelling.new.entries.count))
        for cause in spelling.causes {
            let start = bytes.count
            if let cause, cause != file.path || file.status == .renamed {
                bytes.appendBytes([0x20, 0x20, 0x5B])
                bytes.appendText(cause)
                bytes.append(0x5D)
            }
            causes.append(start..<bytes.count)
        }
    }

    /// The entry's kind key (its component's name, for an instance) and `#id`.
    private mutating func writeKind(_ places: OutlinePlaces, _ e: Int) {
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

    /// Per revision, the offset whose line was looked up last, and that line: the views of a
    /// component instance all start where the instance does.
    private var lastStart = (-1, -1), lastLine: (Int32, Int32) = (0, 0)

    /// Entry `e`'s line (`OutlinePlaces.line`), looked up once.
    mutating func line(old: Bool, _ e: Int) -> Int? {
        var known = old ? oldLines[e] : newLines[e]
        if known < 0 {
            let start = (old ? spelling.old : spelling.new).entries[e].start
            if start == (old ? lastStart.0 : lastStart.1) {
                known = old ? lastLine.0 : lastLine.1
            } else {
                let found = old ? spelling.old.line(e, spelling.oldLines) : spelling.new.line(e, spelling.newLines)
                known = Int32(found ?? 0)
                if old { (lastStart.0, lastLine.0) = (start, known) } else { (lastStart.1, lastLine.1) = (start, known) }
            }
            if old { oldLines[e] = known } else { newLines[e] = known }
        }
        return known > 0 ? Int(known) : nil
    }

    /// Entry `e`'s kind, of the old revision or the new one, written first if need be.
    mutating func kind(old: Bool, _ e: Int) -> Range<Int> {
        let start = old ? oldKinds[2 * e] : newKinds[2 * e]
        if start >= 0 { return Int(start)..<Int(old ? oldKinds[2 * e + 1] : newKinds[2 * e + 1]) }
        let from = bytes.count
        writeKind(old ? spelling.old : spelling.new, e)
        let range = Int32(from)..<Int32(bytes.count)
        if old { (oldKinds[2 * e], oldKinds[2 * e + 1]) = (range.lowerBound, range.upperBound) }
        else { (newKinds[2 * e], newKinds[2 * e + 1]) = (range.lowerBound, range.upperBound) }
        return from..<bytes.count
    }

    /// New entry `e`'s place (its path and, when known, ` line N`), written first if need be.
    mutating func newPlace(_ e: Int) -> Range<Int> {
        let start = newPlaces[2 * e]
        if start >= 0 { return Int(start)..<Int(newPlaces[2 * e + 1]) }
        let from = bytes.count
        spelling.new.writePath(e, into: &bytes)
        if let line = line(old: false, e) {
            bytes.appendLiteral(" line ")
            DiffFormatter.integer(Int64(line), into: &bytes)
        }
        (newPlaces[2 * e], newPlaces[2 * e + 1]) = (Int32(from), Int32(bytes.count))
        return from..<bytes.count
    }

    /// One change's texts, written first if need be, read through `FoundChange` while `bytes`
    /// is not written to.
    mutating func texts(of c: ViewChange) -> FoundChange.Texts {
        let e = Int(c.entry)
        switch c.change {
        case .changed:
            let o = Int(c.other)
            let agree = line(old: true, o) == line(old: false, e) && spelling.old.samePath(o, as: e, in: spelling.new)
            return FoundChange.Texts(kind: kind(old: false, e), newPlace: newPlace(e), oldLine: line(old: true, o),
                                     placesAgree: agree, cause: causes[Int(c.cause)])
        case .added:
            return FoundChange.Texts(kind: kind(old: false, e), newPlace: newPlace(e), oldLine: nil, placesAgree: false,
                                     cause: causes[Int(c.cause)])
        case .removed:
            return FoundChange.Texts(kind: kind(old: true, e), newPlace: 0..<0, oldLine: line(old: true, e), placesAgree: false,
                                     cause: causes[Int(c.cause)])
        }
    }
}

/// A change as the comparison found it, for the text format: its kind, places and cause copied
/// from the file's texts (`FileTexts.bytes`, read in place), its figures from the change.
struct FoundChange: WrappedChange {
    /// Where a change's texts lie in the file's texts, and what its old place needs.
    struct Texts {
        var kind: Range<Int>
        var newPlace: Range<Int>
        var oldLine: Int?
        /// The same path and line in both revisions (a changed view).
        var placesAgree: Bool
        var cause: Range<Int>
    }

    let c: ViewChange
    let bytes: UnsafeBufferPointer<UInt8>
    let texts: Texts
    /// The old outline, for an old place (written only where it differs from the new one).
    let old: OutlinePlaces

    init(_ c: ViewChange, _ texts: Texts, in bytes: UnsafeBufferPointer<UInt8>, old: OutlinePlaces) {
        self.c = c
        self.texts = texts
        self.bytes = bytes
        self.old = old
    }

    var following: Int { Int(c.following) }
    var oldFrame: Rect { c.oldFrame }
    var newFrame: Rect { c.newFrame }
    var placesAgree: Bool { texts.placesAgree }

    func writeKind<S: ByteSink>(into s: inout S) { s.append(bytes: UnsafeBufferPointer(rebasing: bytes[texts.kind])) }

    func writePlace<S: ByteSink>(old isOld: Bool, into s: inout S) {
        guard isOld else { return s.append(bytes: UnsafeBufferPointer(rebasing: bytes[texts.newPlace])) }
        // A changed view's old place is its other entry's; a removed view has one.
        old.writePath(Int(c.change == .changed ? c.other : c.entry), into: &s)
        if let line = texts.oldLine {
            s.appendLiteral(" line ")
            DiffFormatter.integer(Int64(line), into: &s)
        }
    }

    func writeCause<S: ByteSink>(into s: inout S) {
        if !texts.cause.isEmpty { s.append(bytes: UnsafeBufferPointer(rebasing: bytes[texts.cause])) }
    }
}
