import TatamiModel

/// A role's number in a formatting's `FormatRoles`.
typealias FormatRoleID = Int32

/// The roles one formatting meets, each worked out once: a value's role is a function of its
/// mapping's role, its key and, in a view, the view's kind key (`FormatOrder.childRole`,
/// `SchemaPlace.step`), so it is looked up by those after the first time instead of walking
/// the schema again for every pair of the file. An item's role likewise, by its list's role
/// (and its index, in a place whose items may differ by index).
///
/// What the lookup leaves out is only what the role did not read: a role worked out by reading
/// the mapping's other values (a parameter's `type`, whether an argument is a view) is not
/// kept, and is worked out again each time.
struct FormatRoles {
    /// What the schema says of the node (the first two: a value the schema does not describe,
    /// and the document's top level).
    private(set) var roles: [FormatRole]
    static let generic: FormatRoleID = 0
    static let topLevel: FormatRoleID = 1

    private struct ChildKey: Hashable {
        let parent: FormatRoleID
        let key: FormatKeys.ID
        /// -1 for none.
        let kindKey: FormatKeys.ID
    }

    /// A value's role, and its key's rank in its mapping (nil when the mapping keeps its order).
    struct Child {
        let role: FormatRoleID
        let rank: Int?
    }

    private var children: [ChildKey: Child] = [:]
    private struct ItemKey: Hashable {
        let parent: FormatRoleID
        /// -1 where the items' role does not depend on their index.
        let index: Int
    }

    private var items: [ItemKey: FormatRoleID] = [:]

    init(workspace: Bool) {
        roles = [.generic, .topLevel(workspace: workspace)]
    }

    subscript(id: FormatRoleID) -> FormatRole { roles[Int(id)] }

    func allowsFlow(_ id: FormatRoleID) -> Bool { roles[Int(id)].allowsFlow }

    /// Whether the place of `id` holds a view (only there does a key's role depend on the
    /// mapping's other keys, through its kind key).
    func isView(_ id: FormatRoleID) -> Bool {
        if case .view = roles[Int(id)].kind { return true }
        return false
    }

    private mutating func add(_ role: FormatRole) -> FormatRoleID {
        // Every place the schema does not describe is the same role.
        if case .unknown = role.place { return Self.generic }
        roles.append(role)
        return FormatRoleID(roles.count - 1)
    }

    /// The role of the value under `key` in a mapping of role `parent` whose kind key (for a
    /// view) is `kindKey`, and the key's rank there, when worked out before.
    func known(key: FormatKeys.ID, kindKey: FormatKeys.ID?, of parent: FormatRoleID) -> Child? {
        children[ChildKey(parent: parent, key: key, kindKey: kindKey ?? -1)]
    }

    /// `known`'s answer worked out (`FormatOrder.childRole`, `FormatOrder.rank`), from the
    /// texts of the key (`keyText`) and of the kind key. `isViewLike` and `sibling` are asked
    /// only where the schema needs them (an argument of an instance, a parameter's `default`);
    /// an answer that asked them is not kept.
    mutating func learn(key: FormatKeys.ID, kindKey: FormatKeys.ID?, of parent: FormatRoleID, keyText: String, kindText: String?,
                        isViewLike: () -> Bool, sibling: (String) -> String?) -> Child {
        var readOthers = false
        let role = FormatOrder.childRole(key: keyText, kindKey: kindText, in: self[parent],
                                         value: { readOthers = true; return isViewLike() },
                                         sibling: { readOthers = true; return sibling($0) })
        let child = Child(role: add(role), rank: FormatOrder.rank(of: keyText, kindKey: kindText, role: self[parent]))
        if !readOthers { children[ChildKey(parent: parent, key: key, kindKey: kindKey ?? -1)] = child }
        return child
    }

    /// The role of item `index` of a list of role `parent`.
    mutating func item(at index: Int, of parent: FormatRoleID) -> FormatRoleID {
        // Only a shape's items may differ by index (a tuple's); a list of views' do not.
        let byIndex: Bool
        if case .shape = self[parent].place { byIndex = true } else { byIndex = false }
        let memo = ItemKey(parent: parent, index: byIndex ? index : -1)
        if let known = items[memo] { return known }
        let id = add(FormatOrder.itemRole(in: self[parent], at: index))
        items[memo] = id
        return id
    }
}
