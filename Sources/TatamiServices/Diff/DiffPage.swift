import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiRender

/// `tatami diff --format html`: one self-contained page (nothing fetched) showing, for each
/// changed file, each changed viewport before and after side by side at true geometry (the
/// graphical preview's `RenderScene` drawn by `SVGRenderer`, 1 CSS pixel = 1 point), with every
/// change that does not merely follow its parent outlined on its frame and labelled:
///
/// - before: a removed view in red, a moved or resized view in orange at its old frame;
/// - after: an added view in green, a moved or resized view in blue at its new frame, labelled
///   with its deltas (`Δy +48`).
///
/// Each outline is a `<div class="change">` with `data-change` (`added`, `removed`, `moved`,
/// `resized`, `moved+resized`), `data-path`, `data-kind`, `data-x`, `data-y`, `data-width`,
/// `data-height` (the frame it stands on) and a `title` describing the change; its 2-pixel
/// outline is drawn inside that frame. Each viewport is a `<div class="viewport"
/// data-viewport="NAME" data-side="old|new">` W×H CSS pixels (docs/render.md, "The diff page").
public enum DiffPage {
    public static let removedColor = RGB(255, 59, 48)
    public static let movedBeforeColor = RGB(255, 149, 0)
    public static let addedColor = RGB(52, 199, 89)
    public static let changedColor = RGB(0, 122, 255)

    public static func render(_ report: DiffReport) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="generator" content="tatami diff --format html">
            <title>Layout changes: \(escape(report.old.label)) → \(escape(report.new.label))</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>Layout changes: \(escape(report.old.label)) → \(escape(report.new.label))</h1>

            """
        let changed = report.changedFiles
        if changed.isEmpty {
            out += "<p class=\"none\">No layout changes in \(report.compared) file\(report.compared == 1 ? "" : "s").</p>\n"
        }
        for file in changed {
            out += "<section class=\"file\" data-file=\"\(escape(file.path))\">\n"
            out += "<h2>\(escape(DiffFormatter.title(file)))</h2>\n<p class=\"summary\">\(escape(file.summary))</p>\n"
            for v in file.viewports where v.status != .unchanged {
                let before = file.oldLayouts.first { $0.viewport.name == v.name }
                let after = file.newLayouts.first { $0.viewport.name == v.name }
                out += "<div class=\"pair\" data-viewport-pair=\"\(escape(v.name))\">\n"
                out += figure(before, side: "old", label: report.old.label, changes: v.views.filter { !$0.followsParent }, name: v.name)
                out += figure(after, side: "new", label: report.new.label, changes: v.views.filter { !$0.followsParent }, name: v.name)
                out += "</div>\n"
                let notes = v.appeared.map { "+ \($0.severity.rawValue) line \($0.line): \($0.message) [\($0.code)]" }
                    + v.disappeared.map { "- \($0.severity.rawValue) line \($0.line) (old): \($0.message) [\($0.code)]" }
                if !notes.isEmpty {
                    out += "<ul class=\"diagnostics\">\n" + notes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
                }
            }
            out += "</section>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    static let style = """

        body{margin:16px;font:13px/18px system-ui,-apple-system,'Segoe UI',sans-serif;background:#F2F2F7;color:#1C1C1E}
        h1{font-size:15px;line-height:20px;margin:0 0 12px}
        h2{font-size:14px;line-height:20px;margin:16px 0 2px}
        .summary{margin:0 0 8px;color:#3C3C43}
        .pair{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start;margin:0 0 16px}
        figure{margin:0}
        figcaption{margin:0 0 4px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        .viewport{position:relative;overflow:hidden;outline:1px solid #C6C6C8;background:#FFFFFF}
        .viewport>svg{position:absolute;left:0;top:0;display:block}
        .absent{display:flex;align-items:center;justify-content:center;color:#8E8E93}
        .change{position:absolute;box-sizing:border-box;outline-offset:-2px;outline-width:2px;outline-style:solid}
        .change .inner{position:absolute;left:2px;top:2px;right:2px;bottom:2px;overflow:hidden}
        .change .label{position:absolute;left:0;top:0;font:10px/12px ui-monospace,'DejaVu Sans Mono',Menlo,monospace;\
        padding:0 2px;color:#FFFFFF;white-space:nowrap}
        .diagnostics{margin:0 0 16px;padding-left:20px;font:12px/18px ui-monospace,'DejaVu Sans Mono',Menlo,monospace}

        """

    static func figure(_ layout: LayoutResult?, side: String, label: String, changes: [DiffViewChange], name: String) -> String {
        let width = layout.map { max(160, $0.viewport.width) } ?? 160
        var out = "<figure data-side=\"\(side)\" style=\"width:\(number(width))px\">\n<figcaption title=\"\(escape(label))\">\(escape(label)): \(escape(name))"
        guard let layout else {
            return out + "</figcaption>\n<div class=\"viewport absent\" data-side=\"\(side)\" style=\"width:160px;height:80px\">not declared</div>\n</figure>\n"
        }
        let v = layout.viewport
        let w = number(v.width), h = number(v.height)
        out += " \(w)×\(h)</figcaption>\n"
        out += "<div class=\"viewport\" data-viewport=\"\(escape(v.name))\" data-side=\"\(side)\""
        out += " data-width=\"\(w)\" data-height=\"\(h)\" style=\"width:\(w)px;height:\(h)px\">\n"
        out += SVGRenderer.element(RenderScene(layout), standalone: false) + "\n"
        for c in changes {
            let place: DiffViewSide?
            let color: RGB
            switch (side, c.change) {
            case ("old", .removed): place = c.old; color = removedColor
            case ("old", .changed): place = c.old; color = movedBeforeColor
            case ("new", .added): place = c.new; color = addedColor
            case ("new", .changed): place = c.new; color = changedColor
            default: place = nil; color = changedColor
            }
            guard let place else { continue }
            let f = place.frame
            var text = c.word
            if c.change == .changed { text += " " + DiffFormatter.deltas(c) }
            if c.following > 0 { text += " (+\(c.following) inside)" }
            let title = "\(c.kind + (c.id.map { "#" + $0 } ?? "")) \(place.path) \(text)"
            out += "<div class=\"change\" data-change=\"\(c.word)\" data-path=\"\(escape(place.path))\" data-kind=\"\(escape(c.kind))\""
            out += " data-x=\"\(number(f.minX))\" data-y=\"\(number(f.minY))\" data-width=\"\(number(f.width))\" data-height=\"\(number(f.height))\""
            out += " title=\"\(escape(title))\" style=\"left:\(number(f.minX))px;top:\(number(f.minY))px;"
            out += "width:\(number(max(0, f.width)))px;height:\(number(max(0, f.height)))px;outline-color:\(color.hex)\">"
            let labelText = side == "new" && c.change == .changed ? DiffFormatter.deltas(c) : c.word
            out += "<span class=\"inner\"><span class=\"label\" style=\"background:\(color.hex)\">\(escape(labelText))</span></span></div>\n"
        }
        out += "</div>\n</figure>\n"
        return out
    }

    static func number(_ v: Double) -> String { v.isFinite ? formatNumber(v) : "0" }

    /// Text for HTML content and double-quoted attributes (the renderers' escaping).
    static func escape(_ text: String) -> String { Markup.escape(text) }
}
