import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// A value of the wrong YAML type ("expected a number, found a string").
    public static let wrongType = DiagnosticCode("wrong-type", .error)
    /// A value of the right type but outside what is allowed (a range, a set of words).
    public static let invalidValue = DiagnosticCode("invalid-value", .error)
    /// A key the schema does not know anywhere near this place.
    public static let unknownKey = DiagnosticCode("unknown-key", .error)
    /// A required key is missing.
    public static let missingRequired = DiagnosticCode("missing-required", .error)
    /// Two keys that cannot be used together.
    public static let conflictingKeys = DiagnosticCode("conflicting-keys", .error)
}

/// The limits the validator keeps to, whatever the input (see docs/decisions.md).
public enum ValidationLimits {
    /// Views nested deeper than this are reported once and not descended into.
    public static let maxViewDepth = 1_000
    /// Children of one container beyond this are reported and dropped.
    public static let maxChildren = 100_000
    /// Characters of one text beyond this are reported and dropped.
    public static let maxTextLength = 1_000_000
    /// Component instances nested deeper than this (an instance in a body in a body …) are
    /// reported once and left out.
    public static let maxInstanceNesting = 64
    /// Views built from component bodies, per file, beyond which instances are reported once
    /// and left out (expansion can multiply: each level may use the next several times).
    public static let maxExpandedViews = 200_000
    /// Imports nested deeper than this (a file importing a file importing …) are reported.
    public static let maxImportDepth = 32
    /// Files one validation may import, counting every level.
    public static let maxImportedFiles = 1_000
}

/// The state of one validation run: the diagnostics found so far and the names declared.
///
/// Every check reports and carries on with a default, so one run finds as many problems as it
/// can and builds as much of the model as it can.
final class ValidationPass {
    let table: LineTable
    private(set) var diagnostics: [Diagnostic] = []
    /// The files this run reads, for text and lines of any range.
    let sources: SourceSet

    /// Font names: the defaults, then the file's, in declaration order.
    var fontNames: [String] = FontMetrics.defaultOrder
    var fonts: [String: FontMetrics] = FontMetrics.defaults
    /// Declared custom alignments and their axis (nil when the declaration's axis is unusable:
    /// such an alignment is accepted on either axis, so one mistake is reported once).
    /// What a workspace file declares for every file below it (`inherit`).
    var inherited = InheritedDeclarations()
    var alignmentAxes: [String: Axis?] = [:]
    var alignmentOrder: [String] = []
    /// The run's imports (nil when the text has no file path: it cannot import).
    let session: ImportSession?
    /// This file's canonical path and the directory its imports are relative to.
    let filePath: String?
    let importDirectory: String?
    /// Where font files are found (nil: the text has no file, so it names none).
    var fontFiles: FontFileSource?
    /// Validating an imported file: only its components count (no body, no viewports).
    let isLibrary: Bool
    /// The component names this file can use (its own and imported), and its own components.
    let fileScope = ComponentScope()
    var localComponents: [ComponentDecl] = []
    /// The names component kind keys are looked up in where validation is (a body's file's,
    /// or an argument's).
    var scope: ComponentScope
    /// Expansions in progress, innermost last.
    var frames: [ExpansionFrame] = []
    /// The components whose bodies enclose the view being read: the frames' components, except
    /// that inside an argument it is the chain where the argument was written (a `Card` given
    /// as another `Card`'s slot content is not a cycle).
    var chain: [ComponentDecl] = []
    /// How many of them are template checks.
    var templateDepth = 0
    /// What template checks found that does not depend on arguments, reported at the end.
    var templateReports: [Diagnostic] = []
    /// While expanding a component's body: the instance, written in this file outside any
    /// body, whose model the views being built belong to (nil: views stand where written).
    var modelAnchor: SourceRange? = nil
    /// Views built from component bodies for the model, and for template checks.
    var expandedViews = 0
    var templateViews = 0
    var reportedExpansionLimit = false

    /// The import cycles this pass reported, with the canonical paths of the files in each (an
    /// importer reports a cycle through itself as the cycle, not as the other file's error).
    var importCycles: [(diagnostic: Diagnostic, paths: [String])] = []

    /// Every `id` met, with where; duplicates are reported once the tree is built.
    var ids: [(name: String, range: SourceRange)] = []
    var nextSerial = 0
    /// The views built so far; the document's `ViewStore` once the body is read.
    var views = ViewParts()
    var reportedDepth = false
    /// The keys suggested for an unknown key in each place a view can be, computed once per run
    /// when needed.
    var allowedKeys: [ViewKeys.Place: [String]] = [:]
    /// The view keys of the schema, indexed.
    let viewKeys = ViewKeyTable.shared
    /// The keys of the modifiers' mappings, indexed.
    let modifierKeys = ModifierKeys.shared

    /// After a syntax error: the nodes that were still open where parsing stopped (the last
    /// child at every level). What they lack may have come after the error, so nothing is
    /// reported missing from them, and the null values the YAML stage gave their last keys are
    /// left out.
    let cutNodes: Set<YAMLNode.ID>
    /// Serials of the containers cut short by a syntax error or read as a guessed kind (`TatamiDocument.provisionalViews`).
    var provisionalViews: Set<Int> = []
    /// Serials of the views whose layout warnings a finding already explains (`TatamiDocument.explainedViews`).
    var explainedViews: Set<Int> = []
    /// Lists of a component body from which an empty slot was left out: a container built from
    /// one holds fewer views than its body as written, so it is provisional too.
    /// Held, not just named: a copy's identity is its store's address, which a later copy could
    /// take once this one is freed.
    var shortenedBySlots: [YAMLNode.ID: YAMLNode] = [:]

    /// `cutFrom`: the root of an incomplete parse, whose open nodes are marked cut.
    init(table: LineTable, cutFrom root: YAMLNode? = nil, sources: SourceSet? = nil, session: ImportSession? = nil,
         filePath: String? = nil, importDirectory: String? = nil, isLibrary: Bool = false) {
        self.table = table
        self.sources = sources ?? SourceSet(main: table)
        self.session = session
        self.filePath = filePath
        self.importDirectory = importDirectory
        self.isLibrary = isLibrary
        scope = fileScope
        cutNodes = root.map(Self.openNodes(from:)) ?? []
    }

    /// The nodes open at the point where an incomplete parse stopped.
    private static func openNodes(from root: YAMLNode) -> Set<YAMLNode.ID> {
        var nodes = Set<YAMLNode.ID>()
        var node: YAMLNode? = root
        var steps = 0
        while let n = node, steps < 10_000 {
            nodes.insert(n.id)
            switch n.content {
            case .mapping(let pairs): node = pairs.last?.value
            case .sequence(let items): node = items.last
            case .scalar: node = nil
            }
            steps += 1
        }
        return nodes
    }

    /// Whether `node` was cut off by a syntax error (see `cutNodes`).
    func isCut(_ node: YAMLNode) -> Bool {
        !cutNodes.isEmpty && cutNodes.contains(node.id)
    }

    // MARK: Reporting

    /// Ranges are kept as found (they may belong to an imported file until an expansion moves
    /// them to its instance); `Validator.validate` clamps them to the file at the end.
    func report(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                related: [RelatedLocation] = [], fixes: [FixIt] = []) {
        diagnostics.append(Diagnostic(code, message, at: range, related: related, fixes: fixes))
    }

    func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Changes the last diagnostic found so far that `matches` (nothing when none does).
    func amendLast(where matches: (Diagnostic) -> Bool, _ change: (inout Diagnostic) -> Void) {
        if let i = diagnostics.lastIndex(where: matches) { change(&diagnostics[i]) }
    }

    /// Takes the diagnostics found so far, leaving none (an expansion collects its own apart).
    func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    func restoreDiagnostics(_ saved: [Diagnostic]) {
        diagnostics = saved
    }

    /// Where a problem with a value is reported: the value itself, or its key when the value
    /// was left out (an omitted value has an empty range just after the colon).
    func range(of value: YAMLNode, key: YAMLNode?) -> SourceRange {
        if value.range.isEmpty, let key { return key.range }
        return value.range
    }

    /// A value's source text for messages, shortened when long.
    func snippet(_ node: YAMLNode) -> String {
        let text = node.scalar?.text ?? sources.text(node.range)
        let flat = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
    }

    /// `acceptsBool`: `true` or `false` would do here, so a YAML 1.1 boolean (`yes`, `off`) gets
    /// a hint and a fix to the boolean it meant.
    func reportWrongType(_ value: YAMLNode, key: YAMLNode?, expected: String, for name: String?, acceptsBool: Bool = false) {
        let target = name.map { " for \($0)" } ?? ""
        if acceptsBool, let meant = Self.yaml11Boolean(value), let s = value.scalar {
            let word = meant ? "true" : "false"
            let before = YAML11Resolver.kind(of: s.text) == .bool ? " (YAML 1.1 read it as `\(word)`)" : ""
            report(.wrongType,
                   "expected \(expected)\(target), found the string `\(s.text)`: YAML 1.2 reads `\(s.text)` as a string, not a boolean\(before); write `\(word)`",
                   at: range(of: value, key: key),
                   fixes: [FixIt(title: "replace with `\(word)`", range: s.valueRange, replacement: word)])
            return
        }
        report(.wrongType, "expected \(expected)\(target), found \(value.kindDescription)", at: range(of: value, key: key))
    }

    private struct SuggestionKey: Hashable {
        let word: String
        let candidates: [String]
    }

    private var suggestionCache: [SuggestionKey: [String]] = [:]

    /// `Suggestions.closestAll`, remembered: a file tends to repeat its mistakes.
    func closest(to word: String, in candidates: [String]) -> [String] {
        let key = SuggestionKey(word: word, candidates: candidates)
        if let known = suggestionCache[key] { return known }
        let found = Suggestions.closestAll(to: word, in: candidates)
        if suggestionCache.count < 10_000 { suggestionCache[key] = found }
        return found
    }

    /// `unknown-key`, with the closest of `candidates` as a suggestion and a fix that replaces it.
    /// `beside` is the mapping's pairs: a key it already holds is never suggested (the fix would
    /// make a duplicate key).
    func reportUnknownKey(_ key: YAMLNode, candidates: [String], context: String? = nil, beside pairs: YAMLPairs? = nil) {
        let name = key.keyText ?? sources.text(key.range)
        var message = "unknown key `\(name)`"
        if let context { message += " \(context)" }
        let usable = pairs.map { Self.absent(candidates, from: $0) } ?? candidates
        let (hint, fixes) = suggestionHint(name, in: usable, replacing: key.range)
        report(.unknownKey, message + hint, at: key.range, fixes: fixes)
    }

    /// `candidates` without the keys `pairs` holds: a suggestion must not name a key the mapping
    /// already has.
    static func absent(_ candidates: [String], from pairs: YAMLPairs) -> [String] {
        let present = Set(pairs.compactMap(\.key.keyText))
        guard candidates.contains(where: present.contains) else { return candidates }
        return candidates.filter { !present.contains($0) }
    }

    /// "; did you mean `x`?" with a fix replacing the value `node`, or `otherwise` when nothing
    /// is close. When several candidates are as close, each is named and offered as a fix (so
    /// none is applied without asking).
    func suggestionHint(_ word: String, in candidates: [String], _ node: YAMLNode,
                        otherwise: @autoclosure () -> String = "") -> (String, [FixIt]) {
        let suggestions = closest(to: word, in: candidates)
        guard !suggestions.isEmpty else { return (otherwise(), []) }
        return ("; did you mean \(Suggestions.alternatives(suggestions))?", suggestions.flatMap { replacementFix(node, with: $0) })
    }

    /// The same for a key (or any name at `range`): the fix replaces the range as written.
    func suggestionHint(_ word: String, in candidates: [String], replacing range: SourceRange) -> (String, [FixIt]) {
        let suggestions = closest(to: word, in: candidates)
        guard !suggestions.isEmpty else { return ("", []) }
        return ("; did you mean \(Suggestions.alternatives(suggestions))?",
                suggestions.map { FixIt(title: "replace with `\($0)`", range: range, replacement: $0) })
    }

    /// A fix replacing a plain scalar value with `suggestion` (quoted values keep their quotes).
    func replacementFix(_ value: YAMLNode, with suggestion: String) -> [FixIt] {
        guard let s = value.scalar, !s.valueRange.isEmpty else { return [] }
        return [FixIt(title: "replace with `\(suggestion)`", range: s.valueRange, replacement: suggestion)]
    }

    // MARK: Mappings

    /// A mapping's pairs without the later occurrences of a key (the YAML stage has reported
    /// them) and without non-scalar keys (reported here). Keys are the same when their UTF-8
    /// bytes are, as YAML compares scalars character by character: each key's bytes are hashed
    /// where they are stored and compared only on equal hashes. Up to `smallMapping` pairs the
    /// kept keys are scanned (nothing allocated); past it they are found by hash, so the check
    /// stays linear however many keys a mapping has.
    func uniquePairs(_ pairs: YAMLPairs) -> YAMLPairs {
        let small = pairs.count <= ValidationPass.smallMapping
        var byHash: [UInt64: [Int]] = [:]  // past `smallMapping`: the kept pairs by key hash
        return withUnsafeTemporaryAllocation(of: (hash: UInt64, index: Int).self, capacity: pairs.count) { kept in
            var count = 0
            for (i, p) in pairs.enumerated() {
                guard let h = p.key.scalarValueHash else {
                    report(.wrongType, "expected a key name, found \(p.key.kindDescription)", at: p.key.range)
                    continue
                }
                if isCut(p.value), case .null? = p.value.scalar?.resolved, p.value.range.isEmpty { continue }
                func same(_ j: Int) -> Bool { p.key.hasSameScalarValue(as: pairs[j].key) }
                let repeated = small
                    ? kept[0..<count].contains { $0.hash == h && same($0.index) }
                    : byHash[h]?.contains(where: same) ?? false
                if repeated { continue }
                kept[count] = (h, i)
                count += 1
                if !small { byHash[h, default: []].append(i) }
            }
            if count == pairs.count { return pairs }
            return YAMLPairs(kept[0..<count].map { pairs[$0.index] })
        }
    }

    /// Up to this many pairs, `uniquePairs` scans the keys kept so far instead of a hash table.
    static let smallMapping = 12

    /// Reads a mapping whose keys are `keys`: reports a non-mapping, unknown keys and missing
    /// required keys, and returns the known pairs.
    ///
    /// `owner` is the key the mapping is the value of, when there is one: missing required keys
    /// are reported there.
    func object(_ node: YAMLNode, owner: YAMLNode?, keys: ObjectKeys, name: @autoclosure () -> String,
                context: String? = nil) -> ObjectFields? {
        objectPairs(node, owner: owner, keys: keys, name: name(), context: context)
            .map { ObjectFields(keys: keys, mapping: $0) }
    }

    /// `object`, returning the pairs by key index.
    func objectPairs(_ node: YAMLNode, owner: YAMLNode?, keys: ObjectKeys, name: @autoclosure () -> String,
                     context: String? = nil) -> KeyedPairs? {
        guard let raw = node.pairs else {
            reportWrongType(node, key: owner, expected: "a mapping", for: name())
            return nil
        }
        let mapping = keyedPairs(raw, keys.index)
        if mapping.unknownCount != 0 {
            for i in mapping.pairs.indices where mapping.id(ofPairAt: i) == nil {
                reportUnknownKey(mapping.pairs[i].key, candidates: keys.names, context: context, beside: mapping.pairs)
            }
        }
        for id in keys.required where mapping[id] == nil {
            reportMissing(keys.specs[id].name, in: name(), node: node, owner: owner, pairs: mapping.pairs)
        }
        return mapping
    }

    /// `missing-required`: at the owner key, else the mapping's first key, else the mapping.
    func reportMissing(_ key: String, in name: String, node: YAMLNode, owner: YAMLNode?, pairs: YAMLPairs) {
        if isCut(node) { return }
        let at = owner?.range ?? pairs.first?.key.range ?? node.range
        report(.missingRequired, "\(name) is missing `\(key)`", at: at)
    }

    // MARK: Scalars

    /// A number within `bounds`; wrong types and values out of range are reported (nil).
    /// `infinity` is read as +∞ where the bounds allow it.
    func number(_ node: YAMLNode, key: YAMLNode?, bounds: NumberBounds, name: @autoclosure () -> String) -> Double? {
        if let v = node.numberValue, bounds.contains(v) { return v }
        guard let s = node.scalar else {
            reportWrongType(node, key: key, expected: bounds.isInteger ? "a whole number" : "a number", for: name())
            return nil
        }
        let v: Double
        switch s.resolved {
        case .int(let i): v = Double(i)
        case .float(let d): v = d
        case .string(let t) where s.style == .plain && (t == "infinity" || t == "+infinity" || t == "-infinity"):
            v = t.hasPrefix("-") ? -.infinity : .infinity
        default:
            reportWrongType(node, key: key, expected: bounds.isInteger ? "a whole number" : "a number", for: name())
            return nil
        }
        guard bounds.contains(v) else {
            report(.invalidValue, "\(name()) must be \(bounds.description); found \(snippet(node))", at: range(of: node, key: key))
            return nil
        }
        return v
    }

    func number(_ pair: YAMLPair?, spec: KeySpec) -> Double? {
        guard let pair, let bounds = spec.numberBounds else { return nil }
        return number(pair.value, key: pair.key, bounds: bounds, name: "`\(spec.name)`")
    }

    /// The number of a mapping's key `id`, nil when absent.
    func number(_ f: ObjectFields, _ id: Int) -> Double? {
        number(f.mapping, f.keys, id)
    }

    /// The number of the key `id` of a mapping with `keys`, nil when absent.
    func number(_ m: KeyedPairs, _ keys: ObjectKeys, _ id: Int) -> Double? {
        guard let pair = m[id], let bounds = keys.bounds[id] else { return nil }
        return number(pair.value, key: pair.key, bounds: bounds, name: "`\(keys.specs[id].name)`")
    }

    func bool(_ node: YAMLNode, key: YAMLNode?, name: @autoclosure () -> String) -> Bool? {
        if let b = node.boolValue { return b }
        reportWrongType(node, key: key, expected: "`true` or `false`", for: name(), acceptsBool: true)
        return nil
    }

    /// What a YAML 1.1 reader took for a boolean and YAML 1.2 reads as a string: `yes`, `no`,
    /// `on`, `off`, `y`, `n` (and `true`, `false` in a case 1.2 does not read), in any case, plain.
    /// The boolean it meant; nil for anything else.
    static func yaml11Boolean(_ node: YAMLNode) -> Bool? {
        guard let s = node.scalar, s.style == .plain, case .string(let text) = s.resolved, text.utf8.count <= 5 else { return nil }
        switch text.lowercased() {
        case "yes", "y", "on", "true": return true
        case "no", "n", "off", "false": return false
        default: return nil
        }
    }

    func bool(_ pair: YAMLPair?, name: String) -> Bool? {
        guard let pair else { return nil }
        return bool(pair.value, key: pair.key, name: "`\(name)`")
    }

    /// One of `words`: a non-string is `wrong-type`, another string `invalid-value` with a
    /// suggestion.
    func word(_ node: YAMLNode, key: YAMLNode?, words: [String], name: @autoclosure () -> String) -> String? {
        var list: String { words.map { "`\($0)`" }.joined(separator: ", ") }
        guard let s = node.scalar, case .string(let text) = s.resolved else {
            reportWrongType(node, key: key, expected: "one of \(list)", for: name())
            return nil
        }
        if words.contains(text) { return text }
        let (hint, fixes) = suggestionHint(text, in: words, node)
        report(.invalidValue, "\(name()) must be one of \(list); found `\(snippet(node))`" + hint,
               at: range(of: node, key: key), fixes: fixes)
        return nil
    }

    func word(_ pair: YAMLPair?, spec: KeySpec) -> String? {
        guard let pair, let words = spec.enumerationValues else { return nil }
        return word(pair.value, key: pair.key, words: words, name: "`\(spec.name)`")
    }

    /// The word of the key `id` of a mapping with `keys`, nil when absent.
    func word(_ m: KeyedPairs, _ keys: ObjectKeys, _ id: Int) -> String? {
        guard let pair = m[id], let words = keys.words[id] else { return nil }
        return word(pair.value, key: pair.key, words: words, name: "`\(keys.specs[id].name)`")
    }

    /// A string scalar (not a number, boolean or null).
    func string(_ node: YAMLNode, key: YAMLNode?, name: @autoclosure () -> String) -> String? {
        guard let s = node.scalar, case .string(let text) = s.resolved else {
            reportWrongType(node, key: key, expected: "a string", for: name())
            return nil
        }
        return text
    }
}
