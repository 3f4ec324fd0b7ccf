import Foundation
import TatamiBase
import TatamiModel
@testable import TatamiServices
@testable import TatamiValidation
import TatamiTestSupport
import TatamiYAML
import XCTest

/// The walkers of a file's YAML tree (the validator, the semantic walk, the cursor's place, the
/// formatter) each keep their own traversal, and each asks `SchemaPlace` what a key and an item
/// are. This walks every example and fixture with `SchemaPlace` alone and checks that each walker
/// names the same place for every node it names and the schema knows (where the schema knows
/// nothing, a walker may recover as it likes: a guessed kind, a formatter's block style).
final class SchemaPlaceAgreementTests: XCTestCase {
    /// Every `.tatami.yaml` file of the examples and fixtures.
    private static let files: [URL] = {
        let root = Fixtures.repositoryRoot()
        var found: [URL] = []
        for folder in ["Examples", "Tests/Fixtures"] {
            let base = root.appendingPathComponent(folder)
            guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in e where url.lastPathComponent.hasSuffix(".tatami.yaml") { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }()

    /// `SchemaPlace`'s own walk: the place of every node, from the top level down (a node reached
    /// again through an alias keeps its first place).
    private struct ReferenceWalk {
        var places: [YAMLNode.ID: SchemaPlace] = [:]
        let facts: PlaceFacts
        /// Without component signatures: an argument is a view when it is a mapping with a kind key.
        let untypedArguments: Bool

        mutating func walk(_ node: YAMLNode, _ place: SchemaPlace, depth: Int = 0) {
            guard depth < 500, places[node.id] == nil else { return }
            places[node.id] = place
            switch node.content {
            case .scalar:
                break
            case .mapping(let pairs):
                let keys = pairs.map { $0.key.keyText ?? "" }
                func sibling(_ name: String) -> String? { pairs.first { $0.key.keyText == name }?.value.scalar?.text }
                for p in pairs {
                    var value = place.step(key: p.key.keyText ?? "", keys: keys, facts: facts, sibling: sibling).value
                    if untypedArguments, case .arguments = place {
                        let viewLike = p.value.pairs?.contains { $0.key.keyText.map { SchemaPlace.kindKey([$0]) != nil } ?? false }
                        value = SchemaPlace.untypedArgument(isViewLike: viewLike ?? false)
                    }
                    walk(p.value, value, depth: depth + 1)
                }
            case .sequence(let items):
                for (i, item) in items.enumerated() { walk(item, place.item(at: i), depth: depth + 1) }
            }
        }
    }

    /// Compares what a walker named with the reference; returns how many nodes were compared.
    private func compare(_ named: [(YAMLNode, SchemaPlace)], with reference: ReferenceWalk, walker: String, file: URL) -> Int {
        var compared = 0
        for (node, place) in named {
            guard let expected = reference.places[node.id] else { continue }
            if case .unknown = expected { continue }
            compared += 1
            XCTAssertEqual(place.name, expected.name,
                           "\(walker) names another place than SchemaPlace for the node at \(node.range) of \(file.lastPathComponent)")
        }
        return compared
    }

    func testEveryWalkerNamesTheSchemasPlaceForEveryNode() throws {
        XCTAssertGreaterThan(Self.files.count, 100)
        var compared: [String: Int] = [:]
        for url in Self.files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let yaml = YAMLParser.parse(text)
            guard let root = yaml.root else { continue }

            // The formatter and the semantic walk know no component signatures.
            var untyped = ReferenceWalk(facts: .tableOnly, untypedArguments: true)
            untyped.walk(root, .topLevel)

            var formatter = FormatPrinter(bytes: Array(text.utf8), table: yaml.lineTable, width: 100, workspace: false)
            var formatted: [(YAMLNode, SchemaPlace)] = []
            formatter.observePlace = { formatted.append(($0, $1)) }
            formatter.printDocument(root, comments: yaml.comments, documentStart: nil)
            compared["formatter", default: 0] += compare(formatted, with: untyped, walker: "the formatter", file: url)

            var walker = SemanticWalker(PlaceCollector(), source: Array(text.utf8))
            walker.walkFile(root)
            compared["semantic walk", default: 0] += compare(walker.visitor.places, with: untyped, walker: "the semantic walk", file: url)

            // The validator and the cursor know the file's components.
            var validated: [(YAMLNode, SchemaPlace)] = []
            let result = Validator.validate(yaml, context: .standalone, observingViews: { validated.append(($0, $1)) })
            var typed = ReferenceWalk(facts: .components(result.document.components), untypedArguments: false)
            typed.walk(root, .topLevel)
            compared["validator", default: 0] += compare(validated, with: typed, walker: "the validator", file: url)

            let analysis = EditorTest.analyze(text)
            var typedHere = ReferenceWalk(facts: .components(analysis.document.components), untypedArguments: false)
            typedHere.walk(analysis.yaml.root!, .topLevel)
            var cursorPlaces: [(YAMLNode, SchemaPlace)] = []
            forEachScalar(analysis.yaml.root!) { node in
                guard !node.range.isEmpty, case .scalar(let n, let place, _)? = AssistTreeCursor(analysis, offset: node.range.start).target,
                      n.id == node.id else { return }
                cursorPlaces.append((node, place))
            }
            compared["cursor", default: 0] += compare(cursorPlaces, with: typedHere, walker: "the cursor", file: url)
        }
        for walker in ["formatter", "semantic walk", "validator", "cursor"] {
            XCTAssertGreaterThan(compared[walker] ?? 0, 500, "\(walker): too few nodes compared")
        }
    }

    /// Every scalar value and list item of a tree (keys left out), each once.
    private func forEachScalar(_ node: YAMLNode, depth: Int = 0, _ body: (YAMLNode) -> Void) {
        guard depth < 500 else { return }
        switch node.content {
        case .scalar: body(node)
        case .mapping(let pairs): for p in pairs { forEachScalar(p.value, depth: depth + 1, body) }
        case .sequence(let items): for item in items { forEachScalar(item, depth: depth + 1, body) }
        }
    }
}

/// The places of the views the semantic walk enters.
private struct PlaceCollector: SemanticVisitor {
    var places: [(YAMLNode, SchemaPlace)] = []

    mutating func place(_ node: YAMLNode, _ place: SchemaPlace) {
        places.append((node, place))
    }
}
