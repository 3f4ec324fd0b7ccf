import ArgumentParser

/// `tatami schema`: the JSON Schema of the format, for editors' YAML support.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the Tatami format.",
        discussion: """
            Generated from the schema table the validator reads. Expressions, names declared \
            elsewhere in the file and other checks JSON Schema cannot express are left to \
            `tatami lint` and the language server.
            """)

    @Flag(name: .long, help: "The schema of the workspace file (tatami.config.yaml) instead (docs/workspace.md).")
    var workspace = false

    func run() throws {
        StandardOutput.write(workspace ? JSONSchemaExport.workspaceText() : JSONSchemaExport.text())
    }
}
