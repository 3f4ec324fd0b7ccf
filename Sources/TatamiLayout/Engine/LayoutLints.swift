import TatamiBase
import TatamiModel

/// Checks over one viewport's finished frames: `zero-size`. (`too-deep` and `useless-container`
/// read the written tree, once per file: `StructuralLints`.)
struct LayoutLints {
    let viewport: Viewport

    /// Appends the findings to `out`.
    func check(_ root: FrameNode, into out: inout [Diagnostic]) {
        // Whether a view draws is asked only of views with a zero side (few), and remembered.
        var draws: [FrameNode: Bool] = [:]
        // Iterative walk: (node, inside a zero-size view already reported)
        var stack: [(FrameNode, Bool)] = [(root, false)]
        while let (node, quiet) = stack.popLast() {
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
            for d in node.overlays.reversed() { stack.append((d, silenced)) }
            for c in node.children.reversed() { stack.append((c, silenced)) }
            for d in node.backgrounds.reversed() { stack.append((d, silenced)) }
        }
    }

    /// Whether a shown view draws something: text, an image, a colour that is not clear, or a
    /// container holding one. Subtrees already asked about are looked up in `memo`.
    private func computeDraws(_ root: FrameNode, _ memo: inout [FrameNode: Bool]) -> Bool {
        // Post-order without recursion.
        var stack: [(FrameNode, Bool)] = [(root, false)]
        while let (node, visited) = stack.popLast() {
            if !visited && memo[node] != nil { continue }
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
            if !d { d = node.children.contains { memo[$0] == true } }
            memo[node] = d && !node.hidden
        }
        return memo[root] ?? false
    }
}
