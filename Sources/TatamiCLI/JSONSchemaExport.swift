import TatamiValidation
import TatamiBase
import TatamiModel
import TatamiServices

/// The JSON Schema (draft 2020-12) of the format, generated from the schema table
/// (`TatamiModel.Schema`): what `tatami schema` prints and `grammar/tatami.schema.json` holds.
///
/// A view is a mapping with exactly one kind key: each kind (and a component instance) is one
/// branch of a `oneOf`, the keys any view may have are a shared definition, and
/// `unevaluatedProperties: false` rejects every other key. The keys a view may have depend on
/// where it is, as in the validator: the body may have `ignoresSafeArea`, a canvas child needs a
/// `position`, a background or overlay may have an `alignment`. Component bodies are checked by
/// a second copy of the view definitions (`template.*`) whose scalars may also be `$name`.
///
/// What JSON Schema cannot say (expressions, names declared elsewhere in the file, minimums
/// above maximums, …) is left to the validator; docs/editors.md lists it.
enum JSONSchemaExport {
    /// The schema as text: 2-space indentation, keys in a fixed order, a final newline.
    static func text() -> String {
        document().serialized(pretty: true) + "\n"
    }

    static func document() -> JSON {
        var defs: [(String, JSON)] = []
        for mode in [Mode.plain, .template] {
            defs += viewDefinitions(mode)
        }
        defs += [
            ("component", component()),
            ("placement", placement(.plain)),
            (Mode.template.name("placement"), placement(.template)),
            ("color", color()),
            ("parameterReference", parameterReference()),
        ]
        return schema([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("Tatami layout file")),
            ("description", .string(
                "A user-interface layout: viewports, fonts, custom alignments, components and the body view (Tatami format version 1).")),
            ("type", .string("object")),
            ("properties", .object(Schema.topLevel.map { ($0.name, topLevelKey($0)) })),
            ("required", .array(Schema.topLevel.filter(\.required).map { .string($0.name) })),
            ("additionalProperties", .bool(false)),
            ("$defs", .object(defs)),
        ])
    }

    /// The JSON Schema of a workspace file (`tatami.config.yaml`): `tatami schema --workspace`,
    /// `grammar/tatami.config.schema.json`. Its `viewports` and `fonts` come from the same
    /// key specs as a Tatami file's; `rules` names only known diagnostic codes.
    static func workspaceText() -> String {
        workspaceDocument().serialized(pretty: true) + "\n"
    }

    static func workspaceDocument() -> JSON {
        let codes = DiagnosticCode.allCodes.map(\.name).sorted()
        let keys: [(String, JSON)] = Schema.workspaceTopLevel.map { key in
            switch key.name {
            case "rules":
                return (key.name, property(key, schema: schema([
                    ("type", .string("object")),
                    ("propertyNames", schema([
                        ("description", .string("A diagnostic code (`tatami explain --list`).")),
                        ("enum", .array(codes.map(JSON.string))),
                    ])),
                    ("additionalProperties", schema([("enum", .array(RuleLevel.allCases.map { .string($0.rawValue) }))])),
                ])))
            default:
                return (key.name, property(key, schema: shape(key.shape, .plain)))
            }
        }
        return schema([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("Tatami workspace file")),
            ("description", .string(
                """
                tatami.config.yaml: marks the workspace root and gives every Tatami file below it viewports, \
                fonts, exclude globs and per-code severities (docs/workspace.md).
                """)),
            ("type", .string("object")),
            ("properties", .object(keys)),
            ("additionalProperties", .bool(false)),
        ])
    }

    // MARK: Modes

    /// Plain views, or views inside a component's body, whose scalars may be `$name`.
    enum Mode {
        case plain, template

        func name(_ base: String) -> String {
            self == .plain ? base : "template." + base
        }

        func ref(_ base: String) -> JSON {
            .object([("$ref", .string("#/$defs/" + name(base)))])
        }
    }

    /// What a `.view` shape stands for where it is used.
    enum ViewPlace {
        case child, body, decoration

        var definition: String {
            switch self {
            case .child: return "view"
            case .body: return "bodyView"
            case .decoration: return "decoration"
            }
        }
    }

    // MARK: Top level and declarations

    private static func topLevelKey(_ key: KeySpec) -> JSON {
        switch key.name {
        case "body":
            return property(key, schema: Mode.plain.ref(ViewPlace.body.definition))
        case "components":
            return property(key, schema: schema([
                ("type", .string("object")),
                ("propertyNames", schema([
                    ("description", .string("A component's name: a capital letter, then letters, digits and `_`.")),
                    ("pattern", .string(componentNamePattern)),
                ])),
                ("additionalProperties", ref("component")),
            ]))
        default:
            return property(key, schema: shape(key.shape, .plain))
        }
    }

    /// ASCII only: the validator also takes other capital letters, which JSON Schema's regular
    /// expressions cannot name portably.
    static let componentNamePattern = "^[A-Z][A-Za-z0-9_]*$"
    static let parameterNamePattern = "^[A-Za-z_][A-Za-z0-9_]*$"
    static let parameterReferencePattern = "^\\$[A-Za-z_][A-Za-z0-9_]*$"

    private static func component() -> JSON {
        let keys: [(String, JSON)] = Schema.componentKeys.map { key in
            switch key.name {
            case "params":
                return (key.name, property(key, schema: schema([
                    ("type", .string("object")),
                    ("propertyNames", schema([
                        ("description", .string("A parameter's name: ASCII letters, digits and `_`, not starting with a digit.")),
                        ("pattern", .string(parameterNamePattern)),
                    ])),
                    ("additionalProperties", object(Schema.componentParamKeys, .plain)),
                ])))
            case "body":
                return (key.name, property(key, schema: Mode.template.ref(ViewPlace.child.definition)))
            default:
                return (key.name, property(key, schema: shape(key.shape, .plain)))
            }
        }
        return schema([
            ("description", .string("A reusable view: its parameters and the body each instance stands for.")),
            ("type", .string("object")),
            ("properties", .object(keys)),
            ("required", .array(Schema.componentKeys.filter(\.required).map { .string($0.name) })),
            ("additionalProperties", .bool(false)),
        ])
    }

    private static func color() -> JSON {
        schema([
            ("description", .string("A colour: " + ColorValue.names.joined(separator: ", ") + ", or \"#RRGGBB\".")),
            ("anyOf", .array([
                schema([("enum", .array(ColorValue.names.map(JSON.string)))]),
                schema([("type", .string("string")), ("pattern", .string("^#[0-9A-Fa-f]{6}$"))]),
            ])),
        ])
    }

    private static func parameterReference() -> JSON {
        schema([
            ("description", .string("In a component's body: `$name`, the argument given for the parameter `name`.")),
            ("type", .string("string")),
            ("pattern", .string(parameterReferencePattern)),
        ])
    }

    private static func placement(_ mode: Mode) -> JSON {
        var s = shape(Schema.placement, mode)
        s = merged(s, [("description", .string("""
            One placement: one rule (`absolute`, `relative`, `insets`, `anchor`, or `x`, `y`, `width` and `height` \
            together) and an optional `when`.
            """))])
        return s
    }

    // MARK: Views

    /// The definitions of views for one mode: the view in each place, the keys every view may
    /// have, the kinds, and a component instance.
    private static func viewDefinitions(_ mode: Mode) -> [(String, JSON)] {
        var defs: [(String, JSON)] = []
        let places: [ViewPlace] = mode == .plain ? [.body, .child, .decoration] : [.child, .decoration]
        for place in places {
            defs.append((mode.name(place.definition), view(place, mode)))
        }
        defs.append((mode.name("canvasChild"), canvasChild(mode)))
        defs.append((mode.name("viewKeys"), schema([
            ("description", .string("The keys any view may have beside its kind key: modifiers, attributes and inherited keys.")),
            ("allOf", .array([mode.ref("modifiers"), mode.ref("attributes"), mode.ref("inherited")])),
        ])))
        defs.append((mode.name("modifiers"), keyGroup(
            "The wrapping modifiers, applied innermost first in this order, and `modifiers` for an order of the file's choosing.",
            Schema.modifiers + [Schema.modifierList], mode)))
        defs.append((mode.name("attributes"), keyGroup(
            "Attributes of a view: they change how it is placed, drawn or named, not its size.",
            Schema.attributes.filter { !placeSpecificAttributes.contains($0.name) }, mode)))
        defs.append((mode.name("inherited"), keyGroup(
            "Keys inherited by the view's descendants until one overrides them.",
            Schema.inherited, mode)))
        defs.append((mode.name("kinds"), kinds(mode, decoration: false)))
        defs.append((mode.name("decorationKinds"), kinds(mode, decoration: true)))
        for kind in Schema.kinds {
            defs.append((mode.name("kind." + kind.name), kindBranch(kind, mode)))
        }
        defs.append((mode.name("componentInstance"), componentInstance(mode)))
        return defs
    }

    /// Attributes the validator allows in one place only: `position` on canvas children,
    /// `ignoresSafeArea` on the body.
    static let placeSpecificAttributes: Set<String> = ["position", "ignoresSafeArea"]

    private static func attribute(_ name: String) -> KeySpec {
        Schema.attributes.first { $0.name == name }!
    }

    private static func view(_ place: ViewPlace, _ mode: Mode) -> JSON {
        let description: String
        var extra: [(String, JSON?)] = []
        switch place {
        case .child:
            description = """
                A view: a mapping with exactly one kind key (`text`, `hstack`, … or a component's capitalised name) \
                beside its parameters, modifiers and attributes; a bare scalar is a text.
                """
        case .body:
            description = "The root view; it may also have `ignoresSafeArea`."
            let key = attribute("ignoresSafeArea")
            extra = [("properties", .object([(key.name, property(key, schema: shape(key.shape, mode)))]))]
        case .decoration:
            description = "A background or overlay: a view, placed inside the view it decorates by its own `alignment`."
        }
        let kinds = mode.ref(place == .decoration ? "decorationKinds" : "kinds")
        let mapping = schema(extra + [
            ("allOf", .array([mode.ref("viewKeys"), kinds])),
            ("unevaluatedProperties", .bool(false)),
        ])
        return schema([
            ("description", .string(description)),
            ("type", .array(["object", "string", "number", "boolean"].map(JSON.string))),
            ("if", schema([("type", .string("object"))])),
            ("then", mapping),
        ])
    }

    private static func canvasChild(_ mode: Mode) -> JSON {
        let key = attribute("position")
        return schema([
            ("description", .string("A child of a canvas: a view (a mapping) with a `position`.")),
            ("type", .string("object")),
            ("required", .array([.string(key.name)])),
            ("properties", .object([(key.name, property(key, schema: shape(key.shape, mode)))])),
            ("allOf", .array([mode.ref("viewKeys"), mode.ref("kinds")])),
            ("unevaluatedProperties", .bool(false)),
        ])
    }

    private static func keyGroup(_ description: String, _ keys: [KeySpec], _ mode: Mode) -> JSON {
        schema([
            ("description", .string(description)),
            ("properties", .object(keys.map { ($0.name, viewKey($0, mode)) })),
        ])
    }

    /// A modifier, attribute or inherited key.
    private static func viewKey(_ key: KeySpec, _ mode: Mode) -> JSON {
        if key.name == Schema.modifierList.name, case .list(let element) = key.shape {
            // Each item holds one modifier.
            let item = merged(shape(element, mode, view: .decoration), [
                ("minProperties", .number(1)), ("maxProperties", .number(1)),
            ])
            return property(key, schema: schema([("type", .string("array")), ("items", item)]))
        }
        var s = shape(key.shape, mode, view: .decoration)
        if key.name == "frame" { s = merged(s, [("not", fixedAndFlexibleFrame())]) }
        return property(key, schema: s)
    }

    /// A frame is either fixed or flexible: not both kinds of keys at once.
    private static func fixedAndFlexibleFrame() -> JSON {
        func anyRequired(_ keys: [KeySpec]) -> JSON {
            schema([("anyOf", .array(keys.map { schema([("required", .array([.string($0.name)]))]) }))])
        }
        return schema([
            ("description", .string("A frame has fixed keys (`width`, `height`) or flexible ones (`minWidth` … `maxHeight`), not both.")),
            ("allOf", .array([anyRequired(Schema.frameFixedKeys), anyRequired(Schema.frameFlexibleKeys)])),
        ])
    }

    /// Exactly one kind: each branch requires its kind key, so a mapping with two kind keys
    /// matches two branches and one with none matches none.
    private static func kinds(_ mode: Mode, decoration: Bool) -> JSON {
        var branches: [JSON] = []
        let alignment = Schema.decorationAlignment
        let alignmentKey = JSON.object([(alignment.name, property(alignment, schema: shape(alignment.shape, mode)))])
        for kind in Schema.kinds {
            if decoration && kind.parameter(named: alignment.name) == nil {
                branches.append(schema([("$ref", .string("#/$defs/" + mode.name("kind." + kind.name))), ("properties", alignmentKey)]))
            } else {
                branches.append(mode.ref("kind." + kind.name))
            }
        }
        if decoration {
            branches.append(schema([("$ref", .string("#/$defs/" + mode.name("componentInstance"))), ("properties", alignmentKey)]))
        } else {
            branches.append(mode.ref("componentInstance"))
        }
        return schema([
            ("description", .string(decoration
                ? "Exactly one kind key; a kind without an `alignment` parameter may have one here, to place the decoration."
                : "Exactly one kind key: " + Schema.kindNames.map { "`\($0)`" }.joined(separator: ", ") + ", or a component's name.")),
            ("oneOf", .array(branches)),
        ])
    }

    private static func kindBranch(_ kind: KindSpec, _ mode: Mode) -> JSON {
        let value: JSON
        if kind.name == "canvas" {
            value = schema([("type", .array([.string("array"), .string("null")])), ("items", mode.ref("canvasChild"))])
        } else {
            value = shape(kind.value, mode)
        }
        let kindKey = described(value, doc: kind.doc, default: nil, shape: kind.value)
        return schema([
            ("title", .string(kind.name)),
            ("description", .string(plain(kind.doc))),
            ("markdownDescription", kind.doc == plain(kind.doc) ? nil : .string(kind.doc)),
            ("required", .array([.string(kind.name)])),
            ("properties", .object([(kind.name, kindKey)] + kind.parameters.map { ($0.name, property($0, schema: shape($0.shape, mode))) })),
        ])
    }

    private static func componentInstance(_ mode: Mode) -> JSON {
        let spec = Schema.componentInstance
        return schema([
            ("title", .string("component instance")),
            ("description", .string(plain(spec.doc))),
            ("markdownDescription", spec.doc == plain(spec.doc) ? nil : .string(spec.doc)),
            // At least one capitalised key.
            ("not", schema([("propertyNames", schema([("not", schema([("pattern", .string("^[A-Z]"))]))]))])),
            ("patternProperties", .object([("^[A-Z]", property(spec, schema: shape(spec.shape, mode)))])),
        ])
    }

    // MARK: Shapes

    /// The JSON Schema of a value shape.
    static func shape(_ s: ValueShape, _ mode: Mode, view place: ViewPlace = .child) -> JSON {
        switch s {
        case .string:
            // Numbers and booleans are read as their text.
            return schema([("type", .array(["string", "number", "boolean"].map(JSON.string)))])
        case .number(let bounds):
            return templated(number(bounds), mode)
        case .boolean:
            return templated(schema([("type", .string("boolean"))]), mode)
        case .enumeration(let words):
            return templated(schema([("enum", .array(words.map(JSON.string)))]), mode)
        case .color:
            return templated(ref("color"), mode)
        case .character:
            return templated(schema([("anyOf", .array([
                schema([("type", .string("string")), ("minLength", .number(1)), ("maxLength", .number(1))]),
                schema([("type", .string("integer")), ("minimum", .number(0)), ("maximum", .number(9))]),
            ]))]), mode)
        case .view:
            return mode.ref(place == .body && mode == .template ? ViewPlace.child.definition : place.definition)
        case .viewList:
            return schema([("type", .array([.string("array"), .string("null")])), ("items", mode.ref(ViewPlace.child.definition))])
        case .expression(let type):
            if type == .boolean {
                return schema([("type", .array([.string("boolean"), .string("string")]))])
            }
            let b = NumberBounds.signedLength
            return schema([
                ("type", .array([.string("number"), .string("string")])),
                ("minimum", b.min.map(JSON.number)), ("maximum", b.max.map(JSON.number)),
            ])
        case .alignment(let set):
            if set.customAxis == nil {
                return templated(schema([("enum", .array(set.builtInNames.map(JSON.string)))]), mode)
            }
            return schema([("type", .string("string")), ("examples", .array(set.builtInNames.map(JSON.string)))])
        case .fontName:
            return schema([("type", .string("string")), ("examples", .array(FontMetrics.defaultOrder.map(JSON.string)))])
        case .guideMap:
            let value = shape(.expression(.number), mode)
            return schema([
                ("type", .string("object")),
                ("properties", .object(GuideName.builtIn.map {
                    ($0.rawValue, merged(value, [("description", .string("The built-in guide `\($0.rawValue)`."))]))
                })),
                ("additionalProperties", merged(value, [("description", .string("A custom guide declared under `alignments:`."))])),
            ])
        case .object(let keys):
            return object(keys, mode, view: place)
        case .map(let element):
            return schema([("type", .string("object")), ("additionalProperties", shape(element, mode, view: place))])
        case .list(let element):
            return schema([("type", .string("array")), ("items", shape(element, mode, view: place))])
        case .tuple(let items):
            // `prefixItems` says what each item is; `items` (every option once) serves readers of
            // older drafts, which ignore `prefixItems` (Red Hat's YAML extension among them):
            // `items: false` would make them reject every list. The length bounds hold it to n.
            let shapes = items.map { shape($0, mode, view: place) }
            var options: [JSON] = []
            var seen = Set<String>()
            for s in shapes where seen.insert(s.serialized(pretty: false)).inserted { options.append(s) }
            return schema([
                ("type", .string("array")),
                ("prefixItems", .array(shapes)),
                ("items", options.count == 1 ? options[0] : schema([("anyOf", .array(options))])),
                ("minItems", .number(Double(items.count))),
                ("maxItems", .number(Double(items.count))),
            ])
        case .oneOf(let options):
            // The options may overlap (a colour is a string too): any of them will do.
            return schema([("anyOf", .array(options.map { shape($0, mode, view: place) }))])
        case .null:
            return schema([("type", .string("null"))])
        }
    }

    private static func number(_ b: NumberBounds) -> JSON {
        let finite = schema([
            ("type", .string(b.isInteger ? "integer" : "number")),
            ("minimum", b.minIsExclusive ? nil : b.min.map(JSON.number)),
            ("exclusiveMinimum", b.minIsExclusive ? b.min.map(JSON.number) : nil),
            ("maximum", b.max.map(JSON.number)),
        ])
        guard b.allowsInfinity else { return finite }
        return schema([("anyOf", .array([finite, schema([("enum", .array([.string("infinity"), .string("+infinity")]))])]))])
    }

    /// In a component's body a scalar may also be `$name`.
    private static func templated(_ s: JSON, _ mode: Mode) -> JSON {
        guard mode == .template else { return s }
        // A lone `anyOf` takes the reference as one more option rather than nesting.
        if case .object(let pairs) = s, pairs.count == 1, pairs[0].0 == "anyOf", case .array(let options) = pairs[0].1 {
            return schema([("anyOf", .array(options + [ref("parameterReference")]))])
        }
        return schema([("anyOf", .array([s, ref("parameterReference")]))])
    }

    private static func object(_ keys: [KeySpec], _ mode: Mode, view place: ViewPlace = .child) -> JSON {
        let required = keys.filter(\.required).map { JSON.string($0.name) }
        return schema([
            ("type", .string("object")),
            ("properties", .object(keys.map { ($0.name, property($0, schema: shape($0.shape, mode, view: place))) })),
            ("required", required.isEmpty ? nil : .array(required)),
            ("additionalProperties", .bool(false)),
        ])
    }

    // MARK: Documentation

    /// A key's schema with its documentation and, where it is a literal value, its default.
    private static func property(_ key: KeySpec, schema s: JSON) -> JSON {
        described(s, doc: key.doc, default: key.defaultValue, shape: key.shape)
    }

    private static func described(_ s: JSON, doc: String, default value: DefaultValue?, shape: ValueShape) -> JSON {
        var text = plain(doc), markdown = doc
        var extra: [(String, JSON?)] = []
        if let value {
            if let literal = literalDefault(value, shape: shape) {
                extra.append(("default", literal))
            }
            text += " Default: " + plain(value.description) + "."
            markdown += " Default: " + value.description + "."
        }
        // Markdown only where it differs (backticks): editors fall back to `description`.
        return merged(s, [("description", .string(text)), ("markdownDescription", markdown == text ? nil : .string(markdown))] + extra)
    }

    /// The default as a JSON value when the schema states a value the shape accepts (8,
    /// "center", false); nil for a default told in words ("the flow's `spacing`").
    static func literalDefault(_ value: DefaultValue, shape: ValueShape) -> JSON? {
        switch (value, shape) {
        case (.number(let v), .number(let bounds)):
            return bounds.contains(v) ? .number(v) : nil
        case (.number(let v), .expression(.number)):
            return .number(v)
        case (.bool(let b), .boolean):
            return .bool(b)
        case (.word(let w), .enumeration(let words)):
            return words.contains(w) ? .string(w) : nil
        case (.word(let w), .alignment(let set)):
            return set.builtInNames.contains(w) ? .string(w) : nil
        case (.word(let w), .fontName):
            return FontMetrics.defaults[w] != nil ? .string(w) : nil
        case (.word(let w), .color):
            return ColorValue.names.contains(w) ? .string(w) : nil
        case (_, .oneOf(let options)):
            for o in options { if let v = literalDefault(value, shape: o) { return v } }
            return nil
        default:
            return nil
        }
    }

    /// Documentation without Markdown's backticks, for `description`.
    private static func plain(_ markdown: String) -> String {
        String(markdown.filter { $0 != "`" })
    }

    // MARK: Building objects

    private static func ref(_ definition: String) -> JSON {
        .object([("$ref", .string("#/$defs/" + definition))])
    }

    /// A schema object with its keys in `keyOrder` (absent values left out), so the output does
    /// not depend on the order the code adds them in.
    static func schema(_ pairs: [(String, JSON?)]) -> JSON {
        let present = pairs.compactMap { k, v in v.map { (k, $0) } }
        let ranked = present.enumerated().sorted { a, b in
            let ra = keyRank[a.element.0] ?? keyOrder.count, rb = keyRank[b.element.0] ?? keyOrder.count
            return ra != rb ? ra < rb : a.offset < b.offset
        }
        return .object(ranked.map(\.element))
    }

    /// `s` with `pairs` added (replacing keys it has); a `$ref` gains siblings.
    private static func merged(_ s: JSON, _ pairs: [(String, JSON?)]) -> JSON {
        guard case .object(let existing) = s else { return s }
        let replaced = Set(pairs.compactMap { $0.1 == nil ? nil : $0.0 })
        return schema(existing.filter { !replaced.contains($0.0) }.map { ($0.0, Optional($0.1)) } + pairs)
    }

    static let keyOrder = [
        "$schema", "$id", "$ref", "title", "description", "markdownDescription", "default", "examples",
        "type", "const", "enum", "pattern", "minLength", "maxLength",
        "minimum", "exclusiveMinimum", "maximum",
        "prefixItems", "items", "minItems", "maxItems",
        "properties", "patternProperties", "propertyNames", "additionalProperties", "required", "minProperties", "maxProperties",
        "if", "then", "allOf", "anyOf", "oneOf", "not", "unevaluatedProperties", "$defs",
    ]

    private static let keyRank: [String: Int] = Dictionary(uniqueKeysWithValues: keyOrder.enumerated().map { ($1, $0) })
}
