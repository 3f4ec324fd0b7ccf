import TatamiModel
import TatamiBase
import TatamiYAML

/// Where a view sits, which decides the keys it may have.
struct ViewContext {
    enum Role {
        case body
        case child(of: String)
        case canvasChild
        /// A `background` or `overlay`.
        case decoration(String)
    }

    var depth: Int
    var role: Role

    var isBody: Bool { if case .body = role { return true } else { return false } }
    var isCanvasChild: Bool { if case .canvasChild = role { return true } else { return false } }
    var isDecoration: Bool { if case .decoration = role { return true } else { return false } }

    /// The role as a number, for `ViewKeyTable.allowed`: the keys a view may have depend on it.
    var roleIndex: Int {
        switch role {
        case .body: return 0
        case .canvasChild: return 1
        case .decoration: return 2
        case .child: return 3
        }
    }

    /// The schema's name for the place.
    var site: ViewSite {
        switch role {
        case .body: return .body
        case .canvasChild: return .canvasChild
        case .decoration: return .decoration
        case .child: return .child
        }
    }

    func child(of kind: String) -> ViewContext {
        ViewContext(depth: depth + 1, role: kind == "canvas" ? .canvasChild : .child(of: kind))
    }

    func decoration(_ key: String) -> ViewContext {
        ViewContext(depth: depth + 1, role: .decoration(key))
    }
}

/// A validated view, and where it goes when it is a background or overlay.
struct BuiltView {
    let node: ViewIndex
    let placement: Alignment2D
}
