import TatamiBase
import TatamiLayout
import TatamiModel
import TatamiYAML

/// What hovering shows, and the part of the text it is about.
public struct HoverInfo: Sendable, Hashable {
    /// The text, as structure: `markdown` and `plainText` write it for each kind of editor.
    public var content: RichText
    /// The key, value or view the text describes (UTF-8 byte offsets).
    public var range: SourceRange

    public init(content: RichText, range: SourceRange) {
        self.content = content
        self.range = range
    }

    /// For editors that render Markdown.
    public var markdown: String { content.markdown }
    /// For editors that show text as it is: no Markdown syntax, columns aligned.
    public var plainText: String { content.plainText }
}

extension EditorServices {
    /// What to show for the text at `offset` (clamped to the document):
    ///
    /// - on a view (its kind key, or anywhere in its mapping not covered by something more
    ///   specific): its outer frame, content frame and proposal in every viewport of the
    ///   analysis, one line per instance for a view inside a component's body, or why it is
    ///   absent in a viewport;
    /// - on a key: its documentation, value and default from the schema table, for the key
    ///   where it is (`width` in a viewport and in a `frame` differ);
    /// - on a component's name (an instance's kind key, or its declaration): its parameters;
    /// - on an expression (`when`, an `alignmentGuides` value, a canvas placement, an
    ///   alignment's `default`): its value in each viewport;
    /// - on a declared name (a viewport, font, alignment or parameter): what it declares.
    ///
    /// nil where there is nothing to say (a comment, outside the root mapping).
    public static func hover(_ analysis: Analysis, at offset: Int) -> HoverInfo? {
        let offset = analysis.lineTable.clampOffset(offset)
        let cursor = AssistTreeCursor(analysis, offset: offset)
        guard let target = cursor.target else { return nil }
        let text = AssistHoverText(analysis: analysis, cursor: cursor)
        switch target {
        case .key(let pair, let role, let mapping, _):
            let range = pair.key.range
            switch role {
            case .kind(let kind):
                return text.view(doc: RichText([.paragraph(RichText.spans(kind.doc))]), range: range)
            case .instance(let name):
                return text.view(doc: text.component(name), range: range, heading: false)
            case .key(let spec, let owner):
                return HoverInfo(content: text.key(spec, owner: owner, in: mapping), range: range)
            case .parameter(let component, let name):
                return HoverInfo(content: text.parameter(name, of: component), range: range)
            case .declaration(let name, let what):
                guard let content = text.declaration(name, what: what) else { return text.view(doc: nil, range: nil) }
                return HoverInfo(content: content, range: range)
            case .guide(let name):
                return HoverInfo(content: text.guide(name), range: range)
            case .unknown:
                return text.view(doc: nil, range: nil)
            }
        case .scalar(let node, let place, _):
            if case .shape(_, _, let expression?) = place, let info = text.expression(node, place: expression, offset: offset) {
                return info
            }
            if case .view = place, let kind = Schema.kind(named: "text") {
                // A bare scalar is a text view.
                return text.view(doc: RichText([.paragraph(RichText.spans(kind.doc))]), range: node.range)
            }
            return text.view(doc: nil, range: nil)
        case .inside:
            return text.view(doc: nil, range: nil)
        }
    }
}

/// The text of each kind of hover.
struct AssistHoverText {
    let analysis: Analysis
    let cursor: AssistTreeCursor

    var document: TatamiDocument { analysis.document }

    // MARK: Keys

    /// A schema key: where it belongs, its doc, what it takes, its default.
    func key(_ spec: KeySpec, owner: String, in mapping: AssistPlace) -> RichText {
        var facts = [RichText.Row([.text("Value")], ": ", RichText.spans(describe(spec.shape, key: spec.name)))]
        if let d = spec.defaultDescription {
            facts.append(RichText.Row([.text("Default")], ": ", d.contains("`") || d.contains(" ") ? RichText.spans(d) : [.code(d)]))
        }
        if spec.required { facts.append(RichText.Row([.text("Required")], "", [])) }
        return RichText([
            .paragraph([.strong(spec.name), .text(" — ")] + RichText.spans(owner)),
            .paragraph(RichText.spans(spec.doc)),
            .rows(facts),
        ])
    }

    /// What a shape accepts, in words, with the names that depend on the file.
    func describe(_ shape: ValueShape, key: String) -> String {
        switch shape {
        case .number(let b):
            return b.description
        case .alignment(let set):
            var names = set.builtInNames.map { "`\($0)`" }
            if let axis = set.customAxis {
                let custom = document.alignments.values.filter { $0.axis == axis }.map(\.name).sorted()
                names += custom.map { "`\($0)`" }
                return "one of " + names.joined(separator: ", ") + " (or a custom \(axis.rawValue) alignment)"
            }
            return "one of " + names.joined(separator: ", ")
        case .fontName:
            return "a font: " + AssistNames.fonts(document).map { "`\($0)`" }.joined(separator: ", ")
        case .color:
            return "a colour: " + ColorValue.names.map { "`\($0)`" }.joined(separator: ", ") + ", or `\"#RRGGBB\"`"
        case .expression(let t):
            return t == .boolean ? "a condition (`true`, `false`, or an expression)" : "a number or an expression"
        case .oneOf(let options):
            return options.map { describe($0, key: key) }.joined(separator: "; or ")
        case .object(let keys):
            return "a mapping of " + keys.map { "`\($0.name)`" }.joined(separator: ", ")
        default:
            return shape.summary
        }
    }

    // MARK: Components

    /// A component's signature: where it is declared and its parameters.
    func component(_ name: String) -> RichText {
        guard let sig = document.components.first(where: { $0.name == name }) else {
            return RichText([.paragraph([.strong(name), .text(" — no component of this name is declared or imported")])])
        }
        var where_: [RichText.Span]
        if let file = sig.file {
            where_ = [.text("declared in "), .code(file)]
        } else {
            where_ = [.text("declared on line \(analysis.lineTable.line(ofByte: sig.nameRange.start) + 1)")]
        }
        var text = RichText([.paragraph([.strong(name), .text(" — component ")] + where_)])
        if sig.parameters.isEmpty {
            text.append(.paragraph([.text("No parameters.")]))
        } else {
            text.append(.paragraph([.text("Parameters:")]))
            text.append(.rows(sig.parameters.map(parameterRow)))
        }
        return text
    }

    private func parameterRow(_ p: ComponentSignature.Parameter) -> RichText.Row {
        var detail: [RichText.Span] = [.text(p.type ?? "any type")]
        if let d = p.defaultText { detail += [.text(", default "), .code(d)] } else { detail.append(.text(", required")) }
        return RichText.Row([.code(p.name)], ": ", detail)
    }

    /// An argument of an instance.
    func parameter(_ name: String, of component: String) -> RichText {
        guard let sig = document.components.first(where: { $0.name == component }) else {
            return RichText([.paragraph([.strong(name), .text(" — argument of "), .code(component), .text(", which is not declared or imported")])])
        }
        guard let p = sig.parameters.first(where: { $0.name == name }) else {
            var spans: [RichText.Span] = [.strong(name), .text(" — "), .code(component), .text(" has no such parameter")]
            if !sig.parameters.isEmpty {
                spans.append(.text("; its parameters are "))
                for (i, q) in sig.parameters.enumerated() {
                    if i > 0 { spans.append(.text(", ")) }
                    spans.append(.code(q.name))
                }
            }
            return RichText([.paragraph(spans)])
        }
        return RichText([.paragraph([.strong(name), .text(" — parameter of "), .code(component)]), .rows([parameterRow(p)])])
    }

    // MARK: Declared names

    func declaration(_ name: String, what: String) -> RichText? {
        func fact(_ label: String, _ detail: [RichText.Span]) -> RichText.Row { RichText.Row([.text(label)], ": ", detail) }
        switch what {
        case "viewport":
            guard let v = document.viewport(named: name) else { return nil }
            var facts = [fact("Size", [.text("\(f(v.width)) × \(f(v.height))")])]
            let s = v.safeArea
            if s != .zero {
                facts.append(fact("Safe area", [.text("top \(f(s.top)), leading \(f(s.leading)), bottom \(f(s.bottom)), trailing \(f(s.trailing))")]))
            }
            if v.direction == .rtl { facts.append(fact("Direction", [.text("right to left")])) }
            if v.scale != 1 { facts.append(fact("Scale", [.text(f(v.scale))])) }
            return RichText([.paragraph([.strong(name), .text(" — viewport")]), .rows(facts)])
        case "font":
            guard let m = document.fonts[name] else { return nil }
            let replaced = FontMetrics.defaults[name].map { $0 == m ? " (a default font)" : " (replaces the default \(f($0.width)) × \(f($0.height)))" } ?? ""
            if let file = m.file {
                // A font given by files: the faces in fallback order, the size and line height.
                var faces: [RichText.Span] = []
                for (i, face) in file.faces.enumerated() {
                    if i > 0 { faces.append(.text(", ")) }
                    faces.append(.code(face.displayName))
                }
                return RichText([.paragraph([.strong(name), .text(" — font given by a file\(replaced)")]),
                                 .rows([fact(file.faces.count > 1 ? "Faces" : "File", faces),
                                        fact("Size", [.text("\(f(file.size)) pt")]),
                                        fact("Lines", [.text("\(f(m.height)) pt" + (file.lineHeight == nil ? " (normal, from the face)" : ""))])])])
            }
            return RichText([.paragraph([.strong(name), .text(" — font\(replaced)")]),
                             .rows([fact("Cell", [.text("\(f(m.width)) wide, lines \(f(m.height)) tall")])])])
        case "alignment":
            guard let a = document.alignments[name] else { return nil }
            return RichText([.paragraph([.strong(name), .text(" — custom \(a.axis.rawValue) alignment")]),
                             .rows([fact("Default", [.code(a.defaultValue.text)])])])
        case "component":
            return component(name)
        case "parameter":
            // `components: {Name: {params: {name: …}}}`.
            guard cursor.keyPath.count >= 2, cursor.keyPath[0] == "components" else { return nil }
            return parameter(name, of: cursor.keyPath[1])
        default:
            return nil
        }
    }

    /// A guide name inside `alignmentGuides`.
    func guide(_ name: String) -> RichText {
        if let a = document.alignments[name] {
            return RichText([.paragraph([.strong(name), .text(" — custom \(a.axis.rawValue) alignment")]),
                             .rows([RichText.Row([.text("Default")], ": ", [.code(a.defaultValue.text)])]),
                             .paragraph([.text("The value given here replaces the default for this view.")])])
        }
        let meaning: [String: String] = [
            "top": "0", "centerY": "height / 2", "bottom": "the height", "leading": "0", "centerX": "width / 2",
            "trailing": "the width", "firstTextBaseline": "the first line's baseline", "lastTextBaseline": "the last line's baseline",
        ]
        guard let m = meaning[name] else {
            return RichText([.paragraph([.strong(name), .text(" — no built-in guide or declared alignment has this name")])])
        }
        return RichText([.paragraph([.strong(name), .text(" — built-in guide, by default \(m)")]),
                         .paragraph([.text("The value given here replaces it for this view.")])])
    }
}

/// Names a file offers: fonts and the like, in the order editors list them.
enum AssistNames {
    /// The default fonts in docs/format.md's order, then the file's others by name.
    static func fonts(_ document: TatamiDocument) -> [String] {
        let defaults = FontMetrics.defaultOrder
        return defaults + document.fonts.keys.filter { !defaults.contains($0) }.sorted()
    }
}

/// A length as Tatami prints it.
private func f(_ v: Double) -> String { formatNumber(v) }
