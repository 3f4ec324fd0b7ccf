import TatamiBase

/// What one file's lines write about its views, worked out once per file in one pass down each
/// outline: every new view's kind (`Card`, `text#title`) and path (`/0/2`, each made from its
/// parent's), every view's line, and each cause of the file's changes
/// (`  [lib/cards.tatami.yaml]`), the texts kept in one run of bytes. A file's viewports list
/// the same views (every one of them, when a shared component changed), and a path or a line
/// asked view by view walked up the parents or searched the line table for each line written.
/// An old view's kind and path are written only where a line needs them (a removed view, a
/// view that moved in the text), straight from the outline.
struct FileTexts {
    let spelling: ChangeSpelling
    private(set) var bytes: [UInt8] = []
    /// Per new entry: where its kind and its path lie in `bytes` (start, end).
    private var newKinds: [Int32] = [], newPaths: [Int32] = []
    /// Per entry: its 1-based line, 0 when there is none.
    private var oldLines: [Int32], newLines: [Int32]
    /// Each cause's text in `bytes` (an empty range: the line leaves the cause out: the file
    /// itself, unless renamed; decided once per cause, not per line).
    private var causes: [Range<Int>] = []

    init(_ spelling: ChangeSpelling, file: DiffFile) {
        self.spelling = spelling
        oldLines = Self.lines(spelling.old, spelling.oldLines)
        newLines = Self.lines(spelling.new, spelling.newLines)
        let new = spelling.new
        bytes.reserveCapacity(32 * new.entries.count)
        newKinds.reserveCapacity(2 * new.entries.count)
        newPaths.reserveCapacity(2 * new.entries.count)
        for e in new.entries.indices {
            let entry = new.entries[e]
            let kindStart = bytes.count
            Self.writeKind(new, e, into: &bytes)
            newKinds.append(Int32(kindStart))
            newKinds.append(Int32(bytes.count))
            // `/` for the body; else the parent's path (none for the body's children) and the step.
            let pathStart = bytes.count
            if entry.parent < 0 {
                bytes.append(0x2F)
            } else {
                let p = Int(entry.parent)
                if new.entries[p].parent >= 0 { appendOwn(Int(newPaths[2 * p])..<Int(newPaths[2 * p + 1])) }
                OutlinePlaces.writeStep(entry.step, into: &bytes)
            }
            newPaths.append(Int32(pathStart))
            newPaths.append(Int32(bytes.count))
        }
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

    /// Each entry's `OutlinePlaces.line` (0: none), looked up once per offset in a row: the views
    /// of a component instance all start where the instance does.
    private static func lines(_ places: OutlinePlaces, _ table: LineTable?) -> [Int32] {
        var out = [Int32](repeating: 0, count: places.entries.count)
        var lastStart = -1, lastLine: Int32 = 0
        for e in places.entries.indices {
            let start = places.entries[e].start
            if start != lastStart {
                lastStart = start
                lastLine = Int32(places.line(e, table) ?? 0)
            }
            out[e] = lastLine
        }
        return out
    }

    /// `bytes[range]` appended to `bytes` (a parent's path, copied out first: the array may move).
    private mutating func appendOwn(_ range: Range<Int>) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { room in
            bytes.withUnsafeBufferPointer { source in _ = room.initialize(from: source[range]) }
            bytes.append(contentsOf: UnsafeBufferPointer(room))
        }
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

    private func range(_ table: [Int32], _ e: Int) -> Range<Int> { Int(table[2 * e])..<Int(table[2 * e + 1]) }

    /// One change's texts, read through `FoundChange` while `bytes` is not written to.
    func texts(of c: ViewChange) -> FoundChange.Texts {
        let e = Int(c.entry)
        switch c.change {
        case .changed:
            let o = Int(c.other)
            let agree = oldLines[o] == newLines[e] && spelling.old.samePath(o, as: e, in: spelling.new)
            return FoundChange.Texts(kind: range(newKinds, e), newPath: range(newPaths, e), newLine: Int(newLines[e]),
                                     oldLine: Int(oldLines[o]), placesAgree: agree, cause: causes[Int(c.cause)])
        case .added:
            return FoundChange.Texts(kind: range(newKinds, e), newPath: range(newPaths, e), newLine: Int(newLines[e]),
                                     oldLine: 0, placesAgree: false, cause: causes[Int(c.cause)])
        case .removed:
            return FoundChange.Texts(kind: nil, newPath: 0..<0, newLine: 0, oldLine: Int(oldLines[e]), placesAgree: false,
                                     cause: causes[Int(c.cause)])
        }
    }
}

/// A change as the comparison found it, for the text format: its new kind and place and its
/// cause copied from the file's texts (`FileTexts.bytes`, read in place), an old kind and place
/// written from the old outline, its figures from the change.
struct FoundChange: WrappedChange {
    /// Where a change's texts lie in the file's texts, and its lines (0: none).
    struct Texts {
        /// nil: a removed view, named by the old outline.
        var kind: Range<Int>?
        var newPath: Range<Int>
        var newLine: Int
        var oldLine: Int
        /// The same path and line in both revisions (a changed view).
        var placesAgree: Bool
        var cause: Range<Int>
    }

    let c: ViewChange
    let bytes: UnsafeBufferPointer<UInt8>
    let texts: Texts
    /// The old outline, for an old kind and place.
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

    func writeKind<S: ByteSink>(into s: inout S) {
        guard let kind = texts.kind else { return FileTexts.writeKind(old, Int(c.entry), into: &s) }
        s.append(bytes: UnsafeBufferPointer(rebasing: bytes[kind]))
    }

    func writePlace<S: ByteSink>(old isOld: Bool, into s: inout S) {
        if isOld {
            // A changed view's old place is its other entry's; a removed view has one.
            old.writePath(Int(c.change == .changed ? c.other : c.entry), into: &s)
        } else {
            s.append(bytes: UnsafeBufferPointer(rebasing: bytes[texts.newPath]))
        }
        let line = isOld ? texts.oldLine : texts.newLine
        if line > 0 {
            s.appendLiteral(" line ")
            DiffFormatter.integer(Int64(line), into: &s)
        }
    }

    func writeCause<S: ByteSink>(into s: inout S) {
        if !texts.cause.isEmpty { s.append(bytes: UnsafeBufferPointer(rebasing: bytes[texts.cause])) }
    }
}
