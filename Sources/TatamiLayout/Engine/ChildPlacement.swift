import TatamiBase
import TatamiModel

/// Where a child sits inside its parent for one proposal to the parent.
struct ChildPlacement {
    /// Top-left corner in the parent's coordinates (before any `offset` of the child itself).
    var origin: Point
    /// What the parent proposed to the child (its size for that proposal is the child's
    /// measurement's, so it is not stored twice).
    var proposal: ProposedSize
    var node: NodeID

    init(node: NodeID, origin: Point, proposal: ProposedSize) {
        self.origin = origin
        self.proposal = proposal
        self.node = node
    }
}

/// An arrangement's children as an algorithm returns them: none, one kept inline (leaves and
/// modifiers: nearly every measurement), or an array (containers). The context copies them into
/// its one placement array, so no measurement keeps an array of its own.
enum ChildList {
    case none
    case one(ChildPlacement)
    case many([ChildPlacement])

    init(_ array: [ChildPlacement]) {
        switch array.count {
        case 0: self = .none
        case 1: self = .one(array[0])
        default: self = .many(array)
        }
    }
}

/// A diagnostic a container finds about one of its children, reported only for the final
/// placement (never for a measuring probe).
struct LayoutNote {
    let code: DiagnosticCode
    let message: String
    let view: ViewNode
}
