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

/// What the lines under the grid say (docs/render.md, "Below the grid").
struct GridNotes {
    /// Shown views drawn from an edge that is not on a cell boundary.
    var offGridViews = 0
    /// Every edge views are drawn from, inside the viewport, for the `--cell` that would put
    /// them all on boundaries.
    var xs = Set<Double>(), ys = Set<Double>()
    /// The colours filled with the table's character, in the order first drawn, and whether one
    /// is a `#RRGGBB`.
    var fills: [(glyph: Character, name: String)] = []
    var usesHex = false
    /// Texts with a character left out where a border's line is.
    var textsUnderBorders = 0
}

/// Walks the frame tree and draws on the canvas.
struct Painter {
    let grid: CellGrid
    let options: RenderOptions
    let glyphs: Glyphs
    let cellWidth: (Character) -> Int
    var canvas: Canvas
    let viewport: Viewport
    var notes = GridNotes()

    init(viewport: Viewport, options: RenderOptions, cellWidth: @escaping (Character) -> Int) {
        grid = CellGrid(viewport: viewport, options: options)
        self.options = options
        glyphs = Glyphs.make(ascii: options.ascii)
        self.cellWidth = cellWidth
        canvas = Canvas(columns: grid.columns, rows: grid.rows)
        self.viewport = viewport
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
                survey(node)
                for o in node.overlays.reversed() { stack.append(.enter(o)) }
                for c in node.childrenInDrawingOrder.reversed() { stack.append(.enter(c)) }
                stack.append(.own(node))
                if !node.borders.isEmpty { stack.append(.borders(node)) }
                for b in node.backgrounds.reversed() { stack.append(.enter(b)) }
            case .own(let node):
                if options.outline { drawBox(node.frame, glyphs.outline) }
                drawContent(node.drawing, in: node.content)
            case .borders(let node):
                for border in node.borders { drawBox(border.rect, glyphs.border(border.style), isBorder: true) }
            }
        }
    }

    // MARK: The grid's notes

    /// Whether `v` is a whole number of cells (to a millionth of a point).
    static func isOnBoundary(_ v: Double, cell: Double) -> Bool {
        let q = v / cell
        return abs(q - q.rounded()) * cell < 1e-6
    }

    /// Counts `node` when an edge it is drawn from falls inside a cell (docs/render.md): a text's
    /// line tops and starts (and the second character's start, which a font whose width is not
    /// a whole number of cells puts inside one), a colour's or image's content edges, a divider's
    /// ends, its borders' edges, and with `--outline` its frame's. Edges on or beyond the
    /// viewport's own edges do not count; neither does what covers no cell of the grid.
    mutating func survey(_ node: FrameNode) {
        var xs: [Double] = [], ys: [Double] = []
        func shows(_ r: Rect) -> Bool {
            visible(grid.columns(of: r), limit: grid.columns) && visible(grid.rows(of: r), limit: grid.rows)
        }
        func edges(_ r: Rect) {
            guard shows(r) else { return }
            xs += [r.minX, r.maxX]
            ys += [r.minY, r.maxY]
        }
        let content = node.content
        switch node.drawing {
        case .none:
            break
        case .text(let layout, let font, let alignment):
            guard shows(content) else { break }
            for (j, line) in layout.lines.enumerated() where line.cells > 0 {
                let x0 = content.minX + (content.width - line.width) * alignment.fraction
                ys.append(content.minY + Double(j) * font.height)
                xs.append(x0)
                if font.file == nil && line.cells > 1 { xs.append(x0 + font.width) }
            }
        case .color(let color, _):
            if ColorTable.look(color) != nil { edges(content) }
        case .image:
            edges(content)
        case .divider(let axis):
            guard shows(content) else { break }
            if axis == .horizontal { xs += [content.minX, content.maxX] } else { ys += [content.minY, content.maxY] }
        }
        for border in node.borders { edges(border.rect) }
        if options.outline { edges(node.frame) }
        var off = false
        for x in xs where x > 0 && x < viewport.width && x.isFinite {
            notes.xs.insert(x)
            if !Painter.isOnBoundary(x, cell: grid.cellWidth) { off = true }
        }
        for y in ys where y > 0 && y < viewport.height && y.isFinite {
            notes.ys.insert(y)
            if !Painter.isOnBoundary(y, cell: grid.cellHeight) { off = true }
        }
        if off { notes.offGridViews += 1 }
    }

    /// The largest cell of whole points, no larger than the current one and at least
    /// `smallestSuggestedCell` on each side, that puts every edge on a boundary; nil when none does.
    func exactCell() -> (Int, Int)? {
        func largest(_ cell: Double, _ values: Set<Double>) -> Int? {
            guard cell >= Double(Painter.smallestSuggestedCell) else { return nil }
            var c = Int(min(cell, 1000).rounded(.down))
            while c >= Painter.smallestSuggestedCell {
                if values.allSatisfy({ Painter.isOnBoundary($0, cell: Double(c)) }) { return c }
                c -= 1
            }
            return nil
        }
        guard let w = largest(grid.cellWidth, notes.xs), let h = largest(grid.cellHeight, notes.ys) else { return nil }
        return (w, h)
    }

    /// Cells smaller than this are not suggested: the render would be several times wider than
    /// the screen it shows.
    static let smallestSuggestedCell = 4

    /// The lines under the grid: the fill characters' legend when a `#RRGGBB` colour is filled
    /// with its character, and how many views are off the grid.
    func footer() -> String {
        var out = ""
        if notes.usesHex {
            out += "fills: " + notes.fills.map { "\($0.glyph) \($0.name)" }.joined(separator: ", ") + "\n"
        }
        if notes.offGridViews > 0 {
            let n = notes.offGridViews
            let cell = formatNumber(grid.cellWidth) + glyphs.times + formatNumber(grid.cellHeight)
            out += "\(n) view\(n == 1 ? " is" : "s are") off the \(cell) grid; "
            if let (w, h) = exactCell() {
                out += "`--cell \(w)x\(h)` or "
            }
            out += "`--format html` shows \(n == 1 ? "it" : "them") exactly\n"
        }
        if notes.textsUnderBorders > 0 {
            let n = notes.textsUnderBorders
            out += "\(n) text\(n == 1 ? " is" : "s are") partly hidden under a border's line; `--format html` shows \(n == 1 ? "it" : "them") whole\n"
        }
        return out
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
        var hidden = false
        for (j, line) in layout.lines.enumerated() {
            guard let row = grid.row(at: rect.minY + Double(j) * font.height), clipRows.contains(row) else { continue }
            let offset = (rect.width - line.width) * alignment.fraction
            // A file font's characters go one cell each from where the line starts (docs/render.md).
            let x0 = rect.minX + offset, g = grid, step = font.file == nil ? font.width : g.cellWidth
            if place(line.text, row: row, clip: clipColumns, background: .keep, sparesBorders: true, column: { cellsBefore in
                g.column(at: x0 + Double(cellsBefore) * step)
            }) { hidden = true }
        }
        if hidden { notes.textsUnderBorders += 1 }
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
            if fill == nil {
                // For the legend under the grid (shown when a `#RRGGBB` colour is among them).
                let name: String
                switch color {
                case .named(let n): name = n
                case .rgb(let r, let g, let b):
                    name = "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
                    notes.usesHex = true
                }
                if !notes.fills.contains(where: { $0.name == name }) { notes.fills.append((look.fill, name)) }
            }
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
    /// `isBorder`: the box is a `border`, whose cells text does not overwrite.
    mutating func drawBox(_ rect: Rect, _ box: BoxGlyphs, isBorder: Bool = false) {
        let columns = grid.columns(of: rect), rows = grid.rows(of: rect)
        guard visible(columns, limit: grid.columns), visible(rows, limit: grid.rows) else { return }
        // A box one row high or one column wide is a line with no inside: text over it shows
        // (it would otherwise be hidden whole), so its cells are not a border's.
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
        canvas.fill(box.horizontal, wide: false, columns: across, rows: top..<(top + 1), background: .keep, border: isBorder)
        canvas.fill(box.horizontal, wide: false, columns: across, rows: bottom..<(bottom + 1), background: .keep, border: isBorder)
        canvas.fill(box.vertical, wide: false, columns: left..<(left + 1), rows: down, background: .keep, border: isBorder)
        canvas.fill(box.vertical, wide: false, columns: right..<(right + 1), rows: down, background: .keep, border: isBorder)
        canvas.put(box.topLeft, row: top, column: left, border: isBorder)
        canvas.put(box.topRight, row: top, column: right, border: isBorder)
        canvas.put(box.bottomLeft, row: bottom, column: left, border: isBorder)
        canvas.put(box.bottomRight, row: bottom, column: right, border: isBorder)
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
    /// `sparesBorders`: a character is not drawn where a cell it would take shows a border's line
    /// (text in the text render, docs/render.md). Returns whether a character was left out so.
    @discardableResult
    mutating func place(_ text: String, row: Int, clip: Range<Int>, background: BackgroundChange, sparesBorders: Bool = false,
                        column: (Int) -> Int?) -> Bool {
        var spared = false
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
            if sparesBorders && (canvas.isBorder(row: row, column: col) || canvas.isBorder(row: row, column: col + w - 1)) {
                spared = true
                continue
            }
            canvas.put(control ? glyphs.control : glyphs.character(c, width: w), row: row, column: col, wide: w == 2, background: background)
            if canvas.contains(row: row, column: col) && canvas.contains(row: row, column: col + w - 1) { previous = col }
        }
        return spared
    }

    // MARK: Output

    /// The grid inside the viewport's border; the top edge carries `─ name W×H ` and is cut to
    /// the grid's width.
    func output(viewport: Viewport) -> String {
        let box = glyphs.frame
        let size = formatNumber(viewport.width) + glyphs.times + formatNumber(viewport.height)
        // A viewport made with `--width` and `--height` is named by its size: said once.
        let spelled = formatNumber(viewport.width) + "x" + formatNumber(viewport.height)
        let named = !viewport.name.isEmpty && viewport.name != spelled && viewport.name != size
        let label = named ? viewport.name + " " + size : size
        var out = box.topLeft + topEdge(label: label, horizontal: box.horizontal) + box.topRight + "\n"
        for r in 0..<grid.rows {
            out += box.vertical + canvas.line(r, color: options.color) + box.vertical + "\n"
        }
        out += box.bottomLeft + String(repeating: box.horizontal, count: grid.columns) + box.bottomRight + "\n"
        return out + footer()
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
