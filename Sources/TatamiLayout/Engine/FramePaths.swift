/// The paths of one layout's frames (docs/format.md §12.3: `/`, `/0/2`, `/0/background`), kept as a
/// link to the parent's path plus the last step. Placing a view then costs the same at any depth
/// (writing each path out would cost its length: a chain 400 stacks deep spent most of its
/// placement time copying paths); a path is spelled out only when someone asks for it.
///
/// `FramePlacer` fills a `Table` of its own while placing and hands it over once done
/// (`adopt`); read-only afterwards.
final class FramePaths: @unchecked Sendable {
    /// The links, as values: entry 0 is the root, `/`.
    struct Table {
        fileprivate var parents: [Int32] = [-1]
        /// ≥ 0: a child's index; -1, -3, -5…: the 1st, 2nd, 3rd… background; -2, -4…: overlays.
        fileprivate var steps: [Int32] = [0]

        /// Room for `count` paths.
        mutating func reserve(_ count: Int) {
            parents.reserveCapacity(count + 1)
            steps.reserveCapacity(count + 1)
        }

        mutating func child(of parent: Int, index: Int) -> Int {
            add(parent, Int32(clamping: index))
        }

        /// The `count`-th decoration of its kind on one view (0 for the first).
        mutating func decoration(of parent: Int, background: Bool, count: Int) -> Int {
            let n = Int32(clamping: count)
            return add(parent, background ? -(2 * n + 1) : -(2 * n + 2))
        }

        private mutating func add(_ parent: Int, _ step: Int32) -> Int {
            parents.append(Int32(truncatingIfNeeded: parent))
            steps.append(step)
            return parents.count - 1
        }
    }

    private var table = Table()

    static let root = 0

    func child(of parent: Int, index: Int) -> Int {
        table.child(of: parent, index: index)
    }

    /// The `count`-th decoration of its kind on one view (0 for the first).
    func decoration(of parent: Int, background: Bool, count: Int) -> Int {
        table.decoration(of: parent, background: background, count: count)
    }

    /// Takes the links a placement made.
    func adopt(_ table: Table) {
        self.table = table
    }

    func path(_ index: Int) -> String {
        let parents = table.parents, steps = table.steps
        guard index > 0 && index < parents.count else { return "/" }
        var chain: [Int32] = []
        var i = index
        while i > 0 {
            chain.append(steps[i])
            i = Int(parents[i])
        }
        var out = ""
        for step in chain.reversed() {
            out += "/"
            if step >= 0 {
                out += String(step)
            } else {
                // `background`, `background2`, … and `overlay`, `overlay2`, …
                let n = -step
                out += n % 2 == 1 ? "background" : "overlay"
                let count = (n - 1) / 2
                if count > 0 { out += String(count + 1) }
            }
        }
        return out
    }
}
