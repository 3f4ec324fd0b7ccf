import TatamiBase
import TatamiLayout
import TatamiModel

/// Layout warnings of the views a validation finding already explains
/// (`TatamiDocument.explainedViews`: `background: red`, a text view showing the word, is
/// `color-as-text`; that the word is then cut to the decorated view's size in every viewport says
/// nothing more). Layout knows nothing of validation's findings, so they are left out here, by
/// the frames: a layout diagnostic is left out when every frame at its range in its viewport is
/// an explained view's; a `text-truncated` at a range some other view shares too (a component's
/// instance, whose body's views all report at its key) when it names the text an explained view
/// shows there and no other view shows.
enum ExplainedViews {
    static func filter(_ diagnostics: [Diagnostic], of layout: LayoutResult, in document: TatamiDocument) -> [Diagnostic] {
        let explained = document.explainedViews
        guard !explained.isEmpty, !diagnostics.isEmpty, let root = layout.root else { return diagnostics }
        struct Place {
            var explained = 0
            var others = 0
            /// What the truncated texts at this range show: explained views', the others'.
            var explainedShown: Set<String> = []
            var otherShown: Set<String> = []
        }
        var places: [SourceRange: Place] = [:]
        root.preorder { node in
            let view = node.view
            let isExplained = explained.contains(view.serial)
            var place = places[view.kindRange] ?? Place()
            if isExplained { place.explained += 1 } else { place.others += 1 }
            if case .text(let laid, _, _) = node.drawing, laid.truncated {
                let shown = laid.lines.map(\.text).joined(separator: " ")
                if isExplained { place.explainedShown.insert(shown) } else { place.otherShown.insert(shown) }
            }
            places[view.kindRange] = place
        }
        guard places.values.contains(where: { $0.explained > 0 }) else { return diagnostics }
        return diagnostics.filter { d in
            guard let place = places[d.range], place.explained > 0 else { return true }
            if place.others == 0 { return false }
            guard d.code == .textTruncated else { return true }
            return !place.explainedShown.contains { shown in
                !place.otherShown.contains(shown) && d.message.hasSuffix(": shows `\(shown)`")
            }
        }
    }
}
