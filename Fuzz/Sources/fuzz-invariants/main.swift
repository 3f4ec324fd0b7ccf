// fuzz-invariants: valid documents generated from the input (`DocumentGenerator`), analysed with
// every viewport laid out and rendered, and checked against the invariants in `Invariants.swift`
// (listed in docs/fuzzing.md). A broken invariant is a `fatalError` naming it, with the document.
import Foundation
import FuzzSupport
import TatamiBase
import TatamiRender
import TatamiServices

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // A document written out (the regression inputs): checked as it is, if it is valid. The
    // generator's reading of bytes changes as it grows; a document does not.
    if bytes.starts(with: documentMarker) {
        let text = String(decoding: bytes, as: UTF8.self)
        let analysis = Pipeline.analyze(bytes: bytes, path: "document.tatami.yaml", viewports: .all, layout: true, context: .standalone)
        if !analysis.diagnostics.contains(where: { $0.severity == .error }) { Invariants.check(analysis, text: text) }
        return 0
    }
    var generator = DocumentGenerator(FuzzInput(bytes))
    let text = generator.document()
    if printDocuments { FileHandle.standardError.write(Data((text + "---\n").utf8)) }
    let analysis = Pipeline.analyze(bytes: Array(text.utf8), path: "generated.tatami.yaml", viewports: .all, layout: true, context: .standalone)
    Invariants.check(analysis, text: text)
    FormatInvariant.check(text, input: &generator.input)
    FixInvariant.check(text, input: &generator.input)
    MemoryInvariant.check(text, input: &generator.input)
    ReparseInvariant.check(text, input: &generator.input)
    return 0
}

/// The first line of an input that is a document rather than generator bytes.
let documentMarker = Array("# fuzz-invariants document\n".utf8)

/// `FUZZ_PRINT_DOCUMENT=1`: write each generated document to standard error (to read what a
/// corpus file or a crash input stands for).
let printDocuments = ProcessInfo.processInfo.environment["FUZZ_PRINT_DOCUMENT"] != nil

runFuzzer(fuzzOne)
