import FuzzSupport
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiRender
import TatamiServices

/// What must hold for every valid document, in every viewport (docs/fuzzing.md lists them):
///
/// 1. No diagnostic of error severity (the document is valid by construction).
/// 2. Every frame node (views, backgrounds, overlays) has a finite `frame`, `content` and border
///    rectangles: x, y, width and height finite, width and height ≥ 0, every edge within
///    ±`FrameFinisher.maxCoordinate` (1e9, docs/limits.md).
/// 3. Cell containers: each child's frame (the cell the container gave it) lies inside the
///    container's content rectangle — for `bricks` always, for `grid` (both `cells` modes) when
///    the spacing fits, i.e. (c − 1) × spacing ≤ width and (r − 1) × spacing ≤ height, with c
///    and r bounded above by the column count written (`columns: N`), or n for `auto`.
///    `columns: {minWidth}` always fits horizontally. Containers whose content reaches 1e8 are
///    skipped (they hit the coordinate clamp), in its length or at any edge.
/// 4. Direction only mirrors (docs/format.md §9): the same document laid out again in the same viewport
///    with the other `direction` has the same frame nodes (paths, in pre-order) with the same
///    y and height, and x edges mirrored (minX = width − other maxX, and the reverse) within
///    1/scale + 1e-6, since mirroring before or after rounding may differ by a pixel at a tie.
///    Nodes with an edge at 1e8 or beyond, and everything inside them, are skipped: that is an
///    infinite size (aspectRatio `fill` with an unspecified axis proposes ∞) reaching the clamp,
///    and inside it positions computed from ∞ − ∞ are only required to be finite.
/// 5. The render (default options, and `--ascii --outline`) has the viewport's row count plus
///    the two border lines, and no line is wider than the viewport's column count plus the two
///    border columns, widths measured with the renderer's own rule (`CellWidth.of` per grapheme
///    cluster).
/// 6. The rigid-node shortcut changes nothing: laid out with `answersRigidSizes` off, every
///    frame node has the same path, kind, frame, content, proposal, hidden flag and drawing, and
///    the diagnostics are the same, in the same order.
/// 10. What a layout keeps changes nothing (docs/fuzzing.md numbers the other files' 7–9 and 11): laid out again with a `LayoutMemory` that kept the
///    first layout whole, and with one that kept only the measurements of a small frontier
///    (`alwaysCompacts`), the layout is the same as in 6.
enum Invariants {
    /// Rounding slack for containment: edges are rounded monotonically, so exact containment
    /// survives rounding; only floating-point noise at a rounding boundary can cost a pixel.
    static let slack = 1e-6
    /// The column cap (`GridLayout.maxColumns`, internal to TatamiLayout; docs/limits.md).
    static let maxGridColumns = 100_000

    static func check(_ analysis: Analysis, text: String) {
        func fail(_ what: String) -> Never {
            fuzzFailure("invariant broken: \(what)\n--- generated document ---\n\(text)--- end ---")
        }

        // 1. The generator writes valid files only.
        if let e = analysis.diagnostics.first(where: { $0.severity == .error }) {
            let bytes = Array(text.utf8)
            let lo = max(0, min(bytes.count, e.range.start)), hi = max(lo, min(bytes.count, e.range.end))
            fail("error diagnostic for a generated document (a generator bug): [\(e.code.name)] \(e.message) at `\(String(decoding: bytes[lo..<hi], as: UTF8.self))`")
        }

        for layout in analysis.layouts {
            let v = layout.viewport
            let scale = v.scale > 0 && v.scale.isFinite ? v.scale : 1
            if let root = layout.root {
                root.preorder { node in
                    // 2. Finite, non-negative frames.
                    checkRect(node.frame, "frame", node, v, fail)
                    checkRect(node.content, "content", node, v, fail)
                    for b in node.borders { checkRect(b.rect, "border", node, v, fail) }
                    // 3. Cells inside cell containers.
                    checkCells(node, viewport: v, scale: scale, fail)
                }
            }
            // 4. The other direction mirrors.
            var flipped = v
            flipped.direction = v.direction == .rtl ? .ltr : .rtl
            checkMirror(layout, LayoutEngine.layout(analysis.document, in: flipped), scale: scale, fail)
            // 5. The render stays inside its border.
            checkRender(ASCIIRenderer.render(layout), v, "default", fail)
            checkRender(ASCIIRenderer.render(layout, options: RenderOptions(ascii: true, outline: true)), v, "--ascii --outline", fail)
            // 6. The shortcut against the full computation.
            let shortcut = describe(LayoutEngine.layout(analysis.document, in: v))
            let full = describe(LayoutEngine.layout(analysis.document, in: v, options: LayoutOptions(answersRigidSizes: false)))
            if shortcut != full {
                let difference = zip(shortcut, full).first { $0 != $1 }.map { "\($0.0)\nagainst the full computation:\n\($0.1)" }
                    ?? "\(shortcut.count) lines against \(full.count)"
                fail("viewport \(v.name): the rigid-node shortcut changes the layout:\n\(difference)")
            }
            // 10. Kept layouts, whole and compacted, against the same layout from nothing.
            for memory in [LayoutMemory(), LayoutMemory(frontierSubtree: 4, alwaysCompacts: true)] {
                _ = LayoutEngine.layout(analysis.document, in: v, memory: memory)
                let kept = describe(LayoutEngine.layout(analysis.document, in: v, memory: memory))
                if kept != shortcut {
                    let difference = zip(kept, shortcut).first { $0 != $1 }.map { "\($0.0)\nagainst a layout from nothing:\n\($0.1)" }
                        ?? "\(kept.count) lines against \(shortcut.count)"
                    fail("viewport \(v.name): a kept layout (\(memory.alwaysCompacts ? "compacted" : "whole")) differs:\n\(difference)")
                }
            }
        }
    }

    /// A layout as lines, one per frame node and per diagnostic.
    static func describe(_ result: LayoutResult) -> [String] {
        var lines: [String] = []
        func value(_ v: Double?) -> String { v.map { "\($0)" } ?? "nil" }
        result.root?.preorder { f in
            lines.append("\(f.path) \(f.kind) \(f.frame) \(f.content) proposal \(value(f.proposal.width)) \(value(f.proposal.height))"
                         + " hidden \(f.hidden) \(f.drawing) \(f.borders.map(\.rect))")
        }
        for d in result.diagnostics { lines.append("\(d.code.name) \(d.range) \(d.message)") }
        return lines
    }

    static func checkRect(_ r: Rect, _ what: String, _ node: FrameNode, _ v: Viewport, _ fail: (String) -> Never) {
        let values = [r.x, r.y, r.width, r.height]
        let limit = 1e9
        if values.contains(where: { !$0.isFinite }) || r.width < 0 || r.height < 0
            || [r.minX, r.maxX, r.minY, r.maxY].contains(where: { abs($0) > limit }) {
            fail("\(what) of \(node.kind) at \(node.path) in viewport \(v.name) is \(r.x), \(r.y), \(r.width) × \(r.height)")
        }
    }

    static func checkMirror(_ a: LayoutResult, _ b: LayoutResult, scale: Double, _ fail: (String) -> Never) {
        let name = a.viewport.name, width = a.viewport.width
        let tolerance = 1 / scale + slack
        func atClamp(_ r: Rect) -> Bool { [r.minX, r.maxX, r.minY, r.maxY].contains { abs($0) >= 1e8 } }
        func walk(_ p: FrameNode, _ q: FrameNode, clampedAbove: Bool) {
            guard p.path == q.path else { fail("viewport \(name): \(p.path) against \(q.path) with the other direction") }
            // Below a frame at the clamp, infinite sizes meet (∞ − ∞): positions are only finite.
            let clamped = clampedAbove || atClamp(p.frame) || atClamp(q.frame) || atClamp(p.content) || atClamp(q.content)
            if !clamped {
                for (r, s, what) in [(p.frame, q.frame, "frame"), (p.content, q.content, "content")]
                where r.y != s.y || r.height != s.height
                    || abs(r.minX - (width - s.maxX)) > tolerance || abs(r.maxX - (width - s.minX)) > tolerance {
                    fail("viewport \(name): \(what) of \(p.kind) \(p.path) is \(r) (\(a.viewport.direction)) but \(s) (\(b.viewport.direction)): not mirrored in a width of \(width)")
                }
            }
            for (x, y) in [(p.backgrounds, q.backgrounds), (p.children, q.children), (p.overlays, q.overlays)] {
                guard x.count == y.count else {
                    fail("viewport \(name): \(p.path) has \(x.count) nodes of a kind and \(y.count) with the other direction")
                }
                for (c, d) in zip(x, y) { walk(c, d, clampedAbove: clamped) }
            }
        }
        switch (a.root, b.root) {
        case (nil, nil): break
        case (let p?, let q?): walk(p, q, clampedAbove: false)
        default: fail("viewport \(name): a body in one direction only")
        }
    }

    static func checkCells(_ node: FrameNode, viewport v: Viewport, scale: Double, _ fail: (String) -> Never) {
        let n = node.children.count
        guard n > 0 else { return }
        let box = node.content
        // At the clamp (an edge or a length past 1e8), infinite lengths met: −∞ + ∞ has no
        // meaningful position, so a cell there is not compared with its container.
        guard ![box.minX, box.maxX, box.minY, box.maxY, box.width, box.height].contains(where: { abs($0) >= 1e8 }) else { return }
        switch node.view.kind {
        case .grid(_, let columns, _, let spacing, _):
            var cUpper = n, rUpper = n
            switch columns {
            case .count(let k):
                cUpper = max(1, min(k, maxGridColumns))
                rUpper = (n + cUpper - 1) / cUpper
            case .minWidth:
                cUpper = 1  // the rule picks c with c × minWidth + (c − 1) × spacing ≤ width
            case .auto:
                break
            }
            // Rounding moved the content's edges by up to 1/scale: ask for that much room more.
            let margin = 1 / scale
            guard Double(cUpper - 1) * spacing <= box.width - margin,
                  Double(rUpper - 1) * spacing <= box.height - margin else { return }
        case .bricks:
            break
        default:
            return
        }
        for child in node.children {
            let f = child.frame
            if f.minX < box.minX - slack || f.maxX > box.maxX + slack || f.minY < box.minY - slack || f.maxY > box.maxY + slack {
                fail("\(node.kind) \(node.path) in viewport \(v.name): the cell of \(child.path) (\(f)) leaves the container's content \(box)")
            }
        }
    }

    /// `ceil(length / cell)`, clamped to the renderer's maximum grid (`CellGrid.count`).
    static func cells(_ length: Double, _ cell: Double) -> Int {
        let n = (length / cell).rounded(.up)
        guard n > 0 else { return 0 }
        return n >= Double(ASCIIRenderer.maximumGridLength) ? ASCIIRenderer.maximumGridLength : Int(n)
    }

    /// The width of a rendered line: `CellWidth.of` summed over its grapheme clusters. Lines of
    /// printable ASCII and box-drawing or block characters (U+2500…U+259F: one cell each, never
    /// combining) are counted by scalars, which gives the same number much faster.
    static func displayWidth(_ line: ArraySlice<UInt8>) -> Int {
        var count = 0
        var i = line.startIndex
        while i < line.endIndex {
            let b = line[i]
            if b >= 0x20 && b < 0x7F {
                i += 1
            } else if b == 0xE2, i + 2 < line.endIndex, (0x94...0x96).contains(line[i + 1]) {
                i += 3
            } else {
                return String(decoding: line, as: UTF8.self).reduce(0) { $0 + CellWidth.of($1) }
            }
            count += 1
        }
        return count
    }

    static func checkRender(_ output: String, _ v: Viewport, _ options: String, _ fail: (String) -> Never) {
        let columns = cells(v.width, 8), rows = cells(v.height, 16)
        var lines = Array(output.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true else { fail("render (\(options)) of \(v.name) does not end with a newline") }
        lines.removeLast()
        // Under the grid, up to three notes (docs/render.md, "Below the grid"): the fill legend,
        // the views off the grid, the texts under borders; each says what it is.
        var notes = 0
        while notes < 3, lines.count > rows + 2, let last = lines.last,
              ["fills: ", " off the ", " under a border's line"].contains(where: { String(decoding: last, as: UTF8.self).contains($0) }) {
            lines.removeLast()
            notes += 1
        }
        if lines.count != rows + 2 {
            fail("render (\(options)) of \(v.name) has \(lines.count) lines (and \(notes) notes); \(rows) rows + 2 border lines expected")
        }
        for (i, line) in lines.enumerated() {
            let width = displayWidth(line)
            if width > columns + 2 {
                fail("render (\(options)) of \(v.name), line \(i), is \(width) cells wide; the viewport has \(columns) columns + 2 border:\n\(output)")
            }
        }
    }
}
