import TatamiBase

/// A screen the layout is computed for (docs/format.md §9).
public struct Viewport: Sendable, Hashable {
    public enum Direction: String, Sendable, Hashable { case ltr, rtl }

    public var name: String
    public var width: Double
    public var height: Double
    public var safeArea: EdgeInsets
    public var direction: Direction
    public var scale: Double
    /// Where it is declared; nil for the implicit `default` viewport and command-line ones.
    public var range: SourceRange?

    public init(
        name: String, width: Double, height: Double, safeArea: EdgeInsets = .zero,
        direction: Direction = .ltr, scale: Double = 1, range: SourceRange? = nil
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.direction = direction
        self.scale = scale
        self.range = range
    }

    /// The viewport used when a file declares none: `default`, 320×480.
    public static let fallback = Viewport(name: "default", width: 320, height: 480)
}

/// Text metrics of a monospace font: the advance of one cell and the line height.
public struct FontMetrics: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// docs/format.md §5.1.
    public static let defaults: [String: FontMetrics] = [
        "caption": FontMetrics(width: 8, height: 16),
        "body": FontMetrics(width: 8, height: 16),
        "headline": FontMetrics(width: 8, height: 16),
        "title": FontMetrics(width: 16, height: 32),
        "largeTitle": FontMetrics(width: 24, height: 48),
    ]
    public static let defaultOrder = ["caption", "body", "headline", "title", "largeTitle"]
    public static let defaultFontName = "body"
}

/// A component a file can use (declared in it, or in a file it imports), as editors show it
/// (docs/format.md §8).
public struct ComponentSignature: Sendable, Hashable {
    public struct Parameter: Sendable, Hashable {
        public var name: String
        /// `string`, `number`, `bool`, `color` or `view`; nil when the declaration's type is
        /// missing or unusable.
        public var type: String?
        /// The default as written (its first line, shortened); nil when there is none.
        public var defaultText: String?

        public init(name: String, type: String?, defaultText: String?) {
            self.name = name
            self.type = type
            self.defaultText = defaultText
        }
    }

    public var name: String
    public var parameters: [Parameter]
    /// The imported file that declares it, as messages name it (relative to the workspace
    /// root); nil when the file itself declares it.
    public var file: String?
    /// That file's canonical path; nil when the file itself declares it.
    public var filePath: String?
    /// The declaration's name key, as byte offsets in the declaring file.
    public var nameRange: SourceRange
    /// The component names its body (and its `view` parameters' defaults) instantiates, each
    /// once, in the order they first appear; names as the declaring file resolves them.
    public var uses: [String]

    public init(name: String, parameters: [Parameter], file: String? = nil, filePath: String? = nil, nameRange: SourceRange,
                uses: [String] = []) {
        self.name = name
        self.parameters = parameters
        self.file = file
        self.filePath = filePath
        self.nameRange = nameRange
        self.uses = uses
    }
}

/// A validated Tatami file: everything layout needs, and nothing of YAML.
public final class TatamiDocument: @unchecked Sendable {
    /// Declared viewports in file order; `[Viewport.fallback]` when the file declares none.
    public var viewports: [Viewport]
    /// Default fonts merged with the file's `fonts:`.
    public var fonts: [String: FontMetrics]
    public var alignments: [String: CustomAlignment]
    /// The root view; nil when the body is missing or unusable.
    public var body: ViewNode?
    /// How many views the body holds (decorations included).
    public var viewCount: Int
    /// Serials of the containers not as written: cut short by a YAML syntax error (their
    /// children are only those read before it), holding a child that could not be read (a
    /// mapping without a kind), expanded from a component body whose list lost an empty slot,
    /// or read as the kind a misspelt kind key was closest to. Checks
    /// on how many children a container holds skip them.
    public var provisionalViews: Set<Int> = []
    /// The components the file can use: its own, then the imported ones it does not shadow,
    /// in the order they became usable.
    public var components: [ComponentSignature] = []

    public init(
        viewports: [Viewport] = [.fallback],
        fonts: [String: FontMetrics] = FontMetrics.defaults,
        alignments: [String: CustomAlignment] = [:],
        body: ViewNode? = nil,
        viewCount: Int = 0
    ) {
        self.viewports = viewports
        self.fonts = fonts
        self.alignments = alignments
        self.body = body
        self.viewCount = viewCount
    }

    public func viewport(named name: String) -> Viewport? {
        viewports.first { $0.name == name }
    }
}
