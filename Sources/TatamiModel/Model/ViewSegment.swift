import TatamiBase

/// Where a `ViewParts`' arrays stand: what is appended between two marks is one `ViewSegment`.
public struct ViewPartsMark: Sendable, Equatable {
    var records: Int32
    var links: Int32
    var modifiers: Int32
    var attributes: Int32

    /// The view `offset` views after the mark (a segment's view, where it landed).
    public func view(_ offset: Int32) -> ViewIndex { ViewIndex(records + offset) }

    /// The same place after a segment starting here was taken in `by` elsewhere.
    func moved(by s: ViewPartsMark) -> ViewPartsMark {
        ViewPartsMark(records: records + s.records, links: links + s.links, modifiers: modifiers + s.modifiers,
                      attributes: attributes + s.attributes)
    }

    static func - (a: ViewPartsMark, b: ViewPartsMark) -> ViewPartsMark {
        ViewPartsMark(records: a.records - b.records, links: a.links - b.links, modifiers: a.modifiers - b.modifiers,
                      attributes: a.attributes - b.attributes)
    }
}

/// The views one part of a file appended to a `ViewParts` together (a list item and everything
/// inside it), as two marks: a store built from those parts can give them to a later store,
/// with indices moved to where they land, serials moved by a number and source ranges moved by
/// a shift (`ViewParts.append(_:of:serialShift:shift:)`).
///
/// The validator's chunk memory (`ValidationMemory`) keeps segments of the last analysis's store:
/// an item whose text and surroundings did not change is taken from there instead of read again.
/// A segment stands apart: nothing in it names a view before it, and everything appended while it
/// was read is in it.
public struct ViewSegment: Sendable, Equatable {
    public let start: ViewPartsMark
    public let end: ViewPartsMark

    /// The number of views.
    public var count: Int { Int(end.records - start.records) }

    /// The segment's index of `view`, one of its views: what `append` returns it as is the
    /// landing index plus this.
    public func offset(of view: ViewIndex) -> Int32 { view.rawValue - start.records }

    /// The same views once the store they are in took them in at `mark` (a segment inside one
    /// that was taken in moves with it).
    public func moved(from outer: ViewPartsMark, to mark: ViewPartsMark) -> ViewSegment {
        let by = mark - outer
        return ViewSegment(start: start.moved(by: by), end: end.moved(by: by))
    }
}

extension ViewParts {
    /// Where the arrays stand now. Views may be appended as a segment only between two marks
    /// with no children waiting on the shared stack.
    public var mark: ViewPartsMark {
        ViewPartsMark(records: Int32(records.count), links: Int32(links.count), modifiers: Int32(modifiers.count),
                      attributes: Int32(attributes.count))
    }

    /// The children waiting on the shared stack (a segment starts and ends with as many).
    public var pendingCount: Int { pending.count }

    /// The views appended since `mark`, or nil when they do not stand apart (a child or a
    /// decoration of theirs appended before the mark).
    public func segment(since mark: ViewPartsMark) -> ViewSegment? {
        let first = mark.records
        for l in links[Int(mark.links)...] where l.rawValue < first { return nil }
        for m in modifiers[Int(mark.modifiers)...] {
            switch m {
            case .background(let d, _), .overlay(let d, _): if d.rawValue < first { return nil }
            case .modifier: break
            }
        }
        return ViewSegment(start: mark, end: self.mark)
    }

    /// Appends a segment of `store`: its views' indices, child and modifier runs and attribute
    /// entries moved to where they land, their serials moved by `serialShift`, their ranges (the
    /// records', and those inside attributes) moved by `shift`. Returns the mark it landed at.
    @discardableResult
    public mutating func append(_ s: ViewSegment, of store: ViewStore, serialShift: Int32, shift: SpanShift) -> ViewPartsMark {
        let from = store.parts, at = mark
        copied.note(s, of: store, at: at.records)
        let viewShift = at.records - s.start.records
        let linkShift = at.links - s.start.links
        let modifierShift = at.modifiers - s.start.modifiers
        let attributeShift = at.attributes - s.start.attributes
        let firstLink = links.count, firstModifier = modifiers.count
        links.append(contentsOf: from.links[Int(s.start.links)..<Int(s.end.links)])
        modifiers.append(contentsOf: from.modifiers[Int(s.start.modifiers)..<Int(s.end.modifiers)])
        // Indices moved in place; nothing to move for a segment that lands where it was.
        if viewShift != 0 {
            links.withUnsafeMutableBufferPointer { b in
                for i in firstLink..<b.count { b[i] = ViewIndex(b[i].rawValue + viewShift) }
            }
            for i in firstModifier..<modifiers.count {
                switch modifiers[i] {
                case .modifier: break
                case .background(let d, let a): modifiers[i] = .background(ViewIndex(d.rawValue + viewShift), alignment: a)
                case .overlay(let d, let a): modifiers[i] = .overlay(ViewIndex(d.rawValue + viewShift), alignment: a)
                }
            }
        }
        let attributeRun = from.attributes[Int(s.start.attributes)..<Int(s.end.attributes)]
        if shift.delta == 0 {
            attributes.append(contentsOf: attributeRun)
        } else {
            for a in attributeRun { attributes.append(a.mappingRanges(shift.callAsFunction)) }
        }
        let views = Int(s.start.records)..<Int(s.end.records)
        contents.append(contentsOf: from.contents[views])
        // The records copied in one piece, then moved in place (plain values: no reference counts).
        let first = records.count
        records.append(contentsOf: from.records[views])
        records.withUnsafeMutableBufferPointer { b in
            for i in first..<b.count {
                b[i].range = shift(b[i].range)
                b[i].kindRange = shift(b[i].kindRange)
                b[i].childStart += linkShift
                b[i].modifierStart += modifierShift
                if b[i].attributes >= 0 { b[i].attributes += attributeShift }
                b[i].serial += serialShift
            }
        }
        return at
    }
}

extension ViewParts {
    /// Every source range the views of `s` hold, each passed to `body`.
    public func forEachRange(in s: ViewSegment, _ body: (SourceRange) -> Void) {
        for r in records[Int(s.start.records)..<Int(s.end.records)] {
            body(r.range)
            body(r.kindRange)
        }
        for a in attributes[Int(s.start.attributes)..<Int(s.end.attributes)] {
            _ = a.mappingRanges { body($0); return $0 }
        }
    }
}

extension ViewAttributes {
    /// The same attributes with every source range they hold (expressions', placements',
    /// written keys') passed through `move`.
    public func mappingRanges(_ move: (SourceRange) -> SourceRange) -> ViewAttributes {
        // Most attributes (an id, text settings, a priority) hold no range.
        if alignmentGuides.isEmpty && condition == nil && placements.isEmpty && writtenModifierOrder == nil { return self }
        var a = self
        a.alignmentGuides = alignmentGuides.map { GuideOverride(guide: $0.guide, value: $0.value.mappingRanges(move)) }
        a.condition = condition?.mappingRanges(move)
        a.placements = placements.map { p in
            var rule = p.rule
            if case .expressions(let x, let y, let w, let h) = p.rule {
                rule = .expressions(x: x.mappingRanges(move), y: y.mappingRanges(move), width: w.mappingRanges(move),
                                    height: h.mappingRanges(move))
            }
            return Placement(rule: rule, condition: p.condition?.mappingRanges(move), range: move(p.range))
        }
        if var order = writtenModifierOrder {
            order.keys = order.keys.map(move)
            a.writtenModifierOrder = order
        }
        return a
    }
}

extension Expression {
    /// The same expression with its source range and offset map passed through `move`.
    public func mappingRanges(_ move: (SourceRange) -> SourceRange) -> Expression {
        let map: OffsetMap
        switch offsetMap {
        case .none: map = .none
        case .identity(let start, let count): map = .identity(start: move(.at(start)).start, count: count)
        case .table(let offsets): map = .table(offsets.map { move(.at($0)).start })
        }
        return Expression(text: text, root: root, type: type, range: move(range), offsetMap: map,
                          constantDivisionsByZero: constantDivisionsByZero)
    }
}

/// Which views of a store were copied whole from another store (`ViewParts.append(_:of:…)`,
/// a validation taking items over from the last): the view at `to + k` is the view at
/// `from + k` of `source`, the same content, attributes, children and decorations (indices moved
/// with them), only its source ranges and serial moved. A walk that kept what it made of the
/// source's views may reuse it for these (`NodeBuilder` copies the subtrees of a kept layout
/// tree). Runs from one source only: a second source drops them all.
public struct CopiedViews: Sendable {
    public struct Run: Sendable, Equatable {
        public let to: Int32
        public let from: Int32
        public let count: Int32
    }

    /// The store the views came from (weak: a store does not keep its predecessor alive; nil once
    /// that store is gone, and the runs then say nothing).
    public private(set) weak var source: ViewStore?
    /// In the order they were appended: increasing `to`.
    public private(set) var runs: [Run] = []
    private var mixed = false

    public init() {}

    mutating func note(_ s: ViewSegment, of store: ViewStore, at landing: Int32) {
        guard !mixed else { return }
        if runs.isEmpty && source == nil {
            source = store
        } else if source !== store {
            mixed = true
            runs = []
            source = nil
            return
        }
        runs.append(Run(to: landing, from: s.start.records, count: s.end.records - s.start.records))
    }
}
