import ArgumentParser
import Foundation
import TatamiLSP

struct Lsp: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the language server on standard input and output.",
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC with Content-Length framing) on standard \
            input and output; logs go to standard error. Point an editor's LSP client at \
            `tatami lsp`. Exit status: 0 after shutdown and exit, 1 when the input ends or exit \
            comes without shutdown, or when the client's process is gone.
            """)

    @Flag(name: .long, help: "Accepted for editors that pass it; standard input and output are the only transport.")
    var stdio = false

    @Flag(name: .long, help: "Also log each analysis (document, revision, milliseconds) to standard error.")
    var verbose = false

    func run() throws {
        // Refused messages and skipped changes are logged: editors show a server's standard error.
        let status = StdioServer.run(verbose: verbose, log: { line in
            FileHandle.standardError.write(Data("tatami lsp: \(line)\n".utf8))
        })
        throw ExitCode(status)
    }
}
