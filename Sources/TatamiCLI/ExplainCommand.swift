import ArgumentParser
import Foundation
import TatamiBase
import TatamiServices

/// `tatami explain --format`.
public enum ExplainFormat: String, CaseIterable, Sendable {
    case text, markdown
}

extension ExplainFormat: ExpressibleByArgument {}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a diagnostic code: severity, when it fires, an example and the fix.",
        discussion: """
            CODE is the word in brackets at the end of a `tatami lint` line, such as overflow in \
            `[overflow]`; case does not matter. The explanations are those of docs/diagnostics.md.

            Exit status: 0 when the code is known, 2 for an unknown code (the known ones are \
            listed on standard error) or a usage problem.
            """)

    @Argument(help: "The diagnostic code to explain, such as unknown-key.")
    var code: String?

    @Flag(name: .long, help: "List every code with its severity and summary.")
    var list = false

    @Flag(name: .long, help: "Explain every code.")
    var all = false

    @Option(name: .long, help: "Output format: text, or markdown (the form of docs/diagnostics.md; with --all, the whole page).")
    var format: ExplainFormat = .text

    @Option(name: .long, help: "Colour: auto (only on a terminal; NO_COLOR respected), always or never.")
    var color: ColorChoice = .auto

    func validate() throws {
        let chosen = [code != nil, list, all].filter { $0 }.count
        if chosen == 0 { throw ValidationError("give a CODE, --list or --all (tatami explain --list shows the codes)") }
        if chosen > 1 { throw ValidationError("give only one of CODE, --list and --all") }
        if list && format != .text { throw ValidationError("--list prints text only") }
    }

    func run() throws {
        let colored = format == .text && color.enabled(forFileDescriptor: 1)
        if list {
            StandardOutput.write(DiagnosticCatalog.list())
            return
        }
        if all {
            switch format {
            case .text: StandardOutput.write(DiagnosticCatalog.allText(color: colored))
            case .markdown: StandardOutput.write(DiagnosticCatalog.markdownPage())
            }
            return
        }
        let name = code ?? ""
        guard let explanation = DiagnosticCatalog.explanation(named: name) else {
            let hint = DiagnosticCatalog.closestCode(to: name).map { "; did you mean `\($0)`?" } ?? ""
            let known = DiagnosticCode.allCodes.map(\.name).joined(separator: ", ")
            throw InputError(description: "unknown diagnostic code `\(name)`\(hint)\nknown codes: \(known)")
        }
        switch format {
        case .text: StandardOutput.write(DiagnosticCatalog.text(explanation, color: colored))
        case .markdown: StandardOutput.write(DiagnosticCatalog.markdown(explanation))
        }
    }
}
