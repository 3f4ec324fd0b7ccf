import TatamiBase
import TatamiModel

extension DiagnosticCode {
    /// More than `LayoutEngine.maxContainerDepth` nested containers.
    public static let tooDeep = DiagnosticCode("too-deep", .warning)
    /// A stack with one child and no modifiers.
    public static let uselessContainer = DiagnosticCode("useless-container", .warning)
}

/// Checks that read the written view tree, not a viewport's frames: `too-deep` and
/// `useless-container`. Their findings are the same in every viewport, so they are made once per
/// file and name no viewport (`LayoutLints` keeps the checks that depend on the geometry).
public enum StructuralLints {
    /// The codes these checks report.
    public static let codes: Set<DiagnosticCode> = [.tooDeep, .uselessContainer]

    /// Appends the findings on `document`'s body to `out`, in pre-order (a view, its
    /// backgrounds, its children, its overlays). `sharesViews`: some views were read from the
    /// same text (YAML aliases), so a finding may come twice; it is reported once.
    public static func check(_ document: TatamiDocument, sharesViews: Bool = false, into out: inout [Diagnostic]) {
        guard let body = document.body else { return }
        // Inside a component's body, views carry their instance's kind key, and a component
        // used twice in another one's body expands twice under one instance; a view copied
        // with a YAML alias keeps the anchor's place: keep one copy.
        var seen: Set<Diagnostic>? = document.components.isEmpty && !sharesViews ? nil : []
        func report(_ d: Diagnostic) {
            if seen == nil || seen!.insert(d).inserted { out.append(d) }
        }
        // Iterative walk by index: (view, containers above it). Every view reached from the body
        // is in its store; a handle is made only for what is reported.
        let store = body.store
        var stack: [(ViewIndex, Int)] = [(body.index, 0)]
        var decorations: [(ViewIndex, Bool)] = []
        while let (view, depth) = stack.popLast() {
            let tag = store.kindTag(at: view)
            let isContainer = tag.isContainer
            let level = depth + (isContainer ? 1 : 0)
            if isContainer && level == LayoutEngine.maxContainerDepth + 1 {
                let node = store[view]
                report(Diagnostic(
                    .tooDeep,
                    "\(node.kindName) is nested \(level) containers deep (more than \(LayoutEngine.maxContainerDepth)); "
                        + "flatten it: a component does not reduce the depth, since its body's containers count where it is used",
                    at: node.kindRange))
            }
            let childCount = store.childCount(at: view), modifierCount = store.modifierCount(at: view)
            switch tag {
            case .hstack, .vstack, .zstack:
                // Judged on the children written, whatever their `when`: a stack that holds two
                // views in some viewport is needed there.
                // A stack cut short by a syntax error may have lost its other children, and one read as a
                // guessed kind was not written as a stack.
                if childCount == 1 && modifierCount == 0 && !document.provisionalViews.contains(store.serial(at: view)) {
                    report(Diagnostic(.uselessContainer, uselessMessage(tag.name), at: store[view].kindRange))
                }
            default: break
            }
            // Pushed so that they pop as backgrounds, children, overlays (each in modifier order).
            decorations.removeAll(keepingCapacity: true)
            for k in 0..<modifierCount {
                if let d = store.decoration(k, of: view) { decorations.append((d.view, d.isBackground)) }
            }
            for (d, isBackground) in decorations.reversed() where !isBackground { stack.append((d, level)) }
            for k in stride(from: childCount - 1, through: 0, by: -1) { stack.append((store.child(k, of: view), level)) }
            for (d, isBackground) in decorations.reversed() where isBackground { stack.append((d, level)) }
        }
    }

    /// The `useless-container` message: constant strings, since a file of single-child stacks
    /// reports one per stack.
    static func uselessMessage(_ kind: String) -> String {
        switch kind {
        case "hstack": return "hstack holds a single view and has no modifiers; it can be removed"
        case "vstack": return "vstack holds a single view and has no modifiers; it can be removed"
        case "zstack": return "zstack holds a single view and has no modifiers; it can be removed"
        default: return "\(kind) holds a single view and has no modifiers; it can be removed"
        }
    }
}
