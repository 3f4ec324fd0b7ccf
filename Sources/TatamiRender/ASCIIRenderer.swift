import TatamiBase
import TatamiLayout
import TatamiModel

/// Options of the text render (docs/format.md §13; command-line `--cell`, `--ascii`, `--outline`,
/// `--color`).
public struct RenderOptions: Sendable {
    /// Points per cell, horizontally. Values that are not finite and positive mean 8.
    public var cellWidth: Double
    /// Points per cell, vertically. Values that are not finite and positive mean 16.
    public var cellHeight: Double
    /// Draw only ASCII: the renderer's own lines and boxes, and ASCII stand-ins of the same
    /// width for the file's non-ASCII characters (`ASCIIStandIn`).
    public var ascii: Bool
    /// Draw every shown view's outer frame.
    public var outline: Bool
    /// Show colours as ANSI background colours.
    public var color: Bool

    public init(cellWidth: Double = 8, cellHeight: Double = 16, ascii: Bool = false, outline: Bool = false, color: Bool = false) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.ascii = ascii
        self.outline = outline
        self.color = color
    }
}

/// Renders one viewport's layout as text (docs/format.md §13; the decisions §13 leaves open are in
/// docs/render.md).
public enum ASCIIRenderer {
    /// The grid is cut to this many columns and rows, whatever the viewport's size.
    public static let maximumGridLength = 1000

    /// The viewport inside a border whose top edge names it, one line per row, each ending with
    /// a newline.
    public static func render(_ result: LayoutResult, options: RenderOptions = .init()) -> String {
        render(result, options: options, cellWidth: CellWidth.of)
    }

    /// `cellWidth` measures characters (tests pass their own to try wide characters).
    static func render(_ result: LayoutResult, options: RenderOptions, cellWidth: @escaping (Character) -> Int) -> String {
        var painter = Painter(viewport: result.viewport, options: options, cellWidth: cellWidth)
        if let root = result.root { painter.draw(root) }
        return painter.output(viewport: result.viewport)
    }
}

/// Cell geometry: which cells a length covers, without ever trapping on Int conversion.
struct CellGrid {
    let cellWidth: Double
    let cellHeight: Double
    let columns: Int
    let rows: Int

    init(viewport: Viewport, options: RenderOptions) {
        cellWidth = options.cellWidth.isFinite && options.cellWidth > 0 ? options.cellWidth : 8
        cellHeight = options.cellHeight.isFinite && options.cellHeight > 0 ? options.cellHeight : 16
        columns = CellGrid.count(viewport.width, cell: cellWidth)
        rows = CellGrid.count(viewport.height, cell: cellHeight)
    }

    /// `ceil(length / cell)`, 0 for NaN or negative lengths, at most the maximum grid length.
    static func count(_ length: Double, cell: Double) -> Int {
        let n = (length / cell).rounded(.up)
        guard n > 0 else { return 0 }  // also NaN
        return n >= Double(ASCIIRenderer.maximumGridLength) ? ASCIIRenderer.maximumGridLength : Int(n)
    }

    /// An index clamped to `-1 ... limit + 1`: anything beyond is as invisible as those.
    static func clamp(_ v: Double, limit: Int) -> Int {
        if v <= -1 { return -1 }
        if v >= Double(limit + 1) { return limit + 1 }
        return Int(v)
    }

    /// `floor(lo / cell) ..< ceil(hi / cell)`, clamped to `-1 ... limit + 1` (so that a box
    /// edge outside the grid stays outside), empty when either end is NaN or hi ≤ lo.
    static func cover(_ lo: Double, _ hi: Double, cell: Double, limit: Int) -> Range<Int> {
        let a = (lo / cell).rounded(.down), b = (hi / cell).rounded(.up)
        guard !a.isNaN, !b.isNaN else { return 0..<0 }
        let ia = clamp(a, limit: limit), ib = clamp(b, limit: limit)
        return ia < ib ? ia..<ib : 0..<0
    }

    func columns(of rect: Rect) -> Range<Int> { CellGrid.cover(rect.minX, rect.maxX, cell: cellWidth, limit: columns) }
    func rows(of rect: Rect) -> Range<Int> { CellGrid.cover(rect.minY, rect.maxY, cell: cellHeight, limit: rows) }

    /// The column holding point x (`floor(x / cellWidth)`), clamped; nil for NaN.
    func column(at x: Double) -> Int? {
        let v = (x / cellWidth).rounded(.down)
        return v.isNaN ? nil : CellGrid.clamp(v, limit: columns)
    }

    func row(at y: Double) -> Int? {
        let v = (y / cellHeight).rounded(.down)
        return v.isNaN ? nil : CellGrid.clamp(v, limit: rows)
    }
}

/// Walks the frame tree and draws on the canvas.
struct Painter {
    let grid: CellGrid
    let options: RenderOptions
    let glyphs: Glyphs
    let cellWidth: (Character) -> Int
    var canvas: Canvas

    init(viewport: Viewport, options: RenderOptions, cellWidth: @escaping (Character) -> Int) {
        grid = CellGrid(viewport: viewport, options: options)
        self.options = options
        glyphs = Glyphs.make(ascii: options.ascii)
        self.cellWidth = cellWidth
        canvas = Canvas(columns: grid.columns, rows: grid.rows)
    }

    /// A character's width in cells: 0, 1 or 2.
    func width(_ c: Character) -> Int {
        let w = cellWidth(c)
        return w <= 0 ? 0 : (w >= 2 ? 2 : 1)
    }

    /// Newlines and C0/C1 control characters would break the grid or talk to the terminal.
    static func isControl(_ c: Character) -> Bool {
        if let a = c.asciiValue { return a < 0x20 || a == 0x7F }
        if c.isNewline { return true }
        return c.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    // MARK: Traversal

    private enum Step {
        case enter(FrameNode)
        case own(FrameNode)
        case borders(FrameNode)
    }

    /// Backgrounds, then the view's borders, (the outline and) its own drawing, its children in
    /// drawing order, then its overlays. Borders go under the content: a cell is 16 points tall,
    /// so a border around padding smaller than that shares rows with the content, and the
    /// content is what a preview must show. Iterative, so deep trees cannot overflow the stack.
    mutating func draw(_ root: FrameNode) {
        var stack: [Step] = [.enter(root)]
        while let step = stack.popLast() {
            switch step {
            case .enter(let node):
                if node.hidden { continue }
                for o in node.overlays.reversed() { stack.append(.enter(o)) }
                for c in node.childrenInDrawingOrder.reversed() { stack.append(.enter(c)) }
                stack.append(.own(node))
                if !node.borders.isEmpty { stack.append(.borders(node)) }
                for b in node.backgrounds.reversed() { stack.append(.enter(b)) }
            case .own(let node):
                if options.outline { drawBox(node.frame, glyphs.outline) }
                drawContent(node.drawing, in: node.content)
            case .borders(let node):
                for border in node.borders { drawBox(border.rect, glyphs.border(border.style)) }
            }
        }
    }

    mutating func drawContent(_ drawing: Drawing, in rect: Rect) {
        switch drawing {
        case .none:
            break
        case .text(let layout, let font, let alignment):
            drawText(layout, font: font, alignment: alignment, in: rect)
        case .color(let color, let fill):
            drawColor(color, fill: fill, in: rect)
        case .image(let name):
            drawImage(name, in: rect)
        case .divider(let axis):
            drawDivider(axis, in: rect)
        }
    }

    // MARK: Kinds

    mutating func drawText(_ layout: TextLayoutResult, font: FontMetrics, alignment: HorizontalPart, in rect: Rect) {
        let clipColumns = grid.columns(of: rect), clipRows = grid.rows(of: rect)
        guard visible(clipColumns, limit: grid.columns), visible(clipRows, limit: grid.rows) else { return }
        for (j, line) in layout.lines.enumerated() {
            guard let row = grid.row(at: rect.minY + Double(j) * font.height), clipRows.contains(row) else { continue }
            let offset = (rect.width - line.width) * alignment.fraction
            // A file font's characters go one cell each from where the line starts (docs/render.md).
            let x0 = rect.minX + offset, g = grid, step = font.file == nil ? font.width : g.cellWidth
            place(line.text, row: row, clip: clipColumns, background: .keep) { cellsBefore in
                g.column(at: x0 + Double(cellsBefore) * step)
            }
        }
    }

    mutating func drawColor(_ color: ColorValue, fill: Character?, in rect: Rect) {
        guard let look = ColorTable.look(color) else { return }  // clear
        let columns = grid.columns(of: rect), rows = grid.rows(of: rect)
        guard visible(columns, limit: grid.columns), visible(rows, limit: grid.rows) else { return }
        let background: BackgroundChange
        var glyph: Character
        if options.color, let sgr = look.background {
            background = .set(canvas.backgroundIndex(sgr))
            glyph = fill ?? " "
        } else {
            background = .keep
            glyph = fill ?? look.fill
        }
        if Painter.isControl(glyph) { glyph = Character(glyphs.control) }
        let w = width(glyph)
        canvas.fill(w == 0 ? " " : glyphs.character(glyph, width: w), wide: w == 2, columns: columns, rows: rows, background: background)
    }

    mutating func drawImage(_ name: String, in rect: Rect) {
        let columns = grid.columns(of: rect), rows = grid.rows(of: rect)
        guard visible(columns, limit: grid.columns), visible(rows, limit: grid.rows) else { return }
        let opaque = BackgroundChange.set(0)
        if columns.count == 1 {
            canvas.fill(glyphs.imageColumn, wide: false, columns: columns, rows: rows, background: opaque)
            return
        }
        canvas.fill(" ", wide: false, columns: columns, rows: rows, background: opaque)
        let inner = (columns.lowerBound + 1)..<(columns.upperBound - 1)
        let nameRow: Int
        // Two rows: the name sits on the top edge, between the corners.
        if rows.count == 1 {
            nameRow = rows.lowerBound
            canvas.put(glyphs.imageRowOpen, row: nameRow, column: columns.lowerBound, background: opaque)
            canvas.put(glyphs.imageRowClose, row: nameRow, column: columns.upperBound - 1, background: opaque)
        } else {
            drawBox(rect, glyphs.outline)
            nameRow = rows.lowerBound + (rows.count - 1) / 2
        }
        var nameCells = 0
        for c in name { nameCells += Painter.isControl(c) ? 1 : width(c) }
        // Centred on the image's true inside (the clamped ranges may have cut an edge off the
        // grid), computed in Double so that no column trap is possible.
        let innerLeft = (rect.minX / grid.cellWidth).rounded(.down) + 1
        let innerRight = (rect.maxX / grid.cellWidth).rounded(.up) - 1
        let start = innerLeft + max(0, ((innerRight - innerLeft - Double(nameCells)) / 2).rounded(.down))
        let limit = grid.columns
        place(name, row: nameRow, clip: inner, background: .keep) { CellGrid.clamp(start + Double($0), limit: limit) }
    }

    mutating func drawDivider(_ axis: Axis, in rect: Rect) {
        let columns = grid.columns(of: rect), rows = grid.rows(of: rect)
        guard visible(columns, limit: grid.columns), visible(rows, limit: grid.rows) else { return }
        switch axis {
        case .horizontal:
            let mid = grid.row(at: (rect.minY + rect.maxY) / 2) ?? rows.lowerBound
            let row = min(max(mid, rows.lowerBound), rows.upperBound - 1)
            canvas.fill(glyphs.dividerHorizontal, wide: false, columns: columns, rows: row..<(row + 1), background: .keep)
        case .vertical:
            let mid = grid.column(at: (rect.minX + rect.maxX) / 2) ?? columns.lowerBound
            let column = min(max(mid, columns.lowerBound), columns.upperBound - 1)
            canvas.fill(glyphs.dividerVertical, wide: false, columns: column..<(column + 1), rows: rows, background: .keep)
        }
    }

    /// A box-drawing rectangle on the cells `rect` covers: edges only, the inside untouched. One
    /// row high it is a horizontal line; one column wide, a vertical one.
    mutating func drawBox(_ rect: Rect, _ box: BoxGlyphs) {
        let columns = grid.columns(of: rect), rows = grid.rows(of: rect)
        guard visible(columns, limit: grid.columns), visible(rows, limit: grid.rows) else { return }
        if rows.count == 1 {
            canvas.fill(box.horizontal, wide: false, columns: columns, rows: rows, background: .keep)
            return
        }
        if columns.count == 1 {
            canvas.fill(box.vertical, wide: false, columns: columns, rows: rows, background: .keep)
            return
        }
        let top = rows.lowerBound, bottom = rows.upperBound - 1
        let left = columns.lowerBound, right = columns.upperBound - 1
        let across = (left + 1)..<right, down = (top + 1)..<bottom
        canvas.fill(box.horizontal, wide: false, columns: across, rows: top..<(top + 1), background: .keep)
        canvas.fill(box.horizontal, wide: false, columns: across, rows: bottom..<(bottom + 1), background: .keep)
        canvas.fill(box.vertical, wide: false, columns: left..<(left + 1), rows: down, background: .keep)
        canvas.fill(box.vertical, wide: false, columns: right..<(right + 1), rows: down, background: .keep)
        canvas.put(box.topLeft, row: top, column: left)
        canvas.put(box.topRight, row: top, column: right)
        canvas.put(box.bottomLeft, row: bottom, column: left)
        canvas.put(box.bottomRight, row: bottom, column: right)
    }

    // MARK: Helpers

    /// Whether a covered range meets the grid at all.
    private func visible(_ range: Range<Int>, limit: Int) -> Bool {
        !range.isEmpty && range.upperBound > 0 && range.lowerBound < limit
    }

    /// Places a string's characters on one row: character i at `column(cellsBefore(i))`, drawn
    /// only if every column it takes lies in `clip`. A wide character takes two columns; a
    /// zero-width one is appended to the previous character if that one was drawn, else dropped;
    /// a control character is drawn as `?`. With `--ascii` every character is drawn as its ASCII
    /// stand-in and zero-width ones are dropped.
    mutating func place(_ text: String, row: Int, clip: Range<Int>, background: BackgroundChange, column: (Int) -> Int?) {
        var cellsBefore = 0
        var previous: Int? = nil
        for c in text {
            let control = Painter.isControl(c)
            let w = control ? 1 : width(c)
            if w == 0 {
                if let p = previous, !options.ascii { canvas.append(String(c), row: row, column: p) }
                continue
            }
            defer { cellsBefore += w }
            previous = nil
            guard let col = column(cellsBefore), clip.contains(col), clip.contains(col + w - 1) else { continue }
            canvas.put(control ? glyphs.control : glyphs.character(c, width: w), row: row, column: col, wide: w == 2, background: background)
            if canvas.contains(row: row, column: col) && canvas.contains(row: row, column: col + w - 1) { previous = col }
        }
    }

    // MARK: Output

    /// The grid inside the viewport's border; the top edge carries `─ name W×H ` and is cut to
    /// the grid's width.
    func output(viewport: Viewport) -> String {
        let box = glyphs.frame
        let size = formatNumber(viewport.width) + glyphs.times + formatNumber(viewport.height)
        let label = viewport.name.isEmpty ? size : viewport.name + " " + size
        var out = box.topLeft + topEdge(label: label, horizontal: box.horizontal) + box.topRight + "\n"
        for r in 0..<grid.rows {
            out += box.vertical + canvas.line(r, color: options.color) + box.vertical + "\n"
        }
        out += box.bottomLeft + String(repeating: box.horizontal, count: grid.columns) + box.bottomRight + "\n"
        return out
    }

    /// Exactly `grid.columns` cells: `─ label ` then `─` to the end, cut where it no longer fits
    /// (a wide character that would cross the end becomes `─`).
    private func topEdge(label: String, horizontal: String) -> String {
        var out = ""
        var used = 0
        var previousDrawn = false
        for c in horizontal + " " + label + " " {
            let control = Painter.isControl(c)
            let w = control ? 1 : width(c)
            if w == 0 {
                if previousDrawn && !options.ascii { out.append(c) }
                continue
            }
            if used + w > grid.columns { break }
            out += control ? glyphs.control : glyphs.character(c, width: w)
            used += w
            previousDrawn = true
        }
        if used < grid.columns { out += String(repeating: horizontal, count: grid.columns - used) }
        return out
    }
}
