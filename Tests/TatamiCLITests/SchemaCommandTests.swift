import Foundation
import TatamiModel
import TatamiTestSupport
import XCTest

/// `tatami schema` against the committed `grammar/tatami.schema.json` and the schema table.
/// (Tests/grammar/test_schema.py validates files against it.)
extension CLITests {
    static let schemaPath = "grammar/tatami.schema.json"
    static let regenerate = "regenerate it with scripts/generate-schema.sh (or `swift run tatami schema > grammar/tatami.schema.json`) and review the diff"

    func schemaOutput() throws -> String {
        let r = try tatami(["schema"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        return r.stdout
    }

    func testSchemaMatchesTheCommittedFile() throws {
        let output = try schemaOutput()
        let url = Fixtures.repositoryRoot().appendingPathComponent(Self.schemaPath)
        let committed = try String(contentsOf: url, encoding: .utf8)
        guard output != committed else { return }
        let a = output.split(separator: "\n", omittingEmptySubsequences: false)
        let b = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let line = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? b.count
        let printed = line < a.count ? String(a[line]) : "(end)", saved = line < b.count ? String(b[line]) : "(end)"
        XCTFail("\(Self.schemaPath) differs from `tatami schema` at line \(line + 1) (printed: \(printed.debugDescription), committed: \(saved.debugDescription)); \(Self.regenerate)")
    }

    func testSchemaIsStableTwoSpaceJSONWithATrailingNewline() throws {
        let output = try schemaOutput()
        XCTAssertTrue(output.hasSuffix("}\n"))
        XCTAssertFalse(output.hasSuffix("\n\n"))
        XCTAssertTrue(output.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"), String(output.prefix(120)))
        XCTAssertEqual(try schemaOutput(), output, "two runs print the same text")
    }

    func testSchemaNamesEveryKeyOfTheTable() throws {
        let data = try schemaOutput().data(using: .utf8)!
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try XCTUnwrap(root["properties"] as? [String: Any])
        XCTAssertEqual(Set(properties.keys), Set(Schema.topLevel.map(\.name)))
        XCTAssertEqual(root["required"] as? [String], ["body"])
        let defs = try XCTUnwrap(root["$defs"] as? [String: Any])

        func keys(_ definition: String) throws -> [String] {
            let d = try XCTUnwrap(defs[definition] as? [String: Any], definition)
            return try XCTUnwrap(d["properties"] as? [String: Any], definition).keys.sorted()
        }
        for prefix in ["", "template."] {
            XCTAssertEqual(try keys(prefix + "modifiers"), (Schema.modifiers.map(\.name) + ["modifiers"]).sorted())
            XCTAssertEqual(try keys(prefix + "inherited"), Schema.inherited.map(\.name).sorted())
            // `position` and `ignoresSafeArea` belong to canvas children and the body only.
            XCTAssertEqual(try keys(prefix + "attributes"),
                           Schema.attributes.map(\.name).filter { $0 != "position" && $0 != "ignoresSafeArea" }.sorted())
            XCTAssertEqual(try keys(prefix + "canvasChild"), ["position"])
            let kinds = try XCTUnwrap((defs[prefix + "kinds"] as? [String: Any])?["oneOf"] as? [[String: Any]])
            XCTAssertEqual(kinds.compactMap { $0["$ref"] as? String },
                           Schema.kindNames.map { "#/$defs/\(prefix)kind.\($0)" } + ["#/$defs/\(prefix)componentInstance"])
            for kind in Schema.kinds {
                let parameters = try keys(prefix + "kind." + kind.name)
                XCTAssertEqual(parameters, ([kind.name] + kind.parameters.map(\.name)).sorted(), kind.name)
            }
        }
    }

    func testSchemaCarriesDocumentationAndLiteralDefaults() throws {
        let data = try schemaOutput().data(using: .utf8)!
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try XCTUnwrap(root["$defs"] as? [String: Any])
        let hstack = try XCTUnwrap((defs["kind.hstack"] as? [String: Any])?["properties"] as? [String: Any])
        let spacing = try XCTUnwrap(hstack["spacing"] as? [String: Any])
        XCTAssertEqual(spacing["default"] as? Double, 8)
        XCTAssertEqual(spacing["description"] as? String, "The gap between neighbouring children. Default: 8.")
        let alignment = try XCTUnwrap(hstack["alignment"] as? [String: Any])
        XCTAssertEqual(alignment["default"] as? String, "center")
        let flow = try XCTUnwrap((defs["kind.flow"] as? [String: Any])?["properties"] as? [String: Any])
        let lineSpacing = try XCTUnwrap(flow["lineSpacing"] as? [String: Any])
        XCTAssertNil(lineSpacing["default"], "a default in words is not a value")
        XCTAssertEqual(lineSpacing["markdownDescription"] as? String, "The gap between rows. Default: the flow's `spacing`.")
        let modifiers = try XCTUnwrap((defs["modifiers"] as? [String: Any])?["properties"] as? [String: Any])
        let padding = try XCTUnwrap(modifiers["padding"] as? [String: Any])
        XCTAssertEqual(padding["description"] as? String,
                       Schema.modifiers.first { $0.name == "padding" }!.doc.replacingOccurrences(of: "`", with: ""))
    }
}
