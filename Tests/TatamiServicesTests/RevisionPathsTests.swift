import Foundation
@testable import TatamiServices
import TatamiTestSupport
import TatamiValidation
import TatamiYAML
import XCTest

/// What a file reads, as `RevisionPaths` shares it between the files of a directory that write
/// the same imports, is what working it out for the file alone gives: files that import each
/// other (a file whose import leads back to it does not read itself), a file importing itself,
/// files that only share a library, a font file and a missing import, asked in every order.
final class RevisionPathsTests: XCTestCase {
    func testSharedDependenciesAreEachFilesOwn() throws {
        let fm = FileManager.default
        let top = fm.temporaryDirectory.appendingPathComponent("tatami-revision-paths-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: top) }
        try fm.createDirectory(at: top.appendingPathComponent("lib"), withIntermediateDirectories: true)
        let texts: [String: String] = [
            "a.tatami.yaml": "imports:\n  - b.tatami.yaml\nbody:\n  text: a\n",
            "b.tatami.yaml": "imports:\n  - a.tatami.yaml\ncomponents: {}\n",
            "c.tatami.yaml": "imports:\n  - b.tatami.yaml\nbody:\n  text: c\n",
            "d.tatami.yaml": "imports:\n  - d.tatami.yaml\nbody:\n  text: d\n",
            "e.tatami.yaml": "imports:\n  - lib/shared.tatami.yaml\nbody:\n  text: e\n",
            "f.tatami.yaml": "imports:\n  - lib/shared.tatami.yaml\nbody:\n  text: f\n",
            "g.tatami.yaml": "imports:\n  - lib/shared.tatami.yaml\n  - missing.tatami.yaml\nfonts:\n  x: {file: lib/x.ttf}\nbody:\n  text: g\n",
            "lib/shared.tatami.yaml": "imports:\n  - ../f.tatami.yaml\ncomponents: {}\n",
        ]
        for (name, text) in texts { try Data(text.utf8).write(to: top.appendingPathComponent(name)) }
        let names = texts.keys.filter { !$0.hasPrefix("lib/") }.sorted()
        var orders = [names, names.reversed()]
        var random = SeededRandom(seed: 32)
        for _ in 0..<6 { orders.append(names.shuffled(using: &random)) }
        var shared = 0
        for order in orders {
            let revision = DiskRevision(label: "t", base: top.path, root: top.path)
            let paths = RevisionPaths(revision)
            for name in order {
                let path = revision.absolute(name)
                let parsed = YAMLParser.parse(bytes: try XCTUnwrap(revision.bytes(path)))
                let written = try XCTUnwrap(WrittenReferences(parsed))
                let directory = ImportPath.directory(of: path)
                let found = paths.dependencies(of: written, at: path, directory: directory, config: nil)
                let alone = RevisionPaths(revision).dependencies(of: written, leaving: path, directory: directory, config: nil)
                XCTAssertEqual(found, alone, "\(name) in \(order)")
                if found != nil && found == paths.dependencies(of: written, leaving: nil, directory: directory, config: nil) { shared += 1 }
            }
        }
        // Files that do not read themselves took the shared list; the others their own.
        XCTAssertGreaterThan(shared, 0)
        XCTAssertLessThan(shared, orders.count * names.count)
    }
}
