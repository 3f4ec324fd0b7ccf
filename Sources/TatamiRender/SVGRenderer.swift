import TatamiBase
import TatamiLayout
import TatamiModel

/// Renders one viewport's layout as SVG at true geometry: one unit is one point, the root's
/// `viewBox` is `0 0 W H` (docs/render.md, "The graphical render").
public enum SVGRenderer {
    /// The font stack of texts and labels: a monospace font, whatever the system has.
    public static let fontFamily = "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace"
    /// The viewport's background.
    public static let background = RGB(255, 255, 255)
    /// Dividers (SwiftUI's opaque separator colour, light appearance).
    public static let dividerColor = RGB(198, 198, 200)
    /// Borders (SwiftUI's `.border` defaults to the primary colour: black in light appearance).
    public static let borderColor = RGB(0, 0, 0)
    /// Texts.
    public static let textColor = RGB(0, 0, 0)
    /// Safe areas: this colour at `safeAreaOpacity`, over everything.
    public static let safeAreaColor = RGB(142, 142, 147)
    public static let safeAreaOpacity = 0.25
    /// Image placeholders: fill, edge and cross, label.
    public static let imageFill = RGB(242, 242, 247)
    public static let imageEdge = RGB(142, 142, 147)
    public static let imageLabel = RGB(60, 60, 67)

    /// A standalone SVG document (XML declaration, namespace) of one viewport. With `live`, the
    /// document reloads itself when opened on its own in a browser and the stamp script names a
    /// newer one (`--watch --output`; an SVG shown through `<img>` runs no script).
    public static func render(_ result: LayoutResult, live: LiveReload? = nil) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element(RenderScene(result), standalone: true, live: live) + "\n"
    }

    /// The `<svg>` element alone; the HTML render inlines it without `data-viewport` (which
    /// there names the viewport's element, the SVG's parent).
    /// `embedsFonts`: the file fonts' faces go into the element's own `<style>` (the HTML page
    /// embeds them once for all its viewports instead).
    public static func element(_ scene: RenderScene, standalone: Bool, live: LiveReload? = nil,
                               embedsFonts: Bool = true) -> String {
        let v = scene.viewport
        let w = Markup.number(max(0, v.width)), h = Markup.number(max(0, v.height))
        let label = Markup.escape(v.name.isEmpty ? "\(w)×\(h)" : "\(v.name) \(w)×\(h)")
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\""
        out += " font-family=\"\(fontFamily)\""
        out += standalone ? " data-viewport=\"\(Markup.escape(v.name))\">\n" : ">\n"
        out += "<title>\(label)</title>\n"
        let faces = scene.fontFaces
        if embedsFonts && !faces.isEmpty { out += "<style>\(FontEmbedding.fontFaceRules(faces))</style>\n" }
        out += "<rect class=\"viewport\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"\(background.hex)\"/>\n"
        for item in scene.items { out += svg(item) }
        let bands = scene.safeAreaBands
        if !bands.isEmpty {
            out += "<g class=\"safe-area\" fill=\"\(safeAreaColor.hex)\" fill-opacity=\"\(Markup.number(safeAreaOpacity))\">\n"
            for b in bands { out += "<rect \(attributes(b))/>\n" }
            out += "</g>\n"
        }
        if let live {
            // jsString escapes `<` and `>`, so no `]]>` can end the section early.
            out += "<script><![CDATA[\(HTMLRenderer.liveScript(live, svg: true))]]></script>\n"
        }
        out += "</svg>"
        return out
    }

    // MARK: Items

    static func svg(_ item: SceneItem) -> String {
        switch item {
        case .fill(let r, let rgb):
            guard drawable(r) else { return "" }
            return "<rect class=\"color\" \(attributes(r)) fill=\"\(rgb.hex)\"/>\n"
        case .divider(let r, _):
            guard drawable(r) else { return "" }
            return "<rect class=\"divider\" \(attributes(r)) fill=\"\(dividerColor.hex)\"/>\n"
        case .border(let r, let style):
            return border(r, style: style)
        case .image(let r, let name):
            return image(r, name: name)
        case .text(let lines, let font, let clip):
            return text(lines, font: font, clip: clip)
        }
    }

    /// The rectangle's edges lie on the frame: strokes are inset by half their width, so the
    /// line is inside the frame as SwiftUI's `.border` draws it.
    static func border(_ r: Rect, style: BorderStyle) -> String {
        guard drawable(r) else { return "" }
        let stroke = "fill=\"none\" stroke=\"\(borderColor.hex)\""
        func inset(_ d: Double, width: Double, extra: String = "") -> String {
            guard r.width > 2 * d, r.height > 2 * d else { return "" }
            let q = Rect(x: r.minX + d, y: r.minY + d, width: r.width - 2 * d, height: r.height - 2 * d)
            return "<rect class=\"border\" \(attributes(q)) \(stroke) stroke-width=\"\(Markup.number(width))\"\(extra)/>\n"
        }
        switch style {
        case .single:
            return inset(0.5, width: 1)
        case .heavy:
            return inset(1, width: 2)
        case .rounded:
            let radius = max(0, min(6, r.width / 2, r.height / 2) - 0.5)
            return inset(0.5, width: 1, extra: " rx=\"\(Markup.number(radius))\"")
        case .double:
            return inset(0.5, width: 1) + inset(2.5, width: 1)
        }
    }

    static func image(_ r: Rect, name: String) -> String {
        guard drawable(r) else { return "" }
        let viewBox = "\(Markup.number(r.minX)) \(Markup.number(r.minY)) \(Markup.number(r.width)) \(Markup.number(r.height))"
        var out = "<svg class=\"image\" \(attributes(r)) viewBox=\"\(viewBox)\" overflow=\"hidden\">\n"
        out += "<rect \(attributes(r)) fill=\"\(imageFill.hex)\"/>\n"
        let x0 = Markup.number(r.minX), y0 = Markup.number(r.minY), x1 = Markup.number(r.maxX), y1 = Markup.number(r.maxY)
        out += "<path d=\"M\(x0) \(y0)L\(x1) \(y1)M\(x1) \(y0)L\(x0) \(y1)\" stroke=\"\(imageEdge.hex)\" stroke-width=\"0.5\" stroke-opacity=\"0.6\"/>\n"
        if r.width > 1, r.height > 1 {
            let q = Rect(x: r.minX + 0.5, y: r.minY + 0.5, width: r.width - 1, height: r.height - 1)
            out += "<rect \(attributes(q)) fill=\"none\" stroke=\"\(imageEdge.hex)\" stroke-width=\"1\"/>\n"
        }
        // The label fits the box: at most 12 points, smaller in a small image (about 0.6 em a
        // character in a monospace face), and clipped to the box whatever the font does.
        let characters = Double(max(1, name.count))
        let size = max(4, (min(12, r.height * 0.6, (r.width - 2) / (characters * 0.6)) * 10).rounded(.down) / 10)
        out += "<text x=\"\(Markup.number(r.minX + r.width / 2))\" y=\"\(Markup.number(r.minY + r.height / 2))\" font-size=\"\(Markup.number(size))\""
        out += " text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"\(imageLabel.hex)\">\(Markup.escape(name))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// The font size that gives a monospace face (advance about 0.6 em) the font's advance,
    /// no taller than 0.8 of its line; `textLength` then makes every line exactly as long as
    /// layout measured it.
    public static func fontSize(_ font: FontMetrics) -> Double {
        let size = min(font.width / 0.6, font.height * 0.8)
        return size.isFinite && size > 0 ? (size * 100).rounded() / 100 : 1
    }

    static func text(_ lines: [PlacedLine], font: FontMetrics, clip: Rect) -> String {
        let shown = lines.filter { !$0.text.isEmpty && $0.length > 0 }
        guard !shown.isEmpty, drawable(clip) else { return "" }
        var body = ""
        let group: String
        if let file = font.file {
            // A file font: the browser shapes each line in the embedded faces as layout did, so
            // no length is imposed; one `<text>` per laid-out line at its computed origin.
            for line in shown {
                body += "<text x=\"\(Markup.number(line.x))\" y=\"\(Markup.number(line.baseline))\">\(Markup.escape(line.text))</text>\n"
            }
            group = "font-family=\"\(Markup.escape(FontEmbedding.familyList(file)))\" font-size=\"\(Markup.number(file.size))\""
                + " fill=\"\(textColor.hex)\" style=\"white-space:pre;text-spacing-trim:space-all\""
        } else {
            for line in shown {
                body += "<text x=\"\(Markup.number(line.x))\" y=\"\(Markup.number(line.baseline))\" textLength=\"\(Markup.number(line.length))\""
                body += " lengthAdjust=\"spacingAndGlyphs\">\(Markup.escape(line.text))</text>\n"
            }
            group = "font-size=\"\(Markup.number(fontSize(font)))\" fill=\"\(textColor.hex)\" style=\"white-space:pre\""
        }
        // Lines that stay inside the content rectangle need no clipping.
        let epsilon = 1e-6
        let fits = shown.allSatisfy { $0.x >= clip.minX - epsilon && $0.x + $0.length <= clip.maxX + epsilon }
            && (shown.last.map { $0.top + font.height <= clip.maxY + epsilon } ?? true)
            && (shown.first.map { $0.top >= clip.minY - epsilon } ?? true)
        if fits { return "<g class=\"text\" \(group)>\n\(body)</g>\n" }
        let box = "\(Markup.number(clip.minX)) \(Markup.number(clip.minY)) \(Markup.number(clip.width)) \(Markup.number(clip.height))"
        return "<svg class=\"text\" \(attributes(clip)) viewBox=\"\(box)\" overflow=\"hidden\" \(group)>\n\(body)</svg>\n"
    }

    // MARK: Helpers

    static func attributes(_ r: Rect) -> String {
        "x=\"\(Markup.number(r.minX))\" y=\"\(Markup.number(r.minY))\" width=\"\(Markup.number(r.width))\" height=\"\(Markup.number(r.height))\""
    }

    /// A rectangle with finite edges and some area.
    static func drawable(_ r: Rect) -> Bool {
        r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite && r.width > 0 && r.height > 0
    }
}
