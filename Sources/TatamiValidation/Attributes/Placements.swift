import TatamiModel
import TatamiBase
import TatamiYAML

/// `position` of a canvas child (docs/format.md §7.4.3).
extension ViewValidator {
    /// One placement, or a list of them.
    func placements(_ pair: YAMLPair, in x: ExpansionContext) -> [Placement] {
        let value = pair.value
        if value.pairs != nil {
            return placement(value, owner: pair.key, in: x).map { [$0] } ?? []
        }
        guard let items = value.items else {
            reportWrongType(value, key: pair.key, expected: "a placement or a list of placements", for: "`position`")
            return []
        }
        if items.isEmpty {
            report(.invalidValue, "`position` lists no placement; give at least one", at: value.range)
        }
        var result: [Placement] = []
        for item in items {
            guard item.pairs != nil else {
                reportWrongType(item, key: nil, expected: "a placement", for: nil)
                continue
            }
            if let p = placement(item, owner: nil, in: x) { result.append(p) }
        }
        return result
    }

    private func placement(_ node: YAMLNode, owner: YAMLNode?, in x: ExpansionContext) -> Placement? {
        guard let f = object(node, owner: owner, keys: .placement, name: "a placement") else { return nil }
        let ruleNames = Schema.placementRuleKeys.map(\.name)
        let expressionNames = Schema.placementExpressionKeys.map(\.name)
        // Each rule key is one way to place; the x/y/width/height keys together are another.
        var rules: [YAMLPair] = []
        var expressionKeys: [YAMLPair] = []
        for p in f.order {
            let k = p.key.keyText ?? ""
            if ruleNames.contains(k) {
                rules.append(p)
            } else if expressionNames.contains(k) {
                if expressionKeys.isEmpty { rules.append(p) }
                expressionKeys.append(p)
            }
        }
        guard let chosen = rules.first else {
            if isCut(node) { return nil }
            let at = owner?.range ?? f.order.first?.key.range ?? node.range
            report(.missingRequired, "a placement needs `absolute`, `relative`, `insets`, `anchor`, or `x`, `y`, `width` and `height`",
                   at: at)
            return nil
        }
        for other in rules.dropFirst() {
            let a = ruleLabel(chosen), b = ruleLabel(other)
            report(.conflictingKeys, "a placement has one rule; \(b) conflicts with \(a)",
                   at: other.key.range, related: [RelatedLocation(range: chosen.key.range, message: "\(a) here")])
        }
        let condition = f["when"].flatMap {
            expression($0.value, key: $0.key, names: Schema.conditionNames, expected: .boolean, what: "`when`", in: x)
        }
        let rule: PlacementRule?
        switch chosen.key.keyText ?? "" {
        case "absolute", "relative":
            let name = chosen.key.keyText ?? ""
            rule = rectangle(chosen).map { r in
                name == "absolute"
                    ? .absolute(x: r[0], y: r[1], width: r[2], height: r[3])
                    : .relative(x: r[0], y: r[1], width: r[2], height: r[3])
            }
        case "insets":
            rule = f["insets"].map { .insets(edgeInsets($0, keys: .insets)) }
        case "anchor":
            rule = anchor(chosen)
        default:
            rule = expressionRule(f, node: node, owner: owner, present: expressionKeys, in: x)
        }
        guard let rule else { return nil }
        return Placement(rule: rule, condition: condition, range: x.modelRange(node.range))
    }

    private func ruleLabel(_ pair: YAMLPair) -> String {
        let k = pair.key.keyText ?? ""
        return Schema.placementExpressionKeys.contains { $0.name == k } ? "`{x, y, width, height}`" : "`\(k)`"
    }

    /// `[x, y, width, height]`.
    private func rectangle(_ pair: YAMLPair) -> [Double]? {
        let name = pair.key.keyText ?? ""
        guard let items = pair.value.items else {
            reportWrongType(pair.value, key: pair.key, expected: "`[x, y, width, height]`", for: "`\(name)`")
            return nil
        }
        guard items.count == 4 else {
            report(.invalidValue, "`\(name)` needs four numbers, `[x, y, width, height]`; found \(items.count)", at: pair.value.range)
            return nil
        }
        let labels = ["x", "y", "width", "height"]
        var values: [Double] = []
        var ok = true
        for (i, item) in items.enumerated() {
            let bounds: NumberBounds = i < 2 ? .signedLength : .length
            if let v = number(item, key: nil, bounds: bounds, name: "the \(labels[i]) in `\(name)`") { values.append(v) } else { ok = false }
        }
        return ok ? values : nil
    }

    private func anchor(_ pair: YAMLPair) -> PlacementRule? {
        guard let f = object(pair.value, owner: pair.key, keys: .anchor, name: "`anchor`") else { return nil }
        var from: Alignment2D? = nil
        if let p = f["from"], let name = alignmentName(p, set: .nine, owner: "`from`") { from = Alignment2D(name: name) }
        let x = number(f["x"], spec: f.spec("x")) ?? 0
        let y = number(f["y"], spec: f.spec("y")) ?? 0
        let w = number(f["width"], spec: f.spec("width")), h = number(f["height"], spec: f.spec("height"))
        guard let from, let w, let h else { return nil }
        return .anchor(from: from, x: x, y: y, width: w, height: h)
    }

    /// `{x, y, width, height}`, each a number or an expression over the canvas's size.
    private func expressionRule(_ f: ObjectFields, node: YAMLNode, owner: YAMLNode?, present: [YAMLPair],
                                in x: ExpansionContext) -> PlacementRule? {
        var values: [String: Expression] = [:]
        var complete = true
        for spec in Schema.placementExpressionKeys {
            guard let p = f[spec.name] else {
                complete = false
                if isCut(node) { continue }
                let at = owner?.range ?? f.order.first?.key.range ?? node.range
                report(.missingRequired, "a `{x, y, width, height}` placement is missing `\(spec.name)`", at: at)
                continue
            }
            if let e = expression(p.value, key: p.key, names: Schema.placementNames, expected: .number, what: "`\(spec.name)`", in: x) {
                values[spec.name] = e
            } else {
                complete = false
            }
        }
        guard complete, let x = values["x"], let y = values["y"], let w = values["width"], let h = values["height"] else { return nil }
        return .expressions(x: x, y: y, width: w, height: h)
    }
}
