import Foundation
import FuzzSupport
import TatamiBase
import TatamiLayout
import TatamiServices
import TatamiValidation

/// 9. Incremental = from scratch (ARCHITECTURE.md, "Validation in chunks"): the generated
///    document is analysed with a `ValidationMemory`, a `ParseMemory` and a `LayoutMemory` (so layout trees copy the
///    subtrees of the items validation took over), then edited three times (a key misspelt, a
///    line's copy pasted after it, a line deleted), each edit analysed with the same memory and
///    from nothing; the two give the same diagnostics (codes, messages, ranges, related places,
///    fixes), the same number of views and the same frames in every viewport (`tatami frames`'s
///    JSON, which names each view's path, kind, id and rectangles).
enum MemoryInvariant {
    static func check(_ text: String, input: inout FuzzInput) {
        let memory = ValidationMemory()
        let parses = ParseMemory()
        let layouts = LayoutMemory()
        func analyze(_ t: String, _ memory: ValidationMemory?) -> Analysis {
            var context = ValidationContext.standalone
            context.memory = memory
            return Pipeline.analyze(bytes: Array(t.utf8), path: "generated.tatami.yaml", viewports: .all, layout: true, context: context,
                                    isCancelled: nil, layoutMemory: memory == nil ? nil : layouts,
                                    parseMemory: memory == nil ? nil : parses)!
        }
        _ = analyze(text, memory)
        var edited = text
        for step in 0..<3 {
            edited = edit(edited, step, &input)
            let kept = analyze(edited, memory), fresh = analyze(edited, nil)
            func fail(_ what: String) -> Never {
                fuzzFailure("memory invariant broken after edit \(step + 1): \(what)\n--- document ---\n\(edited)--- end ---")
            }
            if kept.diagnostics != fresh.diagnostics {
                fail("diagnostics differ:\n\(kept.diagnostics)\n--- from nothing ---\n\(fresh.diagnostics)")
            }
            if kept.document.viewCount != fresh.document.viewCount { fail("view counts differ") }
            for (a, b) in zip(kept.layouts, fresh.layouts) {
                let x = FramesFormatter.json(file: "f", result: a), y = FramesFormatter.json(file: "f", result: b)
                if x != y { fail("frames differ in \(a.viewport.name):\n\(x)\n--- from nothing ---\n\(y)") }
            }
        }
    }

    /// One edit: a key misspelt, a line pasted again after itself, or a line deleted.
    static func edit(_ text: String, _ step: Int, _ input: inout FuzzInput) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 2 else { return text }
        switch step {
        case 0: return FixInvariant.misspell(text, &input)
        case 1:
            let k = input.int(0...(lines.count - 2))
            lines.insert(lines[k], at: k + 1)
        default:
            lines.remove(at: input.int(0...(lines.count - 2)))
        }
        return lines.joined(separator: "\n")
    }
}
