import TatamiBase
import TatamiModel
import TatamiYAML

/// One coloured range.
public struct SemanticTokenInfo: Hashable, Sendable {
    /// On one line, never empty.
    public var range: SourceRange
    /// One of `EditorServices.semanticTokenTypes`.
    public var type: String
    /// Each one of `EditorServices.semanticTokenModifiers`.
    public var modifiers: [String]

    public init(range: SourceRange, type: String, modifiers: [String] = []) {
        self.range = range
        self.type = type
        self.modifiers = modifiers
    }

    /// The type's index in the legend.
    public var typeIndex: Int { EditorServices.semanticTokenTypes.firstIndex(of: type) ?? 0 }

    /// The modifiers as bits of the legend's indexes.
    public var modifierBits: Int {
        modifiers.reduce(0) { bits, m in
            bits | (EditorServices.semanticTokenModifiers.firstIndex(of: m).map { 1 << $0 } ?? 0)
        }
    }
}

/// The token types, named as LSP's standard types.
enum SemanticTokenType: String, CaseIterable {
    case keyword, property, decorator, `class`, parameter, variable, number, `operator`, function
}

enum SemanticTokenModifier: String, CaseIterable {
    case declaration, defaultLibrary
}

extension EditorServices {
    /// The legend's types, LSP's standard names:
    ///
    /// - `keyword`: kind keys (`text`, `hstack`, …).
    /// - `class`: component names: instances' kind keys; with `declaration`, names under `components:`.
    /// - `decorator`: modifier keys (`padding`, `frame`, `background`, …, `modifiers`).
    /// - `property`: every other known key: top-level keys, attributes, inherited keys, kind parameters,
    ///   keys inside objects, guide names in `alignmentGuides`.
    /// - `parameter`: `$name` and `${name}` in a component's body, instances' argument keys; with
    ///   `declaration`, names under `params:`.
    /// - `variable`: with `declaration`: names under `viewports:`, `fonts:`, `alignments:`, and `id:`
    ///   values; without: `font:` and `alignment:` values naming a declared font or custom alignment;
    ///   in expressions, names (`defaultLibrary`: `width`, `height`, `landscape`, `portrait`, guide names).
    /// - `number`, `operator`, `function`: inside expressions (`when`, `alignmentGuides` values, canvas
    ///   `x`/`y`/`width`/`height`, `alignments.*.default`); functions are `defaultLibrary`.
    ///
    /// Unknown keys and plain values get no token.
    public static let semanticTokenTypes: [String] = SemanticTokenType.allCases.map(\.rawValue)
    /// The legend's modifiers: `declaration`, `defaultLibrary`.
    public static let semanticTokenModifiers: [String] = SemanticTokenModifier.allCases.map(\.rawValue)

    /// Every token of the file, sorted by offset, not overlapping, each on one line.
    public static func semanticTokens(_ a: Analysis) -> [SemanticTokenInfo] {
        LargeStack.run {
            var walker = SemanticWalker(SemanticTokenCollector(a.lineTable), source: a.lineTable.bytes)
            walker.walkFile(a.yaml.root, workspaceFile: a.isWorkspaceFile)
            return walker.visitor.finish()
        }
    }
}

/// Turns the semantic walk into tokens.
private struct SemanticTokenCollector: SemanticVisitor {
    let table: LineTable
    private var tokens: [SemanticTokenInfo] = []
    /// Fonts and alignments the file declares: only their uses are coloured.
    private var declaredFonts = Set<String>()
    private var declaredAlignments = Set<String>()
    /// Uses met before their declarations' section, resolved in `finish`.
    private var pendingNames: [(range: SourceRange, name: String, isFont: Bool)] = []
    private static let builtInNames: Set<String> = {
        var names = Set(Schema.conditionNames.keys)
        names.formUnion(Schema.guideExpressionNames.keys)
        return names
    }()

    init(_ table: LineTable) {
        self.table = table
    }

    private mutating func add(_ range: SourceRange, _ type: SemanticTokenType, _ modifiers: [SemanticTokenModifier] = []) {
        guard !range.isEmpty else { return }
        let names = modifiers.map(\.rawValue)
        // Split at line ends: tokens never span lines.
        var start = range.start
        let end = min(range.end, table.bytes.count)
        while start < end {
            let content = table.contentRange(ofLine: table.line(ofByte: start))
            let stop = min(end, content.upperBound)
            if stop > start { tokens.append(SemanticTokenInfo(range: SourceRange(start: start, end: stop), type: type.rawValue, modifiers: names)) }
            let next = table.line(ofByte: start) + 1
            guard next < table.lineCount else { break }
            start = max(stop, table.lineStarts[next])
            // A continuation line's indentation is not part of the token.
            while start < end && (table.bytes[start] == 0x20 || table.bytes[start] == 0x09) { start += 1 }
        }
    }

    private mutating func add(key: YAMLNode, _ type: SemanticTokenType, _ modifiers: [SemanticTokenModifier] = []) {
        add(key.scalar?.valueRange ?? key.range, type, modifiers)
    }

    mutating func key(_ key: YAMLNode, _ role: SemanticKeyRole, _ context: SemanticContext) {
        switch role {
        case .kind: add(key: key, .keyword)
        case .instance: add(key: key, .class)
        case .modifier: add(key: key, .decorator)
        case .topLevel, .attribute, .parameter, .property, .guide: add(key: key, .property)
        case .argument: add(key: key, .parameter)
        case .declaration(let kind):
            switch kind {
            case .component: add(key: key, .class, [.declaration])
            case .parameter: add(key: key, .parameter, [.declaration])
            case .viewport, .font, .alignment:
                add(key: key, .variable, [.declaration])
                if let name = key.keyText {
                    if kind == .font { declaredFonts.insert(name) }
                    if kind == .alignment { declaredAlignments.insert(name) }
                }
            }
        case .unknown: break
        }
    }

    mutating func value(_ node: YAMLNode, _ s: YAMLScalar, _ role: SemanticValueRole, _ context: SemanticContext) {
        switch role {
        case .id:
            add(s.valueRange, .variable, [.declaration])
        case .fontName:
            pendingNames.append((s.valueRange, s.text, true))
        case .alignmentName:
            pendingNames.append((s.valueRange, s.text, false))
        case .importPath, .color:
            break
        case .expression:
            expression(s)
        }
    }

    private mutating func expression(_ s: YAMLScalar) {
        // Without an exact map (a multi-line or folded scalar) the tokens could not be placed.
        guard !s.offsetMap.isEmpty else { return }
        let text = Array(s.text.utf8)
        for lexeme in ExpressionParser.lexemes(s.text) {
            let range = s.sourceRange(ofValueBytes: lexeme.range)
            switch lexeme.kind {
            case .number: add(range, .number)
            case .operator: add(range, .operator)
            case .function: add(range, .function, [.defaultLibrary])
            case .name:
                let name = String(decoding: text[lexeme.range], as: UTF8.self)
                add(range, .variable, Self.builtInNames.contains(name) ? [.defaultLibrary] : [])
            case .punctuation, .invalid: break
            }
        }
    }

    mutating func parameterReference(_ r: ParameterReferenceSite, in node: YAMLNode, _ context: SemanticContext) {
        if r.isExact { add(r.range, .parameter) }
    }

    mutating func finish() -> [SemanticTokenInfo] {
        for p in pendingNames where p.isFont ? declaredFonts.contains(p.name) : declaredAlignments.contains(p.name) {
            add(p.range, .variable)
        }
        tokens.sort { $0.range.start != $1.range.start ? $0.range.start < $1.range.start : $0.range.end > $1.range.end }
        var result: [SemanticTokenInfo] = []
        result.reserveCapacity(tokens.count)
        var end = 0
        for t in tokens where t.range.start >= end {
            result.append(t)
            end = t.range.end
        }
        return result
    }
}
