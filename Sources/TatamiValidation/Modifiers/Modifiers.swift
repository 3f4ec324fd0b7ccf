import TatamiModel
import TatamiBase
import TatamiYAML

/// The wrapping modifiers of docs/format.md §6 and §6.1.
extension ViewValidator {
    /// Modifiers written as keys beside the kind key, in the fixed order they apply.
    /// `written` gets the modifiers' order as written, when it differs.
    func directModifiers(_ fields: ViewFields, context: ViewContext, written: inout WrittenModifierOrder?,
                         in x: ExpansionContext, into out: inout ViewResults) -> [ModifierRecord] {
        let table = viewKeys
        var result: [ModifierRecord] = []
        // The keys' ranges, listed once a second modifier comes (most views have one at most:
        // nothing is allocated for them but the one modifier).
        var firstKey = SourceRange(start: 0, end: 0)
        var keys: [SourceRange] = []
        for n in table.modifierIDs.indices {
            if let pair = fields[table.modifierIDs[n]],
               let m = modifier(table.modifierNames[n], name: table.modifierKeyNames[n], bounds: table.modifierBounds[n],
                                pair, context: context, in: x, into: &out) {
                if result.isEmpty {
                    result = [m]
                    firstKey = pair.key.range
                } else {
                    if keys.isEmpty { keys.append(firstKey) }
                    result.append(m)
                    keys.append(pair.key.range)
                }
            }
        }
        if keys.count > 1, zip(keys, keys.dropFirst()).contains(where: { $0.start > $1.start }) {
            let order = keys.indices.sorted { keys[$0].start < keys[$1].start }
            written = WrittenModifierOrder(order: order, keys: order.map { keys[$0] })
        }
        return result
    }

    /// `modifiers: [{padding: 8}, {frame: {...}}]`: applied first to last, outside the direct ones.
    func modifierList(_ pair: YAMLPair, context: ViewContext, in x: ExpansionContext,
                      into out: inout ViewResults) -> [ModifierRecord] {
        if case .null? = pair.value.scalar?.resolved { return [] }
        guard let items = pair.value.items else {
            reportWrongType(pair.value, key: pair.key, expected: "a list of modifiers such as `[{padding: 8}]`", for: "`modifiers`")
            return []
        }
        let names = Self.modifierNames
        var result: [ModifierRecord] = []
        for item in items {
            guard let raw = item.pairs else {
                reportWrongType(item, key: nil, expected: "a mapping with one modifier, such as `{padding: 8}`", for: nil)
                continue
            }
            let pairs = uniquePairs(raw)
            guard let first = pairs.first else {
                report(.invalidValue, "an item of `modifiers` needs one modifier, such as `{padding: 8}`", at: item.range)
                continue
            }
            for extra in pairs.dropFirst() {
                report(.invalidValue, "an item of `modifiers` holds one modifier; put `\(extra.key.keyText ?? "")` in an item of its own",
                       at: extra.key.range)
            }
            let k = first.key.keyText ?? ""
            if let spec = Schema.modifiers.first(where: { $0.name == k }) {
                if let m = modifier(ModifierName(spec.name), name: spec.name, bounds: spec.numberBounds, first, context: context,
                                   in: x, into: &out) {
                    result.append(m)
                }
            } else if ViewKeys.anywhere.contains(k) || Schema.kind(named: k) != nil {
                report(.misplacedKey, "`\(k)` is not a modifier; `modifiers` lists only " + names.map { "`\($0)`" }.joined(separator: ", "),
                       at: first.key.range)
            } else {
                reportUnknownKey(first.key, candidates: names)
            }
        }
        return result
    }

    private static let modifierNames = Schema.modifiers.map(\.name)

    /// The modifier `pair` writes; `name` and `bounds` are its key's name and number bounds.
    private func modifier(_ which: ModifierName, name: String, bounds: NumberBounds?, _ pair: YAMLPair,
                          context: ViewContext, in x: ExpansionContext, into out: inout ViewResults) -> ModifierRecord? {
        switch which {
        case .fixedSize: return fixedSize(pair).map { .modifier($0) }
        case .aspectRatio: return aspectRatio(pair, bounds: bounds).map { .modifier($0) }
        case .frame: return frame(pair).map { .modifier(.frame($0)) }
        case .padding: return padding(pair, bounds: bounds).map { .modifier($0) }
        case .background, .overlay:
            guard let built = view(pair.value, key: pair.key, context: context.decoration(name), in: x, into: &out) else { return nil }
            return which == .background
                ? .background(built.node, alignment: built.placement)
                : .overlay(built.node, alignment: built.placement)
        case .other:
            // A modifier the schema table makes from its checked value.
            guard let generic = PreparedShape.modifiers[name],
                  let value = schemaValue(pair.value, key: pair.key, shape: generic.shape, name: "`\(name)`") else { return nil }
            return generic.build(value).map { .modifier($0) }
        }
    }

    /// A `true`/`false`/mapping value's kind; reports other types.
    private enum BoolOrMapping { case bool(Bool), mapping, number(Double?) }

    /// `acceptsBool`: whether `true` or `false` is one of the values (not for `aspectRatio`).
    private func boolOrMapping(_ pair: YAMLPair, expected: String, numberBounds: NumberBounds? = nil,
                               acceptsBool: Bool = true) -> BoolOrMapping? {
        let value = pair.value
        if value.pairs != nil { return .mapping }
        switch value.scalar?.resolved {
        case .bool(let b)?: return .bool(b)
        case .int?, .float?:
            if let bounds = numberBounds {
                return .number(number(value, key: pair.key, bounds: bounds, name: "`\(pair.key.keyText ?? "")`"))
            }
        case .string(let t)? where numberBounds != nil && (t == "infinity" || t == "+infinity" || t == "-infinity"):
            return .number(number(value, key: pair.key, bounds: numberBounds!, name: "`\(pair.key.keyText ?? "")`"))
        default: break
        }
        reportWrongType(value, key: pair.key, expected: expected, for: "`\(pair.key.keyText ?? "")`", acceptsBool: acceptsBool)
        return nil
    }

    private func fixedSize(_ pair: YAMLPair) -> Modifier? {
        switch boolOrMapping(pair, expected: "`true`, `false` or `{horizontal, vertical}`") {
        case .bool(let b)?:
            return b ? .fixedSize(horizontal: true, vertical: true) : nil
        case .mapping?:
            let k = modifierKeys
            guard let f = objectPairs(pair.value, owner: pair.key, keys: k.fixedSize, name: "`fixedSize`") else { return nil }
            let h = bool(f[k.horizontal], name: "horizontal") ?? false
            let v = bool(f[k.vertical], name: "vertical") ?? false
            return h || v ? .fixedSize(horizontal: h, vertical: v) : nil
        default:
            return nil
        }
    }

    private func aspectRatio(_ pair: YAMLPair, bounds: NumberBounds?) -> Modifier? {
        switch boolOrMapping(pair, expected: "a number or `{ratio, contentMode}`", numberBounds: bounds, acceptsBool: false) {
        case .number(let ratio)?:
            return ratio.map { .aspectRatio(ratio: $0, contentMode: .fit) }
        case .mapping?:
            let k = modifierKeys
            guard let f = objectPairs(pair.value, owner: pair.key, keys: k.aspectRatio, name: "`aspectRatio`") else { return nil }
            let ratio = number(f, k.aspectRatio, k.ratio)
            let mode = word(f, k.aspectRatio, k.contentMode).flatMap(ContentMode.init(rawValue:)) ?? .fit
            if f[k.ratio] != nil && ratio == nil { return nil }
            return .aspectRatio(ratio: ratio, contentMode: mode)
        case .bool?:
            reportWrongType(pair.value, key: pair.key, expected: "a number or `{ratio, contentMode}`", for: "`aspectRatio`")
            return nil
        case nil:
            return nil
        }
    }

    private func padding(_ pair: YAMLPair, bounds: NumberBounds?) -> Modifier? {
        switch boolOrMapping(pair, expected: "`true`, a number or `{top, bottom, leading, trailing, horizontal, vertical}`",
                             numberBounds: bounds) {
        case .bool(let b)?:
            return b ? .padding(EdgeInsets(all: 16)) : nil
        case .number(let v)?:
            return v.map { .padding(EdgeInsets(all: $0)) }
        case .mapping?:
            let k = modifierKeys
            let keys = k.padding
            guard let f = objectPairs(pair.value, owner: pair.key, keys: keys, name: "`padding`") else { return nil }
            let horizontal = number(f, keys, k.paddingHorizontal), vertical = number(f, keys, k.paddingVertical)
            // An edge key wins over `horizontal` / `vertical`.
            let insets = EdgeInsets(
                top: number(f, keys, k.top) ?? vertical ?? 0, leading: number(f, keys, k.leading) ?? horizontal ?? 0,
                bottom: number(f, keys, k.bottom) ?? vertical ?? 0, trailing: number(f, keys, k.trailing) ?? horizontal ?? 0)
            return .padding(insets)
        case nil:
            return nil
        }
    }
}
