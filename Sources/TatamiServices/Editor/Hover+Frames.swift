import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiYAML

// Hover's computed part: a view's frames in every viewport, and an expression's values.

extension AssistHoverText {
    // MARK: Views

    /// The innermost view at the cursor: its kind (and `doc` when given; `heading` false when
    /// `doc` names the view itself), then its frames in every viewport. `range` nil: the
    /// view's own range.
    func view(doc: RichText?, range: SourceRange?, heading: Bool = true) -> HoverInfo? {
        guard let node = cursor.views.last else { return nil }
        let kindName = (cursor.viewKinds.last ?? nil) ?? (node.scalar != nil ? "text" : "view")
        let models = AssistFrames.views(at: node.range, in: document, scope: AssistScope(analysis))
        var text = RichText()
        if heading {
            var title: [RichText.Span] = [.strong(kindName)]
            if let id = models.first?.id { title += [.text(" · id "), .code(id)] }
            text.append(.paragraph(title))
        } else if let id = models.first?.id {
            text.append(.paragraph([.text("id "), .code(id)]))
        }
        if let doc { text.append(contentsOf: doc) }
        if let model = models.first, let order = modifierOrder(model) { text.append(order) }
        text.append(frames(node, models: models))
        if let font = fileFont(node) { text.append(font) }
        return HoverInfo(content: text, range: range ?? node.range)
    }

    /// For a text set in a font file: the file(s), size and line height it is measured with.
    private func fileFont(_ node: YAMLNode) -> RichText.Block? {
        for layout in analysis.layouts {
            for m in AssistFrames.matches(node.range, in: layout, scope: AssistScope(analysis)) {
                guard case .text(_, let font, _) = m.node.drawing, let file = font.file else { continue }
                var spans: [RichText.Span] = [.text("Set in ")]
                for (i, face) in file.faces.enumerated() {
                    if i == 1 { spans.append(.text(", falling back to ")) } else if i > 1 { spans.append(.text(", ")) }
                    spans.append(.code(face.displayName))
                }
                spans.append(.text(" at \(formatNumber(file.size)) pt, lines \(formatNumber(font.height)) pt"
                                   + (file.lineHeight == nil ? " (normal)" : "") + "."))
                return .paragraph(spans)
            }
        }
        return nil
    }

    /// A view's modifiers in the order they apply (docs/format.md §6), when it has two or more
    /// (with one, order means nothing): keys in the fixed order, then a `modifiers:` list's
    /// items; and, when the keys are written in another order, that order.
    private func modifierOrder(_ view: ViewNode) -> RichText.Block? {
        let modifiers = view.modifiers
        guard modifiers.count > 1 else { return nil }
        var spans: [RichText.Span] = [.text("Modifiers, as applied (innermost first): ")]
        for (i, m) in modifiers.enumerated() {
            if i > 0 { spans.append(.text(" → ")) }
            spans.append(.code(m.keyName))
        }
        spans.append(.text("."))
        if let written = view.writtenModifierOrder {
            spans.append(.text(" Written as "))
            for (i, k) in written.order.enumerated() {
                if i > 0 { spans.append(.text(", ")) }
                spans.append(.code(modifiers[k].keyName))
            }
            spans.append(.text(": keys apply in the fixed order whatever order they are written in; a "))
            spans.append(.code("modifiers:"))
            spans.append(.text(" list applies in its own order."))
        }
        return .paragraph(spans)
    }

    /// One row per viewport (per instance, inside a component's body): outer frame, content
    /// frame and proposal, or why the view is not there.
    private func frames(_ node: YAMLNode, models: [ViewNode]) -> RichText.Block {
        guard !analysis.layouts.isEmpty else { return .paragraph([.text("No layout was computed.")]) }
        if models.isEmpty {
            if cursor.keyPath.first == "components" {
                return .paragraph([.text("Not laid out: no instance shown in this file uses this part of the component.")])
            }
            return .paragraph([.text("Not laid out: this view has errors (see the diagnostics).")])
        }
        var rows: [RichText.Row] = []
        for layout in analysis.layouts {
            let label = viewportLabel(layout.viewport)
            let matches = AssistFrames.matches(node.range, in: layout, scope: AssistScope(analysis))
            if matches.isEmpty {
                rows.append(RichText.Row(label, ": ", absence(in: layout, models: models)))
                continue
            }
            for m in matches {
                var detail: [RichText.Span] = [
                    .code(m.node.path),
                    .text(": frame \(AssistFormat.rect(m.node.frame))"
                          + " · content \(AssistFormat.rect(m.node.content))"
                          + " · proposed \(AssistFormat.proposal(m.node.proposal))"),
                ]
                if m.node.hidden { detail.append(.text(" · hidden")) }
                if case .text(let t, let font, _) = m.node.drawing, font.file != nil, !t.lines.isEmpty {
                    // A proportional text's lines, as measured (each rounded up to 1/64 point).
                    detail.append(.text(" · lines " + t.lines.map { formatNumber($0.width) }.joined(separator: ", ")))
                }
                if let instance = m.instance {
                    let at = instance.view.kindRange.start
                    detail += [.text(" — in "), .code(instance.kind), .text(" "), .code(instance.path)]
                    if at < analysis.lineTable.bytes.count { detail.append(.text(" (line \(analysis.lineTable.line(ofByte: at) + 1))")) }
                }
                rows.append(RichText.Row(label, " ", detail))
            }
        }
        return .rows(rows)
    }

    /// Why a view has no frame in a viewport.
    private func absence(in layout: LayoutResult, models: [ViewNode]) -> [RichText.Span] {
        guard layout.root != nil else { return [.text("nothing is laid out here (the body is absent)")] }
        let vp = layout.viewport
        let hidden = models.contains { v in
            v.condition.map { !$0.isTrue { Schema.conditionValue($0, width: vp.width, height: vp.height) } } ?? false
        }
        if hidden, let when = models.first?.condition { return [.text("absent: "), .code("when: \(when.text)"), .text(" is false here")] }
        if cursor.viewKinds.count >= 2, cursor.viewKinds[cursor.viewKinds.count - 2] == "canvas" {
            return [.text("not shown: none of its "), .code("position"), .text(" placements applies here")]
        }
        return [.text("absent: a view around it is not shown here")]
    }

    func viewportLabel(_ v: Viewport) -> [RichText.Span] {
        [.strong(v.name), .text(" (\(formatNumber(v.width))×\(formatNumber(v.height)))")]
    }

    // MARK: Expressions

    /// The value of the expression at the cursor in each viewport; nil when the model holds no
    /// expression there (it has errors).
    func expression(_ node: YAMLNode, place: AssistExpressionPlace, offset: Int) -> HoverInfo? {
        let key = cursor.keyPath.last ?? ""
        if cursor.keyPath.count == 3, cursor.keyPath[0] == "alignments", key == "default" {
            return alignmentDefault(cursor.keyPath[1], node: node, offset: offset)
        }
        guard let viewNode = cursor.views.last else { return nil }
        let models = AssistFrames.views(at: viewNode.range, in: document, scope: AssistScope(analysis))
        guard let (found, expression) = models.lazy.compactMap({ Self.expression(in: $0, at: offset) }).first else { return nil }
        var text = RichText([.paragraph([.strong(key), .text(" "), .code(expression.text)])])
        var rows: [RichText.Row] = []
        switch found {
        case .condition:
            text.append(.paragraph([.text("The view exists where this holds, evaluated with the viewport's "), .code("width"),
                                    .text(" and "), .code("height"), .text(":")]))
            for layout in analysis.layouts {
                let vp = layout.viewport
                let value = Self.value(expression) { Schema.conditionValue($0, width: vp.width, height: vp.height) }
                rows.append(RichText.Row(viewportLabel(vp), ": ", [.text(value)]))
            }
        case .guide(let name):
            text.append(.paragraph([.text("The view's "), .code(name), .text(" guide, over its own frame:")]))
            for layout in analysis.layouts {
                let matches = AssistFrames.matches(viewNode.range, in: layout, scope: AssistScope(analysis))
                if matches.isEmpty { rows.append(RichText.Row(viewportLabel(layout.viewport), ": ", [.text("the view is not shown here")])) }
                for m in matches {
                    // Each instance's view has its own (substituted) expression.
                    let e = m.node.view.alignmentGuides.first { $0.guide.rawValue == name }?.value ?? expression
                    rows.append(RichText.Row(viewportLabel(layout.viewport), " ", [
                        .code(m.node.path),
                        .text(" \(AssistFormat.size(m.node.frame.size)): " + Self.value(e) { AssistFrames.guideValue($0, of: m.node) }),
                    ]))
                }
            }
        case .placementCondition, .placement:
            text.append(.paragraph(found.isCondition
                ? [.text("This placement applies where it holds, over the canvas's "), .code("width"), .text(" and "), .code("height"), .text(":")]
                : [.text("Over the canvas's "), .code("width"), .text(" and "), .code("height"), .text(":")]))
            let canvas = cursor.views.count >= 2 ? cursor.views[cursor.views.count - 2] : nil
            for layout in analysis.layouts {
                let matches = canvas.map { AssistFrames.matches($0.range, in: layout, scope: AssistScope(analysis)) } ?? []
                if matches.isEmpty { rows.append(RichText.Row(viewportLabel(layout.viewport), ": ", [.text("the canvas is not shown here")])) }
                for m in matches {
                    let size = m.node.content.size
                    rows.append(RichText.Row(viewportLabel(layout.viewport), " ", [
                        .text("canvas "), .code(m.node.path),
                        .text(" \(AssistFormat.size(size)): " + Self.value(expression) { Schema.conditionValue($0, width: size.width, height: size.height) }),
                    ]))
                }
            }
        }
        text.append(.rows(rows))
        if analysis.layouts.isEmpty { text.append(.paragraph([.text("No layout was computed.")])) }
        return HoverInfo(content: text, range: expression.range)
    }

    /// Which of a view's expressions is at the cursor.
    enum FoundExpression {
        case condition, guide(String), placementCondition, placement

        var isCondition: Bool {
            switch self {
            case .placementCondition: return true
            default: return false
            }
        }
    }

    static func expression(in v: ViewNode, at offset: Int) -> (FoundExpression, Expression)? {
        if let c = v.condition, c.range.touches(offset) { return (.condition, c) }
        for g in v.alignmentGuides where g.value.range.touches(offset) { return (.guide(g.guide.rawValue), g.value) }
        for p in v.placements {
            if let c = p.condition, c.range.touches(offset) { return (.placementCondition, c) }
            if case .expressions(let x, let y, let w, let h) = p.rule {
                for e in [x, y, w, h] where e.range.touches(offset) { return (.placement, e) }
            }
        }
        return nil
    }

    /// An expression's value, as layout computes it (a non-finite result counts as 0).
    static func value(_ e: Expression, _ lookup: (String) -> Double?) -> String {
        let r = e.evaluate(lookup)
        var s = e.type == .boolean ? (r.isTrue ? "true" : "false") : formatNumber(r.value.isFinite ? r.value : 0)
        if r.divisionByZero != nil { s += " (a division by zero gives 0)" }
        return s
    }

    /// An alignment's `default`: its value for the children of stacks aligned by it that give
    /// none of their own (at most a few per viewport).
    private func alignmentDefault(_ name: String, node: YAMLNode, offset: Int) -> HoverInfo? {
        guard let a = document.alignments[name], a.defaultValue.range.touches(offset) || node.range.touches(offset) else { return nil }
        let e = a.defaultValue
        var text = RichText([
            .paragraph([.strong("default"), .text(" of "), .code(name), .text(" "), .code(e.text)]),
            .paragraph([.text("Its value for each child of a stack aligned by "), .code(name),
                        .text(" that gives none of its own, over the child's frame:")]),
        ])
        var rows: [RichText.Row] = []
        let limit = 5
        for layout in analysis.layouts {
            let label = viewportLabel(layout.viewport)
            var shown = 0, more = 0
            layout.root?.preorder { n in
                guard Self.alignment(of: n.view.kind) == name else { return }
                for c in n.children where !Self.givesGuide(name, c.view) {
                    if shown < limit {
                        rows.append(RichText.Row(label, " ", [
                            .code(c.path),
                            .text(" \(AssistFormat.size(c.frame.size)): " + Self.value(e) { AssistFrames.guideValue($0, of: c) }),
                        ]))
                        shown += 1
                    } else {
                        more += 1
                    }
                }
            }
            if shown == 0 { rows.append(RichText.Row(label, ": ", [.text("no stack uses it here")])) }
            if more > 0 { rows.append(RichText.Row(label, ": ", [.text("and \(more) more")])) }
        }
        text.append(.rows(rows))
        return HoverInfo(content: text, range: e.range)
    }

    /// A stack's alignment guide.
    private static func alignment(of kind: ViewKind) -> String? {
        switch kind {
        case .hstack(_, _, let a), .vstack(_, _, let a): return a.rawValue
        default: return nil
        }
    }

    /// Whether a view, or a view inside it (decorations aside), gives an explicit value for a
    /// guide: its container's value then comes from those (docs/format.md §6.5).
    private static func givesGuide(_ name: String, _ view: ViewNode) -> Bool {
        var stack = [view]
        var visited = 0
        while let v = stack.popLast(), visited < 100_000 {
            visited += 1
            if v.alignmentGuides.contains(where: { $0.guide.rawValue == name }) { return true }
            stack.append(contentsOf: v.children)
        }
        return false
    }
}

/// How hover prints geometry.
enum AssistFormat {
    /// `x, y, width × height`.
    static func rect(_ r: Rect) -> String {
        "\(formatNumber(r.x)), \(formatNumber(r.y)), \(formatNumber(r.width)) × \(formatNumber(r.height))"
    }

    static func size(_ s: Size) -> String { "\(formatNumber(s.width))×\(formatNumber(s.height))" }

    /// A proposal: each axis a number, `∞`, or `unspecified`.
    static func proposal(_ p: ProposedSize) -> String {
        func axis(_ v: Double?) -> String {
            guard let v else { return "unspecified" }
            return v.isInfinite ? (v > 0 ? "∞" : "−∞") : formatNumber(v)
        }
        return "\(axis(p.width)) × \(axis(p.height))"
    }
}
