import TatamiModel
import TatamiBase
import TatamiYAML

/// One validation's use of a `ValidationMemory`: the table the last validation kept (when its
/// surroundings match this file's), and the items this one reads or takes over, kept for the next.
final class ChunkSession {
    /// Items spanning fewer bytes are read, not looked up: reading them costs about what finding
    /// them would.
    static let minimumSpan = 48

    let memory: ValidationMemory
    let surroundings: ChunkSurroundings
    let old: ChunkTable?
    let text: LineTable
    /// The file's own components, which an entry names by name.
    let local: Set<ObjectIdentifier>
    /// The items found or read inside each item being read, innermost last; the first level is
    /// the body's.
    var levels: [[ChunkEntry]] = [[]]
    var reused = 0, read = 0
    /// Items kept so far, inner ones counted (`ValidationLimits.maxKeptItems`).
    var kept = 0

    init(memory: ValidationMemory, file: FileContext, body: SourceRange) {
        self.memory = memory
        let surroundings = ChunkSurroundings(file: file, body: body)
        self.surroundings = surroundings
        text = file.source.table
        local = Set(file.localComponents.map(ObjectIdentifier.init))
        let last = memory.take()
        old = last.flatMap { $0.surroundings.matches(surroundings) ? $0 : nil }
    }

    /// The lines an item spans, whole: from the start of its first line (its indentation and
    /// `- ` included) to the end of its last line's content (a comment there included: a colour
    /// check reads it).
    func span(of node: YAMLNode) -> Range<Int> {
        let r = node.range
        // Items are asked in the order of the text, mostly: each search starts from the last
        // item's first line when that is not past this one's.
        let first = text.line(ofByte: r.start, from: lastLine)
        let last = r.end > r.start ? text.line(ofByte: r.end - 1, from: first) : first
        lastLine = first
        return text.lineStarts[first]..<max(r.end, text.contentRange(ofLine: last).upperBound)
    }

    /// The first line of the item `span(of:)` was last asked about.
    private var lastLine = 0

    /// Keeps what this validation read, over the store it built.
    func finish(store: ViewStore) {
        memory.keep(ChunkTable(surroundings: surroundings, store: store, items: levels[0]),
                    reused: reused, read: read)
    }
}

extension ViewValidator {
    /// A list item of the file's own body: taken over from the last analysis when its lines and
    /// surroundings are as they were (`ValidationMemory`), else read, and kept for the next.
    func chunkedView(_ item: YAMLNode, context: ViewContext, in x: ExpansionContext, chunks: ChunkSession,
                     into out: inout ViewResults) -> BuiltView? {
        let span = chunks.span(of: item)
        guard span.count >= ChunkSession.minimumSpan else { return view(item, key: nil, context: context, in: x, into: &out) }
        let hash = ChunkHash.of(chunks.text.bytes, span)
        if let old = chunks.old, let e = old.lookup(hash: hash, span: span, node: item.range, in: chunks.text.bytes, context: context),
           out.budget.expandedViews + e.expandedViews < ValidationLimits.maxExpandedViews {
            return takeOver(e, from: old, at: span, into: &out, chunks: chunks)
        }
        chunks.read += 1
        let start = ChunkStart(out, sink: sink, templateReports: templateReports)
        let outerLog = out.instantiations
        out.instantiations = []
        chunks.levels.append([])
        let built = view(item, key: nil, context: context, in: x, into: &out)
        let inner = chunks.levels.removeLast()
        let instantiated = out.instantiations!
        out.instantiations = outerLog.map { $0 + instantiated }
        if let e = entry(for: built, item: item.range, start: start, span: span, hash: hash, context: context, instantiated: instantiated,
                         inner: inner, chunks: chunks, out: out) {
            chunks.levels[chunks.levels.count - 1].append(e)
            chunks.kept += 1
        } else {
            chunks.levels[chunks.levels.count - 1] += inner
        }
        return built
    }

    /// Appends a kept item's views and findings, moved to where its lines now are.
    private func takeOver(_ e: ChunkEntry, from old: ChunkTable, at span: Range<Int>, into out: inout ViewResults,
                          chunks: ChunkSession) -> BuiltView? {
        chunks.reused += 1
        let move = ChunkMove(span: e.span, delta: span.lowerBound - e.span.lowerBound)
        let serialShift = out.nextSerial - e.serialStart
        let at = out.views.append(e.segment, of: old.store, serialShift: Int32(serialShift), shift: move.shift)
        out.skipSerials(e.serialCount)
        let findings = e.diagnostics.map(move.diagnostic)
        for d in findings { sink.append(d) }
        for i in e.ids { out.ids.append((i.name, move.range(i.range))) }
        for u in e.unresolvedUses { out.unresolvedUses.append((u.name, move.range(u.range))) }
        let firstSerial = e.serialStart + serialShift
        for s in e.provisional { out.provisionalViews.insert(firstSerial + s) }
        for s in e.explained { out.explainedViews.insert(firstSerial + s) }
        for c in e.instantiated {
            switch c {
            case .local(let name): if let d = file.scope.lookup(name) { out.noteUsed(d) }
            case .imported(let d): out.noteUsed(d)
            }
        }
        out.budget.expandedViews += e.expandedViews
        chunks.kept += e.weight
        chunks.levels[chunks.levels.count - 1].append(
            e.moved(delta: move.delta, serialShift: serialShift, from: e.segment.start, to: at, findings: findings))
        return e.root.map { BuiltView(node: at.view($0), placement: e.placement) }
    }

    /// The entry an item read just now makes, or nil when it cannot be kept: it checked a
    /// template, met a limit reported once per file, or gave something whose position would not
    /// move with its lines (a range inside the body but outside the item).
    private func entry(for built: BuiltView?, item: SourceRange, start: ChunkStart, span: Range<Int>, hash: UInt64, context: ViewContext,
                       instantiated: [ComponentDecl], inner: [ChunkEntry], chunks: ChunkSession,
                       out: ViewResults) -> ChunkEntry? {
        let b = out.budget, s = start.budget
        guard chunks.kept < ValidationLimits.maxKeptItems, b.templateChecks == s.templateChecks, b.templateViews == s.templateViews, !b.reportedDepth,
              !b.reportedExpansionLimit, templateReports.diagnostics.count == start.templateReports,
              out.views.pendingCount == start.pending, let segment = out.views.segment(since: start.mark)
        else { return nil }
        let surroundings = chunks.surroundings
        var movable = true
        func check(_ r: SourceRange) {
            if movable && !(r.start >= span.lowerBound && r.end <= span.upperBound) && !surroundings.holdsStill(r) { movable = false }
        }
        out.views.forEachRange(in: segment, check)
        let findings = Array(sink.diagnostics[start.diagnostics...])
        for d in findings {
            check(d.range)
            for r in d.related where r.file == nil { check(r.range) }
            for f in d.fixes { check(f.range) }
        }
        let ids = Array(out.ids[start.ids...]), unresolved = Array(out.unresolvedUses[start.unresolvedUses...])
        for i in ids { check(i.range) }
        for u in unresolved { check(u.range) }
        guard movable else { return nil }
        let serials = start.serial..<out.nextSerial
        func marks(_ set: Set<Int>, from count: Int) -> [Int] {
            set.count == count ? [] : set.filter { serials.contains($0) }.map { $0 - start.serial }.sorted()
        }
        let local = chunks.local
        return ChunkEntry(
            hash: hash, site: context.site, depth: context.depth, span: span,
            node: (item.start - span.lowerBound)..<(item.end - span.lowerBound), segment: segment,
            root: built.map { segment.offset(of: $0.node) }, placement: built?.placement ?? .center,
            serialStart: start.serial, serialCount: serials.count, diagnostics: findings, ids: ids,
            unresolvedUses: unresolved, provisional: marks(out.provisionalViews, from: start.provisional),
            explained: marks(out.explainedViews, from: start.explained),
            instantiated: instantiated.map { local.contains(ObjectIdentifier($0)) ? .local($0.name) : .imported($0) },
            expandedViews: b.expandedViews - s.expandedViews, inner: inner)
    }
}

/// Where the results stood when an item started to be read.
private struct ChunkStart {
    let mark: ViewPartsMark
    let pending: Int
    let serial: Int
    let diagnostics: Int
    let templateReports: Int
    let ids: Int
    let unresolvedUses: Int
    let provisional: Int
    let explained: Int
    let budget: ExpansionBudget

    init(_ out: ViewResults, sink: DiagnosticSink, templateReports: DiagnosticSink) {
        mark = out.views.mark
        pending = out.views.pendingCount
        serial = out.nextSerial
        diagnostics = sink.diagnostics.count
        self.templateReports = templateReports.diagnostics.count
        ids = out.ids.count
        unresolvedUses = out.unresolvedUses.count
        provisional = out.provisionalViews.count
        explained = out.explainedViews.count
        budget = out.budget
    }
}
