import TatamiBase
import TatamiLayout
import TatamiModel

/// Where a view is in one revision.
public struct DiffViewSide: Sendable, Hashable {
    /// `/0/2`, as `tatami frames` writes it.
    public var path: String
    /// The 1-based line of the view's kind key in its file (for a view of an imported component's
    /// body: the line of the instance that brought it in); nil when unknown.
    public var line: Int?
    public var frame: Rect

    public init(path: String, line: Int?, frame: Rect) {
        self.path = path
        self.line = line
        self.frame = frame
    }
}

/// One view's change in one viewport.
public struct DiffViewChange: Sendable {
    public enum Change: String, Sendable {
        case added, removed, changed
    }

    public var change: Change
    /// The kind key, or the component's name for an instance (the new revision's, when both).
    public var kind: String
    public var id: String?
    public var old: DiffViewSide?
    public var new: DiffViewSide?
    /// Its position changed by at least the tolerance (`changed` only).
    public var moved = false
    /// Its size changed by at least the tolerance (`changed` only).
    public var resized = false
    /// new − old: x, y, width, height (0 for `added` and `removed`).
    public var dx = 0.0, dy = 0.0, dw = 0.0, dh = 0.0
    /// The view only goes along with the view holding it: added or removed with it, or moved by
    /// the same amount without being resized. Text and Markdown count these under that view.
    public var followsParent = false
    /// How many views inside follow this one (`followsParent`, transitively).
    public var following = 0
    /// The component whose body the view belongs to (its nearest enclosing instance), if any.
    public var component: String?
    /// The changed file this change comes from: the file itself, or a file it imports (the one
    /// declaring the component the view belongs to, when that file changed).
    public var cause: String?

    /// The largest of the deltas, or of the frame's sides for an added or removed view: what
    /// Markdown sorts by.
    public var magnitude: Double {
        switch change {
        case .changed: return max(abs(dx), abs(dy), abs(dw), abs(dh))
        case .added: return max(new?.frame.width ?? 0, new?.frame.height ?? 0)
        case .removed: return max(old?.frame.width ?? 0, old?.frame.height ?? 0)
        }
    }

    /// `moved`, `resized`, `moved+resized`, `added`, `removed`.
    public var word: String { Self.word(change, moved: moved, resized: resized) }
}

/// A diagnostic that one revision has and the other does not.
public struct DiffDiagnostic: Sendable {
    public var code: String
    public var severity: Severity
    public var message: String
    /// The viewport it was found in; nil for a file's diagnostics that hold in every viewport.
    public var viewport: String?
    /// 1-based, in the revision that has it (the new one for an appeared diagnostic).
    public var line: Int
    public var column: Int

    public init(code: String, severity: Severity, message: String, viewport: String?, line: Int, column: Int) {
        self.code = code
        self.severity = severity
        self.message = message
        self.viewport = viewport
        self.line = line
        self.column = column
    }
}

/// One viewport of one file, compared.
public struct DiffViewport: Sendable {
    public enum Status: String, Sendable {
        case unchanged, changed
        /// Declared in one revision only.
        case added, removed
    }

    public var name: String
    public var status: Status
    public var old: Viewport?
    public var new: Viewport?
    /// Deltas smaller than this are rounding noise (default: 1 / the viewport's scale).
    public var tolerance: Double
    /// In drawing order of the new revision, then the removed views in the old one's; without
    /// the changes that only follow their parent's when the comparison did not keep them.
    /// Spelled out from `changes` on each read when the comparison made them.
    public var views: [DiffViewChange] {
        get { changes?.spelled() ?? spelledViews }
        set {
            spelledViews = newValue
            changes = nil
        }
    }
    private var spelledViews: [DiffViewChange] = []
    /// The changes as the comparison found them (entries of the two outlines and numbers), which
    /// the text format writes without spelling each out as strings first.
    var changes: ViewChanges?
    public var appeared: [DiffDiagnostic] = []
    public var disappeared: [DiffDiagnostic] = []

    /// Views moved, resized, added and removed (followers included), and all views changed.
    public var moved = 0, resized = 0, added = 0, removed = 0
    public var changedViews = 0

    init(name: String, status: Status, old: Viewport?, new: Viewport?, tolerance: Double) {
        self.name = name
        self.status = status
        self.old = old
        self.new = new
        self.tolerance = tolerance
    }
}

/// One file of the comparison.
public struct DiffFile: Sendable {
    public enum Status: String, Sendable {
        /// Its own text changed.
        case modified
        /// Only a file it reads changed (an import, a font file, its workspace file).
        case affected
        case added, removed, renamed
        /// Its text and everything it reads are the same: not laid out at all.
        case identical
    }

    /// Relative to each revision's base; nil on the side that has no such file.
    public var oldPath: String?
    public var newPath: String?
    public var status: Status
    /// The files whose change this file's changes come from (itself, its imports…), relative.
    public var causes: [String] = []
    public var viewports: [DiffViewport] = []
    /// Diagnostics without a viewport (validation's, structural lints).
    public var appeared: [DiffDiagnostic] = []
    public var disappeared: [DiffDiagnostic] = []
    /// Whether the file was laid out (in both revisions where it exists).
    public var analysed = false
    /// Each revision's layouts, kept for the HTML page only (`LayoutDiffer.keepsLayouts`).
    public var oldLayouts: [LayoutResult] = []
    public var newLayouts: [LayoutResult] = []

    public init(oldPath: String?, newPath: String?, status: Status) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.status = status
    }

    public var path: String { newPath ?? oldPath ?? "" }

    /// Any view added, removed, moved or resized, or a diagnostic that appeared or went.
    public var hasLayoutChanges: Bool {
        !appeared.isEmpty || !disappeared.isEmpty || viewports.contains { $0.status != .unchanged }
    }

    /// `phone: 12 views moved, 1 text now truncated; tablet: unchanged`.
    public var summary: String {
        if status == .identical { return "unchanged" }
        var parts: [String] = []
        let own = DiffSummary.diagnostics(appeared: appeared, disappeared: disappeared)
        if !own.isEmpty { parts.append(own.joined(separator: ", ")) }
        for v in viewports {
            switch v.status {
            case .added: parts.append("\(v.name): new viewport")
            case .removed: parts.append("\(v.name): viewport removed")
            case .unchanged: parts.append("\(v.name): unchanged")
            case .changed:
                var words: [String] = []
                func count(_ n: Int, _ what: String) { if n > 0 { words.append("\(n) view\(n == 1 ? "" : "s") \(what)") } }
                count(v.moved, "moved")
                count(v.resized, "resized")
                count(v.added, "added")
                count(v.removed, "removed")
                words += DiffSummary.diagnostics(appeared: v.appeared, disappeared: v.disappeared)
                parts.append("\(v.name): " + words.joined(separator: ", "))
            }
        }
        return parts.isEmpty ? "unchanged" : parts.joined(separator: "; ")
    }
}

enum DiffSummary {
    /// `1 text now truncated`, `2 overflows gone`, `1 new zero-size`…
    static func diagnostics(appeared: [DiffDiagnostic], disappeared: [DiffDiagnostic]) -> [String] {
        var out: [String] = []
        func grouped(_ list: [DiffDiagnostic]) -> [(String, Int)] {
            var order: [String] = [], counts: [String: Int] = [:]
            for d in list {
                if counts[d.code] == nil { order.append(d.code) }
                counts[d.code, default: 0] += 1
            }
            return order.map { ($0, counts[$0]!) }
        }
        for (code, n) in grouped(appeared) {
            switch code {
            case "text-truncated": out.append("\(n) text\(n == 1 ? "" : "s") now truncated")
            case "overflow": out.append("\(n) container\(n == 1 ? " now overflows" : "s now overflow")")
            default: out.append("\(n) new \(code)")
            }
        }
        for (code, n) in grouped(disappeared) {
            switch code {
            case "text-truncated": out.append("\(n) text\(n == 1 ? "" : "s") no longer truncated")
            case "overflow": out.append("\(n) overflow\(n == 1 ? "" : "s") gone")
            default: out.append("\(n) \(code) gone")
            }
        }
        return out
    }
}

/// Compares two analyses of one file: views matched across them (`ViewMatching`), frames per
/// viewport, diagnostics.
enum LayoutComparison {
    struct Side {
        let analysis: Analysis
        /// The revision-relative path of each file the analysis's components come from, by
        /// component name (nil: declared in the file itself).
        let componentFiles: [String: String]
    }

    /// `changed`: the files that differ between the revisions, relative; `own`: the file's own
    /// relative path when its text changed.
    /// `keepsFollowers` false: the changes that only follow their parent's are counted, not
    /// kept (every format but JSON shows them as their parent's count).
    static func compare(old: Side?, new: Side?, tolerance: Double?, changed: Set<String>, own: String?,
                        keepsFollowers: Bool = true, into file: inout DiffFile) {
        var comparer = Comparer(old: old, new: new, tolerance: tolerance, changed: changed, own: own,
                                keepsFollowers: keepsFollowers)
        let oldLayouts = old?.analysis.layouts ?? [], newLayouts = new?.analysis.layouts ?? []
        var names: [String] = newLayouts.map(\.viewport.name)
        for l in oldLayouts where !names.contains(l.viewport.name) { names.append(l.viewport.name) }
        var found: [[ViewChange]] = []
        found.reserveCapacity(names.count)
        file.viewports.reserveCapacity(file.viewports.count + names.count)
        for name in names {
            // Each side's viewport and frames, read out of its layout once (not the layout copied).
            let o = oldLayouts.firstIndex { $0.viewport.name == name }, n = newLayouts.firstIndex { $0.viewport.name == name }
            found.append(comparer.viewport(name, (oldLayouts, newLayouts), at: o, n, into: &file.viewports))
        }
        // Every viewport's changes name their causes through one table, complete only now.
        let spelling = ChangeSpelling(old: comparer.oldOutline.places, new: comparer.newOutline.places,
                                      oldLines: old?.analysis.lineTable, newLines: new?.analysis.lineTable,
                                      causes: comparer.causeNames)
        for k in file.viewports.indices where !found[k].isEmpty {
            file.viewports[k].changes = ViewChanges(spelling: spelling, list: found[k])
        }
        let oldDiagnostics = old?.analysis.diagnostics.filter { $0.viewport == nil } ?? []
        let newDiagnostics = new?.analysis.diagnostics.filter { $0.viewport == nil } ?? []
        if !oldDiagnostics.isEmpty || !newDiagnostics.isEmpty {
            let (appeared, disappeared) = compareDiagnostics(oldDiagnostics, oldTable: old?.analysis.lineTable, newDiagnostics,
                                                             newTable: new?.analysis.lineTable, lines: comparer.lineMap())
            file.appeared = appeared
            file.disappeared = disappeared
        }
    }

    /// One file's two sides, compared viewport by viewport.
    struct Comparer {
        /// What is read of a side besides its outline and layouts (not the whole analysis, whose
        /// references would each be counted in and out again).
        struct Read {
            let diagnostics: [Diagnostic]
            let lineTable: LineTable
            let componentFiles: [String: String]

            init(_ side: Side) {
                diagnostics = side.analysis.diagnostics
                lineTable = side.analysis.lineTable
                componentFiles = side.componentFiles
            }
        }

        let old: Read?, new: Read?
        let tolerance: Double?
        let changed: Set<String>
        let keepsFollowers: Bool
        let oldOutline: ViewOutline, newOutline: ViewOutline
        let matching: ViewMatching
        private var lines: LineMap?
        /// The causes found, each once (the first is the file's own or the first changed file).
        private(set) var causeNames: [String?]
        /// Per side, each instance entry's cause (`cause(_:_:)`), made when first needed.
        private var oldCauses: [Int32] = [], newCauses: [Int32] = []
        /// Each outline's entries by path, made when a viewport's frames must be found by path.
        private var pathIndexes: [[String: Int]?] = [nil, nil]

        init(old: Side?, new: Side?, tolerance: Double?, changed: Set<String>, own: String?, keepsFollowers: Bool) {
            self.old = old.map(Read.init)
            self.new = new.map(Read.init)
            self.tolerance = tolerance
            self.changed = changed
            self.keepsFollowers = keepsFollowers
            // A file whose text is the same in both revisions usually has the same views in both
            // (what changed is elsewhere): the new outline then takes over the old one's arrays.
            (oldOutline, newOutline) = ViewOutline.revisions(old: old?.analysis.document, new: new?.analysis.document,
                                                             sameText: own == nil)
            matching = ViewMatching(old: oldOutline, new: newOutline)
            causeNames = [own ?? changed.sorted().first]
        }

        /// The lines of the old text carried to the new one, made on first use.
        mutating func lineMap() -> LineMap {
            if let lines { return lines }
            let made = LineMap(old: old?.lineTable.bytes ?? [], new: new?.lineTable.bytes ?? [])
            lines = made
            return made
        }

        /// Each instance entry's cause, as an index into `causeNames`: the file of the innermost
        /// component around it that changed, else the file itself (or the first changed file).
        /// A side's causes are worked out when a change first needs them (`cause(of:old:)`), so
        /// `causeNames` is in the order the changes name them.
        @inline(__always)
        private mutating func cause(of entry: Int32, old isOld: Bool) -> Int32 {
            let instance = Int(isOld ? oldOutline.entries[Int(entry)].instance : newOutline.entries[Int(entry)].instance)
            guard instance >= 0 else { return 0 }
            if isOld {
                if oldCauses.isEmpty { oldCauses = causes(oldOutline, old?.componentFiles ?? [:]) }
                return oldCauses[instance]
            }
            if newCauses.isEmpty { newCauses = causes(newOutline, new?.componentFiles ?? [:]) }
            return newCauses[instance]
        }

        /// The cause of every instance of one side, in one pass down the outline (an instance
        /// comes after the instances around it): its component's file when that changed, else
        /// the cause of the instance around it, else the file's. Whether a component's file
        /// changed is looked up once per name.
        private mutating func causes(_ outline: ViewOutline, _ files: [String: String]) -> [Int32] {
            var out = [Int32](filled: 0, count: outline.entries.count)
            func changedFile(_ name: String) -> Int32 {
                guard let f = files[name], changed.contains(f) else { return -1 }
                let index = causeNames.firstIndex(of: f) ?? causeNames.count
                if index == causeNames.count { causeNames.append(f) }
                return Int32(index)
            }
            // Per name: the index of its changed file in `causeNames`, -1 when its file did not
            // change, -2 not looked up yet (room on the stack: an outline names a few).
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: outline.names.count) { byName in
                byName.initialize(repeating: -2)
                for (i, e) in outline.entries.enumerated() where e.tag == .component && e.instance == Int32(i) {
                    var own: Int32
                    if e.component < 0 {
                        own = changedFile(outline.kind(i))
                    } else {
                        own = byName[Int(e.component)]
                        if own == -2 {
                            own = changedFile(outline.names[Int(e.component)])
                            byName[Int(e.component)] = own
                        }
                    }
                    if own >= 0 {
                        out[i] = own
                    } else if e.parent >= 0 {
                        let around = outline.entries[Int(e.parent)].instance
                        out[i] = around >= 0 ? out[Int(around)] : 0
                    }
                }
            }
            return out
        }

        /// One viewport of the file: its views' changes and its diagnostics', and the changes
        /// kept for the report.
        /// `o`, `n`: the viewport's layout on each side, as an index into `layouts`; the viewport
        /// is appended to `viewports`.
        mutating func viewport(_ name: String, _ layouts: (old: [LayoutResult], new: [LayoutResult]), at o: Int?, _ n: Int?,
                               into viewports: inout [DiffViewport]) -> [ViewChange] {
            let scale = n.map { layouts.new[$0].viewport.scale } ?? layouts.old[o!].viewport.scale
            let tol = tolerance ?? 1 / (scale > 0 ? scale : 1)
            let status: DiffViewport.Status = (o == nil) != (n == nil) && old != nil && new != nil ? (o == nil ? .added : .removed) : .unchanged
            var v = DiffViewport(name: name, status: status, old: o.map { layouts.old[$0].viewport }, new: n.map { layouts.new[$0].viewport },
                                 tolerance: tol)
            var tally = ViewChange.Tally()
            var changes = changesFound(old: o.flatMap { layouts.old[$0].root }, new: n.flatMap { layouts.new[$0].root }, tolerance: tol,
                                       tally: &tally)
            (v.added, v.removed, v.moved, v.resized) = (tally.added, tally.removed, tally.moved, tally.resized)
            // In one pass: those that only follow their parent's dropped unless kept (the others
            // moved down over them), and each kept one's cause set.
            var kept = 0
            changes.withUnsafeMutableBufferPointer { list in
                for i in list.indices {
                    if !keepsFollowers && list[i].followsParent { continue }
                    if kept != i { list[kept] = list[i] }
                    list[kept].cause = cause(of: list[kept].entry, old: list[kept].change == .removed)
                    kept += 1
                }
            }
            v.changedViews = changes.count
            changes.removeLast(changes.count - kept)
            let oldDiagnostics = old?.diagnostics.filter { $0.viewport == name } ?? []
            let newDiagnostics = new?.diagnostics.filter { $0.viewport == name } ?? []
            if !oldDiagnostics.isEmpty || !newDiagnostics.isEmpty {
                let (appeared, disappeared) = compareDiagnostics(oldDiagnostics, oldTable: old?.lineTable, newDiagnostics,
                                                                 newTable: new?.lineTable, lines: lineMap())
                v.appeared = appeared
                v.disappeared = disappeared
            }
            if v.status == .unchanged && (v.changedViews > 0 || !v.appeared.isEmpty || !v.disappeared.isEmpty) { v.status = .changed }
            viewports.append(v)
            return changes
        }

        /// The views' changes in one viewport, from both sides' frames. The frames are kept in
        /// room lent for the time it takes, one allocation for both sides (`Frames`).
        private mutating func changesFound(old o: FrameNode?, new n: FrameNode?, tolerance: Double,
                                           tally: inout ViewChange.Tally) -> [ViewChange] {
            let oldRoom = Frames.Room(entries: oldOutline.entries.count, frames: o?.tree.count ?? 0)
            let newRoom = Frames.Room(entries: newOutline.entries.count, frames: n?.tree.count ?? 0)
            let rects = oldRoom.frames + newRoom.frames, rectBytes = rects * MemoryLayout<Rect>.stride
            let ints = oldRoom.entries + oldRoom.frames + newRoom.entries + newRoom.frames
            return withUnsafeTemporaryAllocation(byteCount: rectBytes + ints * MemoryLayout<Int32>.stride,
                                                 alignment: MemoryLayout<Rect>.alignment) { raw in
                let rectRoom = UnsafeMutableRawBufferPointer(rebasing: raw[..<rectBytes]).bindMemory(to: Rect.self)
                let intRoom = UnsafeMutableRawBufferPointer(rebasing: raw[rectBytes...]).bindMemory(to: Int32.self)
                let oldPart = oldRoom.carved(intRoom, rectRoom)
                let newPart = newRoom.carved(UnsafeMutableBufferPointer(rebasing: intRoom[(oldRoom.entries + oldRoom.frames)...]),
                                             UnsafeMutableBufferPointer(rebasing: rectRoom[oldRoom.frames...]))
                // The new outline took over the old one's views: while the new tree is arranged as
                // the old one, its frames are read in the old one's walk, and the entries found for
                // the old frames' views are the new ones'.
                let alongside = newOutline.sameViews === oldOutline ? n.map { ($0, newOutline.store, newPart.rects) } : nil
                let (before, alike) = frames(o, old: true, room: oldPart, alongside: alongside)
                let after = alike ? Frames(copying: before, room: newPart) : frames(n, old: false, room: newPart).frames
                return ViewChange.found(before, after, oldOutline: oldOutline, newOutline: newOutline, matching: matching,
                                        tolerance: tolerance, tally: &tally)
            }
        }

        /// One side's frames of a viewport; found by path when the views do not tell them.
        /// `alike`: whether the tree `alongside` was arranged as this one (`Frames.init(byView:)`).
        private mutating func frames(_ root: FrameNode?, old isOld: Bool, room: Frames.Room,
                                     alongside: Frames.Alongside = nil) -> (frames: Frames, alike: Bool) {
            let outline = isOld ? oldOutline : newOutline, k = isOld ? 0 : 1
            var alike = false
            if let found = Frames(byView: root, outline, room: room, alongside: alongside, alike: &alike) { return (found, alike) }
            if pathIndexes[k] == nil { pathIndexes[k] = outline.pathIndex() }
            return (Frames(byPath: root, outline, pathIndexes[k]!, room: room), false)
        }
    }

    /// Diagnostics are the same one when their code and viewport are the same and they stand on
    /// the same line (an old line carried to the new text through the lines between them), or,
    /// failing that, say the same thing.
    static func compareDiagnostics(_ old: [Diagnostic], oldTable: LineTable?, _ new: [Diagnostic], newTable: LineTable?,
                                   lines: LineMap) -> (appeared: [DiffDiagnostic], disappeared: [DiffDiagnostic]) {
        struct Placed {
            let d: Diagnostic
            let line: Int, column: Int
        }
        func place(_ d: Diagnostic, _ table: LineTable?) -> Placed {
            guard let table else { return Placed(d: d, line: 0, column: 0) }
            let p = table.scalarPosition(ofByte: table.clampOffset(d.range.start))
            return Placed(d: d, line: p.line, column: p.column)
        }
        var olds = old.map { place($0, oldTable) }, news = new.map { place($0, newTable) }
        var usedO = [Bool](repeating: false, count: olds.count), usedN = [Bool](repeating: false, count: news.count)
        let rules: [(Placed, Placed) -> Bool] = [
            { a, b in lines.map(a.line) == b.line && a.d.message == b.d.message },
            { a, b in lines.map(a.line) == b.line },
            { a, b in a.d.message == b.d.message },
        ]
        for rule in rules {
            for i in olds.indices where !usedO[i] {
                for j in news.indices where !usedN[j] {
                    let a = olds[i], b = news[j]
                    guard a.d.code == b.d.code, a.d.viewport == b.d.viewport, rule(a, b) else { continue }
                    usedO[i] = true
                    usedN[j] = true
                    break
                }
            }
        }
        func diff(_ p: Placed) -> DiffDiagnostic {
            DiffDiagnostic(code: p.d.code.name, severity: p.d.severity, message: p.d.message, viewport: p.d.viewport,
                           line: p.line + 1, column: p.column + 1)
        }
        let appeared = news.indices.filter { !usedN[$0] }.map { diff(news[$0]) }
        let disappeared = olds.indices.filter { !usedO[$0] }.map { diff(olds[$0]) }
        olds.removeAll()
        news.removeAll()
        return (appeared, disappeared)
    }
}

/// Old lines carried to the new text: lines outside the replaced ones keep their place, shifted
/// by the lines inserted and removed above them (`TextDiff`).
struct LineMap {
    private var starts: [(oldLine: Int, oldEnd: Int, shift: Int)] = []

    init(old: [UInt8], new: [UInt8]) {
        guard !old.isEmpty || !new.isEmpty else { return }
        let oldTable = LineTable(bytes: old), newTable = LineTable(bytes: new)
        var shift = 0
        for r in TextDiff.lineReplacements(from: old, to: new) {
            let first = oldTable.line(ofByte: r.range.start)
            let oldCount = r.range.end == r.range.start ? 0 : oldTable.line(ofByte: max(r.range.start, r.range.end - 1)) - first + 1
            let newFirst = newTable.line(ofByte: r.newRange.lowerBound)
            let newCount = r.newRange.isEmpty ? 0 : newTable.line(ofByte: max(r.newRange.lowerBound, r.newRange.upperBound - 1)) - newFirst + 1
            starts.append((first, first + oldCount, shift))
            shift += newCount - oldCount
        }
        finalShift = shift
    }

    private var finalShift = 0

    /// The new line of an old line (0-based); nil when it was replaced.
    func map(_ line: Int) -> Int? {
        for s in starts {
            if line < s.oldLine { return line + s.shift }
            if line < s.oldEnd { return nil }
        }
        return line + finalShift
    }
}
