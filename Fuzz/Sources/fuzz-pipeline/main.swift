// fuzz-pipeline: arbitrary bytes as a Tatami file. Parse, validate and lay out every viewport
// (`Pipeline.analyze`), then render each layout as text. Anything but a clean return is a bug:
// a trap, a sanitizer report, or a run past libFuzzer's `-timeout`. The bytes are also parsed
// with libyaml's events read on a second thread (`YAMLPipelining.always`, which `.automatic`
// uses only for large files) and must give the same tree and diagnostics as on one thread.
import Foundation
import FuzzSupport
import TatamiLayout
import TatamiRender
import TatamiServices
import TatamiYAML

func parsed(_ r: YAMLParseResult) -> String {
    (r.root?.dump(r.lineTable) ?? "no tree\n") + "complete \(r.isComplete)\n"
        + r.diagnostics.map { "\($0.code.name) \($0.range) \($0.message)" }.joined(separator: "\n")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let oneThread = parsed(YAMLParser.parse(bytes: bytes, pipelining: .never))
    let twoThreads = parsed(YAMLParser.parse(bytes: bytes, pipelining: .always))
    if oneThread != twoThreads {
        fuzzFailure("reading events on a second thread changes the parse:\n--- one thread ---\n\(oneThread)\n--- two threads ---\n\(twoThreads)")
    }
    let analysis = Pipeline.analyze(bytes: bytes, path: "fuzz.tatami.yaml", viewports: .all, layout: true, context: .standalone)
    for layout in analysis.layouts {
        _ = ASCIIRenderer.render(layout)
        // Every drawing option once: outlines, ANSI colours, plain ASCII glyphs.
        _ = ASCIIRenderer.render(layout, options: RenderOptions(ascii: true, outline: true, color: true))
    }
    return 0
}

runFuzzer(fuzzOne)
