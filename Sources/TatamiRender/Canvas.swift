/// One cell of the grid.
struct Cell: Equatable {
    /// What the cell shows: one character, possibly with zero-width ones appended. Empty for the
    /// right half of a wide character.
    var text: String = " "
    /// 1 for an ordinary cell, 2 for the left half of a wide character, 0 for its right half.
    var span: UInt8 = 1
    /// An index into the canvas's palette; 0 is the terminal's own background.
    var background: Int32 = 0
    /// The cell shows a `border`'s line, which text never overwrites (docs/render.md).
    var isBorder = false
}

/// What drawing does to the cells' background colour.
enum BackgroundChange: Equatable {
    /// Drawn over whatever colour is there (text, lines, borders: transparent around the glyph).
    case keep
    /// Replaced; `.set(0)` restores the terminal's background (opaque image boxes).
    case set(Int32)
}

/// A grid of cells, row-major. Writes outside the grid are ignored, so callers clip only to
/// avoid needless work, never for safety.
struct Canvas {
    let columns: Int
    let rows: Int
    private(set) var cells: [Cell]
    /// SGR parameters per background index; index 0 is unused (no colour).
    private(set) var palette: [String] = [""]
    private var paletteIndex: [String: Int32] = [:]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: Cell(), count: self.columns * self.rows)
    }

    /// The palette index of an SGR background, added on first use.
    mutating func backgroundIndex(_ sgr: String) -> Int32 {
        if let i = paletteIndex[sgr] { return i }
        let i = Int32(palette.count)
        palette.append(sgr)
        paletteIndex[sgr] = i
        return i
    }

    @inline(__always)
    func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns
    }

    subscript(row: Int, column: Int) -> Cell {
        cells[row * columns + column]
    }

    /// Puts a glyph at a cell; a wide one also takes the cell to its right and is not drawn at
    /// all unless both cells are inside the grid. A wide character that is partly overwritten
    /// leaves a space in its other half.
    /// `border`: the glyph is a `border`'s line (`isBorder`); anything else drawn on a cell
    /// makes it an ordinary cell again.
    mutating func put(_ text: String, row: Int, column: Int, wide: Bool = false, background: BackgroundChange = .keep,
                      border: Bool = false) {
        guard contains(row: row, column: column), !wide || column + 1 < columns else { return }
        let i = row * columns + column
        release(i)
        if wide { release(i + 1) }
        cells[i].text = text
        cells[i].span = wide ? 2 : 1
        cells[i].isBorder = border
        if case .set(let b) = background { cells[i].background = b }
        if wide {
            cells[i + 1].text = ""
            cells[i + 1].span = 0
            cells[i + 1].background = cells[i].background
            cells[i + 1].isBorder = false
        }
    }

    /// Whether the cell shows a border's line (false outside the grid).
    func isBorder(row: Int, column: Int) -> Bool {
        contains(row: row, column: column) && cells[row * columns + column].isBorder
    }

    /// Appends a zero-width character to what a cell shows (a combining mark to its base).
    mutating func append(_ text: String, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        let i = row * columns + column
        guard cells[i].span != 0 else { return }
        cells[i].text += text
    }

    /// Fills the cells of `columnRange` × `rowRange` (clipped to the grid) with a glyph. A wide
    /// glyph goes every two columns from the first visible one; a last column with no room for
    /// it gets a space.
    mutating func fill(_ text: String, wide: Bool, columns columnRange: Range<Int>, rows rowRange: Range<Int>, background: BackgroundChange,
                       border: Bool = false) {
        let cs = max(columnRange.lowerBound, 0), ce = min(columnRange.upperBound, columns)
        let rs = max(rowRange.lowerBound, 0), re = min(rowRange.upperBound, rows)
        guard cs < ce, rs < re else { return }
        for r in rs..<re {
            var c = cs
            while c < ce {
                if wide {
                    if c + 1 < ce {
                        put(text, row: r, column: c, wide: true, background: background)
                    } else {
                        put(" ", row: r, column: c, background: background)
                    }
                    c += 2
                } else {
                    put(text, row: r, column: c, background: background, border: border)
                    c += 1
                }
            }
        }
    }

    /// Undoes the pairing of a wide character that cell `i` belongs to, leaving a space in
    /// the half that is not about to be overwritten.
    private mutating func release(_ i: Int) {
        switch cells[i].span {
        case 0:
            // The right half: its left half is in the same row (a wide character never starts
            // in the last column).
            cells[i - 1].text = " "
            cells[i - 1].span = 1
            cells[i].text = " "
            cells[i].span = 1
        case 2:
            cells[i + 1].text = " "
            cells[i + 1].span = 1
        default:
            break
        }
    }

    /// One row as text: each cell's glyph (right halves of wide characters add nothing), with
    /// ANSI background changes when `color` is on and a reset at the end if a colour is active.
    func line(_ row: Int, color: Bool) -> String {
        var out = ""
        out.reserveCapacity(columns)
        var current: Int32 = 0
        let start = row * columns
        for i in start..<(start + columns) {
            let cell = cells[i]
            if cell.span == 0 { continue }
            if color && cell.background != current {
                out += cell.background == 0 ? ANSI.reset : ANSI.sgr(palette[Int(cell.background)])
                current = cell.background
            }
            out += cell.text
        }
        if current != 0 { out += ANSI.reset }
        return out
    }
}

enum ANSI {
    static let reset = "\u{1B}[0m"
    static func sgr(_ parameters: String) -> String { "\u{1B}[" + parameters + "m" }
}
