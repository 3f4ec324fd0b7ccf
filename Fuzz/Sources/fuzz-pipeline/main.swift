// fuzz-pipeline: arbitrary bytes as a Tatami file. Parse, validate and lay out every viewport
// (`Pipeline.analyze`), then render each layout as text, as SVG, and all of them as an HTML page. Anything but a clean return is a bug:
// a trap, a sanitizer report, or a run past libFuzzer's `-timeout`.
import Foundation
import FuzzSupport
import TatamiLayout
import TatamiRender
import TatamiServices

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let analysis = Pipeline.analyze(bytes: bytes, path: "fuzz.tatami.yaml", viewports: .all, layout: true, context: .standalone)
    for layout in analysis.layouts {
        _ = ASCIIRenderer.render(layout)
        // Every drawing option once: outlines, ANSI colours, plain ASCII glyphs.
        _ = ASCIIRenderer.render(layout, options: RenderOptions(ascii: true, outline: true, color: true))
        _ = SVGRenderer.render(layout)
    }
    _ = HTMLRenderer.render(analysis.layouts, options: HTMLOptions(title: "fuzz", live: LiveReload(stamp: "1", scriptName: "fuzz.html.live.js")))
    return 0
}

runFuzzer(fuzzOne)
