import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiServices

/// The workspace `ImportCacheTests` analyses, and what it compares of an analysis.
enum ImportCacheWorkspace {
    /// The screens analysed in every order.
    static let screens = [
        "screens/chain.tatami.yaml", "screens/diamond.tatami.yaml", "screens/cycle.tatami.yaml",
        "lib/ping.tatami.yaml", "lib/pong.tatami.yaml", "lib/self.tatami.yaml", "screens/errors.tatami.yaml",
        "screens/arguments.tatami.yaml", "screens/clash.tatami.yaml", "lib/top.tatami.yaml",
        "screens/deep-mid.tatami.yaml",
    ]
    static let importers = 12

    static var files: [(String, String)] {
        var all: [(String, String)] = [
            ("tatami.config.yaml", "viewports:\n  phone: {width: 120, height: 200}\n  wide: {width: 300, height: 80}\nfonts:\n  big: {width: 12, height: 24}\n"),
            ("lib/base.tatami.yaml", """
                components:
                  Chip:
                    params: {label: {type: string}, tint: {type: color, default: blue}}
                    body: {text: $label, font: big, padding: 4, background: {color: $tint}}
                  Unused:
                    body: {text: never}

                """),
            ("lib/mid.tatami.yaml", """
                imports: [base.tatami.yaml]
                components:
                  Card:
                    params: {title: {type: string}, extra: {type: view, default: ~}}
                    body:
                      vstack:
                        - Chip: {label: $title}
                        - $extra
                      spacing: 2

                """),
            ("lib/top.tatami.yaml", """
                imports: [mid.tatami.yaml, base.tatami.yaml]
                components:
                  Page:
                    params: {name: {type: string}}
                    body: {hstack: [{Card: {title: $name}}, {Chip: {label: "${name}!"}}]}
                body: {Page: {name: top}}

                """),
            ("lib/left.tatami.yaml", "imports: [base.tatami.yaml]\ncomponents:\n  Left:\n    body: {Chip: {label: left}}\n"),
            ("lib/right.tatami.yaml", "imports: [./base.tatami.yaml]\ncomponents:\n  Right:\n    body: {Chip: {label: right, tint: red}}\n"),
            ("lib/ping.tatami.yaml", "imports: [pong.tatami.yaml]\ncomponents:\n  Ping:\n    body: {text: ping}\nbody: {Pong: {}}\n"),
            ("lib/pong.tatami.yaml", "imports: [ping.tatami.yaml]\ncomponents:\n  Pong:\n    body: {text: pong}\nbody: {Ping: {}}\n"),
            ("lib/self.tatami.yaml", "imports: [self.tatami.yaml, base.tatami.yaml]\ncomponents:\n  Me:\n    body: {Chip: {label: me}}\nbody: {Me: {}}\n"),
            ("lib/broken.tatami.yaml", """
                imports: [missing.tatami.yaml, ../../outside.tatami.yaml, base.tatami.yaml, base.tatami.yaml]
                components:
                  Broken:
                    params: {n: {type: number}}
                    body:
                      vstack:
                        - widget: {}
                        - text: x
                          padding: -3
                        - Ghost: {}
                        - text: $n
                  Box:
                    params: {lo: {type: number}}
                    body: {color: red, frame: {minWidth: $lo, maxWidth: 10}}

                """),
            ("lib/syntax.tatami.yaml", "components:\n  Bad:\n    body: {text: [oops}\n"),
            ("lib/other.tatami.yaml", "components:\n  Chip:\n    body: {text: other}\n"),
            ("lib/triple.tatami.yaml", "imports: [x.tatami.yaml, y.tatami.yaml, z.tatami.yaml]\ncomponents:\n  Triple:\n    body: {X: {}}\n"),
            ("lib/x.tatami.yaml", "components:\n  X:\n    body: {text: x}\n"),
            ("lib/y.tatami.yaml", "components:\n  Y:\n    body: {text: y}\n"),
            ("lib/z.tatami.yaml", "components:\n  Z:\n    body: {text: z}\n"),
            ("screens/chain.tatami.yaml", """
                imports: [../lib/top.tatami.yaml]
                body:
                  vstack:
                    - Page: {name: chain}
                    - Page: {name: again}

                """),
            ("screens/diamond.tatami.yaml", """
                imports: [../lib/left.tatami.yaml, ../lib/right.tatami.yaml, ../lib/mid.tatami.yaml]
                body: {vstack: [{Left: {}}, {Right: {}}, {Card: {title: d, extra: {Left: {}}}}]}

                """),
            ("screens/cycle.tatami.yaml", "imports: [../lib/ping.tatami.yaml, ../lib/pong.tatami.yaml]\nbody: {vstack: [{Ping: {}}, {Pong: {}}]}\n"),
            ("screens/errors.tatami.yaml", """
                imports: [../lib/broken.tatami.yaml, ../lib/syntax.tatami.yaml, ../lib/top.tatami.yaml, ../lib/nowhere.tatami.yaml]
                body:
                  vstack:
                    - Broken: {n: 3}
                    - Bad: {}
                    - Page: {name: 7}
                    - Gone: {}

                """),
            ("screens/arguments.tatami.yaml", """
                imports: [../lib/broken.tatami.yaml, ../lib/gone.tatami.yaml]
                body:
                  vstack:
                    - Box: {lo: 20}
                    - Box: {lo: 5}
                    - Broken: {n: "no"}
                    - Missing: {}

                """),
            ("screens/clash.tatami.yaml", "imports: [../lib/base.tatami.yaml, ../lib/other.tatami.yaml]\nbody: {Chip: {label: c}}\n"),
            ("screens/deep-top.tatami.yaml", "imports: [../lib/deep/d0.tatami.yaml]\nbody: {D0: {}}\n"),
            ("screens/deep-mid.tatami.yaml", "imports: [../lib/deep/d20.tatami.yaml]\nbody: {D20: {}}\n"),
            ("lib/refers.tatami.yaml", "imports: [later.tatami.yaml]\ncomponents:\n  Refers:\n    body: {text: r}\n"),
            ("screens/refers.tatami.yaml", "imports: [../lib/refers.tatami.yaml]\nbody: {Refers: {}}\n"),
            ("lib/cx.tatami.yaml", "imports: [cf.tatami.yaml]\ncomponents:\n  CX:\n    body: {text: cx}\n"),
            ("lib/cm.tatami.yaml", "imports: [cf.tatami.yaml]\ncomponents:\n  CM:\n    body: {text: cm}\n"),
            ("lib/cf.tatami.yaml", "imports: [cx.tatami.yaml]\ncomponents:\n  CF:\n    body: {text: cf}\n"),
            ("screens/cx-user.tatami.yaml", "imports: [../lib/cx.tatami.yaml]\nbody: {CX: {}}\n"),
            ("screens/plain.tatami.yaml", "imports: [../lib/triple.tatami.yaml]\nbody: {Triple: {}}\n"),
        ]
        for i in 0..<40 {
            let next = i < 39 ? "imports: [d\(i + 1).tatami.yaml]\n" : ""
            all.append(("lib/deep/d\(i).tatami.yaml", next + "components:\n  D\(i):\n    body: {text: d\(i)}\n"))
        }
        for i in 0..<importers {
            all.append(("screens/many-importers/i\(i).tatami.yaml", "imports: [../../lib/top.tatami.yaml]\nbody: {Page: {name: \"\(i)\"}}\n"))
        }
        return all
    }

    /// 998 small libraries and a screen importing them all, then `triple`, whose third import is
    /// then the 1,001st file.
    static var manyFiles: [(String, String)] {
        var all: [(String, String)] = []
        let many = (0..<998).map { "../lib/many/m\($0).tatami.yaml" }
        for i in 0..<998 { all.append(("lib/many/m\(i).tatami.yaml", "components:\n  M\(i):\n    body: {text: m}\n")) }
        all.append(("screens/many.tatami.yaml", "imports:\n" + (many + ["../lib/triple.tatami.yaml"]).map { "  - \($0)\n" }.joined()
                    + "body: {Triple: {}}\n"))
        return all
    }

    /// Everything an analysis gives, as text: the diagnostics whole (ranges, related locations,
    /// fixes), the components, the model's views with their ranges and modifiers, and every
    /// frame of every layout.
    static func fingerprint(_ a: Analysis) -> String {
        var lines: [String] = []
        for d in a.diagnostics { lines.append("diagnostic \(String(reflecting: d))") }
        for c in a.document.components { lines.append("component \(String(reflecting: c))") }
        func walk(_ v: ViewNode, _ depth: Int) {
            let modifiers = v.modifiers.map { String(reflecting: $0) }
            lines.append(String(repeating: " ", count: depth) + "\(v.kindName) \(v.range) \(v.kindRange) #\(v.serial) "
                         + "\(String(reflecting: v.content)) \(modifiers)")
            for c in v.children { walk(c, depth + 1) }
            for d in v.decorations { walk(d, depth + 1) }
        }
        if let body = a.document.body { walk(body, 0) }
        func rect(_ r: Rect) -> String { "\(r.x) \(r.y) \(r.width) \(r.height)" }
        for layout in a.layouts {
            lines.append("layout \(layout.viewport.name)")
            layout.root?.preorder { f in
                lines.append("\(f.path) \(f.kind) \(f.view.range) \(f.view.kindRange) frame \(rect(f.frame)) content \(rect(f.content))"
                             + " hidden \(f.hidden) drawing \(f.drawing)")
            }
            for d in layout.diagnostics { lines.append("layout diagnostic \(String(reflecting: d))") }
        }
        return lines.joined(separator: "\n")
    }
}
