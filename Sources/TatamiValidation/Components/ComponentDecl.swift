import TatamiModel
import TatamiBase
import TatamiYAML

extension DiagnosticCode {
    /// An argument, or a `$name` in a component's body, that names no parameter.
    public static let unknownParam = DiagnosticCode("unknown-param", .error)
    /// An instance leaves out an argument whose parameter has no default.
    public static let missingParam = DiagnosticCode("missing-param", .error)
    /// A component that uses itself, directly or through others.
    public static let componentCycle = DiagnosticCode("component-cycle", .error)
    /// A component of the file that no view uses.
    public static let unusedComponent = DiagnosticCode("unused-component", .warning)
}

/// What a component parameter takes (docs/format.md §8.1).
enum ParamType: String, CaseIterable {
    case string, number, bool, color, view

    /// For messages: "expected a number for …".
    var expected: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "`true` or `false`"
        case .color: return "a colour name or `\"#RRGGBB\"`"
        case .view: return "a view"
        }
    }
}

/// What `$name` stands for in one expansion.
enum ParamValue {
    case node(YAMLNode)
    /// A `view` parameter given `null`: the slot is left out.
    case empty
}

struct ComponentParam {
    let name: String
    let key: YAMLNode
    /// nil when the declaration's type is missing or unusable: any argument is accepted.
    var type: ParamType?
    var hasDefault = false
    /// The default as written, for editors.
    var defaultNode: YAMLNode?
    /// The default, checked; nil when there is none or it is unusable.
    var defaultValue: ParamValue?
}

/// The references inside one scalar of a component's body.
struct ScalarReferences {
    /// The whole scalar is `$name`: the parameter's index, or -1 for a name that is not one.
    var whole: Int?
    /// `${name}` (a parameter's index, or -1) and `$$` (-2, a literal `$`) inside the text, by
    /// the UTF-8 bytes of the value they cover.
    var parts: [(bytes: Range<Int>, param: Int)] = []
}

/// The component names usable in one file: its own, then those of the files it imports.
final class ComponentScope {
    private(set) var byName: [String: ComponentDecl] = [:]
    /// In the order they became usable, for suggestions.
    private(set) var names: [String] = []
    /// The file's imports that could not be read (missing, unreadable, outside the root, in a
    /// cycle), by where they are written: while there is one, a name that is not declared may be
    /// one of its components, so its uses are not reported (`ViewResults.unresolvedUses`).
    var failedImports: [(range: SourceRange, entry: String)] = []

    /// Adds or replaces (a file's own component wins over an imported one of the same name).
    func add(_ d: ComponentDecl) {
        if byName[d.name] == nil { names.append(d.name) }
        byName[d.name] = d
    }

    @inline(__always)
    func lookup(_ name: String) -> ComponentDecl? {
        byName.isEmpty ? nil : byName[name]
    }
}

/// One declared component: its parameters and body, what a scan of the body found, and the
/// result of checking the body once as a template.
final class ComponentDecl {
    enum TemplateState { case unchecked, checking, checked }

    let name: String
    /// The name key under `components:`.
    let key: YAMLNode
    var params: [ComponentParam] = []
    var paramIndex: [String: Int] = [:]
    var body: YAMLPair?
    /// The names its body resolves (the scope of the file declaring it).
    unowned let scope: ComponentScope

    /// Scalars of the body holding references, by node.
    var references: [YAMLNode.ID: ScalarReferences] = [:]
    /// Body nodes holding a reference at any depth (the ones an expansion rebuilds).
    var holdsReferences: Set<YAMLNode.ID> = []
    /// At most how many records and child slots an expansion's copy of the body writes
    /// (`BodyCopy`, which reserves them).
    var copySize = (records: 0, slots: 0)
    /// Per parameter: where the body uses it as a whole scalar (`$name`).
    var useSites: [[SourceRange]] = []
    /// Component names its body (and its `view` defaults) instantiates, with the key.
    var uses: [(name: String, key: YAMLNode)] = []

    /// Templates are checked while the file's components are read, before its body: in the body
    /// every component's template is checked.
    var state = TemplateState.unchecked
    /// Everything the template check produced: an instance does not repeat these.
    var templateDiagnostics: Set<Diagnostic> = []
    var isCyclic = false

    init(name: String, key: YAMLNode, scope: ComponentScope) {
        self.name = name
        self.key = key
        self.scope = scope
    }
}
