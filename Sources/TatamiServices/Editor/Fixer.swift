import TatamiBase
import TatamiYAML

/// `tatami lint --fix`: applies the fixes an editor may apply without asking (the code actions
/// marked `.preferred`; with `unsafe`, the `.unsafe` ones too), never making the file worse.
///
/// Fixes are tried, never trusted: a fix is kept only when the text it makes, analysed again,
/// no longer has the finding it fixes and has no finding the text before it did not have
/// (counted per code, so a finding that only moved is the same one). Each try re-analyses:
///
/// 1. The applicable fixes of the current text are taken safe ones first, in document order.
///    The safe (or, once none is left, the unsafe) ones that are independent (no two overlap,
///    touch at one insertion point, or edit the same mapping) are tried together; kept when
///    the text they make passes the check above.
/// 2. Otherwise each is tried alone, in order, until one is kept; one that fails is not tried
///    again on that text (it is *withheld*).
///
/// After a kept fix, the actions of the new text are read again (a fix can uncover another: a
/// kind key corrected, then a misspelt key inside the view). Every kept fix removes at least
/// one finding and adds none, so the loop ends; `maximumAnalyses` bounds its work besides.
public enum Fixer {
    /// The analyses one `fix` may run (each try is one).
    public static let maximumAnalyses = 400

    public struct Result: Sendable {
        /// The fixed text (the input when nothing applied).
        public let bytes: [UInt8]
        /// The titles of the fixes applied, in the order applied.
        public let applied: [String]
        /// The analysis of the fixed text: what is left.
        public let analysis: Analysis
        /// The findings gone: the input's count minus what is left (never negative).
        public let fixedCount: Int
        /// Without `unsafe`: how many of the findings left `--unsafe-fixes` would fix (worked out
        /// by trying them on the fixed text, as `unsafe` would). 0 with `unsafe`.
        public let unsafeFixable: Int
        /// Applicable fixes of the fixed text that were tried and not kept, with why.
        public let withheld: [Withheld]
    }

    /// A fix that was not kept.
    public struct Withheld: Sendable, Hashable {
        public let title: String
        /// The codes of the findings it would have added ("" when it left its own finding).
        public let addedCodes: [String]
    }

    /// `analyze` analyses a text (as the CLI does, with its viewports and root); `workspace`
    /// lets a fix read imported components (argument placeholders of their types).
    public static func fix(
        _ bytes: [UInt8], unsafe: Bool = false, workspace: (any EditorWorkspace)? = nil,
        analyze: ([UInt8]) -> Analysis
    ) -> Result {
        fix(bytes, analysis: analyze(bytes), unsafe: unsafe, workspace: workspace, analyze: analyze)
    }

    /// The same, starting from `first`, an analysis of `bytes` the caller already has (made as
    /// `analyze` makes them, the YAML tree kept): `lint --fix` hands over the analysis it made of
    /// the file, so the file is analysed once before its first fix is tried, not twice.
    public static func fix(
        _ bytes: [UInt8], analysis first: Analysis, unsafe: Bool = false, workspace: (any EditorWorkspace)? = nil,
        analyze: ([UInt8]) -> Analysis
    ) -> Result {
        var run = Run(text: bytes, analysis: first, workspace: workspace)
        run.loop(unsafe: unsafe, analyze)
        var unsafeFixable = 0
        if !unsafe, run.analyses < maximumAnalyses, run.hasUnsafeCandidates {
            // What --unsafe-fixes would do from here, without keeping it.
            var dry = Run(text: run.text, analysis: run.analysis, workspace: workspace)
            dry.analyses = run.analyses
            dry.loop(unsafe: true, analyze)
            unsafeFixable = max(0, run.analysis.diagnostics.count - dry.analysis.diagnostics.count)
        }
        return Result(bytes: run.text, applied: run.applied, analysis: run.analysis,
                      fixedCount: max(0, first.diagnostics.count - run.analysis.diagnostics.count),
                      unsafeFixable: unsafeFixable, withheld: run.withheld)
    }

    /// Whether `lint --fix` would keep `action` on the text `analysis` analysed: its edits applied
    /// and the result analysed (`analyze`, nil when that did not finish), its finding is gone
    /// and none is added. The language server marks an action preferred only then.
    public static func keeps(_ action: CodeActionInfo, analysis: Analysis, analyze: ([UInt8]) -> Analysis?) -> Bool {
        let edits = action.edits
        guard !edits.isEmpty, edits.allSatisfy({ $0.path == analysis.path }) else { return false }
        let text = analysis.lineTable.bytes
        let next = apply(edits, to: Array(text))
        guard next != Array(text), let after = analyze(next) else { return false }
        return check(before: analysis, after: after, fixing: action.diagnostics, edits: edits).isEmpty
            && fixes(before: analysis, after: after, action.diagnostics, edits)
    }

    /// The state of one fixing loop.
    private struct Run {
        var text: [UInt8]
        var analysis: Analysis
        let workspace: (any EditorWorkspace)?
        var analyses = 1
        var applied: [String] = []
        /// Tried on the current text and not kept (cleared when the text changes).
        var rejected = Set<[FileEdit]>()
        var withheld: [Withheld] = []

        init(text: [UInt8], analysis: Analysis, workspace: (any EditorWorkspace)?) {
            self.text = text
            self.analysis = analysis
            self.workspace = workspace
        }

        /// The current text's fixes that `unsafe` allows and that were not tried on it yet:
        /// preferred ones first, each group in document order.
        func candidates(unsafe: Bool) -> [CodeActionInfo] {
            let whole = SourceRange(start: 0, end: text.count)
            let path = analysis.path
            let actions = EditorServices.codeActions(analysis, in: whole, workspace: workspace).filter {
                ($0.applicability == .preferred || (unsafe && $0.applicability == .unsafe))
                    && !$0.edits.isEmpty && $0.edits.allSatisfy { $0.path == path } && !rejected.contains($0.edits)
            }
            return actions.enumerated().sorted { a, b in
                let pa = a.element.applicability == .preferred ? 0 : 1, pb = b.element.applicability == .preferred ? 0 : 1
                if pa != pb { return pa < pb }
                let sa = a.element.edits.map(\.range.start).min() ?? 0, sb = b.element.edits.map(\.range.start).min() ?? 0
                return sa != sb ? sa < sb : a.offset < b.offset
            }.map(\.element)
        }

        var hasUnsafeCandidates: Bool {
            let whole = SourceRange(start: 0, end: text.count)
            return EditorServices.codeActions(analysis, in: whole, workspace: workspace).contains {
                $0.applicability == .unsafe && !$0.edits.isEmpty && $0.edits.allSatisfy { $0.path == analysis.path }
            }
        }

        mutating func loop(unsafe: Bool, _ analyze: ([UInt8]) -> Analysis) {
            while analyses < maximumAnalyses {
                let list = candidates(unsafe: unsafe)
                guard let head = list.first else { return }
                let tier = list.filter { $0.applicability == head.applicability }
                let batch = Fixer.independent(tier, in: analysis.yaml.root)
                if batch.count > 1, attempt(batch, analyze) == nil { continue }
                for action in tier where analyses < maximumAnalyses {
                    if let added = attempt([action], analyze) {
                        rejected.insert(action.edits)
                        withheld.append(Withheld(title: action.title, addedCodes: added))
                    } else {
                        break
                    }
                }
            }
        }

        /// Applies `actions` and keeps the result if it passes the check: nil when kept, else
        /// the codes of the findings it would have added (empty: its own finding stayed).
        mutating func attempt(_ actions: [CodeActionInfo], _ analyze: ([UInt8]) -> Analysis) -> [String]? {
            let edits = actions.flatMap(\.edits)
            let next = Fixer.apply(edits, to: text)
            guard next != text else { return [] }
            let after = analyze(next)
            analyses += 1
            let verdict = Fixer.check(before: analysis, after: after, fixing: actions.flatMap(\.diagnostics), edits: edits)
            guard verdict.isEmpty && Fixer.fixes(before: analysis, after: after, actions.flatMap(\.diagnostics), edits) else {
                return verdict
            }
            text = next
            analysis = after
            applied += actions.map(\.title)
            rejected = []
            withheld = []
            return nil
        }
    }

    /// The codes whose findings `after` has more of than `before` once the fixed ones are
    /// taken away (a finding of the same code elsewhere, or moved, counts as the same one):
    /// empty when the fix adds nothing.
    static func check(before: Analysis, after: Analysis, fixing fixed: [Diagnostic], edits: [FileEdit]) -> [String] {
        var budget: [String: Int] = [:]
        for d in before.diagnostics { budget[d.code.name, default: 0] += 1 }
        for d in Set(fixed) { budget[d.code.name, default: 0] -= 1 }
        var added: [String] = []
        var seen: [String: Int] = [:]
        for d in after.diagnostics {
            seen[d.code.name, default: 0] += 1
            if seen[d.code.name]! > budget[d.code.name, default: 0], !added.contains(d.code.name) { added.append(d.code.name) }
        }
        return added
    }

    /// Whether every diagnostic in `fixed` is gone from `after`: no finding of its code starts
    /// where its start went through the edits.
    static func fixes(before: Analysis, after: Analysis, _ fixed: [Diagnostic], _ edits: [FileEdit]) -> Bool {
        fixed.allSatisfy { d in
            let at = map(d.range.start, through: edits)
            return !after.diagnostics.contains { $0.code == d.code && $0.range.start == at }
        }
    }

    /// Where `offset` of the text before non-overlapping `edits` is after them (an offset inside
    /// a replaced range goes to the replacement's start).
    static func map(_ offset: Int, through edits: [FileEdit]) -> Int {
        var shift = 0
        for e in edits.sorted(by: { $0.range.start < $1.range.start }) {
            if e.range.end <= offset && !(e.range.isEmpty && e.range.start == offset) {
                shift += e.newText.utf8.count - (e.range.end - e.range.start)
            } else if e.range.start <= offset && offset < e.range.end {
                return e.range.start + shift
            }
        }
        return offset + shift
    }

    /// The actions that can be tried together: in order, leaving out any whose edits overlap
    /// (or touch at an insertion point) the edits of one already kept, or that edit a mapping
    /// one already kept edits (two fixes of one mapping can clash though their edits do not:
    /// `txet` → `text` and `imag` → `image` make two kinds).
    static func independent(_ actions: [CodeActionInfo], in root: YAMLNode?) -> [CodeActionInfo] {
        var kept: [CodeActionInfo] = []
        var owners = Set<SourceRange>()
        for action in nonOverlapping(actions) {
            let mine = Set(action.edits.map { owner(of: $0.range, in: root) })
            if !mine.isDisjoint(with: owners) { continue }
            kept.append(action)
            owners.formUnion(mine)
        }
        return kept
    }

    /// The range of the innermost mapping whose keys or values hold `range` (the root's when
    /// none does).
    static func owner(of range: SourceRange, in root: YAMLNode?) -> SourceRange {
        guard var node = root else { return SourceRange(start: 0, end: 0) }
        var mapping = node.range
        func holds(_ n: YAMLNode) -> Bool { n.range.start <= range.start && range.end <= n.range.end && !n.range.isEmpty }
        for _ in 0..<(YAMLLimits.standard.maxDepth + 8) {
            switch node.content {
            case .scalar:
                return mapping
            case .mapping(let pairs):
                mapping = node.range
                if pairs.contains(where: { holds($0.key) }) { return mapping }
                guard let p = pairs.first(where: { holds($0.value) }) else { return mapping }
                node = p.value
            case .sequence(let items):
                guard let item = items.first(where: holds) else { return mapping }
                node = item
            }
        }
        return mapping
    }

    /// The actions, in order of their first edit, leaving out any whose edits overlap (or touch
    /// at an insertion point) the edits of one already kept.
    static func nonOverlapping(_ actions: [CodeActionInfo]) -> [CodeActionInfo] {
        let ordered = actions.enumerated().sorted { a, b in
            let sa = a.element.edits.map(\.range.start).min() ?? 0, sb = b.element.edits.map(\.range.start).min() ?? 0
            return sa != sb ? sa < sb : a.offset < b.offset
        }.map(\.element)
        var kept: [CodeActionInfo] = []
        var taken: [SourceRange] = []
        func clashes(_ r: SourceRange) -> Bool {
            // Ranges that share a byte (an insertion strictly inside a range counts), or that
            // start at one place (two insertions there would come out in either order).
            taken.contains { t in (r.start < t.end && t.start < r.end) || r.start == t.start }
        }
        for action in ordered {
            let ranges = action.edits.map(\.range)
            if ranges.contains(where: clashes) { continue }
            kept.append(action)
            taken += ranges
        }
        return kept
    }

    /// The text with non-overlapping edits applied (from the end back, so offsets hold).
    static func apply(_ edits: [FileEdit], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            let lo = min(max(0, e.range.start), out.count), hi = min(max(lo, e.range.end), out.count)
            out.replaceSubrange(lo..<hi, with: Array(e.newText.utf8))
        }
        return out
    }
}
