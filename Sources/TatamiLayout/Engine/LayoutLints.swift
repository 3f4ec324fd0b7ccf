import TatamiBase
import TatamiModel

/// Checks over one viewport's finished frames: `zero-size`, `too-deep`, `useless-container`.
struct LayoutLints {
    let viewport: Viewport

    /// Appends the findings to `out` (a file of single-child stacks reports one per stack:
    /// appending in place saves copying them all once more).
    func check(_ root: FrameNode, into out: inout [Diagnostic]) {
        // Whether a view draws is asked only of views with a zero side (few), and remembered.
        var draws: [ObjectIdentifier: Bool] = [:]
        // Iterative walk: (node, containers above it, inside a zero-size view already reported)
        var stack: [(FrameNode, Int, Bool)] = [(root, 0, false)]
        while let (node, depth, quiet) = stack.popLast() {
            let view = node.view
            var silenced = quiet
            let r = node.frame, c = node.content
            if !quiet, r.width == 0 || r.height == 0 || c.width == 0 || c.height == 0 {
                if computeDraws(node, &draws) {
                    let zeroWide = r.width == 0 || c.width == 0
                    out.append(Diagnostic(
                        .zeroSize,
                        "\(node.kind) is 0 \(zeroWide ? "wide" : "tall") in viewport \(viewport.name), so it does not show",
                        at: view.kindRange, viewport: viewport.name))
                    silenced = true
                }
            }
            let isContainer = view.kind.isContainer
            let level = depth + (isContainer ? 1 : 0)
            if isContainer && level == LayoutEngine.maxContainerDepth + 1 {
                out.append(Diagnostic(
                    .tooDeep,
                    "\(node.kind) is nested \(level) containers deep (more than \(LayoutEngine.maxContainerDepth)); consider a component or a flatter layout",
                    at: view.kindRange, viewport: viewport.name))
            }
            switch view.kind {
            case .hstack, .vstack, .zstack:
                if node.children.count == 1 && view.modifiers.isEmpty {
                    out.append(Diagnostic(.uselessContainer, Self.uselessMessage(node.kind), at: view.kindRange, viewport: viewport.name))
                }
            default: break
            }
            for d in node.overlays.reversed() { stack.append((d, level, silenced)) }
            for c in node.children.reversed() { stack.append((c, level, silenced)) }
            for d in node.backgrounds.reversed() { stack.append((d, level, silenced)) }
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

    /// Whether a shown view draws something: text, an image, a colour that is not clear, or a
    /// container holding one. Subtrees already asked about are looked up in `memo`.
    private func computeDraws(_ root: FrameNode, _ memo: inout [ObjectIdentifier: Bool]) -> Bool {
        // Post-order without recursion.
        var stack: [(FrameNode, Bool)] = [(root, false)]
        while let (node, visited) = stack.popLast() {
            if !visited && memo[ObjectIdentifier(node)] != nil { continue }
            if !visited {
                stack.append((node, true))
                for c in node.children { stack.append((c, false)) }
                continue
            }
            var d: Bool
            switch node.drawing {
            case .text(let t, _, _): d = !t.lines.isEmpty
            case .image: d = true
            case .color(let c, _): d = c != .named("clear")
            case .divider, .none: d = false
            }
            if !d { d = node.children.contains { memo[ObjectIdentifier($0)] == true } }
            memo[ObjectIdentifier(node)] = d && !node.hidden
        }
        return memo[ObjectIdentifier(root)] ?? false
    }
}
