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
        for name in names {
            let o = oldLayouts.first { $0.viewport.name == name }, n = newLayouts.first { $0.viewport.name == name }
            let (viewport, changes) = comparer.viewport(name, old: o, new: n)
            file.viewports.append(viewport)
            found.append(changes)
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
        let old: Side?, new: Side?
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
            self.old = old
            self.new = new
            self.tolerance = tolerance
            self.changed = changed
            self.keepsFollowers = keepsFollowers
            oldOutline = ViewOutline(old?.analysis.document)
            newOutline = ViewOutline(new?.analysis.document)
            matching = ViewMatching(old: oldOutline, new: newOutline)
            causeNames = [own ?? changed.sorted().first]
        }

        /// The lines of the old text carried to the new one, made on first use.
        mutating func lineMap() -> LineMap {
            if let lines { return lines }
            let made = LineMap(old: old?.analysis.lineTable.bytes ?? [], new: new?.analysis.lineTable.bytes ?? [])
            lines = made
            return made
        }

        /// Each change's cause: the changed file it comes from, as an index into `causeNames`:
        /// the file of the innermost component around it that changed, else the file itself (or
        /// the first changed file). A side's causes are worked out when a change first needs
        /// them, so `causeNames` is in the order the changes name them; the outlines' entries are
        /// read in place.
        private mutating func setCauses(_ changes: inout [ViewChange]) {
            let oldEntries = oldOutline.entries, newEntries = newOutline.entries
            for i in changes.indices {
                let isOld = changes[i].change == .removed
                let instance = Int(isOld ? oldEntries[Int(changes[i].entry)].instance : newEntries[Int(changes[i].entry)].instance)
                guard instance >= 0 else {
                    changes[i].cause = 0
                    continue
                }
                if isOld {
                    if oldCauses.isEmpty { oldCauses = causes(oldOutline, old?.componentFiles ?? [:]) }
                    changes[i].cause = oldCauses[instance]
                } else {
                    if newCauses.isEmpty { newCauses = causes(newOutline, new?.componentFiles ?? [:]) }
                    changes[i].cause = newCauses[instance]
                }
            }
        }

        /// The cause of every instance of one side, in one pass down the outline (an instance
        /// comes after the instances around it): its component's file when that changed, else
        /// the cause of the instance around it, else the file's.
        private mutating func causes(_ outline: ViewOutline, _ files: [String: String]) -> [Int32] {
            var out = [Int32](repeating: 0, count: outline.entries.count)
            for (i, e) in outline.entries.enumerated() where e.tag == .component && e.instance == Int32(i) {
                if let f = files[outline.kind(i)], changed.contains(f) {
                    let index = causeNames.firstIndex(of: f) ?? causeNames.count
                    if index == causeNames.count { causeNames.append(f) }
                    out[i] = Int32(index)
                } else if e.parent >= 0 {
                    let around = outline.entries[Int(e.parent)].instance
                    out[i] = around >= 0 ? out[Int(around)] : 0
                }
            }
            return out
        }

        /// One viewport of the file: its views' changes and its diagnostics', and the changes
        /// kept for the report.
        mutating func viewport(_ name: String, old o: LayoutResult?, new n: LayoutResult?) -> (DiffViewport, [ViewChange]) {
            let viewport = n?.viewport ?? o!.viewport
            let tol = tolerance ?? 1 / (viewport.scale > 0 ? viewport.scale : 1)
            var v = DiffViewport(name: name, status: .unchanged, old: o?.viewport, new: n?.viewport, tolerance: tol)
            if (o == nil) != (n == nil) && old != nil && new != nil { v.status = o == nil ? .added : .removed }
            let before = frames(o, old: true), after = frames(n, old: false)
            var changes = ViewChange.found(before, after, oldOutline: oldOutline, newOutline: newOutline, matching: matching,
                                           tolerance: tol)
            for c in changes {
                switch c.change {
                case .added: v.added += 1
                case .removed: v.removed += 1
                case .changed:
                    if c.moved { v.moved += 1 }
                    if c.resized { v.resized += 1 }
                }
            }
            v.changedViews = changes.count
            if !keepsFollowers { changes.removeAll { $0.followsParent } }
            setCauses(&changes)
            let oldDiagnostics = old?.analysis.diagnostics.filter { $0.viewport == name } ?? []
            let newDiagnostics = new?.analysis.diagnostics.filter { $0.viewport == name } ?? []
            if !oldDiagnostics.isEmpty || !newDiagnostics.isEmpty {
                let (appeared, disappeared) = compareDiagnostics(oldDiagnostics, oldTable: old?.analysis.lineTable, newDiagnostics,
                                                                 newTable: new?.analysis.lineTable, lines: lineMap())
                v.appeared = appeared
                v.disappeared = disappeared
            }
            if v.status == .unchanged && (v.changedViews > 0 || !v.appeared.isEmpty || !v.disappeared.isEmpty) { v.status = .changed }
            return (v, changes)
        }

        /// One side's frames of a viewport; found by path when the views do not tell them.
        private mutating func frames(_ result: LayoutResult?, old isOld: Bool) -> Frames {
            let outline = isOld ? oldOutline : newOutline, k = isOld ? 0 : 1
            if let found = Frames(byView: result, outline) { return found }
            if pathIndexes[k] == nil { pathIndexes[k] = outline.pathIndex() }
            return Frames(byPath: result, outline, pathIndexes[k]!)
        }
    }

    /// One viewport's shown frames, by outline entry, and the entries in drawing order.
    struct Frames {
        /// Per outline entry, its frame's place in `order` and `rects`; -1: not shown.
        private var slots: [Int32]
        /// The shown entries in drawing order, and their frames.
        private(set) var order: [Int32] = []
        private(set) var rects: [Rect] = []

        /// Each laid-out view found by its view's index; nil when a view is in two places, in
        /// another store or found twice (then by path).
        init?(byView result: LayoutResult?, _ outline: ViewOutline) {
            let n = outline.entries.count
            var slots = [Int32](repeating: -1, count: n)
            guard let root = result?.root else { self.slots = slots; return }
            guard !outline.sharesViews else { return nil }
            // Each entry is shown at most once, so `n` frames at most: written in place, through
            // the arrays' storage, from the walk's closure (an append per frame, through captured
            // arrays, cost more than the walk itself).
            var order = [Int32](repeating: 0, count: n), rects = [Rect](repeating: .zero, count: n)
            var count = 0, found = true
            slots.withUnsafeMutableBufferPointer { slot in
                order.withUnsafeMutableBufferPointer { placed in
                    rects.withUnsafeMutableBufferPointer { frames in
                        outline.withEntriesOfViews { entryOf in
                            root.preorderFrames(in: outline.store) { view, frame, hidden in
                                guard found, !hidden else { return }
                                guard let view, Int(view.rawValue) < entryOf.count, case let e = Int(entryOf[Int(view.rawValue)]),
                                      e >= 0, slot[e] < 0 else { found = false; return }
                                slot[e] = Int32(count)
                                placed[count] = Int32(e)
                                frames[count] = frame
                                count += 1
                            }
                        }
                    }
                }
            }
            if !found { return nil }
            order.removeLast(n - count)
            rects.removeLast(n - count)
            self.slots = slots
            self.order = order
            self.rects = rects
        }

        /// Each laid-out view found by its path.
        init(byPath result: LayoutResult?, _ outline: ViewOutline, _ paths: [String: Int]) {
            slots = [Int32](repeating: -1, count: outline.entries.count)
            result?.root?.preorder { node in
                guard !node.hidden, let e = paths[node.path], slots[e] < 0 else { return }
                add(e, node.frame)
            }
        }

        private mutating func add(_ e: Int, _ frame: Rect) {
            slots[e] = Int32(order.count)
            order.append(Int32(e))
            rects.append(frame)
        }

        /// The entry's frame; nil when it is not shown.
        func frame(_ e: Int) -> Rect? {
            let slot = slots[e]
            return slot < 0 ? nil : rects[Int(slot)]
        }

        func shows(_ e: Int) -> Bool { slots[e] >= 0 }
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
