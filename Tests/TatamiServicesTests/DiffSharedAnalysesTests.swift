import Foundation
import TatamiBase
import TatamiLayout
@testable import TatamiServices
import TatamiTestSupport
import XCTest

/// What `tatami diff` shares between a file's two analyses (one parse when the text is the same,
/// the old layouts' measurements taken over by the new ones through a `LayoutMemory`) gives
/// exactly what a fresh analysis of each revision gives: every example and layout fixture, in a
/// revision where many were edited (sizes changed, texts lengthened, the examples' component
/// library changed under its importers), compared, and each analysis the comparison made set
/// against one made from nothing (no parse shared, no layout kept, no import cache).
final class DiffSharedAnalysesTests: XCTestCase {
    private func copyTree(to base: URL) throws -> [String] {
        let repository = Fixtures.repositoryRoot()
        let fm = FileManager.default
        try fm.createDirectory(at: base.appendingPathComponent("Tests/Fixtures"), withIntermediateDirectories: true)
        try fm.copyItem(at: repository.appendingPathComponent("Examples"), to: base.appendingPathComponent("Examples"))
        try fm.copyItem(at: repository.appendingPathComponent("Tests/Fixtures/layout"), to: base.appendingPathComponent("Tests/Fixtures/layout"))
        var files: [String] = []
        for folder in ["Examples", "Examples/components", "Tests/Fixtures/layout"] {
            let names = try fm.contentsOfDirectory(atPath: base.appendingPathComponent(folder).path)
            files += names.filter { $0.hasSuffix(".tatami.yaml") }.sorted().map { folder + "/" + $0 }
        }
        return files
    }

    /// A digit changed (a size) or a word lengthened (a text), outside comments.
    private func edited(_ bytes: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var offsets: [Int] = []
        var inComment = false
        for i in bytes.indices {
            if bytes[i] == UInt8(ascii: "#") { inComment = true }
            if bytes[i] == UInt8(ascii: "\n") { inComment = false }
            guard !inComment, i > 1, bytes[i - 1] == UInt8(ascii: " ") else { continue }
            if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[i]) || bytes[i - 2] == UInt8(ascii: ":") { offsets.append(i) }
        }
        guard let at = offsets.randomElement(using: &random) else { return bytes }
        var out = bytes
        if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(out[at]) {
            out[at] = UInt8(ascii: "1") + UInt8((Int(out[at] - UInt8(ascii: "1")) + 4) % 9)
        } else {
            out.insert(UInt8(ascii: "w"), at: at)
        }
        return out
    }

    private func fingerprint(_ a: Analysis) -> String {
        var lines = [ImportCacheWorkspace.fingerprint(a)]
        for l in a.layouts { lines.append(FramesFormatter.json(file: "f", result: l)) }
        return lines.joined(separator: "\n")
    }

    /// The analysis of `relative` in `revision` from nothing.
    private func fresh(_ relative: String, in revision: LayoutRevision) throws -> Analysis {
        let path = revision.absolute(relative)
        let bytes = try XCTUnwrap(revision.bytes(path))
        let workspace = revision.workspace(for: path)
        var context = revision.context(for: path, workspace: workspace)
        context.importCache = nil
        return Pipeline.analyze(bytes: bytes, path: revision.relative(path), context: context, isCancelled: nil,
                                rules: workspace.config?.levels ?? [:], keepsSyntaxTree: false)!
    }

    func testSharedAnalysesAreFreshAnalyses() throws {
        let fm = FileManager.default
        let top = fm.temporaryDirectory.appendingPathComponent("tatami-diff-shared-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: top) }
        let oldBase = top.appendingPathComponent("old"), newBase = top.appendingPathComponent("new")
        let files = try copyTree(to: oldBase)
        _ = try copyTree(to: newBase)
        var random = SeededRandom(seed: 32)
        for (i, file) in files.enumerated() where i % 3 != 2 || file.hasPrefix("Examples/components") {
            let url = newBase.appendingPathComponent(file)
            try Data(edited(Array(try Data(contentsOf: url)), using: &random)).write(to: url)
        }
        let old = DiskRevision(label: "old", base: oldBase.path, root: oldBase.path)
        let new = DiskRevision(label: "new", base: newBase.path, root: newBase.path)
        let differ = LayoutDiffer(old: old, new: new)
        var seen: [(DiffPair, Analysis?, Analysis?)] = []
        differ.observeAnalyses = { seen.append(($0, $1, $2)) }
        for pair in differ.pairs(old: files, new: files) { _ = differ.compare(pair) }

        var compared = 0, takenOver = 0, layouts = 0
        for (pair, a, b) in seen {
            for (analysis, relative, revision) in [(a, pair.oldPath, old as LayoutRevision), (b, pair.newPath, new)] {
                guard let analysis, let relative else { continue }
                XCTAssertEqual(fingerprint(analysis), fingerprint(try fresh(relative, in: revision)), "\(relative) in \(revision.label)")
                compared += 1
            }
            layouts += b?.layouts.count ?? 0
            takenOver += b?.layouts.filter(\.measurementsTakenOver).count ?? 0
        }
        // Most files were laid out in both revisions, and many new layouts took over the old
        // ones' measurements (the others changed shape, or kept nothing: a canvas, a text
        // diagnostic), so the sharing was tested, not bypassed.
        XCTAssertGreaterThan(compared, files.count)
        XCTAssertGreaterThan(takenOver, layouts / 3, "\(takenOver) of \(layouts) new layouts took over the old ones' measurements")
    }
}
