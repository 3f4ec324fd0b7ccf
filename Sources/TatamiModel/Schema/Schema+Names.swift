extension Schema {
    /// Whether a view key names a component instance rather than a kind: it starts with a
    /// capital letter (docs/format.md §4).
    public static func isComponentKey(_ key: String) -> Bool {
        ValidationPass.isComponentName(key)
    }

    /// Whether `name` can name a component: a capital letter, then letters, digits and `_`
    /// (see docs/decisions.md, Components).
    public static func isValidComponentName(_ name: String) -> Bool {
        ValidationPass.isValidComponentName(name)
    }

    /// Whether `name` can name a component parameter: ASCII letters, digits and `_`, not
    /// starting with a digit, so that `$name` and `${name}` can be found in any text.
    public static func isValidParameterName(_ name: String) -> Bool {
        ValidationPass.isParamName(name)
    }
}
