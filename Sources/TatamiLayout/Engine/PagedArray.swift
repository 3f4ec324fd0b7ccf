/// An array that grows only at its end, kept in pages of a fixed number of elements, for
/// layout's stores that grow with the number of measurements (placements, overflow cache
/// entries, text metrics). Read and written by index like an array.
///
/// Why pages: how many measurements a layout makes depends on the file (a text-heavy card
/// list measures each node five or six times), so one array sized in advance either grows,
/// copying itself into fresh memory each time it doubles, or reserves for the worst case.
/// Pages are filled in place and never copied, and each is small (under 64 KB), so the C
/// allocator serves them from its heap and reuses them for the next layout, where one large
/// block, once freed, made it keep that much more free memory for good (the language server's
/// resident memory, BENCHMARKS.md).
struct PagedArray<Element> {
    private static var pageShift: Int { 10 }
    private static var pageSize: Int { 1 << pageShift }

    /// The pages filled, then the one being filled (kept apart so that appending touches one
    /// array only).
    private var full: [[Element]] = []
    private var tail: [Element] = []
    private(set) var count = 0

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            let page = index >> Self.pageShift, slot = index & (Self.pageSize - 1)
            return page < full.count ? full[page][slot] : tail[slot]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            let page = index >> Self.pageShift, slot = index & (Self.pageSize - 1)
            if page < full.count { full[page][slot] = newValue } else { tail[slot] = newValue }
        }
    }

    mutating func append(_ element: Element) {
        makeRoom()
        tail.append(element)
        count += 1
    }

    mutating func append(contentsOf elements: [Element]) {
        var start = 0
        while start < elements.count {
            makeRoom()
            let n = min(Self.pageSize - tail.count, elements.count - start)
            tail.append(contentsOf: elements[start..<start + n])
            start += n
        }
        count += elements.count
    }

    /// Makes sure the page being filled has room for one more element.
    private mutating func makeRoom() {
        if tail.count == Self.pageSize {
            full.append(tail)
            tail = []
        }
        if tail.isEmpty { tail.reserveCapacity(Self.pageSize) }
    }
}
