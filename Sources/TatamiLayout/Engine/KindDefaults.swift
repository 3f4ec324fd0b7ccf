import TatamiBase
import TatamiModel

/// The schema table's defaults that layout applies, read from the table once: layout repeats
/// none of them.
enum KindDefaults {
    /// A spacer's `minLength` when it gives none.
    static let spacerMinLength: Double = {
        guard let v = Schema.kind(named: "spacer")?.parameter(named: "minLength")?.defaultValue?.number else {
            preconditionFailure("the schema table gives no default for a spacer's `minLength`")
        }
        return v
    }()

    /// What a colour takes on an axis it is proposed nothing on.
    static let colorUnproposedSize: Size = {
        guard let v = Schema.kind(named: "color")?.unproposedLength else {
            preconditionFailure("the schema table gives no unproposed length for a colour")
        }
        return Size(width: v, height: v)
    }()
}
