import TatamiBase
import TatamiLayout
import TatamiModel

/// How an HTML preview written by `--watch` reloads itself: every half second it loads
/// `scriptName` (a file beside the page, through a `<script>` element, which Chromium allows from
/// `file://` where `fetch` is refused); that script calls `tatamiLive(stamp)`, and a stamp other
/// than the page's own reloads the page.
public struct LiveReload: Sendable, Hashable {
    /// This page's stamp.
    public var stamp: String
    /// The stamp script's file name, relative to the page.
    public var scriptName: String
    /// Milliseconds between two looks at the stamp script.
    public var interval: Int

    public init(stamp: String, scriptName: String, interval: Int = 500) {
        self.stamp = stamp
        self.scriptName = scriptName
        self.interval = interval
    }

    /// The stamp script's content: tells an open page which stamp the newest one has.
    public var script: String { "tatamiLive(\(HTMLRenderer.jsString(stamp)));\n" }
}

public struct HTMLOptions: Sendable {
    /// The page's title and heading (the file's name).
    public var title: String
    /// Reload when the stamp script says the page changed (`--watch --output`); nil: never.
    public var live: LiveReload?

    public init(title: String, live: LiveReload? = nil) {
        self.title = title
        self.live = live
    }
}

/// One self-contained page (no network: styles and scripts inline, no fonts or images fetched)
/// with every given viewport side by side, each at true geometry (1 CSS pixel = 1 point at scale
/// 1) and labelled with its name and size (docs/render.md, "The HTML page").
///
/// Each viewport is a `data-viewport="NAME"` element W×H CSS pixels holding the viewport's SVG and
/// one absolutely positioned element per shown view, on the view's outer frame, in drawing order
/// (so the one on top under the pointer is the view drawn last there): `data-path`, `data-kind`,
/// `data-id` (when it has one), `data-x`, `data-y`, `data-width`, `data-height`, and a `title`
/// that reads as `tatami frames --format text` writes the view. The pointer over a view outlines it
/// and shows that line above the viewport, under its caption.
public enum HTMLRenderer {
    public static func render(_ results: [LayoutResult], options: HTMLOptions) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width">
            <meta name="generator" content="tatami preview --format html">
            <title>\(Markup.escape(options.title)) — Tatami preview</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>\(Markup.escape(options.title))</h1>
            <div class="viewports">

            """
        let scenes = results.map(RenderScene.init)
        // The file fonts' faces, once for the page (every viewport's SVG uses them).
        var seen = Set<FontFile.Face>()
        let faces = scenes.flatMap(\.fontFaces).filter { seen.insert($0).inserted }
        if !faces.isEmpty { out += "<style>\(FontEmbedding.fontFaceRules(faces))</style>\n" }
        for scene in scenes { out += figure(scene) }
        out += "</div>\n<script>\(hoverScript)</script>\n"
        if let live = options.live { out += "<script>\(liveScript(live))</script>\n" }
        out += "</body>\n</html>\n"
        return out
    }

    static let style = """

        body{margin:16px;font:13px/18px system-ui,-apple-system,'Segoe UI',sans-serif;background:#F2F2F7;color:#1C1C1E}
        h1{font-size:15px;line-height:20px;margin:0 0 12px}
        .viewports{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
        figure{margin:0}
        figcaption{margin:0 0 2px;font-weight:600}
        .viewport{position:relative;overflow:hidden;outline:1px solid #C6C6C8;background:#FFFFFF}
        .viewport>svg{position:absolute;left:0;top:0;display:block}
        .view{position:absolute;box-sizing:border-box}
        .view:hover{outline:1px solid #FF2D95;outline-offset:-1px;background:rgba(255,45,149,0.08)}
        .info{font:12px/18px ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;\
        min-height:18px;margin:0 0 6px;color:#3C3C43;white-space:pre;max-width:100%}

        """

    static let hoverScript = """

        document.querySelectorAll('[data-viewport]').forEach(function (viewport) {
          var info = viewport.parentNode.querySelector('.info');
          var idle = info.textContent;
          viewport.addEventListener('mouseover', function (event) {
            var view = event.target.closest('[data-path]');
            if (view) info.textContent = view.title;
          });
          viewport.addEventListener('mouseleave', function () { info.textContent = idle; });
        });

        """

    /// The reloading script of a page (`svg`: of an SVG document, whose script elements are the
    /// SVG namespace's, with `href`).
    static func liveScript(_ live: LiveReload, svg: Bool = false) -> String {
        let make = svg
            ? "var s = document.createElementNS('http://www.w3.org/2000/svg', 'script');\n    s.setAttribute('href', src + '?' + Date.now());"
            : "var s = document.createElement('script');\n    s.src = src + '?' + Date.now();"
        let parent = svg ? "document.documentElement" : "document.head"
        return """

        (function () {
          var stamp = \(jsString(live.stamp)), src = encodeURIComponent(\(jsString(live.scriptName)));
          window.tatamiLive = function (newest) { if (newest !== stamp) location.reload(); };
          setInterval(function () {
            \(make)
            s.onload = s.onerror = function () { s.remove(); };
            \(parent).appendChild(s);
          }, \(max(50, live.interval)));
        })();

        """
    }

    static func figure(_ scene: RenderScene) -> String {
        let v = scene.viewport
        let w = Markup.number(max(0, v.width)), h = Markup.number(max(0, v.height))
        let label = v.name.isEmpty ? "\(w)×\(h)" : "\(v.name) \(w)×\(h)"
        // The hovered view's line goes between the caption and the viewport, where it stays in
        // sight above a tall viewport.
        var out = "<figure>\n<figcaption>\(Markup.escape(label))</figcaption>\n"
        out += "<div class=\"info\">hover over a view for its frame</div>\n"
        out += "<div class=\"viewport\" data-viewport=\"\(Markup.escape(v.name))\" data-width=\"\(w)\" data-height=\"\(h)\""
        out += " style=\"width:\(w)px;height:\(h)px\"\(v.direction == .rtl ? " data-direction=\"rtl\"" : "")>\n"
        out += SVGRenderer.element(scene, standalone: false, embedsFonts: false) + "\n"
        for view in scene.views { out += element(view) }
        out += "</div>\n</figure>\n"
        return out
    }

    static func element(_ view: SceneView) -> String {
        let f = view.frame
        var out = "<div class=\"view\" data-path=\"\(Markup.escape(view.path))\" data-kind=\"\(Markup.escape(view.kind))\""
        if let id = view.id { out += " data-id=\"\(Markup.escape(id))\"" }
        out += " data-x=\"\(Markup.number(f.minX))\" data-y=\"\(Markup.number(f.minY))\""
        out += " data-width=\"\(Markup.number(f.width))\" data-height=\"\(Markup.number(f.height))\""
        out += " title=\"\(Markup.escape(title(view)))\""
        out += " style=\"left:\(Markup.number(f.minX))px;top:\(Markup.number(f.minY))px;"
        out += "width:\(Markup.number(max(0, f.width)))px;height:\(Markup.number(max(0, f.height)))px\"></div>\n"
        return out
    }

    /// `kind#id path x,y w×h`, then ` content x,y w×h` when the content differs: the line
    /// `tatami frames --format text` writes for the view.
    public static func title(_ view: SceneView) -> String {
        var line = view.kind + (view.id.map { "#" + $0 } ?? "") + " " + view.path + " " + Markup.rect(view.frame)
        if view.content != view.frame { line += " content " + Markup.rect(view.content) }
        return line
    }

    /// A JavaScript string literal that is also safe inside a `<script>` element.
    static func jsString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "<": out += "\\u003C"
            case ">": out += "\\u003E"
            case "&": out += "\\u0026"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
