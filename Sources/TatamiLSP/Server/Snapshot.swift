import TatamiBase
import TatamiServices

/// What a request reads: an analysis of the document, and how its offsets relate to the
/// document's current text (the identity when the analysis is of the current revision).
///
/// Requests take positions from the client in the current text (`map.backward` maps them into
/// the analysed text) and give ranges of the analysed text back (`currentRange` and `lspRange`
/// map them onto the current text, nil where the text they covered was replaced since).
struct Snapshot {
    let doc: OpenDocument
    let analyzed: AnalyzedRevision
    let map: EditMap
    let encoding: PositionEncoding

    var analysis: Analysis { analyzed.analysis }
    var isFresh: Bool { map.isIdentity && analyzed.revision == doc.revision }

    /// The current text's range of an analysed one; nil when its text was replaced in part.
    func currentRange(_ r: SourceRange) -> SourceRange? {
        map.isIdentity ? r : map.forward(exact: r)
    }

    /// The LSP range, in the current text, of an analysed range (see `currentRange`).
    func lspRange(_ r: SourceRange) -> JSON? {
        currentRange(r).map { encoding.range($0, in: doc.lineTable) }
    }

    /// The LSP range of an analysed range that encloses edits (a view, a folding range): its
    /// ends are moved out of replaced text rather than dropped.
    func lspEnclosingRange(_ r: SourceRange) -> JSON {
        encoding.range(map.isIdentity ? r : map.forward(enclosing: r), in: doc.lineTable)
    }
}

/// The snapshots an error-tolerant request reads: the latest analysis and, when it stopped at
/// a YAML syntax error, the last analysis that did not.
///
/// Answers about the text before `boundary` (the syntax error, or the first change since the
/// good analysis, whichever comes first; in the current text's offsets) come from the latest
/// analysis; answers about the rest from the good one, mapped onto the current text. A file in
/// which `{` was just typed keeps its tokens, folding, hover and inlay hints after that point.
struct TolerantSnapshot {
    let latest: Snapshot
    let good: Snapshot?
    /// In the current text.
    let boundary: Int

    init(latest: Snapshot, good: Snapshot?) {
        self.latest = latest
        guard let good, let error = latest.analyzed.syntaxErrorOffset else {
            self.good = nil
            self.boundary = Int.max
            return
        }
        self.good = good
        let errorHere = latest.map.isIdentity ? error : latest.map.forward(error)
        self.boundary = min(errorHere, good.map.firstChange ?? errorHere)
    }

    /// The snapshot that answers about `offset` (in the current text).
    func snapshot(at offset: Int) -> Snapshot {
        if let good, offset >= boundary { return good }
        return latest
    }

    /// Items of both analyses joined at the boundary, each with its range in the current text:
    /// the latest one's that end before it and the good one's that start at or after it.
    /// `range` gives an item's range in its analysis's text; an item whose text was edited
    /// since is dropped.
    func joined<T>(_ fromLatest: [T], _ fromGood: [T], range: (T) -> SourceRange) -> [(T, SourceRange)] {
        var out: [(T, SourceRange)] = []
        for item in fromLatest {
            guard let r = latest.currentRange(range(item)), good == nil || r.end <= boundary else { continue }
            out.append((item, r))
        }
        guard let good else { return out }
        for item in fromGood {
            guard let r = good.currentRange(range(item)), r.start >= boundary else { continue }
            out.append((item, r))
        }
        return out
    }
}
