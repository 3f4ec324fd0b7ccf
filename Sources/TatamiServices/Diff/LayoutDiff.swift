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
    public var word: String {
        switch change {
        case .added: return "added"
        case .removed: return "removed"
        case .changed: return moved && resized ? "moved+resized" : moved ? "moved" : "resized"
        }
    }
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
    public var views: [DiffViewChange] = []
    public var appeared: [DiffDiagnostic] = []
    public var disappeared: [DiffDiagnostic] = []

    /// Views moved, resized, added and removed (followers included), and all views changed.
    public var moved = 0, resized = 0, added = 0, removed = 0
    public var changedViews = 0
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
        for name in names {
            let o = oldLayouts.first { $0.viewport.name == name }, n = newLayouts.first { $0.viewport.name == name }
            file.viewports.append(comparer.viewport(name, old: o, new: n))
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

    /// A view's change before its strings are made: what changed, by entry (in the new outline,
    /// or the old one for a removed view).
    struct DraftChange {
        var entry: Int
        var other: Int
        var change: DiffViewChange.Change
        var moved = false, resized = false
        var dx = 0.0, dy = 0.0, dw = 0.0, dh = 0.0
        var followsParent = false
        var following = 0
    }

    /// One file's two sides, compared viewport by viewport.
    struct Comparer {
        let old: Side?, new: Side?
        let tolerance: Double?
        let changed: Set<String>
        let keepsFollowers: Bool
        let oldOutline: ViewOutline, newOutline: ViewOutline
        let matching: ViewMatching
        let fallbackCause: String?
        private var lines: LineMap?
        private let causes = CauseMemo()

        init(old: Side?, new: Side?, tolerance: Double?, changed: Set<String>, own: String?, keepsFollowers: Bool) {
            self.old = old
            self.new = new
            self.tolerance = tolerance
            self.changed = changed
            self.keepsFollowers = keepsFollowers
            oldOutline = ViewOutline(old?.analysis.document)
            newOutline = ViewOutline(new?.analysis.document)
            matching = ViewMatching(old: oldOutline, new: newOutline)
            fallbackCause = own ?? changed.sorted().first
        }

        /// The lines of the old text carried to the new one, made on first use.
        mutating func lineMap() -> LineMap {
            if let lines { return lines }
            let made = LineMap(old: old?.analysis.lineTable.bytes ?? [], new: new?.analysis.lineTable.bytes ?? [])
            lines = made
            return made
        }

        /// The changed file a view's change comes from: the file of the innermost component
        /// around it that changed, else the file itself (or the first changed file).
        /// Worked out once per instance: every view of an instance's body has its answer.
        func cause(_ outline: ViewOutline, _ side: Side?, _ entry: Int) -> String? {
            let start = outline.entries[entry].instance
            guard start >= 0 else { return fallbackCause }
            let k = outline === oldOutline ? 0 : 1
            if causes.byInstance[k].isEmpty { causes.byInstance[k] = [Int32](repeating: -1, count: outline.entries.count) }
            let hit = causes.byInstance[k][start]
            if hit >= 0 { return causes.names[Int(hit)] }
            var found = fallbackCause
            var i = start
            while i >= 0 {
                if let f = side?.componentFiles[outline.entries[i].kind], changed.contains(f) {
                    found = f
                    break
                }
                let p = outline.entries[i].parent
                i = p >= 0 ? outline.entries[p].instance : -1
            }
            let index = causes.names.firstIndex(of: found) ?? causes.names.count
            if index == causes.names.count { causes.names.append(found) }
            causes.byInstance[k][start] = Int32(index)
            return found
        }

        func component(_ outline: ViewOutline, _ entry: Int) -> String? {
            var i = outline.entries[entry].instance
            // An instance's own frame belongs to the file using it, its body to the component.
            if i == entry {
                let p = outline.entries[entry].parent
                i = p >= 0 ? outline.entries[p].instance : -1
            }
            return i >= 0 ? outline.entries[i].kind : nil
        }

        func side(_ outline: ViewOutline, _ entry: Int, _ frame: Rect, _ table: LineTable?) -> DiffViewSide {
            let start = outline.entries[entry].node.range.start
            let line = table.flatMap { t in start <= t.bytes.count ? t.line(ofByte: start) + 1 : nil }
            return DiffViewSide(path: outline.path(entry), line: line, frame: frame)
        }

        /// One viewport of the file: its views' changes and its diagnostics'.
        mutating func viewport(_ name: String, old o: LayoutResult?, new n: LayoutResult?) -> DiffViewport {
            let viewport = n?.viewport ?? o!.viewport
            let tol = tolerance ?? 1 / (viewport.scale > 0 ? viewport.scale : 1)
            var v = DiffViewport(name: name, status: .unchanged, old: o?.viewport, new: n?.viewport, tolerance: tol)
            if (o == nil) != (n == nil) && old != nil && new != nil { v.status = o == nil ? .added : .removed }
            let before = Frames(o, oldOutline), after = Frames(n, newOutline)
            let drafts = self.drafts(before, after, tolerance: tol)
            for c in drafts {
                switch c.change {
                case .added: v.added += 1
                case .removed: v.removed += 1
                case .changed:
                    if c.moved { v.moved += 1 }
                    if c.resized { v.resized += 1 }
                }
            }
            v.changedViews = drafts.count
            for c in drafts where keepsFollowers || !c.followsParent { v.views.append(report(c, before, after)) }
            let oldDiagnostics = old?.analysis.diagnostics.filter { $0.viewport == name } ?? []
            let newDiagnostics = new?.analysis.diagnostics.filter { $0.viewport == name } ?? []
            if !oldDiagnostics.isEmpty || !newDiagnostics.isEmpty {
                let (appeared, disappeared) = compareDiagnostics(oldDiagnostics, oldTable: old?.analysis.lineTable, newDiagnostics,
                                                                 newTable: new?.analysis.lineTable, lines: lineMap())
                v.appeared = appeared
                v.disappeared = disappeared
            }
            if v.status == .unchanged && (v.changedViews > 0 || !v.appeared.isEmpty || !v.disappeared.isEmpty) { v.status = .changed }
            return v
        }

        /// What changed, without strings: in the new revision's drawing order, then the removed
        /// views; each marked when it only follows its parent's change, and counting those that
        /// follow it.
        func drafts(_ before: Frames, _ after: Frames, tolerance tol: Double) -> [DraftChange] {
            func significant(_ d: Double) -> Bool { abs(d) > 1e-9 && abs(d) >= tol - 1e-9 }
            var lights: [DraftChange] = []
            var changeOfNew = [Int32](repeating: -1, count: newOutline.entries.count)
            var changeOfOld = [Int32](repeating: -1, count: oldOutline.entries.count)
            for e in after.order {
                let b = after.frames[e]!
                let m = matching.newToOld[e]
                if m >= 0, let a = before.frames[m] {
                    let dx = b.minX - a.minX, dy = b.minY - a.minY, dw = b.width - a.width, dh = b.height - a.height
                    let moved = significant(dx) || significant(dy), resized = significant(dw) || significant(dh)
                    guard moved || resized else { continue }
                    changeOfNew[e] = Int32(lights.count)
                    lights.append(DraftChange(entry: e, other: m, change: .changed, moved: moved, resized: resized,
                                              dx: dx, dy: dy, dw: dw, dh: dh))
                } else {
                    changeOfNew[e] = Int32(lights.count)
                    lights.append(DraftChange(entry: e, other: -1, change: .added))
                }
            }
            for e in before.order {
                let m = matching.oldToNew[e]
                if m >= 0 && after.frames[m] != nil { continue }
                changeOfOld[e] = Int32(lights.count)
                lights.append(DraftChange(entry: e, other: -1, change: .removed))
            }
            // Which changes only follow their parent's, and how many follow each.
            var parents = [Int](repeating: -1, count: lights.count)
            for i in lights.indices {
                let removed = lights[i].change == .removed
                let p = (removed ? oldOutline : newOutline).entries[lights[i].entry].parent
                guard p >= 0 else { continue }
                let pc = Int(removed ? changeOfOld[p] : changeOfNew[p])
                guard pc >= 0 else { continue }
                parents[i] = pc
                let c = lights[i], parent = lights[pc]
                switch c.change {
                case .added, .removed: lights[i].followsParent = parent.change == c.change
                case .changed:
                    lights[i].followsParent = parent.change == .changed && c.moved && !c.resized
                        && abs(parent.dx - c.dx) < 1e-9 && abs(parent.dy - c.dy) < 1e-9
                }
            }
            for i in lights.indices.reversed() where lights[i].followsParent && parents[i] >= 0 {
                lights[parents[i]].following += 1 + lights[i].following
            }
            return lights
        }

        /// A change as reported: with its paths, lines and cause.
        func report(_ c: DraftChange, _ before: Frames, _ after: Frames) -> DiffViewChange {
            let oldTable = old?.analysis.lineTable, newTable = new?.analysis.lineTable
            let e = c.entry
            var out: DiffViewChange
            switch c.change {
            case .changed:
                out = DiffViewChange(change: .changed, kind: newOutline.entries[e].kind, id: newOutline.entries[e].id,
                                     old: side(oldOutline, c.other, before.frames[c.other]!, oldTable),
                                     new: side(newOutline, e, after.frames[e]!, newTable))
                out.dx = c.dx; out.dy = c.dy; out.dw = c.dw; out.dh = c.dh
                out.moved = c.moved
                out.resized = c.resized
                out.component = component(newOutline, e)
                out.cause = cause(newOutline, new, e)
            case .added:
                out = DiffViewChange(change: .added, kind: newOutline.entries[e].kind, id: newOutline.entries[e].id,
                                     old: nil, new: side(newOutline, e, after.frames[e]!, newTable))
                out.component = component(newOutline, e)
                out.cause = cause(newOutline, new, e)
            case .removed:
                out = DiffViewChange(change: .removed, kind: oldOutline.entries[e].kind, id: oldOutline.entries[e].id,
                                     old: side(oldOutline, e, before.frames[e]!, oldTable), new: nil)
                out.component = component(oldOutline, e)
                out.cause = cause(oldOutline, old, e)
            }
            out.followsParent = c.followsParent
            out.following = c.following
            return out
        }
    }

    /// The cause found from each instance entry, per side (old, new): an index into `names`, -1
    /// when not yet worked out.
    final class CauseMemo {
        var byInstance: [[Int32]] = [[], []]
        var names: [String?] = []
    }

    /// One viewport's shown frames, by outline entry, and the entries in drawing order.
    struct Frames {
        var frames: [Rect?]
        var order: [Int] = []

        init(_ result: LayoutResult?, _ outline: ViewOutline) {
            frames = [Rect?](repeating: nil, count: outline.entries.count)
            guard let root = result?.root else { return }
            // Each laid-out view is found by its view, unless a view is in two places (then,
            // and for any view found twice, by path).
            var byPath = outline.sharesViews
            if !byPath {
                root.preorder { node in
                    guard !byPath, !node.hidden else { return }
                    guard let e = outline.entry(of: node.view), frames[e] == nil else { byPath = true; return }
                    frames[e] = node.frame
                    order.append(e)
                }
            }
            if byPath {
                frames = [Rect?](repeating: nil, count: outline.entries.count)
                order.removeAll()
                root.preorder { node in
                    guard !node.hidden, let e = outline.entry(atPath: node.path), frames[e] == nil else { return }
                    frames[e] = node.frame
                    order.append(e)
                }
            }
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
