import TatamiModel
import TatamiBase
import TatamiYAML

/// The checks of a whole file made once its parts are read, over what they found: facts no
/// part can judge alone (an `id` used twice, a component no view uses, the uses an import's
/// failure explains). Incremental validation re-runs these after merging a re-read part's
/// results with the others'.
struct FileMerge {
    let file: FileContext
    let sink: DiagnosticSink

    /// One related note on the first failed import about the names used but not declared while
    /// it failed (their uses are not reported one by one: the import's error is their cause).
    func noteUnresolvedUses(_ unresolvedUses: [(name: String, range: SourceRange)]) {
        guard let failed = file.scope.failedImports.first, let first = unresolvedUses.first else { return }
        var names: [String] = []
        for use in unresolvedUses where !names.contains(use.name) { names.append(use.name) }
        // A use inside a component's body is read once as a template and once per instance.
        var places = Set<SourceRange>()
        let count = unresolvedUses.filter { places.insert($0.range).inserted }.count
        let listed = names.map { "`\($0)`" }.joined(separator: ", ")
        let message = count == 1
            ? "\(listed) is used here but not declared; it may come from `\(failed.entry)`"
            : "\(listed): \(count) uses of components not declared, the first here; they may come from `\(failed.entry)`"
        sink.amendLast(where: { $0.range == failed.range && ($0.code == .importError || $0.code == .tooComplex) }) {
            $0.related.append(RelatedLocation(range: first.range, message: message))
        }
    }

    /// Reports every `id` used more than once, at the later uses.
    func reportDuplicateIDs(_ ids: [(name: String, range: SourceRange)]) {
        var first: [String: SourceRange] = [:]
        for entry in ids.sorted(by: { $0.range.start < $1.range.start }) {
            if let earlier = first[entry.name] {
                // The same place again: an id in a component body, once per instance.
                if earlier == entry.range { continue }
                sink.report(.duplicateID, "the id `\(entry.name)` is already used; ids must be unique in the file",
                       at: entry.range, related: [RelatedLocation(range: earlier, message: "first `\(entry.name)` here")])
            } else {
                first[entry.name] = entry.range
            }
        }
    }

    /// `unused-component` for the file's components that no view uses, directly or through
    /// other used components.
    func reportUnusedComponents(_ used: Set<ObjectIdentifier>) {
        guard !file.localComponents.isEmpty else { return }
        var reached = Set<ObjectIdentifier>()
        var queue: [ComponentDecl] = []
        for d in file.localComponents where used.contains(ObjectIdentifier(d)) {
            reached.insert(ObjectIdentifier(d))
            queue.append(d)
        }
        while let d = queue.popLast() {
            for use in d.uses {
                if let t = d.scope.lookup(use.name), reached.insert(ObjectIdentifier(t)).inserted { queue.append(t) }
            }
        }
        for d in file.localComponents where !reached.contains(ObjectIdentifier(d)) {
            sink.report(.unusedComponent, "the component `\(d.name)` is declared but no view uses it", at: d.key.range)
        }
    }
}
