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
    var generator = DocumentGenerator(FuzzInput(bytes))
    let text = generator.document()
    if printDocuments { FileHandle.standardError.write(Data((text + "---\n").utf8)) }
    let analysis = Pipeline.analyze(bytes: Array(text.utf8), path: "generated.tatami.yaml", viewports: .all, layout: true, context: .standalone)
    Invariants.check(analysis, text: text)
    return 0
}

/// `FUZZ_PRINT_DOCUMENT=1`: write each generated document to standard error (to read what a
/// corpus file or a crash input stands for).
let printDocuments = ProcessInfo.processInfo.environment["FUZZ_PRINT_DOCUMENT"] != nil

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
