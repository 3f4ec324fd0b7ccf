import TatamiBase
import TatamiModel
import TatamiYAML

/// A name written in a file: a declaration or a use of a component, parameter, id, custom
/// alignment, font or viewport, or an import's path. Navigation and rename work on these.
struct NameOccurrence {
    enum Kind: Hashable {
        case component, parameter, id, alignment, font, viewport, importPath
    }

    enum Role: Hashable {
        /// Where the name is declared (a key under `components:`, `params:`, `fonts:`, …; an
        /// `id:` value).
        case declaration
        /// A use: an instance's kind key, `$name`, a `font:` or `alignment:` value, a guide key,
        /// an import entry.
        case use
        /// A parameter's name as an instance's argument key.
        case argument
    }

    let kind: Kind
    let role: Role
    let name: String
    /// The name's own bytes (inside quotes; without `$`, `{`, `}`).
    let range: SourceRange
    /// The scalar that holds it; nil for the start of a file (an import's target).
    let node: YAMLNode?
    /// For a parameter: the component it belongs to (the declaring one for declarations and
    /// references, the instance's for arguments).
    let component: String?
    /// False for a reference in a scalar whose source could not be mapped exactly.
    let isExact: Bool

    /// Every name written in a file, in walk order.
    static func collect(_ root: YAMLNode?, source: [UInt8]) -> [NameOccurrence] {
        var walker = SemanticWalker(NameOccurrenceCollector(), source: source)
        walker.walkFile(root)
        return walker.visitor.found
    }

    /// The occurrence at a cursor: one containing the offset, else one ending there.
    static func at(_ offset: Int, in list: [NameOccurrence]) -> NameOccurrence? {
        list.first { $0.range.contains(offset) } ?? list.first { $0.range.touches(offset) }
    }
}

/// Gathers `NameOccurrence`s from the semantic walk.
struct NameOccurrenceCollector: SemanticVisitor {
    var found: [NameOccurrence] = []

    private mutating func add(_ kind: NameOccurrence.Kind, _ role: NameOccurrence.Role, _ node: YAMLNode,
                              component: String? = nil) {
        guard let s = node.scalar else { return }
        found.append(NameOccurrence(kind: kind, role: role, name: s.text, range: s.valueRange, node: node,
                                    component: component, isExact: true))
    }

    mutating func key(_ key: YAMLNode, _ role: SemanticKeyRole, _ context: SemanticContext) {
        switch role {
        case .declaration(let kind):
            switch kind {
            case .viewport: add(.viewport, .declaration, key)
            case .font: add(.font, .declaration, key)
            case .alignment: add(.alignment, .declaration, key)
            case .component: add(.component, .declaration, key)
            case .parameter: add(.parameter, .declaration, key, component: context.componentName)
            }
        case .instance:
            add(.component, .use, key)
        case .argument(let component):
            add(.parameter, .argument, key, component: component)
        case .guide:
            if let name = key.keyText, !GuideName(name).isBuiltIn { add(.alignment, .use, key) }
        default:
            break
        }
    }

    mutating func value(_ node: YAMLNode, _ scalar: YAMLScalar, _ role: SemanticValueRole, _ context: SemanticContext) {
        switch role {
        case .id:
            if !scalar.text.isEmpty { add(.id, .declaration, node) }
        case .fontName:
            add(.font, .use, node)
        case .alignmentName:
            add(.alignment, .use, node)
        case .importPath:
            add(.importPath, .use, node)
        case .expression, .color:
            break
        }
    }

    mutating func parameterReference(_ r: ParameterReferenceSite, in node: YAMLNode, _ context: SemanticContext) {
        guard !r.name.isEmpty else { return }
        found.append(NameOccurrence(kind: .parameter, role: .use, name: r.name, range: r.nameRange, node: node,
                                    component: context.componentName, isExact: r.isExact))
    }
}
