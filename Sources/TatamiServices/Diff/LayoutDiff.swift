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
    /// In drawing order of the new revision, then the removed views in the old one's.
    public var views: [DiffViewChange] = []
    public var appeared: [DiffDiagnostic] = []
    public var disappeared: [DiffDiagnostic] = []

    public var moved: Int { views.filter(\.moved).count }
    public var resized: Int { views.filter(\.resized).count }
    public var added: Int { views.filter { $0.change == .added }.count }
    public var removed: Int { views.filter { $0.change == .removed }.count }
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
    static func compare(old: Side?, new: Side?, tolerance: Double?, changed: Set<String>, own: String?,
                        into file: inout DiffFile) {
        let oldOutline = ViewOutline(old?.analysis.document), newOutline = ViewOutline(new?.analysis.document)
        let matching = ViewMatching(old: oldOutline, new: newOutline)
        let lines = LineMap(old: old?.analysis.lineTable.bytes ?? [], new: new?.analysis.lineTable.bytes ?? [])

        func cause(_ outline: ViewOutline, _ side: Side?, _ entry: Int?) -> String? {
            var i = entry.map { outline.entries[$0].instance } ?? -1
            while i >= 0 {
                let e = outline.entries[i]
                if let f = side?.componentFiles[e.kind], changed.contains(f) { return f }
                i = e.parent >= 0 ? outline.entries[e.parent].instance : -1
            }
            return own ?? changed.sorted().first
        }
        func component(_ outline: ViewOutline, _ entry: Int?) -> String? {
            guard let entry else { return nil }
            let i = outline.entries[entry].instance
            // An instance's own frame belongs to the file using it, its body to the component.
            if i == entry { let p = outline.entries[entry].parent; return p >= 0 && outline.entries[p].instance >= 0 ? outline.entries[outline.entries[p].instance].kind : nil }
            return i >= 0 ? outline.entries[i].kind : nil
        }

        let oldLayouts = old?.analysis.layouts ?? [], newLayouts = new?.analysis.layouts ?? []
        var names: [String] = newLayouts.map(\.viewport.name)
        for l in oldLayouts where !names.contains(l.viewport.name) { names.append(l.viewport.name) }
        for name in names {
            let o = oldLayouts.first { $0.viewport.name == name }, n = newLayouts.first { $0.viewport.name == name }
            let viewport = n?.viewport ?? o!.viewport
            let tol = tolerance ?? 1 / (viewport.scale > 0 ? viewport.scale : 1)
            var v = DiffViewport(name: name, status: .unchanged, old: o?.viewport, new: n?.viewport, tolerance: tol)
            if (o == nil) != (n == nil) && old != nil && new != nil { v.status = o == nil ? .added : .removed }
            let oldFrames = Frames(o, table: old?.analysis.lineTable), newFrames = Frames(n, table: new?.analysis.lineTable)
            func significant(_ d: Double) -> Bool { abs(d) > 1e-9 && abs(d) >= tol - 1e-9 }
            var byNewPath: [String: Int] = [:], byOldPath: [String: Int] = [:]
            var consumed = Set<String>()
            // The new revision's views, in drawing order.
            for item in newFrames.items {
                let entry = newOutline.byPath[item.path]
                let oldEntry = entry.flatMap { matching.newToOld[$0] }
                let oldPath = oldEntry.map { oldOutline.entries[$0].path }
                if let oldPath, let before = oldFrames.byPath[oldPath] {
                    consumed.insert(oldPath)
                    let a = before.frame, b = item.frame
                    var c = DiffViewChange(change: .changed, kind: item.kind, id: item.id,
                                           old: DiffViewSide(path: oldPath, line: before.line, frame: a),
                                           new: DiffViewSide(path: item.path, line: item.line, frame: b))
                    c.dx = b.minX - a.minX; c.dy = b.minY - a.minY; c.dw = b.width - a.width; c.dh = b.height - a.height
                    c.moved = significant(c.dx) || significant(c.dy)
                    c.resized = significant(c.dw) || significant(c.dh)
                    guard c.moved || c.resized else { continue }
                    c.component = component(newOutline, entry)
                    c.cause = cause(newOutline, new, entry)
                    byNewPath[item.path] = v.views.count
                    v.views.append(c)
                } else {
                    var c = DiffViewChange(change: .added, kind: item.kind, id: item.id, old: nil,
                                           new: DiffViewSide(path: item.path, line: item.line, frame: item.frame))
                    c.component = component(newOutline, entry)
                    c.cause = cause(newOutline, new, entry)
                    byNewPath[item.path] = v.views.count
                    v.views.append(c)
                }
            }
            for item in oldFrames.items where !consumed.contains(item.path) {
                let entry = oldOutline.byPath[item.path]
                var c = DiffViewChange(change: .removed, kind: item.kind, id: item.id,
                                       old: DiffViewSide(path: item.path, line: item.line, frame: item.frame), new: nil)
                c.component = component(oldOutline, entry)
                c.cause = cause(oldOutline, old, entry)
                byOldPath[item.path] = v.views.count
                v.views.append(c)
            }
            // Which changes only follow their parent's.
            for i in v.views.indices {
                let c = v.views[i]
                let parentIndex: Int?
                switch c.change {
                case .removed: parentIndex = parentPath(c.old!.path).flatMap { byOldPath[$0] }
                default: parentIndex = parentPath(c.new!.path).flatMap { byNewPath[$0] }
                }
                guard let p = parentIndex else { continue }
                let parent = v.views[p]
                switch c.change {
                case .added, .removed: v.views[i].followsParent = parent.change == c.change
                case .changed:
                    v.views[i].followsParent = parent.change == .changed && c.moved && !c.resized
                        && abs(parent.dx - c.dx) < 1e-9 && abs(parent.dy - c.dy) < 1e-9
                }
            }
            for i in v.views.indices.reversed() where v.views[i].followsParent {
                let c = v.views[i]
                let parentIndex = c.change == .removed
                    ? parentPath(c.old!.path).flatMap { byOldPath[$0] } : parentPath(c.new!.path).flatMap { byNewPath[$0] }
                if let p = parentIndex { v.views[p].following += 1 + c.following }
            }
            // Diagnostics of this viewport.
            let (appeared, disappeared) = compareDiagnostics(
                old?.analysis.diagnostics.filter { $0.viewport == name } ?? [], oldTable: old?.analysis.lineTable,
                new?.analysis.diagnostics.filter { $0.viewport == name } ?? [], newTable: new?.analysis.lineTable, lines: lines)
            v.appeared = appeared
            v.disappeared = disappeared
            if v.status == .unchanged && (!v.views.isEmpty || !appeared.isEmpty || !disappeared.isEmpty) { v.status = .changed }
            file.viewports.append(v)
        }
        let (appeared, disappeared) = compareDiagnostics(
            old?.analysis.diagnostics.filter { $0.viewport == nil } ?? [], oldTable: old?.analysis.lineTable,
            new?.analysis.diagnostics.filter { $0.viewport == nil } ?? [], newTable: new?.analysis.lineTable, lines: lines)
        file.appeared = appeared
        file.disappeared = disappeared
    }

    static func parentPath(_ path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// One viewport's shown frames by path, in drawing order.
    struct Frames {
        struct Item {
            let path: String
            let kind: String
            let id: String?
            let frame: Rect
            let line: Int?
        }

        var items: [Item] = []
        var byPath: [String: Item] = [:]

        init(_ result: LayoutResult?, table: LineTable?) {
            result?.root?.preorder { node in
                guard !node.hidden else { return }
                let start = node.view.range.start
                let line = table.flatMap { t in start < t.bytes.count + 1 ? t.line(ofByte: t.clampOffset(start)) + 1 : nil }
                let item = Item(path: node.path, kind: node.kind, id: node.id, frame: node.frame, line: line)
                items.append(item)
                byPath[item.path] = item
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
