import TatamiBase
import TatamiModel

/// Checks over one viewport's finished frames: `zero-size`. (`too-deep` and `useless-container`
/// read the written tree, once per file: `StructuralLints`.)
struct LayoutLints {
    let viewport: Viewport

    /// Appends the findings to `out`. Walks the frame store by index (a frame handle per visit
    /// would retain and release the tree each time), in the order of the handles' walk: a frame,
    /// its backgrounds, its children, its overlays.
    func check(_ root: FrameNode, into out: inout [Diagnostic]) {
        let parts = root.tree.parts
        // Whether a view draws is asked only of views with a zero side (few), and remembered.
        var draws: [Int32: Bool] = [:]
        // Iterative walk: (frame, inside a zero-size view already reported)
        var stack: [(Int32, Bool)] = [(root.index, false)]
        while let (i, quiet) = stack.popLast() {
            let record = parts.records[Int(i)]
            var silenced = quiet
            // The content rectangle and decorations: the record's side entry when it has one.
            let extra: FrameParts.Extra? = record.extra < 0 ? nil : parts.extras[Int(record.extra)]
            let r = record.frame, c = extra?.content ?? record.frame
            if !quiet, r.width == 0 || r.height == 0 || c.width == 0 || c.height == 0 {
                if computeDraws(i, parts, &draws) {
                    let view = parts.view(Int(i))
                    let zeroWide = r.width == 0 || c.width == 0
                    out.append(Diagnostic(
                        .zeroSize,
                        "\(view.kindName) is 0 \(zeroWide ? "wide" : "tall") in viewport \(viewport.name), so it does not show",
                        at: view.kindRange, viewport: viewport.name))
                    silenced = true
                }
            }
            // Links: children, then backgrounds, then overlays; pushed so that they pop as
            // backgrounds, children, overlays.
            let first = Int(record.linkStart), children = Int(record.childCount)
            let backgrounds = Int(extra?.backgroundCount ?? 0), overlays = Int(extra?.overlayCount ?? 0)
            for k in stride(from: first + children + backgrounds + overlays - 1, through: first + children + backgrounds, by: -1) {
                stack.append((parts.links[k], silenced))
            }
            for k in stride(from: first + children - 1, through: first, by: -1) { stack.append((parts.links[k], silenced)) }
            for k in stride(from: first + children + backgrounds - 1, through: first + children, by: -1) {
                stack.append((parts.links[k], silenced))
            }
        }
    }

    /// Whether a shown view draws something: text, an image, a colour that is not clear, or a
    /// container holding one. Subtrees already asked about are looked up in `memo`.
    private func computeDraws(_ root: Int32, _ parts: FrameParts, _ memo: inout [Int32: Bool]) -> Bool {
        // Post-order without recursion.
        var stack: [(Int32, Bool)] = [(root, false)]
        while let (i, visited) = stack.popLast() {
            if !visited && memo[i] != nil { continue }
            let record = parts.records[Int(i)]
            let children = parts.links[Int(record.linkStart)..<Int(record.linkStart) + Int(record.childCount)]
            if !visited {
                stack.append((i, true))
                for c in children { stack.append((c, false)) }
                continue
            }
            var d: Bool
            switch parts.drawing(Int(i)) {
            case .text(let t, _, _): d = !t.lines.isEmpty
            case .image: d = true
            case .color(let c, _): d = c != .named("clear")
            case .divider, .none: d = false
            }
            if !d { d = children.contains { memo[$0] == true } }
            memo[i] = d && !record.flags.contains(.hidden)
        }
        return memo[root] ?? false
    }
}
