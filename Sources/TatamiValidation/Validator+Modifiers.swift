import TatamiModel
import TatamiBase
import TatamiYAML

/// The wrapping modifiers of docs/format.md §6 and §6.1.
extension ValidationPass {
    /// Modifiers written as keys beside the kind key, in the fixed order they apply.
    /// `written` gets the modifiers' order as written, when it differs.
    func directModifiers(_ fields: ViewFields, context: ViewContext, written: inout WrittenModifierOrder?) -> [ModifierRecord] {
        let table = viewKeys
        var result: [ModifierRecord] = []
        var keys: [SourceRange] = []
        for n in table.modifierIDs.indices {
            if let pair = fields[table.modifierIDs[n]],
               let m = modifier(table.modifierNames[n], name: table.modifierKeyNames[n], bounds: table.modifierBounds[n],
                                pair, context: context) {
                // Most views have one modifier at most: allocate for that one alone.
                if result.isEmpty { result = [m] } else { result.append(m) }
                keys.append(pair.key.range)
            }
        }
        if keys.count > 1, zip(keys, keys.dropFirst()).contains(where: { $0.start > $1.start }) {
            let order = keys.indices.sorted { keys[$0].start < keys[$1].start }
            written = WrittenModifierOrder(order: order, keys: order.map { keys[$0] })
        }
        return result
    }

    /// `modifiers: [{padding: 8}, {frame: {...}}]`: applied first to last, outside the direct ones.
    func modifierList(_ pair: YAMLPair, context: ViewContext) -> [ModifierRecord] {
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
                if let m = modifier(ModifierName(spec.name), name: spec.name, bounds: spec.numberBounds, first, context: context) {
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
                          context: ViewContext) -> ModifierRecord? {
        switch which {
        case .fixedSize: return fixedSize(pair).map { .modifier($0) }
        case .aspectRatio: return aspectRatio(pair, bounds: bounds).map { .modifier($0) }
        case .frame: return frame(pair).map { .modifier(.frame($0)) }
        case .padding: return padding(pair, bounds: bounds).map { .modifier($0) }
        case .background, .overlay:
            guard let built = view(pair.value, key: pair.key, context: context.decoration(name)) else { return nil }
            return which == .background
                ? .background(built.node, alignment: built.placement)
                : .overlay(built.node, alignment: built.placement)
        case .border: return border(pair).map { .modifier($0) }
        case .offset: return offset(pair).map { .modifier($0) }
        case .other: return nil
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

    private func border(_ pair: YAMLPair) -> Modifier? {
        switch boolOrMapping(pair, expected: "`true`, `false` or `{style}`") {
        case .bool(let b)?:
            return b ? .border(.single) : nil
        case .mapping?:
            let k = modifierKeys
            guard let f = objectPairs(pair.value, owner: pair.key, keys: k.border, name: "`border`") else { return nil }
            let style = word(f, k.border, k.style).flatMap(BorderStyle.init(rawValue:)) ?? .single
            return .border(style)
        default:
            return nil
        }
    }

    private func offset(_ pair: YAMLPair) -> Modifier? {
        let k = modifierKeys
        guard let f = objectPairs(pair.value, owner: pair.key, keys: k.offset, name: "`offset`") else { return nil }
        let x = number(f, k.offset, k.x) ?? 0
        let y = number(f, k.offset, k.y) ?? 0
        return .offset(x: x, y: y)
    }

    // MARK: Frame

    func frame(_ pair: YAMLPair) -> FrameSpec? {
        let k = modifierKeys
        guard let f = objectPairs(pair.value, owner: pair.key, keys: k.frame, name: "`frame`") else { return nil }
        // The first size key decides the frame's kind; keys of the other kind conflict with it.
        var first: YAMLPair? = nil
        var firstIsFixed = false
        var used = KeySet()
        let pairs = f.pairs
        for i in pairs.indices {
            guard let id = f.id(ofPairAt: i) else { continue }
            guard k.frameFixed.contains(id) || k.frameFlexible.contains(id) else { continue }
            let p = pairs[i]
            let isFixed = k.frameFixed.contains(id)
            if let first, firstIsFixed != isFixed {
                let firstName = first.key.keyText ?? "", name = p.key.keyText ?? ""
                let (fixed, flexible) = isFixed ? (name, firstName) : (firstName, name)
                report(.conflictingKeys,
                       "a frame is either fixed or flexible: `\(fixed)` makes it fixed and `\(flexible)` flexible",
                       at: p.key.range, related: [RelatedLocation(range: first.key.range, message: "`\(firstName)` here")])
                continue
            }
            if first == nil {
                first = p
                firstIsFixed = isFixed
            }
            used.insert(id)
        }
        var alignment = Alignment2D.center
        if let p = f[k.frameAlignment], let name = alignmentName(p, set: .nine, owner: "a frame") {
            alignment = Alignment2D(name: name) ?? .center
        }
        if first != nil && !firstIsFixed {
            var flex = FlexibleFrame(
                minWidth: frameValue(f, used, k.minWidth), idealWidth: frameValue(f, used, k.idealWidth),
                maxWidth: frameValue(f, used, k.maxWidth), minHeight: frameValue(f, used, k.minHeight),
                idealHeight: frameValue(f, used, k.idealHeight), maxHeight: frameValue(f, used, k.maxHeight))
            if let lo = flex.minWidth, let hi = flex.maxWidth, lo > hi, let a = f[k.minWidth], let b = f[k.maxWidth] {
                reportMinExceedsMax(a, b, lo, hi)
                flex.maxWidth = nil
            }
            if let lo = flex.minHeight, let hi = flex.maxHeight, lo > hi, let a = f[k.minHeight], let b = f[k.maxHeight] {
                reportMinExceedsMax(a, b, lo, hi)
                flex.maxHeight = nil
            }
            return .flexible(flex, alignment: alignment)
        }
        return .fixed(width: frameValue(f, used, k.width), height: frameValue(f, used, k.height), alignment: alignment)
    }

    /// The number of a frame's size key `id`, when it is among the keys `used`.
    private func frameValue(_ f: KeyedPairs, _ used: KeySet, _ id: Int) -> Double? {
        used.contains(id) ? number(f, modifierKeys.frame, id) : nil
    }
}

/// The modifiers, by what the validator does with them.
enum ModifierName: String {
    case fixedSize, aspectRatio, frame, padding, background, overlay, border, offset, other

    init(_ name: String) {
        self = ModifierName(rawValue: name) ?? .other
    }
}

/// The keys of the modifiers' mappings, with the indexes of those read by name.
final class ModifierKeys: Sendable {
    static let shared = ModifierKeys()

    let fixedSize = ObjectKeys.fixedSize
    let aspectRatio = ObjectKeys.aspectRatio
    let padding = ObjectKeys.padding
    let border = ObjectKeys.border
    let offset = ObjectKeys.offset
    let frame = ObjectKeys.frame

    let horizontal, vertical: Int
    let ratio, contentMode: Int
    let top, bottom, leading, trailing, paddingHorizontal, paddingVertical: Int
    let style: Int
    let x, y: Int
    /// A fixed frame's size keys, and a flexible frame's bound keys.
    let frameFixed, frameFlexible: KeySet
    let width, height, minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight, frameAlignment: Int

    private init() {
        horizontal = fixedSize.id("horizontal")
        vertical = fixedSize.id("vertical")
        ratio = aspectRatio.id("ratio")
        contentMode = aspectRatio.id("contentMode")
        top = padding.id("top")
        bottom = padding.id("bottom")
        leading = padding.id("leading")
        trailing = padding.id("trailing")
        paddingHorizontal = padding.id("horizontal")
        paddingVertical = padding.id("vertical")
        style = border.id("style")
        x = offset.id("x")
        y = offset.id("y")
        frameFixed = frame.mask(Schema.frameFixedKeys.map(\.name))
        frameFlexible = frame.mask(Schema.frameFlexibleKeys.map(\.name))
        width = frame.id("width")
        height = frame.id("height")
        minWidth = frame.id("minWidth")
        idealWidth = frame.id("idealWidth")
        maxWidth = frame.id("maxWidth")
        minHeight = frame.id("minHeight")
        idealHeight = frame.id("idealHeight")
        maxHeight = frame.id("maxHeight")
        frameAlignment = frame.id("alignment")
    }
}
