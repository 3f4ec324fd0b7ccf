import TatamiBase
import TatamiModel

/// A component instance (docs/format.md §8): its body is proposed what the instance is proposed and
/// placed at its origin, so the instance's frame is the body's, with the instance's own
/// modifiers around it.
final class ComponentLayout: ContainerLayout, Sendable {
    /// The one instance every instance's node shares (the algorithm has no parameters).
    static let shared = ComponentLayout()

    func hasSameParameters(as other: any ContainerLayout) -> Bool { other is ComponentLayout }

    func arrange(_ p: ProposedSize, children: Children, in ctx: inout LayoutContext) -> Arrangement {
        guard let body = children.first else { return Arrangement(size: .zero, children: []) }
        let size = ctx.sizeThatFits(body, p)
        return Arrangement(size: size, list: .one(ChildPlacement(node: body, origin: .zero, proposal: p)))
    }
}
