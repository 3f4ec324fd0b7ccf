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

/// A font (docs/format.md §5.1): a monospace *cell font* (`width`, the advance of one cell, and
/// `height`, the line height), or a *file font* (`file` set: a font file shaped at a size).
public struct FontMetrics: Sendable, Hashable {
    /// A cell font's advance; 0 for a file font.
    public var width: Double
    /// The line height: a cell font's `height`; a file font's `lineHeight` as written, or its
    /// `normal` line height from the face's metrics (docs/format.md §5.1).
    public var height: Double
    /// The font file, its fallbacks and size; nil for a cell font.
    public var file: FontFile?

    public init(width: Double, height: Double, file: FontFile? = nil) {
        self.width = width
        self.height = height
        self.file = file
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

/// A font given by font files (docs/format.md §5.1): the face its texts are shaped in, the faces
/// that stand in for glyphs it lacks, the size and the line height.
public struct FontFile: Sendable, Hashable {
    /// One face of a font file, read.
    public struct Face: Sendable, Hashable {
        /// The canonical path the bytes were read from.
        public var path: String
        /// The face's index in a collection (`.ttc`); 0 otherwise.
        public var index: Int
        public var bytes: FontBytes

        public init(path: String, index: Int, bytes: FontBytes) {
            self.path = path
            self.index = index
            self.bytes = bytes
        }

        /// The file's name, and the face's index when it is not the first: how editors show it.
        public var displayName: String {
            String(path.split(separator: "/").last ?? "") + (index > 0 ? " #\(index)" : "")
        }
    }

    /// The primary face first, then the fallbacks in the order written.
    public var faces: [Face]
    /// The size in points (a point is a CSS pixel).
    public var size: Double
    /// `lineHeight` as written; nil: `normal`, from the primary face's metrics.
    public var lineHeight: Double?

    public init(faces: [Face], size: Double, lineHeight: Double? = nil) {
        self.faces = faces
        self.size = size
        self.lineHeight = lineHeight
    }
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

/// A validated Tatami file: everything layout needs, and nothing of YAML. Immutable: the
/// validator makes it once, when everything in it is known.
public final class TatamiDocument: Sendable {
    /// Declared viewports in file order; `[Viewport.fallback]` when the file declares none.
    public let viewports: [Viewport]
    /// Default fonts merged with the file's `fonts:`.
    public let fonts: [String: FontMetrics]
    public let alignments: [String: CustomAlignment]
    /// The root view; nil when the body is missing or unusable.
    public let body: ViewNode?
    /// How many views the body holds (decorations included).
    public let viewCount: Int
    /// Serials of the containers not as written: cut short by a YAML syntax error (their
    /// children are only those read before it), holding a child that could not be read (a
    /// mapping without a kind), expanded from a component body whose list lost an empty slot,
    /// or read as the kind a misspelt kind key was closest to. Checks
    /// on how many children a container holds skip them.
    public let provisionalViews: Set<Int>
    /// Serials of the views whose own layout warnings are not reported, because a finding of
    /// validation already says what is wrong with them: a colour's name read as a text view
    /// (`background: red`, `color-as-text`), which would otherwise also be `text-truncated` in
    /// every viewport where the word does not fit.
    public let explainedViews: Set<Int>
    /// The components the file can use: its own, then the imported ones it does not shadow,
    /// in the order they became usable.
    public let components: [ComponentSignature]

    public init(
        viewports: [Viewport] = [.fallback],
        fonts: [String: FontMetrics] = FontMetrics.defaults,
        alignments: [String: CustomAlignment] = [:],
        body: ViewNode? = nil,
        viewCount: Int = 0,
        provisionalViews: Set<Int> = [],
        explainedViews: Set<Int> = [],
        components: [ComponentSignature] = []
    ) {
        self.viewports = viewports
        self.fonts = fonts
        self.alignments = alignments
        self.body = body
        self.viewCount = viewCount
        self.provisionalViews = provisionalViews
        self.explainedViews = explainedViews
        self.components = components
    }

    public func viewport(named name: String) -> Viewport? {
        viewports.first { $0.name == name }
    }
}
