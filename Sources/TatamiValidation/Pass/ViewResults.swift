import TatamiModel
import TatamiBase
import TatamiYAML

/// What validating a subtree of views produced beside its diagnostics: the views themselves,
/// the `id`s met, the views marked provisional or explained, the component uses that could not
/// be resolved while an import failed, and the components instantiated.
///
/// A subtree's results depend only on the file's context, its YAML and the expansion context it
/// was read in, with two exceptions the merge of a re-validated part must treat as whole-file
/// facts: serials continue from `nextSerial` (the views before it), and the expansion budget
/// (`budget`) is spent across the file. The caller owns the results it passes down and decides
/// what of them it keeps: a template check keeps only the file-wide facts
/// (`keepFileFacts(of:)`), not its views.
struct ViewResults {
    /// The views built so far; the document's `ViewStore` once the body is read.
    var views = ViewParts()
    /// The serial the next view takes.
    private(set) var nextSerial: Int
    /// Every `id` met, with where; duplicates are reported once the tree is built
    /// (`FileMerge.reportDuplicateIDs`).
    var ids: [(name: String, range: SourceRange)] = []
    /// Serials of the containers cut short by a syntax error or read as a guessed kind
    /// (`TatamiDocument.provisionalViews`).
    var provisionalViews: Set<Int> = []
    /// Serials of the views whose layout warnings a finding already explains
    /// (`TatamiDocument.explainedViews`).
    var explainedViews: Set<Int> = []
    /// Uses of component names the file does not declare while one of its imports failed: the
    /// first failed import gets one related note about them (`FileMerge.noteUnresolvedUses`).
    var unresolvedUses: [(name: String, range: SourceRange)] = []
    /// Components instantiated outside template checks (directly; the merge follows their uses).
    var usedComponents: Set<ObjectIdentifier> = []
    /// Every component instantiated outside template checks, in order, while an item is read
    /// for the chunk memory (nil otherwise): what taking the item over must instantiate again.
    var instantiations: [ComponentDecl]? = nil
    var budget = ExpansionBudget()

    init(firstSerial: Int = 0) {
        nextSerial = firstSerial
    }

    /// A new view's serial. Views built from component bodies count against the expansion limit
    /// (those of template checks apart: their views are not kept).
    @inline(__always)
    mutating func takeSerial(_ x: ExpansionContext) -> Int {
        if x.isExpanding {
            if x.isTemplate { budget.templateViews += 1 } else { budget.expandedViews += 1 }
        }
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// Serials for `count` views taken over from the last analysis (`ViewValidator.chunkedView`).
    mutating func skipSerials(_ count: Int) {
        nextSerial += count
    }

    /// Notes a component instantiated outside template checks.
    @inline(__always)
    mutating func noteUsed(_ decl: ComponentDecl) {
        usedComponents.insert(ObjectIdentifier(decl))
        if instantiations != nil { instantiations!.append(decl) }
    }

    /// Results for a part read apart from this one whose views are not kept (a template check),
    /// starting where this one is.
    func scratch() -> ViewResults {
        var r = ViewResults(firstSerial: nextSerial)
        r.budget = budget
        return r
    }

    /// Takes on what a part read apart (`scratch()`) found about the whole file: its ids, its
    /// unresolved uses, the components it instantiated and the budget it spent. Its views,
    /// serials and marks are dropped: the serials are given again to the views read after it.
    mutating func keepFileFacts(of part: ViewResults) {
        ids += part.ids
        unresolvedUses += part.unresolvedUses
        usedComponents.formUnion(part.usedComponents)
        budget = part.budget
    }
}

/// What component expansion may spend in one file, and the limits reported once per file.
struct ExpansionBudget {
    /// Views built from component bodies for the model, and for template checks.
    var expandedViews = 0
    var templateViews = 0
    var reportedExpansionLimit = false
    var reportedDepth = false
    /// Templates checked while the body was read (a component first instantiated by another's
    /// template): an item that checks one is not kept by the chunk memory.
    var templateChecks = 0
}
