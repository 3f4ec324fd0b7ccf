import TatamiModel
import TatamiBase
import TatamiYAML

/// Where a view sits, which decides the keys it may have: its schema place (`SchemaPlace.view`)
/// and how deep it is.
struct ViewContext {
    var depth: Int
    var site: ViewSite

    /// The file's `body`, as the top level's step gives it.
    static let body = ViewContext(depth: 1, place: SchemaPlace.topLevel.step(key: "body", keys: []).value)

    /// A component's body: a child, wherever its instances stand.
    static let componentBody = ViewContext(depth: 1, site: .child)

    init(depth: Int, site: ViewSite) {
        self.depth = depth
        self.site = site
    }

    /// A view at `place` (anything but a view place reads as a child).
    init(depth: Int, place: SchemaPlace) {
        self.depth = depth
        if case .view(let site) = place { self.site = site } else { self.site = .child }
    }

    var isBody: Bool { site == .body }
    var isCanvasChild: Bool { site == .canvasChild }
    var isDecoration: Bool { site == .decoration }

    /// The site as a number, for `ViewKeyTable.allowed`: the keys a view may have depend on it.
    var roleIndex: Int {
        switch site {
        case .body: return 0
        case .canvasChild: return 1
        case .decoration: return 2
        case .child: return 3
        }
    }

    /// The place of this view, for observers.
    var place: SchemaPlace { .view(site) }

    /// Where the children of a container of `kind` stand (`SchemaPlace.item(at:)` of its list).
    func child(of kind: String) -> ViewContext {
        ViewContext(depth: depth + 1, site: SchemaPlace.childSite(of: kind))
    }

    /// Where the view under the modifier `key` stands (a background or overlay: the modifier's
    /// value place).
    func decoration(_ key: String) -> ViewContext {
        ViewContext(depth: depth + 1, place: SchemaPlace.viewKey(key, of: nil).map { SchemaPlace.valuePlace(of: $0.0) } ?? .unknown)
    }
}

/// A validated view, and where it goes when it is a background or overlay.
struct BuiltView {
    let node: ViewIndex
    let placement: Alignment2D
}
