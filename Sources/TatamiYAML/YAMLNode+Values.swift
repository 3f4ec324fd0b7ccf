extension YAMLPairs {
    /// The value of pair `i` (`self[i].value` without the key).
    public func value(at i: Int) -> YAMLNode {
        precondition(i >= 0 && i < count, "pair index out of range")
        return store.node(inSlot: first + 2 * i + 1)
    }
}

extension YAMLNode {
    /// A scalar's style, read from the store without making its text (`scalar?.style`); nil for
    /// a collection.
    public var scalarStyle: ScalarStyle? {
        let r = store.nodes[Int(index)]
        guard r.kind == .scalar else { return nil }
        return store.scalarRecord(r).style
    }

    /// Whether this node and `other` are scalars whose core-schema readings are equal
    /// (`scalar?.resolved`), a NaN equal to a NaN: strings compare as `String`s, numbers by
    /// value, booleans and nulls by kind. False when either is a collection. Read from the
    /// stores without making either scalar: a string's bytes are compared where they are
    /// stored, and only bytes that differ are compared again as strings (canonically
    /// equivalent spellings are equal strings).
    public func hasSameReading(as other: YAMLNode) -> Bool {
        let r = store.nodes[Int(index)], q = other.store.nodes[Int(other.index)]
        guard r.kind == .scalar, q.kind == .scalar else { return false }
        let a = store.scalarRecord(r), b = other.store.scalarRecord(q)
        guard a.resolved == b.resolved else { return false }
        switch a.resolved {
        case .null, .false, .true: return true
        case .int: return a.number == b.number
        case .float:
            let x = Double(bitPattern: a.number), y = Double(bitPattern: b.number)
            return x == y || (x.isNaN && y.isNaN)
        case .string:
            return hasSameScalarValue(as: other) || store.scalarText(r) == other.store.scalarText(q)
        }
    }

    /// Whether this node and `other` are scalars of equal text (`keyText`, compared as
    /// `String`s), or both collections (which have no key text): the bytes first, where they are
    /// stored, and as strings only when they differ.
    public func hasSameKeyText(as other: YAMLNode) -> Bool {
        let scalars = (isScalar, other.isScalar)
        if scalars == (false, false) { return true }
        guard scalars == (true, true) else { return false }
        return hasSameScalarValue(as: other) || keyText == other.keyText
    }
}
