import Foundation
import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiValidation
import TatamiYAML

/// A file in the old revision and the file it became in the new one (relative paths; nil on the
/// side where it does not exist).
public struct DiffPair: Sendable, Hashable {
    public var oldPath: String?
    public var newPath: String?

    public init(oldPath: String?, newPath: String?) {
        self.oldPath = oldPath
        self.newPath = newPath
    }
}

/// Compares the layouts of files between two revisions (docs/format.md §12.7).
///
/// A file whose text is the same in both revisions, and whose imports, font files and workspace
/// file are too, is not laid out at all: what it reads is found by parsing it (and what it
/// imports, once per revision) for `imports:` and `fonts:`, not by validating it. A file laid out
/// in both revisions with the same text is parsed once for both. `compare` may be called from
/// several threads at once.
public final class LayoutDiffer: @unchecked Sendable {
    public let old: LayoutRevision
    public let new: LayoutRevision
    /// nil: each viewport's 1 / scale.
    public var tolerance: Double?
    public var viewports: ViewportSelection = .all
    /// Keep each changed file's layouts in its `DiffFile` (the HTML page draws them).
    public var keepsLayouts = false
    /// Keep the changes that only follow their parent's (JSON lists them); otherwise they are
    /// only counted.
    public var keepsFollowers = true

    private let lock = NSLock()
    /// Each revision's paths, worked out once per directory or path (`RevisionPaths`).
    private let oldPaths: RevisionPaths, newPaths: RevisionPaths
    /// Whether a relative path's bytes are the same in both revisions, by path.
    private var sameFiles: [String: Bool] = [:]
    /// Analyses run (each is one file in one revision, parsed, validated and laid out).
    public private(set) var analyses = 0
    /// Files compared without being laid out, everything they read being the same.
    public private(set) var skipped = 0
    /// What one file's old layouts may keep for its new ones (`LayoutMemory.defaultBudget`, read
    /// once: the environment is not asked per file); 0 lays out each revision from nothing.
    public var layoutMemoryBudget = LayoutMemory.defaultBudget
    /// Told each compared pair's analyses, old then new (tests: each against a fresh analysis).
    var observeAnalyses: ((DiffPair, Analysis?, Analysis?) -> Void)?

    public init(old: LayoutRevision, new: LayoutRevision) {
        self.old = old
        self.new = new
        oldPaths = RevisionPaths(old)
        newPaths = RevisionPaths(new)
    }

    // MARK: Pairing files

    /// The files of both revisions paired: by relative path, then the rest as renames (the same
    /// text, else at least half of the lines in common), and what is left added or removed.
    /// Sorted by the new path (the old one for removed files).
    public func pairs(old oldFiles: [String], new newFiles: [String]) -> [DiffPair] {
        let newSet = Set(newFiles), oldSet = Set(oldFiles)
        var pairs = oldFiles.filter { newSet.contains($0) }.map { DiffPair(oldPath: $0, newPath: $0) }
        var gone = oldFiles.filter { !newSet.contains($0) }, came = newFiles.filter { !oldSet.contains($0) }
        if !gone.isEmpty && !came.isEmpty {
            let goneBytes = gone.map { old.bytes(old.absolute($0)) ?? [] }
            let cameBytes = came.map { new.bytes(new.absolute($0)) ?? [] }
            var candidates: [(Double, Int, Int)] = []
            for (i, a) in goneBytes.enumerated() {
                for (j, b) in cameBytes.enumerated() {
                    let s = a == b ? 2 : Self.lineSimilarity(a, b)
                    if s >= 0.5 { candidates.append((s, i, j)) }
                }
            }
            candidates.sort { $0.0 != $1.0 ? $0.0 > $1.0 : ($0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2) }
            var usedI = Set<Int>(), usedJ = Set<Int>()
            for (_, i, j) in candidates where !usedI.contains(i) && !usedJ.contains(j) {
                usedI.insert(i); usedJ.insert(j)
                pairs.append(DiffPair(oldPath: gone[i], newPath: came[j]))
            }
            gone = gone.enumerated().filter { !usedI.contains($0.offset) }.map(\.element)
            came = came.enumerated().filter { !usedJ.contains($0.offset) }.map(\.element)
        }
        pairs += gone.map { DiffPair(oldPath: $0, newPath: nil) }
        pairs += came.map { DiffPair(oldPath: nil, newPath: $0) }
        return pairs.sorted { ($0.newPath ?? $0.oldPath!) < ($1.newPath ?? $1.oldPath!) }
    }

    /// The share of lines two texts have in common (as multisets), 0 to 1.
    static func lineSimilarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
        func lines(_ t: [UInt8]) -> [ArraySlice<UInt8>: Int] {
            var out: [ArraySlice<UInt8>: Int] = [:]
            for l in t.split(separator: 0x0A) { out[l, default: 0] += 1 }
            return out
        }
        let x = lines(a), y = lines(b)
        let total = max(x.values.reduce(0, +), y.values.reduce(0, +))
        guard total > 0 else { return 1 }
        var common = 0
        for (l, n) in x { common += min(n, y[l] ?? 0) }
        return Double(common) / Double(total)
    }

    // MARK: Comparing one file

    /// One file compared. `alreadyOnLargeStack`: the caller's thread has `LargeStack.size` of stack.
    public func compare(_ pair: DiffPair, alreadyOnLargeStack: Bool = false) -> DiffFile {
        let oldAbs = pair.oldPath.map { old.absolute($0) }, newAbs = pair.newPath.map { new.absolute($0) }
        // The same object on both sides: the same bytes, read once.
        let sameObject = oldAbs.flatMap { o in newAbs.flatMap { n in old.object(o).map { $0 == new.object(n) } } } ?? false
        let newBytes = newAbs.flatMap { new.bytes($0) }
        let oldBytes = sameObject ? newBytes : oldAbs.flatMap { old.bytes($0) }
        let status: DiffFile.Status
        switch (oldBytes, newBytes) {
        case (nil, nil): status = .identical
        case (nil, _): status = .added
        case (_, nil): status = .removed
        default:
            status = pair.oldPath != pair.newPath ? .renamed : (oldBytes == newBytes ? .affected : .modified)
        }
        var file = DiffFile(oldPath: oldBytes == nil ? nil : pair.oldPath, newPath: newBytes == nil ? nil : pair.newPath,
                            status: status)
        guard oldBytes != nil || newBytes != nil else { return file }
        // Each side's file: its directory and workspace, worked out once for all that follows.
        let oldFile = oldAbs.map { PlacedFile($0, in: oldPaths) }, newFile = newAbs.map { PlacedFile($0, in: newPaths) }

        var shared: YAMLParseResult? = nil
        if let a = oldBytes, let b = newBytes, a == b, let oldFile, let newFile {
            let parsed = YAMLParser.parse(bytes: b)
            if unchanged(parsed, old: oldFile, new: newFile) {
                lock.lock()
                skipped += 1
                lock.unlock()
                file.status = pair.oldPath == pair.newPath ? .identical : .renamed
                return file
            }
            shared = parsed
        }

        let oldReads = ReadSet(), newReads = ReadSet()
        // The new side's layouts take over what the old side's measured for the nodes both
        // revisions lay out alike (`LayoutMemory`: exactly a fresh layout's result), when the
        // file's own text changed. When only what it reads changed (`keepsLayouts(old:new:)`),
        // each layout is made from nothing.
        let memory = keepsLayouts(old: oldBytes, new: newBytes) ? LayoutMemory(budget: layoutMemoryBudget) : nil
        let oldSide = oldFile.flatMap { placed in
            oldBytes.map { analyse($0, parsed: shared, placed, in: oldPaths, reads: oldReads, memory: memory, alreadyOnLargeStack: alreadyOnLargeStack) }
        }
        // The new side's layouts are the pair's last: what they would keep is never read.
        memory?.stopKeeping()
        let newSide = newFile.flatMap { placed in
            newBytes.map { analyse($0, parsed: shared, placed, in: newPaths, reads: newReads, memory: memory, alreadyOnLargeStack: alreadyOnLargeStack) }
        }
        file.analysed = true
        observeAnalyses?(pair, oldSide?.analysis, newSide?.analysis)

        // What changed among the files read: relative paths whose bytes differ.
        var changed = Set<String>()
        let ownChanged = oldBytes != newBytes && oldBytes != nil && newBytes != nil
        if ownChanged, let p = pair.newPath { changed.insert(p) }
        var read = Set(oldReads.paths.map(oldPaths.relative))
        read.formUnion(newReads.paths.map(newPaths.relative))
        for (paths, placed) in [(oldPaths, oldFile), (newPaths, newFile)] {
            if let config = placed?.workspace.configPath { read.insert(paths.relative(config)) }
        }
        for p in read.sorted() where !sameFile(p) { changed.insert(p) }
        if oldBytes != nil && newBytes != nil {
            // The file itself first, then what it reads, by path.
            file.causes = changed.sorted { a, b in (a == pair.newPath) != (b == pair.newPath) ? a == pair.newPath : a < b }
        }
        else { file.causes = [pair.newPath ?? pair.oldPath!] }

        LayoutComparison.compare(old: oldSide, new: newSide, tolerance: tolerance, changed: changed,
                                 own: ownChanged || oldBytes == nil || newBytes == nil ? (pair.newPath ?? pair.oldPath) : nil,
                                 keepsFollowers: keepsFollowers, into: &file)
        if keepsLayouts && file.hasLayoutChanges {
            file.oldLayouts = oldSide?.analysis.layouts ?? []
            file.newLayouts = newSide?.analysis.layouts ?? []
        }
        return file
    }

    /// Whether a pair's old layouts keep what they measured for its new ones: only when the
    /// file's own text differs between the revisions. When the text is the same, what changed
    /// reaches the file only through what it reads: its workspace file (viewports and fonts,
    /// which every node depends on), a font file (every text set in it) or an imported component
    /// (every instance of it, and every container around one). The new layouts then measure
    /// nearly every node again, and keeping the old layouts' contexts and placements for them
    /// costs more than it saves (docs/decisions.md, "The diff's layout memory, per pair").
    func keepsLayouts(old: [UInt8]?, new: [UInt8]?) -> Bool {
        guard layoutMemoryBudget > 0, let old, let new else { return false }
        return old != new
    }

    /// Whether a file with the same text in both revisions (`parsed`) reads the same files with
    /// the same bytes in both: then it lays out the same, and is not laid out.
    private func unchanged(_ parsed: YAMLParseResult, old oldFile: PlacedFile, new newFile: PlacedFile) -> Bool {
        guard let written = WrittenReferences(parsed) else { return false }
        // Both sides read, whatever the first gives: what each reads is read the same either way.
        let before = oldPaths.dependencies(of: written, at: oldFile.path, directory: oldFile.directory,
                                           config: oldFile.workspace.configPath)
        let after = newPaths.dependencies(of: written, at: newFile.path, directory: newFile.directory,
                                          config: newFile.workspace.configPath)
        guard let before, let after else { return false }
        let relatives = before.map(oldPaths.relative)
        return relatives == after.map(newPaths.relative) && relatives.allSatisfy(sameFile)
    }

    /// Whether the file at relative path `p` has the same bytes in both revisions (asked once
    /// per path: every screen reads the same library).
    private func sameFile(_ p: String) -> Bool {
        if let hit = lock.withLock({ sameFiles[p] }) { return hit }
        let same = old.sameBytes(old.absolute(p), as: new, at: new.absolute(p))
        lock.withLock { sameFiles[p] = same }
        return same
    }

    private func analyse(_ bytes: [UInt8], parsed: YAMLParseResult?, _ placed: PlacedFile, in paths: RevisionPaths,
                         reads: ReadSet, memory: LayoutMemory?, alreadyOnLargeStack: Bool) -> LayoutComparison.Side {
        let revision = paths.revision
        let workspace = placed.workspace
        let context = revision.context(for: placed.path, workspace: workspace, reading: { reads.add($0) })
        let rules = workspace.config?.levels ?? [:]
        let yaml = parsed ?? YAMLParser.parse(bytes: bytes)
        let analysis = Pipeline.analyze(parsed: yaml, path: revision.relative(placed.path), viewports: viewports, context: context,
                                        alreadyOnLargeStack: alreadyOnLargeStack, rules: rules, keepsSyntaxTree: false,
                                        layoutMemory: memory)
        lock.lock()
        analyses += 1
        lock.unlock()
        var files: [String: String] = [:]
        for c in analysis.document.components {
            if let p = c.filePath { files[c.name] = paths.relative(p) }
        }
        return LayoutComparison.Side(analysis: analysis, componentFiles: files)
    }
}

/// A compared file of one revision: its absolute path, directory and workspace.
private struct PlacedFile {
    let path: String
    let directory: String
    let workspace: RevisionWorkspace

    init(_ path: String, in paths: RevisionPaths) {
        self.path = path
        directory = ImportPath.directory(of: path)
        workspace = paths.workspace(for: path, in: directory)
    }
}

/// The paths one analysis read, from whichever thread it runs on.
final class ReadSet: @unchecked Sendable {
    private let lock = NSLock()
    private var set: [String] = []
    private var seen = Set<String>()

    func add(_ path: String) {
        lock.lock()
        if seen.insert(path).inserted { set.append(path) }
        lock.unlock()
    }

    var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return set
    }
}
