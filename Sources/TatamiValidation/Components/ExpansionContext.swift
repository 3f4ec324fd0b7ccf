import TatamiModel
import TatamiBase
import TatamiYAML

/// One expansion of a component's body in progress: the body checked once as a template, or
/// an instance's copy with its arguments substituted. Filled while its copy is made
/// (`substitute`), read-only while the copy is validated.
final class ExpansionFrame {
    let decl: ComponentDecl
    let isTemplate: Bool
    /// Where problems that depend on the arguments are reported: the instance's kind key (the
    /// component's name key for a template).
    let instanceKey: SourceRange
    /// Per parameter, what `$name` becomes; nil: nothing (no argument and no usable default).
    let values: [ParamValue?]
    /// The instance's argument nodes, as substituted, with their parameter.
    let arguments: [(node: YAMLNode, param: Int)]
    /// Each argument's context: its views are read where the instance is written.
    let argumentContexts: [YAMLNode.ID: ArgumentContext]
    /// Nodes of the copy that hold a reference left unresolved (the reference itself and the
    /// collections around it).
    var unresolved: Set<YAMLNode.ID> = []
    /// Unresolved references: problems inside them are not reported.
    var muted: [SourceRange] = []
    /// Lists of the copy from which an empty slot was left out: a container built from one
    /// holds fewer views than its body as written, so it is provisional too. Held, not just
    /// named: a copy's identity is its store's address, which a later copy could take once this
    /// one is freed.
    var shortenedBySlots: [YAMLNode.ID: YAMLNode] = [:]

    init(decl: ComponentDecl, isTemplate: Bool, instanceKey: SourceRange, values: [ParamValue?],
         arguments: [(node: YAMLNode, param: Int)], argumentContexts: [YAMLNode.ID: ArgumentContext]) {
        self.decl = decl
        self.isTemplate = isTemplate
        self.instanceKey = instanceKey
        self.values = values
        self.arguments = arguments
        self.argumentContexts = argumentContexts
    }

    func isMuted(_ r: SourceRange) -> Bool {
        muted.contains { $0.start <= r.start && r.end <= $0.end }
    }

    /// The parameter whose argument holds `r`, if any.
    func argument(holding r: SourceRange) -> Int? {
        for a in arguments where a.node.range.start <= r.start && r.end <= a.node.range.end && !a.node.range.isEmpty {
            return a.param
        }
        return nil
    }
}

/// Where an argument was written: the component names it reads, and where its views stand in
/// the model (see `ExpansionContext.modelAnchor`).
struct ArgumentContext {
    let scope: ComponentScope
    let anchor: SourceRange?
    /// The components being expanded around the instance (see `ExpansionContext.chain`).
    let chain: [ComponentDecl]
}

/// Where the views being read stand with respect to component expansion: passed down the
/// recursion as a value, never kept. Entering an instance's body (`entering`) or an argument
/// written outside it (`inArgument`) makes a new context for what is read inside; the caller's
/// own is unchanged, so leaving restores it by construction.
struct ExpansionContext {
    /// Expansions in progress, innermost last.
    private(set) var frames: [ExpansionFrame]
    /// How many of them are template checks.
    private(set) var templateDepth: Int
    /// The names component kind keys are looked up in: a body's file's, or an argument's.
    private(set) var scope: ComponentScope
    /// The components whose bodies enclose the view being read: the frames' components, except
    /// that inside an argument it is the chain where the argument was written (a `Card` given
    /// as another `Card`'s slot content is not a cycle).
    private(set) var chain: [ComponentDecl]
    /// While expanding a component's body: the instance, written in this file outside any
    /// body, whose model the views being built belong to (nil: views stand where written).
    private(set) var modelAnchor: SourceRange?

    /// Outside every component body: views stand where they are written and read `scope`.
    static func file(_ scope: ComponentScope) -> ExpansionContext {
        ExpansionContext(frames: [], templateDepth: 0, scope: scope, chain: [], modelAnchor: nil)
    }

    /// Whether an expansion is in progress (files without components never have one).
    @inline(__always)
    var isExpanding: Bool { !frames.isEmpty }

    /// Whether a template check is in progress.
    var isTemplate: Bool { templateDepth > 0 }

    /// Whether the views being read are outside every component body, where `$name` means
    /// nothing.
    var isOutsideBodies: Bool { chain.isEmpty }

    /// The context inside `frame`'s body: its file's names, its components' chain, and the
    /// model anchor of the outermost instance written outside any body (none for a template,
    /// whose views are not kept).
    func entering(_ frame: ExpansionFrame) -> ExpansionContext {
        var inner = self
        inner.scope = frame.decl.scope
        inner.modelAnchor = frame.isTemplate ? nil : (modelAnchor ?? frame.instanceKey)
        inner.frames.append(frame)
        inner.chain.append(frame.decl)
        if frame.isTemplate { inner.templateDepth += 1 }
        return inner
    }

    /// The context of an argument's views: read where the instance is written, inside the same
    /// expansions.
    func inArgument(_ c: ArgumentContext) -> ExpansionContext {
        var inner = self
        inner.scope = c.scope
        inner.modelAnchor = c.anchor
        inner.chain = c.chain
        return inner
    }

    /// Where an argument is written from here, for an instance about to be expanded.
    var argumentHere: ArgumentContext {
        ArgumentContext(scope: scope, anchor: modelAnchor, chain: chain)
    }

    /// Where an argument was written, when `id` is an argument of an expansion in progress
    /// (innermost first).
    func argumentContext(of id: YAMLNode.ID) -> ArgumentContext? {
        for f in frames.reversed() {
            if let c = f.argumentContexts[id] { return c }
        }
        return nil
    }

    /// Whether `id` holds a reference the innermost expansion left unresolved.
    func isUnresolvedHere(_ id: YAMLNode.ID) -> Bool {
        guard let last = frames.last else { return false }
        return last.unresolved.contains(id)
    }

    /// Whether any expansion in progress left `id` unresolved.
    func isUnresolvedAnywhere(_ id: YAMLNode.ID) -> Bool {
        frames.contains { $0.unresolved.contains(id) }
    }

    /// Whether `id` is a list an expansion in progress shortened by leaving out an empty slot.
    func wasShortenedBySlots(_ id: YAMLNode.ID) -> Bool {
        frames.contains { $0.shortenedBySlots[id] != nil }
    }

    /// A view's `range` for the model: its own, except for a node of an imported file, which
    /// stands at the instance in this file that brought it in.
    @inline(__always)
    func modelRange(_ r: SourceRange) -> SourceRange {
        SourceSet.isImported(r) ? (modelAnchor ?? r) : r
    }

    /// A view's `kindRange` (where layout reports its problems): inside a component's body,
    /// the instance in this file it was expanded for (docs/format.md §8.2), so that each
    /// instance's problems are its own.
    @inline(__always)
    func modelKindRange(_ r: SourceRange) -> SourceRange {
        modelAnchor ?? r
    }
}
