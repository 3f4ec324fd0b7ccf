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

/// What every part of validation reads values with: a mapping's keys against a schema table,
/// numbers within bounds, words of a vocabulary, strings, booleans, and the reports (with
/// suggestions and fixes) when a value is not what the schema says.
///
/// Every check reports and carries on with a default, so one run finds as many problems as it
/// can and builds as much of the model as it can. The declarations of a file
/// (`DeclarationReader`) and its views (`ViewValidator`) are read with the same checks.
protocol ValueChecking: AnyObject {
    /// The text being read.
    var source: ValidationSource { get }
    /// Where findings go.
    var sink: DiagnosticSink { get }
    var suggestions: SuggestionCache { get }
}

extension ValueChecking {
    // MARK: Reporting

    @inline(__always)
    func isCut(_ node: YAMLNode) -> Bool {
        source.isCut(node)
    }

    func report(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                related: [RelatedLocation] = [], fixes: [FixIt] = []) {
        sink.report(code, message, at: range, related: related, fixes: fixes)
    }

    func append(_ diagnostic: Diagnostic) {
        sink.append(diagnostic)
    }

    /// Where a problem with a value is reported: the value itself, or its key when the value
    /// was left out (an omitted value has an empty range just after the colon).
    func range(of value: YAMLNode, key: YAMLNode?) -> SourceRange {
        if value.range.isEmpty, let key { return key.range }
        return value.range
    }

    /// A value's source text for messages, shortened when long.
    func snippet(_ node: YAMLNode) -> String {
        let text = node.scalar?.text ?? source.sources.text(node.range)
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
                   "expected \(expected)\(target), found the string `\(s.text)`: YAML 1.2 reads `\(s.text)` as a string, "
                       + "not a boolean\(before); write `\(word)`",
                   at: range(of: value, key: key),
                   fixes: [FixIt(title: "replace with `\(word)`", range: s.valueRange, replacement: word)])
            return
        }
        report(.wrongType, "expected \(expected)\(target), found \(value.kindDescription)", at: range(of: value, key: key))
    }

    /// `Suggestions.closestAll`, remembered for the run.
    func closest(to word: String, in candidates: [String]) -> [String] {
        suggestions.closest(to: word, in: candidates)
    }

    /// `unknown-key`, with the closest of `candidates` as a suggestion and a fix that replaces it.
    /// `beside` is the mapping's pairs: a key it already holds is never suggested (the fix would
    /// make a duplicate key).
    func reportUnknownKey(_ key: YAMLNode, candidates: [String], context: String? = nil, beside pairs: YAMLPairs? = nil) {
        let name = key.keyText ?? source.sources.text(key.range)
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
        let small = pairs.count <= Self.smallMapping
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
            return pairs.keeping(kept[0..<count].lazy.map(\.index))
        }
    }

    /// Up to this many pairs, `uniquePairs` scans the keys kept so far instead of a hash table.
    static var smallMapping: Int { 12 }

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
        guard let i = m.pairIndex(of: id), let bounds = keys.bounds[id] else { return nil }
        // A number within bounds, read in place; anything else is read (and reported) as a pair.
        if let v = m.pairs.valueNumber(at: i), bounds.contains(v) { return v }
        let pair = m.pairs[i]
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

    /// `{top, bottom, leading, trailing}`, each defaulting to 0.
    func edgeInsets(_ pair: YAMLPair, keys: ObjectKeys) -> EdgeInsets {
        guard let f = object(pair.value, owner: pair.key, keys: keys, name: "`\(pair.key.keyText ?? "")`") else { return .zero }
        var insets = EdgeInsets.zero
        if let v = number(f["top"], spec: f.spec("top")) { insets.top = v }
        if let v = number(f["bottom"], spec: f.spec("bottom")) { insets.bottom = v }
        if let v = number(f["leading"], spec: f.spec("leading")) { insets.leading = v }
        if let v = number(f["trailing"], spec: f.spec("trailing")) { insets.trailing = v }
        return insets
    }
}
