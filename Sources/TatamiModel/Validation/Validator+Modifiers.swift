import TatamiBase
import TatamiYAML

/// The wrapping modifiers of FORMAT.md §6 and §6.1.
extension ValidationPass {
    /// Modifiers written as keys beside the kind key, in the fixed order they apply.
    func directModifiers(_ fields: [String: YAMLPair], context: ViewContext) -> [Modifier] {
        var result: [Modifier] = []
        for spec in Schema.modifiers {
            if let pair = fields[spec.name], let m = modifier(spec, pair, context: context) { result.append(m) }
        }
        return result
    }

    /// `modifiers: [{padding: 8}, {frame: {...}}]`: applied first to last, outside the direct ones.
    func modifierList(_ pair: YAMLPair, context: ViewContext) -> [Modifier] {
        if case .null? = pair.value.scalar?.resolved { return [] }
        guard let items = pair.value.items else {
            reportWrongType(pair.value, key: pair.key, expected: "a list of modifiers such as `[{padding: 8}]`", for: "`modifiers`")
            return []
        }
        let names = Schema.modifiers.map(\.name)
        var result: [Modifier] = []
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
                if let m = modifier(spec, first, context: context) { result.append(m) }
            } else if ViewKeys.anywhere.contains(k) || Schema.kind(named: k) != nil {
                report(.misplacedKey, "`\(k)` is not a modifier; `modifiers` lists only " + names.map { "`\($0)`" }.joined(separator: ", "),
                       at: first.key.range)
            } else {
                reportUnknownKey(first.key, candidates: names)
            }
        }
        return result
    }

    private func modifier(_ spec: KeySpec, _ pair: YAMLPair, context: ViewContext) -> Modifier? {
        switch spec.name {
        case "fixedSize": return fixedSize(pair)
        case "aspectRatio": return aspectRatio(pair, spec: spec)
        case "frame": return frame(pair).map { .frame($0) }
        case "padding": return padding(pair, spec: spec)
        case "background", "overlay":
            guard let built = view(pair.value, key: pair.key, context: context.decoration(spec.name)) else { return nil }
            return spec.name == "background"
                ? .background(built.node, alignment: built.placement)
                : .overlay(built.node, alignment: built.placement)
        case "border": return border(pair)
        case "offset": return offset(pair)
        default: return nil
        }
    }

    /// A `true`/`false`/mapping value's kind; reports other types.
    private enum BoolOrMapping { case bool(Bool), mapping, number(Double?) }

    private func boolOrMapping(_ pair: YAMLPair, expected: String, numberBounds: NumberBounds? = nil) -> BoolOrMapping? {
        let value = pair.value
        if value.pairs != nil { return .mapping }
        switch value.scalar?.resolved {
        case .bool(let b)?: return .bool(b)
        case .int?, .float?:
            if let bounds = numberBounds {
                return .number(number(value, key: pair.key, bounds: bounds, name: "`\(pair.key.keyText ?? "")`"))
            }
        case .string(let t)? where numberBounds != nil && ["infinity", "+infinity", "-infinity"].contains(t):
            return .number(number(value, key: pair.key, bounds: numberBounds!, name: "`\(pair.key.keyText ?? "")`"))
        default: break
        }
        reportWrongType(value, key: pair.key, expected: expected, for: "`\(pair.key.keyText ?? "")`")
        return nil
    }

    private func fixedSize(_ pair: YAMLPair) -> Modifier? {
        switch boolOrMapping(pair, expected: "`true`, `false` or `{horizontal, vertical}`") {
        case .bool(let b)?:
            return b ? .fixedSize(horizontal: true, vertical: true) : nil
        case .mapping?:
            guard let f = object(pair.value, owner: pair.key, specs: Schema.fixedSizeKeys, name: "`fixedSize`") else { return nil }
            let h = bool(f["horizontal"], name: "horizontal") ?? false
            let v = bool(f["vertical"], name: "vertical") ?? false
            return h || v ? .fixedSize(horizontal: h, vertical: v) : nil
        default:
            return nil
        }
    }

    private func aspectRatio(_ pair: YAMLPair, spec: KeySpec) -> Modifier? {
        switch boolOrMapping(pair, expected: "a number or `{ratio, contentMode}`", numberBounds: spec.numberBounds) {
        case .number(let ratio)?:
            return ratio.map { .aspectRatio(ratio: $0, contentMode: .fit) }
        case .mapping?:
            guard let f = object(pair.value, owner: pair.key, specs: Schema.aspectRatioKeys, name: "`aspectRatio`") else { return nil }
            let ratio = number(f["ratio"], spec: f.spec("ratio"))
            let mode = word(f["contentMode"], spec: f.spec("contentMode")).flatMap(ContentMode.init(rawValue:)) ?? .fit
            if f["ratio"] != nil && ratio == nil { return nil }
            return .aspectRatio(ratio: ratio, contentMode: mode)
        case .bool?:
            reportWrongType(pair.value, key: pair.key, expected: "a number or `{ratio, contentMode}`", for: "`aspectRatio`")
            return nil
        case nil:
            return nil
        }
    }

    private func padding(_ pair: YAMLPair, spec: KeySpec) -> Modifier? {
        switch boolOrMapping(pair, expected: "`true`, a number or `{top, bottom, leading, trailing, horizontal, vertical}`",
                             numberBounds: spec.numberBounds) {
        case .bool(let b)?:
            return b ? .padding(EdgeInsets(all: 16)) : nil
        case .number(let v)?:
            return v.map { .padding(EdgeInsets(all: $0)) }
        case .mapping?:
            guard let f = object(pair.value, owner: pair.key, specs: Schema.paddingKeys, name: "`padding`") else { return nil }
            func edge(_ name: String) -> Double? { number(f[name], spec: f.spec(name)) }
            let horizontal = edge("horizontal"), vertical = edge("vertical")
            // An edge key wins over `horizontal` / `vertical`.
            let insets = EdgeInsets(
                top: edge("top") ?? vertical ?? 0, leading: edge("leading") ?? horizontal ?? 0,
                bottom: edge("bottom") ?? vertical ?? 0, trailing: edge("trailing") ?? horizontal ?? 0)
            return .padding(insets)
        case nil:
            return nil
        }
    }

    private func border(_ pair: YAMLPair) -> Modifier? {
        switch boolOrMapping(pair, expected: "`true`, `false` or `{style}`") {
        case .bool(let b)?:
            return b ? .border(.single) : nil
        case .mapping?:
            guard let f = object(pair.value, owner: pair.key, specs: Schema.borderKeys, name: "`border`") else { return nil }
            let style = word(f["style"], spec: f.spec("style")).flatMap(BorderStyle.init(rawValue:)) ?? .single
            return .border(style)
        default:
            return nil
        }
    }

    private func offset(_ pair: YAMLPair) -> Modifier? {
        guard let f = object(pair.value, owner: pair.key, specs: Schema.offsetKeys, name: "`offset`") else { return nil }
        let x = number(f["x"], spec: f.spec("x")) ?? 0
        let y = number(f["y"], spec: f.spec("y")) ?? 0
        return .offset(x: x, y: y)
    }

    // MARK: Frame

    func frame(_ pair: YAMLPair) -> FrameSpec? {
        guard let f = object(pair.value, owner: pair.key, specs: Schema.frameKeys, name: "`frame`") else { return nil }
        let fixedNames = Set(Schema.frameFixedKeys.map(\.name))
        let flexibleNames = Set(Schema.frameFlexibleKeys.map(\.name))
        // The first size key decides the frame's kind; keys of the other kind conflict with it.
        var first: YAMLPair? = nil
        var used: [String: YAMLPair] = [:]
        for p in f.order {
            let k = p.key.keyText ?? ""
            guard fixedNames.contains(k) || flexibleNames.contains(k) else { continue }
            if let first, fixedNames.contains(first.key.keyText ?? "") != fixedNames.contains(k) {
                let firstName = first.key.keyText ?? ""
                let (fixed, flexible) = fixedNames.contains(k) ? (k, firstName) : (firstName, k)
                report(.conflictingKeys,
                       "a frame is either fixed or flexible: `\(fixed)` makes it fixed and `\(flexible)` flexible",
                       at: p.key.range, related: [RelatedLocation(range: first.key.range, message: "`\(firstName)` here")])
                continue
            }
            if first == nil { first = p }
            used[k] = p
        }
        var alignment = Alignment2D.center
        if let p = f["alignment"], let name = alignmentName(p, set: .nine, owner: "a frame") {
            alignment = Alignment2D(name: name) ?? .center
        }
        func value(_ name: String) -> Double? { number(used[name], spec: f.spec(name)) }
        if let first, flexibleNames.contains(first.key.keyText ?? "") {
            var flex = FlexibleFrame(
                minWidth: value("minWidth"), idealWidth: value("idealWidth"), maxWidth: value("maxWidth"),
                minHeight: value("minHeight"), idealHeight: value("idealHeight"), maxHeight: value("maxHeight"))
            if let lo = flex.minWidth, let hi = flex.maxWidth, lo > hi, let a = used["minWidth"], let b = used["maxWidth"] {
                reportMinExceedsMax(a, b, lo, hi)
                flex.maxWidth = nil
            }
            if let lo = flex.minHeight, let hi = flex.maxHeight, lo > hi, let a = used["minHeight"], let b = used["maxHeight"] {
                reportMinExceedsMax(a, b, lo, hi)
                flex.maxHeight = nil
            }
            return .flexible(flex, alignment: alignment)
        }
        return .fixed(width: value("width"), height: value("height"), alignment: alignment)
    }
}
