import TatamiBase

/// `tatami diff --format html`.
public enum DiffPage {
    public static func render(_ report: DiffReport, old: LayoutRevision, new: LayoutRevision, differ: LayoutDiffer) -> String {
        ""
    }
}
